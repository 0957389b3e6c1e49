/**
 * Invitations and password reset by e-mail link (docs/product/back-office.md, "Invitations and
 * password reset"), through the real SMTP sink: bad input per field saves nothing; a link works
 * once; a new password ends every session.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerships, staffUsers } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { SmtpSink } from "../leads/support/smtp-sink";
import { startTestServer } from "../support/test-server";
import { demoAccount, formToken, signInAs, staffClient } from "../support/staff";

let server: RunningServer;
const smtp = new SmtpSink();

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

const linkIn = (raw: string) => {
  const unfolded = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
  const match = /\/admin\/set-password\?token=([A-Za-z0-9_-]+)/.exec(unfolded);
  if (!match) throw new Error("no link in the e-mail");
  return `/admin/set-password?token=${match[1]}`;
};

async function choosePassword(link: string, password: string, confirm = password) {
  const client = staffClient(server);
  const page = await client.get(link);
  return {
    page,
    response: await client.post(link, { _csrf: formToken(page.body), password, confirm }),
  };
}

describe("Invitations", () => {
  it("a group admin invites a salesperson, who chooses a password from the e-mailed link", async () => {
    const admin = await signInAs(server, "group_admin");
    const [mazda] = await db()
      .select()
      .from(dealerships)
      .where(eq(dealerships.slug, "harbour-mazda"));
    const res = await admin.post("/admin/staff", {
      name: "Nina New",
      email: "Nina.New@example.com",
      role: "sales_staff",
      reach: `dealership:${mazda!.id}`,
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain("An invitation is on its way to nina.new@example.com.");
    await smtp.waitFor(() => smtp.messages.some((m) => m.to.includes("nina.new@example.com")));
    const mail = smtp.messages.find((m) => m.to.includes("nina.new@example.com"))!;
    expect(mail.subject).toBe("You are invited to the dealer back office");
    const link = linkIn(mail.raw);

    const mismatch = await choosePassword(link, "a-long-password-1", "a-long-password-2");
    expect(mismatch.response.status).toBe(400);
    expect(mismatch.response.body).toContain("The two passwords are not the same.");
    const short = await choosePassword(link, "short");
    expect(short.response.body).toContain("Use at least 12 characters.");
    const ok = await choosePassword(link, "nina-chooses-this-one");
    expect(ok.response.status).toBe(302);
    expect(ok.response.headers.location).toBe("/admin/sign-in?password=set");
    const nina = await signInAs(server, {
      email: "nina.new@example.com",
      password: "nina-chooses-this-one",
    });
    expect((await nina.get("/admin/leads")).status).toBe(200);
    // The link works once.
    const again = await staffClient(server).get(link);
    expect(again.status).toBe(410);
    expect(again.body).toContain("This link is not valid any more");
  });

  it("refuses roles above the inviter's, a dealership out of reach, and bad fields; creates nothing", async () => {
    const manager = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-toyota",
    });
    const [coastal] = await db()
      .select()
      .from(dealerships)
      .where(eq(dealerships.slug, "coastal-kia-southport"));
    const before = (await db().select().from(staffUsers)).length;
    const res = await manager.post("/admin/staff", {
      name: "",
      email: "not-an-address",
      role: "group_admin",
      reach: `dealership:${coastal!.id}`,
    });
    expect(res.status).toBe(400);
    expect(res.body).toContain("Enter the person&#x27;s name.");
    expect(res.body).toContain("Enter an e-mail address like name@example.com.");
    expect(res.body).toContain("Choose one of the roles listed.");
    const outOfReach = await manager.post("/admin/staff", {
      name: "Otto",
      email: "otto@example.com",
      role: "sales_staff",
      reach: `dealership:${coastal!.id}`,
    });
    expect(outOfReach.status).toBe(400);
    expect(outOfReach.body).toContain("Choose the dealership from the list.");
    const taken = await manager.post("/admin/staff", {
      name: "Dup",
      email: demoAccount("sales_staff").email,
      role: "sales_staff",
      reach: `dealership:${(await db().select().from(dealerships).where(eq(dealerships.slug, "harbour-toyota")))[0]!.id}`,
    });
    expect(taken.status).toBe(409);
    expect((await db().select().from(staffUsers)).length).toBe(before);
    const sales = await signInAs(server, "sales_staff");
    expect((await sales.get("/admin/staff")).status).toBe(403);
  });
});

describe("Password reset", () => {
  it("says the same for any address, sends a link to a real account, and the new password ends every session", async () => {
    const email = demoAccount("dealership_manager", "outback-campers-perth").email;
    const unknown = staffClient(server);
    const form = await unknown.get("/admin/forgot-password");
    const answer = await unknown.post("/admin/forgot-password", {
      _csrf: formToken(form.body),
      email: "nobody-here@example.com",
    });
    expect(answer.body).toContain("If an account uses this address");
    const bad = await unknown.post("/admin/forgot-password", {
      _csrf: formToken(form.body),
      email: "nope",
    });
    expect(bad.status).toBe(400);

    const session = await signInAs(server, { email });
    const client = staffClient(server);
    const page = await client.get("/admin/forgot-password");
    const sent = await client.post("/admin/forgot-password", {
      _csrf: formToken(page.body),
      email,
    });
    expect(sent.body).toContain("If an account uses this address");
    await smtp.waitFor(() => smtp.messages.some((m) => m.to.includes(email)));
    expect(smtp.messages.some((m) => m.to.includes("nobody-here@example.com"))).toBe(false);
    const link = linkIn(smtp.messages.find((m) => m.to.includes(email))!.raw);
    const ok = await choosePassword(link, "a-brand-new-password");
    expect(ok.response.status).toBe(302);
    expect((await session.get("/admin/leads")).status).toBe(302);
    await expect(signInAs(server, { email })).rejects.toThrow(/401/);
    await expect(
      signInAs(server, { email, password: "a-brand-new-password" }),
    ).resolves.toBeTruthy();
  });
});

function db() {
  return server.database.db;
}
