/**
 * The leads inbox over HTTP (docs/product/back-office.md): each role sees its own leads only,
 * and another group's or dealership's leads, files, deliveries, routing and audit entries
 * answer 404 (or 403) by URL, id or form field and change nothing. Status changes, resend,
 * CSV export and lead routing with their bad input.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  dealerships,
  leadDeliveries,
  leadFiles,
  leadRecipients,
  leads,
  leadStatusChanges,
  locations,
} from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { SmtpSink } from "../leads/support/smtp-sink";
import { aLead } from "../support/factories";
import { startTestServer } from "../support/test-server";
import { signInAs, type StaffClient } from "../support/staff";

let server: RunningServer;
const smtp = new SmtpSink();
const filesDir = mkdtempSync(join(tmpdir(), "back-office-files-"));
const db = () => server.database.db;

/** Leads of three reaches: Harbour Toyota, Harbour Mazda (same group), Coastal Kia (no group). */
const lead = { toyota: "", mazda: "", coastal: "" };
const file = { toyota: "", coastal: "" };

async function locationOf(dealershipSlug: string) {
  const [row] = await db()
    .select({ id: locations.id })
    .from(locations)
    .innerJoin(dealerships, eq(dealerships.id, locations.dealershipId))
    .where(eq(dealerships.slug, dealershipSlug))
    .limit(1);
  return row!.id;
}

async function addFile(leadId: string, siteId: number, name: string): Promise<string> {
  const id = randomUUID();
  const storageKey = `${siteId}/test/${id}.pdf`;
  mkdirSync(dirname(join(filesDir, storageKey)), { recursive: true });
  const content = Buffer.from(`%PDF-1.7\n% ${name}\n%%EOF\n`);
  writeFileSync(join(filesDir, storageKey), content);
  await db()
    .insert(leadFiles)
    .values({
      id,
      leadId,
      siteId,
      fieldName: "cv",
      originalName: name,
      contentType: "application/pdf",
      size: content.length,
      sha256: "0".repeat(64),
      storageKey,
    });
  return id;
}

async function delivered(leadId: string) {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const rows = await db().select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
    if (rows.length > 0 && rows.every((d) => d.status === "delivered")) return;
    if (Date.now() > deadline) throw new Error(`lead ${leadId} was not delivered`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    LEAD_POLL_MS: "50",
    LEAD_RATE_LIMIT: "1000",
    LEAD_FILES_DIR: filesDir,
  });
  lead.toyota = (
    await aLead(server, {
      host: "harbour-auto-group.localhost",
      fields: {
        location_id: await locationOf("harbour-toyota"),
        first_name: "Tessa",
        last_name: "Toyotabuyer",
        email: "tessa@example.com",
        phone: "0400 111 222",
      },
    })
  ).id;
  lead.mazda = (
    await aLead(server, {
      host: "harbour-auto-group.localhost",
      fields: {
        location_id: await locationOf("harbour-mazda"),
        first_name: "Max",
        last_name: "Mazdabuyer",
        email: "max@example.com",
      },
    })
  ).id;
  lead.coastal = (
    await aLead(server, {
      host: "coastal-kia.localhost",
      fields: {
        location_id: await locationOf("coastal-kia-southport"),
        first_name: "Cora",
        last_name: "Kiabuyer",
        email: "cora@example.com",
        phone: "+61 400 999 888",
        opt_in: true,
      },
    })
  ).id;
  const siteOf = async (id: string) =>
    (await db().select({ siteId: leads.siteId }).from(leads).where(eq(leads.id, id)))[0]!.siteId;
  file.toyota = await addFile(lead.toyota, await siteOf(lead.toyota), "tessa-licence.pdf");
  file.coastal = await addFile(lead.coastal, await siteOf(lead.coastal), "cora-licence.pdf");
  await Promise.all([delivered(lead.toyota), delivered(lead.mazda), delivered(lead.coastal)]);
});

afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

