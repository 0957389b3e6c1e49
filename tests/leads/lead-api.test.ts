/**
 * The lead API (docs/product/leads-and-forms.md, "Lead calls"): creating and updating leads, the
 * extras the server adds and checks, idempotency, bad input answered with 4xx and nothing stored,
 * files, test mode, booking slots and registration lookups; and delivery by e-mail with ADF/XML to
 * a real SMTP server.
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIELD_MESSAGES } from "~/domain/form-fields";
import { PHONE_MESSAGES } from "~/domain/phone-validation";
import {
  bookings,
  leadDeliveries,
  leadEvents,
  leadFiles,
  leadRecipients,
  leads,
  locations,
  sites,
  testLeads,
  vehicles,
} from "~/server/db/schema";
import { SHOPPER_ACKNOWLEDGEMENT_CHANNEL } from "~/server/leads/shopper-acknowledgement";
import { verifySignature } from "~/server/leads/webhook";
import type { RunningServer } from "~/server/start";
import { SEARCH_COLLECTIONS } from "~/domain/search-query";
import type { Vehicle } from "~/domain/vehicle";
import { createSiteSearch } from "~/server/stock/site-search";
import { startTestServer } from "../support/test-server";
import { adfAttachmentOf, adfProblems, attachmentOf, xmllintAvailable } from "./support/adf";
import { multipartBody, sendJson, sendRaw, siteOrigin, validLead } from "./support/lead-client";
import { SmtpSink } from "./support/smtp-sink";
import { existsSync, readdirSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let server: RunningServer;
const smtp = new SmtpSink();
const filesDir = mkdtempSync(join(tmpdir(), "lead-files-"));

/** A dealership's webhook endpoint and the finance partner's API, on loopback. */
type Received = {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
};
const received: Received[] = [];
const receiver = createServer((req, res) => {
  let body = "";
  req.on("data", (c: Buffer) => (body += c.toString()));
  req.on("end", () => {
    received.push({ path: req.url ?? "", headers: req.headers, body });
    res
      .writeHead(
        req.url === "/flaky" && received.filter((r) => r.path === "/flaky").length === 1
          ? 503
          : 200,
      )
      .end("ok");
  });
});

beforeAll(async () => {
  await smtp.start();
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", () => resolve()));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  server = await startTestServer({
    // The webhook receiver listens on loopback, which outbound fetches reach only when allowed.
    OUTBOUND_ALLOWED_NETWORKS: "loopback",
    SMTP_URL: smtp.url,
    LEAD_POLL_MS: "50",
    LEAD_RETRY_BASE_MS: "50",
    LEAD_FILES_DIR: filesDir,
    LEAD_RATE_LIMIT: "30",
    CAR_CLARITY_API_URL: `${receiverUrl}/car-clarity/customers`,
    CAR_CLARITY_API_KEY: "partner-key",
  });
  const site = server.registry.all().find((s) => s.slug === "lone-star-autos")!;
  await server.database.db.insert(leadRecipients).values([
    {
      siteId: site.id,
      channel: "webhook",
      target: `${receiverUrl}/flaky`,
      secret: "hook-secret",
    },
  ]);
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
  receiver.close();
});

