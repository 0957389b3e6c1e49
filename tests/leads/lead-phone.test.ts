/**
 * Phone numbers (docs/product/leads-and-forms.md): a lead keeps the phone as typed and in E.164
 * by the site's phone rules; the dealer's e-mail, its ADF/XML and the back office's lead page
 * give the E.164 form, with the typed one beside it where they differ.
 */
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMail, leads } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { signInAs } from "../support/staff";
import { startTestServer } from "../support/test-server";
import { adfProblems, xmllintAvailable } from "./support/adf";
import { sendRaw, sendJson, validLead } from "./support/lead-client";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ LEAD_POLL_MS: "50", LEAD_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const siteId = (slug: string) => server.registry.all().find((s) => s.slug === slug)!.id;

async function latestLead(slug: string) {
  const [row] = await db()
    .select()
    .from(leads)
    .where(eq(leads.siteId, siteId(slug)))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return row!;
}

/** The dealer's e-mail of a lead in the dev outbox: its text, HTML and ADF/XML attachment. */
async function mailOf(leadId: string): Promise<{ text: string; html: string; adf: string }> {
  let found: { text: string; html: string; adf: string } | null = null;
  await expect
    .poll(
      async () => {
        const [row] = await db()
          .select()
          .from(devMail)
          .where(sql`${devMail.text} like ${`%${leadId}%`}`);
        if (!row) return false;
        const adf = row.attachments.find((a) => a.filename === `lead-${leadId}.xml`);
        found = { text: row.text, html: row.html ?? "", adf: adf?.content ?? "" };
        return true;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return found!;
}

describe("a lead's phone in E.164 beside the typed form", () => {
  it("a form lead typed '0411 222 333' reaches the dealer as +61411222333", async () => {
    const res = await sendRaw(
      server,
      "POST",
      "/contact",
      new URLSearchParams({
        first_name: "Pia",
        last_name: "Phone",
        email: "pia.phone@example.com",
        phone: "0411 222 333",
        category: "General Enquiry",
        location: "coastal-kia-southport",
        message: "Please call me",
      }).toString(),
      {
        "content-type": "application/x-www-form-urlencoded",
        origin: `http://coastal-kia.localhost:${server.port}`,
        accept: "text/html",
      },
      "coastal-kia.localhost",
    );
    expect(res.status).toBe(303);
    const lead = await latestLead("coastal-kia");
    expect(lead.phone).toBe("0411 222 333");
    expect(lead.payload).toMatchObject({ phone: "0411 222 333", phone_e164: "+61411222333" });

    const mail = await mailOf(lead.id);
    expect(mail.text).toContain("+61411222333 (as typed: 0411 222 333)");
    expect(mail.html).toContain("tel:+61411222333");
    expect(mail.adf).toMatch(/<phone[^>]*>\+61411222333<\/phone>/);
    if (xmllintAvailable) expect(adfProblems(mail.adf)).toBeNull();

    const staff = await signInAs(server, "platform_admin");
    const page = await staff.get(`/admin/leads/${lead.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("+61411222333 (as typed: 0411 222 333)");
    expect(page.body).toContain('href="tel:+61411222333"');
  });

  it("a US site's lead and an API lead take the site's rules; a client cannot set the E.164 form", async () => {
    const host = "lone-star-autos.localhost";
    const res = await sendJson(
      server,
      "POST",
      "/api/leads",
      {
        lead: validLead({ phone: "(212) 555-0123", phone_e164: "+61400000000", postcode: "78701" }),
      },
      { host, headers: { origin: `http://${host}:${server.port}` } },
    );
    expect(res.status, res.body).toBe(201);
    const [row] = await db()
      .select()
      .from(leads)
      .where(eq(leads.id, res.json.id as string));
    expect(row!.payload).toMatchObject({ phone: "(212) 555-0123", phone_e164: "+12125550123" });
    const mail = await mailOf(row!.id);
    expect(mail.adf).toMatch(/<phone[^>]*>\+12125550123<\/phone>/);
  });
});