describe("What each role sees", () => {
  it("a dealership manager lists their dealership's leads only, with search and counts", async () => {
    const manager = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-toyota",
    });
    const list = await manager.get("/admin/leads");
    expect(list.status).toBe(200);
    expect(list.body).toContain("Tessa");
    expect(list.body).not.toContain("Max Mazdabuyer");
    expect(list.body).not.toContain("Kiabuyer");
    const search = await manager.get("/admin/leads?q=0400111");
    expect(search.body).toContain("Tessa");
    const none = await manager.get("/admin/leads?q=max%40example.com");
    expect(none.body).toContain("No leads match these filters.");
    const bad = await manager.get("/admin/leads?from=yesterday&status=closed&site=abc");
    expect(bad.status).toBe(200);
    expect(bad.body).toContain("Enter a date like 2026-03-31.");
    expect(bad.body).toContain("Choose a status from the list.");
    expect(bad.body).toContain("Choose a site from the list.");
  });

  it("a group admin sees every dealership of the group, not another group's", async () => {
    const admin = await signInAs(server, "group_admin");
    const list = await admin.get("/admin/leads");
    expect(list.body).toContain("Tessa");
    expect(list.body).toContain("Max");
    expect(list.body).not.toContain("Kiabuyer");
  });

  it("a platform admin sees every group on the platform host, one group on a site's host", async () => {
    const platform = await signInAs(server, "platform_admin");
    const all = await platform.get("/admin/leads");
    expect(all.body).toContain("Kiabuyer");
    expect(all.body).toContain("Tessa");
    const onSite = await signInAs(server, "platform_admin", { host: "coastal-kia.localhost" });
    const one = await onSite.get("/admin/leads");
    expect(one.body).toContain("Kiabuyer");
    expect(one.body).not.toContain("Tessa");
  });
});

describe("Isolation", () => {
  const roles: Array<[string, () => Promise<StaffClient>, keyof typeof lead]> = [
    [
      "sales staff",
      () => signInAs(server, "sales_staff", { dealershipSlug: "harbour-toyota" }),
      "mazda",
    ],
    [
      "dealership manager",
      () => signInAs(server, "dealership_manager", { dealershipSlug: "harbour-toyota" }),
      "coastal",
    ],
    ["group admin", () => signInAs(server, "group_admin"), "coastal"],
    [
      "another group's manager",
      () => signInAs(server, "dealership_manager", { dealershipSlug: "coastal-kia-southport" }),
      "toyota",
    ],
  ];

  for (const [role, signIn, other] of roles) {
    it(`${role}: another reach's lead, file, status and resend answer 404 and change nothing`, async () => {
      const client = await signIn();
      const otherLead = lead[other];
      expect((await client.get(`/admin/leads/${otherLead}`)).status).toBe(404);
      const otherFile = other === "coastal" ? file.coastal : file.toyota;
      const fileLead = other === "coastal" ? lead.coastal : lead.toyota;
      if (fileLead === otherLead)
        expect((await client.get(`/admin/leads/${otherLead}/files/${otherFile}`)).status).toBe(404);
      const status = await client.post(`/admin/leads/${otherLead}`, {
        intent: "status",
        status: "sold",
        note: "not mine",
      });
      expect(status.status).toBe(404);
      const [delivery] = await db()
        .select()
        .from(leadDeliveries)
        .where(eq(leadDeliveries.leadId, otherLead));
      const resend = await client.post(`/admin/leads/${otherLead}`, {
        intent: "resend",
        delivery: String(delivery!.id),
      });
      expect(resend.status).toBe(404);
      expect(
        await db().select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, otherLead)),
      ).toHaveLength(0);
      const [after] = await db()
        .select()
        .from(leadDeliveries)
        .where(eq(leadDeliveries.id, delivery!.id));
      expect(after!.resends).toBe(0);
      // The CSV export holds the reach's leads only.
      const csv = await client.get("/admin/leads/export.csv");
      expect(csv.status).toBe(200);
      expect(csv.body).not.toContain(otherLead);
    });
  }

  it("a lead's own page does not reach another lead's file or delivery by id (form field)", async () => {
    const manager = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-toyota",
    });
    expect((await manager.get(`/admin/leads/${lead.toyota}/files/${file.coastal}`)).status).toBe(
      404,
    );
    const [coastalDelivery] = await db()
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, lead.coastal));
    const resend = await manager.post(`/admin/leads/${lead.toyota}`, {
      intent: "resend",
      delivery: String(coastalDelivery!.id),
    });
    expect(resend.status).toBe(404);
    const own = await manager.get(`/admin/leads/${lead.toyota}/files/${file.toyota}`);
    expect(own.status).toBe(200);
    expect(own.headers["content-disposition"]).toContain("tessa-licence.pdf");
    expect(own.body).toContain("tessa-licence.pdf");
    // Signed out: no file.
    const anonymous = await fetch(
      `http://127.0.0.1:${server.port}/admin/leads/${lead.toyota}/files/${file.toyota}`,
      { redirect: "manual", headers: { host: `harbour-auto-group.localhost:${server.port}` } },
    ).catch(() => null);
    if (anonymous) expect(anonymous.status).not.toBe(200);
  });

  it("the audit log: group admins read their group's entries only; other roles are refused", async () => {
    const platform = await signInAs(server, "platform_admin");
    const coastalSite = (
      await db().select({ siteId: leads.siteId }).from(leads).where(eq(leads.id, lead.coastal))
    )[0]!.siteId;
    const groupAdmin = await signInAs(server, "group_admin");
    const manager = await signInAs(server, "dealership_manager", {
      dealershipSlug: "coastal-kia-southport",
    });
    await manager.post(`/admin/leads/${lead.coastal}`, {
      intent: "status",
      status: "contacted",
      note: "Called Cora back",
    });
    const entries = await db().select().from(auditLog).where(eq(auditLog.siteId, coastalSite));
    expect(entries.some((e) => e.action === "lead.status")).toBe(true);
    expect((await groupAdmin.get("/admin/audit")).body).not.toContain("Called Cora back");
    expect((await platform.get("/admin/audit")).body).toContain("Called Cora back");
    expect((await manager.get("/admin/audit")).status).toBe(403);
    const sales = await signInAs(server, "sales_staff", { dealershipSlug: "harbour-toyota" });
    expect((await sales.get("/admin/audit")).status).toBe(403);
    expect((await sales.get("/admin/routing")).status).toBe(403);
  });

  it("routing: another dealership's or site's level by form field answers 404 and saves nothing", async () => {
    const manager = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-toyota",
    });
    const [mazda] = await db()
      .select({ id: dealerships.id, siteId: dealerships.siteId })
      .from(dealerships)
      .where(eq(dealerships.slug, "harbour-mazda"));
    const before = await db().select().from(leadRecipients);
    for (const level of [`dealership:${mazda!.id}`, `site:${mazda!.siteId}`, "location:999999"]) {
      const res = await manager.post("/admin/routing", {
        level,
        emails: "attacker@example.com",
      });
      expect(res.status).toBe(404);
    }
    expect(await db().select().from(leadRecipients)).toEqual(before);
  });
});