const db = () => server.database.db;
const siteBySlug = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;
async function leadCount(): Promise<number> {
  const [row] = await db().select({ n: count() }).from(leads);
  return row!.n;
}
async function patchSettings(slug: string, patch: Record<string, unknown>) {
  const site = siteBySlug(slug);
  await db()
    .update(sites)
    .set({ settings: sql`${sites.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(sites.id, site.id));
  await server.registry.reload(site.id);
}

describe("POST /api/leads", () => {
  it("stores the lead, answers 201 with its id, and e-mails it to the location with valid ADF/XML", async () => {
    const site = siteBySlug("coastal-kia");
    const [location] = await db()
      .select()
      .from(locations)
      .where(and(eq(locations.siteId, site.id), eq(locations.slug, "coastal-kia-southport")));
    const res = await sendJson(
      server,
      "POST",
      "/api/leads",
      {
        lead: validLead({
          first_name: "Amelia",
          location_id: location!.id,
          opt_in: "on",
          source: "Evil",
          website_slug: "another-site",
          user_agent: "forged",
        }),
      },
      {
        headers: {
          "user-agent": "LeadTest/1.0",
          origin: siteOrigin(server),
          referer: `${siteOrigin(server)}/contact?utm_source=google&secret=1`,
        },
      },
    );
    expect(res.status).toBe(201);
    expect(res.json.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.json.success_url).toBe(`/success?category=general-enquiry&lead_id=${res.json.id}`);

    const [row] = await db()
      .select()
      .from(leads)
      .where(eq(leads.id, res.json.id as string));
    expect(row).toMatchObject({
      siteId: site.id,
      category: "General Enquiry",
      formCompleted: true,
      locationId: location!.id,
    });
    // The server's extras win over what the browser sent (docs/product/leads-and-forms.md,
    // "Lead extras").
    expect(row!.payload).toMatchObject({
      name: "Amelia",
      source: "Website",
      website_slug: "coastal-kia",
      dealership_slug: "coastal-kia-southport",
      user_agent: "LeadTest/1.0",
      url: `${siteOrigin(server)}/contact?utm_source=google&secret=1`,
      linked_query_params: { utm_source: "google" },
      location_id: location!.id,
      opt_in: true,
    });

    await smtp.waitFor(
      () => smtp.messages.some((m) => m.leadId === res.json.id),
      15_000,
      "the lead's e-mail",
    );
    const mail = smtp.messages.find((m) => m.leadId === res.json.id)!;
    expect(mail.to).toEqual(["coastal-kia-southport@coastalkia.example"]);
    expect(mail.subject).toContain("General Enquiry: Amelia");
    expect(mail.messageId).toMatch(
      new RegExp(`<lead-${res.json.id}\\.\\d+@dealer-sites\\.localhost>`),
    );
    const adf = adfAttachmentOf(mail.raw);
    expect(adf).toContain("<adf>");
    expect(adf).toContain(`<id sequence="1" source="coastal-kia">${res.json.id}</id>`);
    expect(adf).toContain('<name part="first">Amelia</name>');
    if (xmllintAvailable) expect(adfProblems(adf!)).toBeNull();

    await expect
      .poll(
        async () =>
          (
            await db()
              .select()
              .from(leads)
              .where(eq(leads.id, res.json.id as string))
          )[0]!.deliveryStatus,
      )
      .toBe("delivered");
    const events = await db()
      .select()
      .from(leadEvents)
      .where(eq(leadEvents.leadId, res.json.id as string))
      .orderBy(leadEvents.id);
    // The shopper's acknowledgement has its own delivery (tests/leads/shopper-acknowledgement.test.ts).
    const dealership = events.filter(
      (e) => (e.data as { channel?: string }).channel !== SHOPPER_ACKNOWLEDGEMENT_CHANNEL,
    );
    expect(dealership.map((e) => e.kind)).toEqual([
      "created",
      "delivery.queued",
      "delivery.attempt",
      "delivery.delivered",
    ]);
  });

  it("fills the vehicle fields from the site's own vehicle and puts the vehicle in the ADF", async () => {
    const site = siteBySlug("coastal-kia");
    // A car the site shows: a lead names no other.
    const [listed] = createSiteSearch(server.search, site).multiSearch([
      { indexUid: SEARCH_COLLECTIONS.cars, filter: 'status = "in_stock"', limit: 1 },
    ]).results[0]!.hits as Vehicle[];
    const [car] = await db().select().from(vehicles).where(eq(vehicles.id, listed!.id));
    const res = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({
        car_id: String(car!.id),
        category: "New Vehicle Enquiry",
        "Vehicle Make": "Forged",
        stock_number: "NOPE",
      }),
    });
    expect(res.status).toBe(201);
    const [row] = await db()
      .select()
      .from(leads)
      .where(eq(leads.id, res.json.id as string));
    expect(row!.vehicleId).toBe(car!.id);
    expect(row!.payload).toMatchObject({
      car_id: car!.id,
      "Vehicle Make": car!.make,
      "Vehicle Model": car!.model,
      stock_number: car!.stocknum,
      car_type: car!.carType,
      vehicle_status: car!.status,
    });
    await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === res.json.id), 15_000);
    const adf = adfAttachmentOf(smtp.messages.find((m) => m.leadId === res.json.id)!.raw)!;
    expect(adf).toContain(`<make>${car!.make}</make>`);
    expect(adf).toContain(`<stock>${car!.stocknum}</stock>`);
    if (xmllintAvailable) expect(adfProblems(adf)).toBeNull();
  });

  it("never lets a lead name a dealership or location of another site", async () => {
    const other = siteBySlug("harbour-auto-group");
    const [otherLocation] = await db()
      .select()
      .from(locations)
      .where(eq(locations.siteId, other.id))
      .limit(1);
    const before = await leadCount();
    const res = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({ dealership_slug: "harbour-toyota", location_id: otherLocation!.id }),
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      dealership_slug: "Please choose one of our dealerships.",
      location_id: "Please choose one of our locations.",
    });
    expect(await leadCount()).toBe(before);
  });

  it("applies push-to-primary and fixed slugs from the site's settings", async () => {
    await patchSettings("harbour-auto-group", {
      pushLeadsToPrimaryLocation: true,
      fixedLeadWebsiteSlug: "harbour-group-crm",
    });
    try {
      const site = siteBySlug("harbour-auto-group");
      const siteLocations = await db()
        .select()
        .from(locations)
        .where(eq(locations.siteId, site.id));
      const primary = siteLocations.find((l) => l.primary)!;
      const other = siteLocations.find((l) => !l.primary && l.visible)!;
      const res = await sendJson(
        server,
        "POST",
        "/api/leads",
        { lead: validLead({ location_id: other.id, phone: "02 9630 1000" }) },
        { host: "harbour-auto-group.localhost" },
      );
      expect(res.status).toBe(201);
      const [row] = await db()
        .select()
        .from(leads)
        .where(eq(leads.id, res.json.id as string));
      expect(row!.payload).toMatchObject({
        location_id: primary.id,
        website_slug: "harbour-group-crm",
      });
    } finally {
      await patchSettings("harbour-auto-group", {
        pushLeadsToPrimaryLocation: false,
        fixedLeadWebsiteSlug: null,
      });
    }
  });
});

describe("bad input gets a 4xx a person can act on, and nothing is stored", () => {
  it.each([
    ["an invalid e-mail", { email: "jane@" }, { email: FIELD_MESSAGES.email }],
    ["a non-Australian phone", { phone: "12345" }, { phone: PHONE_MESSAGES.australian }],
    ["a 3-digit postcode", { postcode: "421" }, { postcode: FIELD_MESSAGES.postcode }],
    ["digits in a name", { first_name: "J4ne" }, { first_name: FIELD_MESSAGES.name }],
    ["no name", { first_name: "", name: "" }, { first_name: FIELD_MESSAGES.required }],
    ["neither e-mail nor phone", { email: "", phone: "" }, { email: FIELD_MESSAGES.required }],
    [
      "a field that is not text",
      { message: { nested: { deep: true } } },
      { message: "This value is not accepted." },
    ],
    [
      "an over-long message",
      { message: "x".repeat(5001) },
      { message: "This text is too long (5,000 characters at most)." },
    ],
  ])("%s: 422 with the form's message", async (_name, overrides, errors) => {
    const before = await leadCount();
    const res = await sendJson(server, "POST", "/api/leads", { lead: validLead(overrides) });
    expect(res.status).toBe(422);
    expect(typeof res.json.error).toBe("string");
    expect(res.json.errors).toEqual(errors);
    expect(await leadCount()).toBe(before);
  });

  it("answers a US site with the US phone message", async () => {
    const res = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: validLead({ phone: "0411 222 333", postcode: "78701" }) },
      { host: "lone-star-autos.localhost" },
    );
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ phone: PHONE_MESSAGES.us });
  });

  it("refuses bodies that are not a lead: 400, 413, 415, 422", async () => {
    const before = await leadCount();
    expect((await sendJson(server, "POST", "/api/leads", "{not json")).status).toBe(400);
    expect(
      (
        await sendJson(server, "POST", "/api/leads", {
          lead: validLead({ message: "x".repeat(70_000) }),
        })
      ).status,
    ).toBe(413);
    const form = await sendRaw(server, "POST", "/api/leads", "first_name=Jane", {
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(form.status).toBe(415);
    expect(form.json.error).toBe("Send the lead as JSON (Content-Type: application/json).");
    const noLead = await sendJson(server, "POST", "/api/leads", { first_name: "Jane" });
    expect(noLead.status).toBe(422);
    expect(await leadCount()).toBe(before);
  });

  it("gives an unknown site a plain 404", async () => {
    const res = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: validLead() },
      { host: "no-such-dealer.localhost" },
    );
    expect(res.status).toBe(404);
    expect(res.body).toBe("Not Found");
  });

  it("refuses cross-site POSTs", async () => {
    const before = await leadCount();
    const evil = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: validLead() },
      { headers: { origin: "https://evil.example" } },
    );
    expect(evil.status).toBe(403);
    expect(evil.json.error).toBe("This form can only be sent from the dealer's own website.");
    const otherDealer = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: validLead() },
      { headers: { origin: `http://harbour-auto-group.localhost:${server.port}` } },
    );
    expect(otherDealer.status).toBe(403);
    const fetchSite = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: validLead() },
      { headers: { "sec-fetch-site": "cross-site" } },
    );
    expect(fetchSite.status).toBe(403);
    expect(await leadCount()).toBe(before);
  });

  it("drops a filled honeypot field", async () => {
    const before = await leadCount();
    const res = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({ company_website: "http://spam.example" }),
    });
    expect(res.status).toBe(400);
    expect(await leadCount()).toBe(before);
  });

  it("limits leads per client and site with a generic 429", async () => {
    const headers = { "x-forwarded-for": "203.0.113.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push(
        (await sendJson(server, "POST", "/api/leads", { lead: { first_name: "" } }, { headers }))
          .status,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 422)).toBe(true);
    const limited = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: validLead() },
      { headers },
    );
    expect(limited.status).toBe(429);
    expect(limited.headers["retry-after"]).toMatch(/^\d+$/);
    // Another site counts on its own.
    expect(
      (
        await sendJson(
          server,
          "POST",
          "/api/leads",
          { lead: validLead() },
          { headers, host: "southern-motors.localhost" },
        )
      ).status,
    ).toBe(422);
  });
});

