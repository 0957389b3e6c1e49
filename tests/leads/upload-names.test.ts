/**
 * An uploaded file keeps its name as the person's browser sent it (UTF-8): in the lead's record,
 * the back office's lead page and download, and the lead e-mail's attachment. A name with a path
 * or with control or direction-changing characters is made safe.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadFiles, leads, sites } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { signInAs } from "../support/staff";
import { startTestServer } from "../support/test-server";
import { multipartBody, sendRaw } from "./support/lead-client";
import { SmtpSink } from "./support/smtp-sink";

let server: RunningServer;
const smtp = new SmtpSink();
const SITE = "coastal-kia";

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    LEAD_POLL_MS: "50",
    LEAD_FILES_DIR: mkdtempSync(join(tmpdir(), "upload-names-")),
  });
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

const pdf = Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n");

/** Sends a careers enquiry with a CV of this name; the stored lead and its file. */
async function sendCv(fileName: string) {
  const { body, contentType } = multipartBody(
    {
      first_name: "Zoe",
      last_name: "Nguyen",
      email: `zoe.${Date.now()}@example.com`,
      phone: "0411 222 333",
      category: "Careers Enquiry",
      location: "coastal-kia-southport",
      message: "I'd love to join the team.",
    },
    [{ field: "cv", name: fileName, type: "application/pdf", content: pdf }],
  );
  const response = await sendRaw(
    server,
    "POST",
    "/contact",
    body,
    { "content-type": contentType, origin: `http://${SITE}.localhost:${server.port}` },
    `${SITE}.localhost`,
  );
  expect(response.status).toBe(303);
  const site = server.registry.all().find((s) => s.slug === SITE)!;
  const [lead] = await server.database.db
    .select()
    .from(leads)
    .where(eq(leads.siteId, site.id))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  const [file] = await server.database.db
    .select()
    .from(leadFiles)
    .where(eq(leadFiles.leadId, lead!.id));
  return { lead: lead!, file: file! };
}

/** The file names of a raw e-mail's attachments (RFC 2231 parameters, continuations joined). */
function attachmentNames(raw: string): string[] {
  const unfolded = raw.replace(/\r?\n[ \t]+/g, " ");
  return [...unfolded.matchAll(/Content-Disposition: attachment;([^\r\n]*)/gi)].map((m) => {
    const params = m[1]!;
    const parts = [...params.matchAll(/filename\*(\d+)?(\*)?="?([^";]*)"?/gi)];
    if (parts.length > 0) {
      const joined = parts.map((p) => p[3]!).join("");
      return decodeURIComponent(joined.replace(/^utf-8''/i, ""));
    }
    return /filename="?([^";]*)"?/i.exec(params)?.[1] ?? "";
  });
}

describe("an uploaded file's name", () => {
  it("keeps its UTF-8 name in the lead, the back office and the e-mail", async () => {
    const name = "Résumé – Zoë Nguyễn 简历.pdf";
    const { lead, file } = await sendCv(name);
    expect(file.originalName).toBe(name);

    const admin = await signInAs(server, "platform_admin");
    const page = await admin.get(`/admin/leads/${lead.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(name);
    const href = new RegExp(`/admin/leads/${lead.id}/files/[^"]+`).exec(page.body)![0];
    const download = await admin.get(href);
    expect(download.status).toBe(200);
    const disposition = String(download.headers["content-disposition"]);
    expect(decodeURIComponent(/filename\*=UTF-8''([^;]+)/.exec(disposition)![1]!)).toBe(name);
    expect(/filename="([^"]*)"/.exec(disposition)![1]).toMatch(/^R_sum_ _ Zo_ Nguy_n __\.pdf$/);

    const site = await server.database.db.select().from(sites).where(eq(sites.slug, SITE));
    expect(site).toHaveLength(1);
    await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === lead.id));
    const mail = smtp.messages.find((m) => m.leadId === lead.id)!;
    expect(attachmentNames(mail.raw)).toContain(name);
  });

  it.each([
    ["C:\\Users\\zoe\\Documents\\cv.pdf", "cv.pdf"],
    ["../../etc/passwd.pdf", "passwd.pdf"],
    ["cv\u202Efdp.exe.pdf", "cvfdp.exe.pdf"],
    ["c\u0085v\u200f\u2066\ufeff\t.pdf", "cv.pdf"],
  ])("is made safe: %j -> %j", async (sent, kept) => {
    const { file } = await sendCv(sent);
    expect(file.originalName).toBe(kept);
  });
});