describe("Working a lead", () => {
  it("shows every part of the lead and its delivery log", async () => {
    const manager = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-toyota",
    });
    const page = await manager.get(`/admin/leads/${lead.toyota}`);
    expect(page.status).toBe(200);
    for (const text of [
      "Tessa",
      "tessa@example.com",
      "Delivery log",
      "Delivered",
      "250 ",
      "tessa-licence.pdf",
      "Visited pages",
      "Tracking parameters",
    ])
      expect(page.body).toContain(text);
  });

  it("changes the status with a note, refuses bad input with a message and saves nothing", async () => {
    const sales = await signInAs(server, "sales_staff", { dealershipSlug: "harbour-toyota" });
    const bad = await sales.post(`/admin/leads/${lead.toyota}`, {
      intent: "status",
      status: "archived",
      note: "x".repeat(2001),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("Choose the lead&#x27;s new status.");
    expect(bad.body).toContain("Keep the note to 2000 characters");
    expect(
      await db().select().from(leadStatusChanges).where(eq(leadStatusChanges.leadId, lead.toyota)),
    ).toHaveLength(0);
    const ok = await sales.post(`/admin/leads/${lead.toyota}`, {
      intent: "status",
      status: "appointment_set",
      note: "Test drive on Saturday",
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toContain("The status is saved.");
    const page = await sales.get(`/admin/leads/${lead.toyota}`);
    expect(page.body).toContain("Test drive on Saturday");
    expect(page.body).toContain("Harbour Toyota Sales");
    const counts = await sales.get("/admin/leads?status=appointment_set");
    expect(counts.body).toContain("Tessa");
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "lead.status"), eq(auditLog.subject, `lead:${lead.toyota}`)));
    expect(audit[0]).toMatchObject({
      before: { status: "new" },
      after: { status: "appointment_set", note: "Test drive on Saturday" },
    });
  });

  it("resends a delivered lead: a second e-mail marked as a resend, logged as one", async () => {
    const manager = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-mazda",
    });
    const [delivery] = await db()
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, lead.mazda));
    const before = smtp.messages.filter((m) => m.leadId === lead.mazda).length;
    const res = await manager.post(`/admin/leads/${lead.mazda}`, {
      intent: "resend",
      delivery: String(delivery!.id),
    });
    expect(res.status).toBe(200);
    await smtp.waitFor(
      () => smtp.messages.filter((m) => m.leadId === lead.mazda).length > before,
      20_000,
      "the resent e-mail",
    );
    const resent = smtp.messages.filter((m) => m.leadId === lead.mazda).at(-1)!;
    expect(resent.subject).toMatch(/^\[Resent\] /);
    expect(resent.raw).toContain("X-Lead-Resend: 1");
    await delivered(lead.mazda);
    const page = await manager.get(`/admin/leads/${lead.mazda}`);
    expect(page.body).toContain("Resend requested");
    expect(page.body).toContain("resent 1 time");
    // A resend of a delivery that is being sent is refused.
    await db()
      .update(leadDeliveries)
      .set({ status: "sending" })
      .where(eq(leadDeliveries.id, delivery!.id));
    const busy = await manager.post(`/admin/leads/${lead.mazda}`, {
      intent: "resend",
      delivery: String(delivery!.id),
    });
    expect(busy.status).toBe(409);
    await db()
      .update(leadDeliveries)
      .set({ status: "delivered" })
      .where(eq(leadDeliveries.id, delivery!.id));
  });

  it("exports the filtered list as CSV, defusing formulas", async () => {
    const admin = await signInAs(server, "platform_admin");
    const csv = await admin.get("/admin/leads/export.csv?q=cora");
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.split("\r\n")[0]).toBe(
      "Lead id,Received,Site,Dealership,Location,Category,Subcategory,Status,Name,E-mail,Phone,Phone (international),Postcode,Marketing consent,Consent wording,Consent given at,Vehicle,Stock number,Delivery",
    );
    // The consent the shopper gave, in the words they saw, beside the number they typed.
    const cora = csv.body.split("\r\n").find((line) => line.startsWith(lead.coastal))!;
    expect(cora).toContain("+61400999888");
    expect(cora).toMatch(/,Yes,"?Keep me up to date[^,]*,\d{4}-\d\d-\d\dT/);
    expect(csv.body).toContain(lead.coastal);
    expect(csv.body).toContain("'+61 400 999 888");
    expect(csv.body).not.toContain(lead.toyota);
    const bad = await admin.get("/admin/leads/export.csv?from=nope");
    expect(bad.status).toBe(400);
  });
});