describe("idempotency", () => {
  it("returns the first lead for a repeated Idempotency-Key, even when the repeats race", async () => {
    const before = await leadCount();
    const lead = validLead();
    const headers = { "idempotency-key": `test-${Date.now()}-race` };
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        sendJson(server, "POST", "/api/leads", { lead }, { headers }),
      ),
    );
    const ids = new Set(responses.map((r) => r.json.id));
    expect(ids.size).toBe(1);
    expect(responses.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(responses.filter((r) => r.headers["idempotent-replayed"] === "true")).toHaveLength(4);
    expect(await leadCount()).toBe(before + 1);
  });

  it("accepts the key in the payload too, and refuses it for a different form", async () => {
    const key = `client-${Date.now()}`;
    const first = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({ idempotency_key: key, first_name: "Kim" }),
    });
    const again = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({
        idempotency_key: key,
        first_name: "Kim",
        last_name: first.json.id ? "Other" : "",
      }),
    });
    expect(first.status).toBe(201);
    expect(again.status).toBe(422);
    expect(again.json.errors).toEqual({ idempotency_key: "Already used for a different form." });
  });

  it("folds a double submit without a key into one lead", async () => {
    const lead = validLead();
    const first = await sendJson(server, "POST", "/api/leads", { lead });
    const second = await sendJson(server, "POST", "/api/leads", { lead });
    expect(second.status).toBe(200);
    expect(second.json.id).toBe(first.json.id);
  });
});

describe("multi-step leads: POST then PUT /api/leads/{id}", () => {
  it("saves each step as an incomplete lead, then delivers it once completed", async () => {
    const step1 = await sendJson(server, "POST", "/api/leads", {
      lead: {
        first_name: "Sam",
        last_name: "Lee",
        category: "Finance Enquiry",
        lead_status: "Incomplete",
        form_completed: false,
        step_number: 1,
        skipped_steps: [],
      },
    });
    expect(step1.status).toBe(201);
    expect(step1.json.success_url).toBeNull();
    const id = step1.json.id as string;
    const step2 = await sendJson(server, "PUT", `/api/leads/${id}`, {
      lead: {
        email: "sam.lee@example.com",
        phone: "0412 345 678",
        lead_status: "Incomplete",
        form_completed: false,
        step_number: 2,
        lead_id: id,
      },
    });
    expect(step2.status).toBe(200);
    const [incomplete] = await db().select().from(leads).where(eq(leads.id, id));
    expect(incomplete).toMatchObject({
      formCompleted: false,
      deliveryStatus: "incomplete",
      email: "sam.lee@example.com",
      firstName: "Sam",
    });
    expect(
      await db().select().from(leadDeliveries).where(eq(leadDeliveries.leadId, id)),
    ).toHaveLength(0);

    const final = await sendJson(server, "PUT", `/api/leads/${id}`, {
      lead: {
        vehiclePriceBudget: "35000",
        employment_status: "Full time",
        form_completed: true,
        step_number: 3,
        lead_id: id,
      },
    });
    expect(final.status).toBe(200);
    expect(final.json.success_url).toBe(`/success?category=finance-enquiry&lead_id=${id}`);
    await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === id), 15_000);
    const adf = adfAttachmentOf(smtp.messages.find((m) => m.leadId === id)!.raw)!;
    expect(adf).toContain('<amount type="total" limit="maximum" currency="AUD">35000.00</amount>');
    if (xmllintAvailable) expect(adfProblems(adf)).toBeNull();
    const kinds = (
      await db().select().from(leadEvents).where(eq(leadEvents.leadId, id)).orderBy(leadEvents.id)
    ).map((e) => e.kind);
    expect(kinds.slice(0, 4)).toEqual(["step_saved", "step_saved", "completed", "delivery.queued"]);

    // A repeated final submission answers like the first; a later step save is refused.
    expect(
      (await sendJson(server, "PUT", `/api/leads/${id}`, { lead: { form_completed: true } }))
        .status,
    ).toBe(200);
    const late = await sendJson(server, "PUT", `/api/leads/${id}`, {
      lead: { form_completed: false, step_number: 2 },
    });
    expect(late.status).toBe(409);
    expect(smtp.messages.filter((m) => m.leadId === id)).toHaveLength(1);
  });

  it("answers 404 for an unknown lead or another site's lead", async () => {
    const step1 = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: { first_name: "Other", form_completed: false } },
      { host: "southern-motors.localhost" },
    );
    expect(
      (
        await sendJson(server, "PUT", `/api/leads/${step1.json.id}`, {
          lead: { form_completed: false },
        })
      ).status,
    ).toBe(404);
    expect((await sendJson(server, "PUT", "/api/leads/123", { lead: {} })).status).toBe(404);
    expect(
      (
        await sendJson(server, "PUT", "/api/leads/00000000-0000-4000-8000-000000000000", {
          lead: {},
        })
      ).json.error,
    ).toBe("We could not find that form. Please start again.");
  });
});