describe("Lead routing", () => {
  it("refuses bad input per field, saves nothing; a valid change routes the next lead", async () => {
    const manager = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-ford",
    });
    const location = await locationOf("harbour-ford");
    const before = await db().select().from(leadRecipients);
    const bad = await manager.post(`/admin/routing?level=location:${location}`, {
      level: `location:${location}`,
      emails: "sales@ford.example\nnot-an-address",
      adf: "crm",
      webhookUrl: "http://insecure.example/hook",
      webhookSecret: "short",
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toContain("These are not e-mail addresses: not-an-address");
    expect(bad.body).toContain("Enter the CRM&#x27;s lead address");
    expect(bad.body).toContain("Enter the full https:// address of the webhook.");
    expect(bad.body).toContain("Use a secret of 16 to 200 characters.");
    expect(await db().select().from(leadRecipients)).toEqual(before);

    const ok = await manager.post(`/admin/routing?level=location:${location}`, {
      level: `location:${location}`,
      emails: "new-sales@harbour-ford.example",
      adf: "",
      webhookUrl: "",
      webhookSecret: "",
    });
    expect(ok.status).toBe(302);
    const next = (
      await aLead(server, {
        host: "harbour-auto-group.localhost",
        fields: {
          location_id: location,
          first_name: "Fiona",
        },
      })
    ).id;
    await smtp.waitFor(
      () => smtp.messages.some((m) => m.leadId === next),
      20_000,
      "the next lead's e-mail",
    );
    expect(smtp.messages.find((m) => m.leadId === next)!.to).toEqual([
      "new-sales@harbour-ford.example",
    ]);
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, "routing.update"));
    expect(audit.at(-1)).toMatchObject({
      after: { recipients: ["email:new-sales@harbour-ford.example"] },
    });
  });
});