describe("POST /api/leads/with-files", () => {
  const pdf = Buffer.concat([
    Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "latin1"),
  ]);

  it("stores a CV under a generated name outside the web root and attaches it to the e-mail", async () => {
    const { body, contentType } = multipartBody(
      { lead: JSON.stringify(validLead({ category: "Careers Enquiry", first_name: "Casey" })) },
      [{ field: "cv", name: "../../etc/Casey CV.pdf", type: "application/pdf", content: pdf }],
    );
    const res = await sendRaw(server, "POST", "/api/leads/with-files", body, {
      "content-type": contentType,
      accept: "application/json",
    });
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    // Careers Enquiry becomes General Enquiry with subcategory Career Enquiry.
    expect(row).toMatchObject({ category: "General Enquiry", subcategory: "Career Enquiry" });
    const [file] = await db().select().from(leadFiles).where(eq(leadFiles.leadId, id));
    expect(file).toMatchObject({
      originalName: "Casey CV.pdf",
      contentType: "application/pdf",
      size: pdf.length,
    });
    expect(file!.storageKey).toMatch(/^\d+\/\d{4}-\d{2}\/[0-9a-f-]{36}\.pdf$/);
    expect(existsSync(join(filesDir, file!.storageKey))).toBe(true);
    await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === id), 15_000);
    const attached = attachmentOf(
      smtp.messages.find((m) => m.leadId === id)!.raw,
      /filename="?Casey CV\.pdf/,
    );
    expect(attached?.equals(pdf)).toBe(true);
  });

  it("checks files by their content, size and count", async () => {
    const before = await leadCount();
    const fake = multipartBody({ lead: JSON.stringify(validLead()) }, [
      {
        field: "cv",
        name: "cv.pdf",
        type: "application/pdf",
        content: Buffer.from("MZ this is a program"),
      },
    ]);
    const res = await sendRaw(server, "POST", "/api/leads/with-files", fake.body, {
      "content-type": fake.contentType,
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      cv: "Please upload a PDF or an image (JPEG, PNG, GIF, WebP or HEIC).",
    });

    const big = multipartBody({ lead: JSON.stringify(validLead()) }, [
      {
        field: "cv",
        name: "cv.pdf",
        type: "application/pdf",
        content: Buffer.concat([pdf, Buffer.alloc(11 * 1024 * 1024)]),
      },
    ]);
    const tooBig = await sendRaw(server, "POST", "/api/leads/with-files", big.body, {
      "content-type": big.contentType,
    });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error).toBe("Each file can be 10 MB at most.");

    const many = multipartBody(
      { lead: JSON.stringify(validLead()) },
      Array.from({ length: 6 }, (_, i) => ({
        field: "photos",
        name: `p${i}.pdf`,
        type: "application/pdf",
        content: pdf,
      })),
    );
    const tooMany = await sendRaw(server, "POST", "/api/leads/with-files", many.body, {
      "content-type": many.contentType,
    });
    expect(tooMany.status).toBe(413);
    expect(await leadCount()).toBe(before);
    // Nothing of the refused uploads stays on disk.
    await expect.poll(() => readdirSync(join(filesDir, "tmp"))).toEqual([]);
  });
});

describe("test mode: the lead API under /mock", () => {
  it("keeps a mock site's leads in the test store, never delivered, and answers /api with 404", async () => {
    await patchSettings("throttle-motorcycles", { leadApiMode: "mock" });
    try {
      const host = "throttle-motorcycles.localhost";
      const before = await leadCount();
      const live = await sendJson(
        server,
        "POST",
        "/api/leads",
        { lead: validLead({ phone: "0394281000" }) },
        { host },
      );
      expect(live.status).toBe(404);
      const mock = await sendJson(
        server,
        "POST",
        "/mock/leads",
        { lead: validLead({ phone: "0394281000" }) },
        { host },
      );
      expect(mock.status).toBe(201);
      const [stored] = await db()
        .select()
        .from(testLeads)
        .where(eq(testLeads.id, mock.json.id as string));
      expect(stored!.payload).toMatchObject({
        source: "Website",
        website_slug: "throttle-motorcycles",
      });
      expect(await leadCount()).toBe(before);
      expect((await sendJson(server, "POST", "/mock/leads", { lead: validLead() })).status).toBe(
        404,
      );
    } finally {
      await patchSettings("throttle-motorcycles", { leadApiMode: "live" });
    }
  });
});

describe("POST /api/carClarityCustomer", () => {
  it("stores a finance lead and sends it to the partner's API as well as to the dealer", async () => {
    const res = await sendJson(server, "POST", "/api/carClarityCustomer", {
      customer: validLead({ category: undefined }),
    });
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    const [row] = await db().select().from(leads).where(eq(leads.id, id));
    expect(row).toMatchObject({ category: "Finance Enquiry", target: "car-clarity" });
    await expect
      .poll(
        () => received.some((r) => r.path === "/car-clarity/customers" && r.body.includes(id)),
        { timeout: 15_000 },
      )
      .toBe(true);
    const call = received.find((r) => r.path === "/car-clarity/customers" && r.body.includes(id))!;
    expect(call.headers.authorization).toBe("Bearer partner-key");
    expect(JSON.parse(call.body)).toMatchObject({
      reference: id,
      customer: { first_name: "Jane" },
    });
    await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === id), 15_000);
  });
});

describe("webhook delivery", () => {
  it("posts the lead as signed JSON, retrying a failed attempt, with a delivery log", async () => {
    const res = await sendJson(
      server,
      "POST",
      "/api/leads",
      // A US ZIP code has 5 digits.
      { lead: validLead({ phone: "(512) 555-0142", postcode: "78701", opt_in: true }) },
      { host: "lone-star-autos.localhost" },
    );
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    await expect
      .poll(() => received.filter((r) => r.path === "/flaky" && r.body.includes(id)).length, {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(1);
    await expect
      .poll(
        async () => (await db().select().from(leads).where(eq(leads.id, id)))[0]!.deliveryStatus,
        { timeout: 15_000 },
      )
      .toBe("delivered");
    const hook = received.filter((r) => r.path === "/flaky" && r.body.includes(id)).at(-1)!;
    expect(
      verifySignature("hook-secret", String(hook.headers["x-lead-signature"]), hook.body),
    ).toBe(true);
    expect(JSON.parse(hook.body)).toMatchObject({
      event: "lead.created",
      id,
      site: "lone-star-autos",
      lead: { source: "Website" },
      // The consent stored with the lead, in the words the shopper saw and when.
      marketing_consent: {
        given: true,
        wording: expect.stringMatching(/\S/),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    const log = (await db().select().from(leadEvents).where(eq(leadEvents.leadId, id))).map(
      (e) => e.kind,
    );
    expect(log).toContain("delivery.retry_scheduled");
    expect(log).toContain("delivery.delivered");
  });
});

describe("booking slots", () => {
  it("offers a location's free slots and takes a slot away once booked; two shoppers cannot book one slot", async () => {
    const site = siteBySlug("coastal-kia");
    const dealership = site.dealerships[0]!;
    const slots = await sendRaw(
      server,
      "GET",
      `/dealerships/${dealership.id}/available_appointment_bookings.json`,
      null,
    );
    expect(slots.status).toBe(200);
    expect(slots.json).toMatchObject({
      dealership_id: dealership.id,
      kind: "test_drive",
      time_zone: "Australia/Brisbane",
      slot_minutes: 30,
    });
    const location = (
      slots.json.locations as Array<{
        id: number;
        name: string;
        days: Array<{ slots: Array<{ start: string }> }>;
      }>
    )[0]!;
    expect(location.name).toBe("Coastal Kia Southport");
    const slot = location.days[1]!.slots[0]!.start;

    const book = (first_name: string) =>
      sendJson(server, "POST", "/api/leads", {
        lead: validLead({
          first_name,
          category: "Test Drive Booking",
          booking_type: "test_drive",
          booking_time: slot,
          location_id: location.id,
        }),
      });
    const [a, b] = await Promise.all([book("Alex"), book("Blair")]);
    expect([a.status, b.status].sort()).toEqual([201, 409]);
    const loser = a.status === 409 ? a : b;
    expect(loser.json.errors).toEqual({
      booking_time: "That time has just been booked. Please choose another time.",
    });
    const again = await sendRaw(
      server,
      "GET",
      `/dealerships/${dealership.id}/available_appointment_bookings.json?location_id=${location.id}`,
      null,
    );
    const offered = (
      again.json.locations as typeof slots.json.locations as Array<{
        days: Array<{ slots: Array<{ start: string }> }>;
      }>
    )[0]!.days.flatMap((d) => d.slots.map((s) => s.start));
    expect(offered).not.toContain(slot);
    // Other tests may book the same time at other locations: count this location's only.
    expect(
      await db()
        .select()
        .from(bookings)
        .where(and(eq(bookings.startsAt, new Date(slot)), eq(bookings.locationId, location.id))),
    ).toHaveLength(1);
  });

  it("answers service slots from service locations, and 404 for another site's dealership", async () => {
    const site = siteBySlug("coastal-kia");
    const res = await sendRaw(
      server,
      "GET",
      `/dealerships/${site.dealerships[0]!.id}/available_service_bookings.json`,
      null,
    );
    expect((res.json.locations as Array<{ name: string }>).map((l) => l.name)).toEqual([
      "Coastal Kia Service",
    ]);
    const other = siteBySlug("harbour-auto-group").dealerships[0]!;
    expect(
      (
        await sendRaw(
          server,
          "GET",
          `/dealerships/${other.id}/available_service_bookings.json`,
          null,
        )
      ).status,
    ).toBe(404);
  });
});

describe("registration lookups", () => {
  it("answers a known plate from the built-in provider on every lookup endpoint", async () => {
    for (const path of ["/api/nevdis", "/api/simple-autograb-lookup", "/api/rego-lookup"]) {
      const res = await sendJson(server, "POST", path, {
        rego: "abc 123",
        regoState: "NSW",
        km: "60,000",
      });
      expect(res.status, path).toBe(200);
      expect(res.json).toMatchObject({
        rego: "ABC123",
        state: "NSW",
        vehicle: { year: 2019, make: "Toyota", model: "Corolla" },
        provider: "sample-registrations",
      });
    }
  });

  it("answers 404 for an unknown plate and 422 for a bad one", async () => {
    const unknown = await sendJson(server, "POST", "/api/rego-lookup", {
      rego: "ZZZ999",
      state: "NSW",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error).toMatch(/couldn't find that registration/);
    const bad = await sendJson(server, "POST", "/api/rego-lookup", { rego: "A#", state: "Sydney" });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors as object).sort()).toEqual(["rego", "regoState"]);
  });
});
