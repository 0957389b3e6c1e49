/**
 * The shopper's acknowledgement of a lead (docs/product/leads-and-forms.md, "What the shopper is
 * sent"), delivered through the lead outbox to a real SMTP server: one per lead with an e-mail,
 * in the site's brand and locale, the vehicle's link, a calendar invite for a booking that says
 * it is requested; retried on its own, without holding back or failing the dealership's delivery.
 */
import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leadDeliveries, leadEvents, leads, sites } from "~/server/db/schema";
import { SHOPPER_ACKNOWLEDGEMENT_CHANNEL } from "~/server/leads/shopper-acknowledgement";
import { CAR_COLLECTION } from "~/server/search";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aVehicle, published } from "../support/factories";
import { startTestServer } from "../support/test-server";
import { attachmentOf } from "./support/adf";
import { sendJson, sendRaw, validLead, type JsonResponse } from "./support/lead-client";
import { SmtpSink, type ReceivedMail } from "./support/smtp-sink";

let server: RunningServer;
const smtp = new SmtpSink();
const AU = "coastal-kia";
const US = "lone-star-autos";

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    LEAD_POLL_MS: "50",
    LEAD_RETRY_BASE_MS: "50",
    LEAD_MAX_ATTEMPTS: "3",
    LEAD_RATE_LIMIT: "100000",
  });
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

const db = () => server.database.db;
const siteBySlug = (slug: string): Site => server.registry.all().find((s) => s.slug === slug)!;
const hostOf = (slug: string) => `${slug}.localhost`;

function post(slug: string, fields: Record<string, unknown>): Promise<JsonResponse> {
  return sendJson(
    server,
    "POST",
    "/api/leads",
    { lead: validLead(fields) },
    { host: hostOf(slug) },
  );
}

/** The acknowledgement sent to `email`, once it arrives. */
async function acknowledgementTo(email: string): Promise<ReceivedMail> {
  await smtp.waitFor(
    () => smtp.messages.some((m) => m.to.includes(email)),
    20_000,
    `the acknowledgement to ${email}`,
  );
  return smtp.messages.find((m) => m.to.includes(email))!;
}

const partOf = (mail: ReceivedMail, type: RegExp) =>
  attachmentOf(mail.raw, type)?.toString("utf8") ?? "";
const textOf = (mail: ReceivedMail) => partOf(mail, /Content-Type: text\/plain/i);
const htmlOf = (mail: ReceivedMail) => partOf(mail, /Content-Type: text\/html/i);
const inviteOf = (mail: ReceivedMail) => partOf(mail, /Content-Type: text\/calendar/i);
const header = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}:\\s*(.*)$`, "im").exec(mail.raw.split(/\r?\n\r?\n/)[0]!)?.[1] ?? null;

async function firstSlot(slug: string, kind: "test_drive" | "service") {
  const site = siteBySlug(slug);
  const path = kind === "service" ? "available_service_bookings" : "available_appointment_bookings";
  const slots = await sendRaw(
    server,
    "GET",
    `/dealerships/${site.dealerships[0]!.id}/${path}.json`,
    null,
    {},
    hostOf(slug),
  );
  expect(slots.status).toBe(200);
  const [location] = slots.json.locations as Array<{
    id: number;
    name: string;
    days: Array<{ slots: Array<{ start: string }> }>;
  }>;
  return { location: location!, start: location!.days[1]!.slots[0]!.start };
}

async function aListedCar(slug: string) {
  const car = await aVehicle(server, siteBySlug(slug), {
    make: "Kia",
    model: "Sportage",
    year: 2024,
  });
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  return car;
}

async function deliveriesOf(leadId: string) {
  return db().select().from(leadDeliveries).where(eq(leadDeliveries.leadId, leadId));
}

describe("shopper acknowledgement", () => {
  it("tells the shopper what an Australian dealership received, in its brand, with the vehicle's link", async () => {
    const car = await aListedCar(AU);
    const email = "ack.au.enquiry@example.com";
    const res = await post(AU, { email, car_id: car.id, message: "Is it still available?" });
    expect(res.status).toBe(201);
    const mail = await acknowledgementTo(email);
    expect(mail.subject).toBe("Your enquiry to Coastal Kia");
    expect(header(mail, "From")).toMatch(/^"?Coastal Kia"? </);
    expect(header(mail, "Reply-To")).toMatch(/@/);
    // Not a lead e-mail: the dealership's copy is the only one carrying the lead's id.
    expect(mail.leadId).toBeNull();
    const text = textOf(mail);
    expect(text).toContain("Hi Jane,");
    expect(text).toContain("Thank you for your enquiry. Coastal Kia received it on");
    // Australian dates: day, month, year.
    expect(text).toMatch(/received it on \d{1,2} [A-Z][a-z]+ 20\d\d/);
    expect(text).toContain(`See the vehicle: http://coastal-kia.localhost:${server.port}/`);
    expect(text).toContain(`/${car.slug}`);
    expect(text).toContain("Is it still available?");
    const html = htmlOf(mail);
    expect(html).toContain(`background:${siteBySlug(AU).settings.theme.primary}`);
    expect(html).toContain("Coastal Kia");
    // The dealership's delivery is the lead's; the acknowledgement is one more outbox job.
    await smtp.waitFor(() => smtp.countsByLead().get(res.json.id as string) === 1);
    const jobs = await deliveriesOf(res.json.id as string);
    expect(jobs.filter((j) => j.channel === SHOPPER_ACKNOWLEDGEMENT_CHANNEL)).toEqual([
      expect.objectContaining({ target: email }),
    ]);
  });

  it("writes to an American shopper in US words and dates", async () => {
    const email = "ack.us.enquiry@example.com";
    const res = await post(US, { email, postcode: "78701", phone: "(512) 555-0199" });
    expect(res.status, res.body).toBe(201);
    const mail = await acknowledgementTo(email);
    expect(mail.subject).toBe("Your inquiry to Lone Star Autos");
    const text = textOf(mail);
    expect(text).toContain("Thank you for your inquiry.");
    expect(text).toMatch(/received it on [A-Z][a-z]+ \d{1,2}, 20\d\d/);
    expect(text).not.toMatch(/enquiry/i);
    expect(text).toContain("Questions meanwhile? Call us at (512) 555-0142");
  });

  it("sends a test drive request with a tentative calendar invite in the booking's time zone", async () => {
    const car = await aListedCar(AU);
    const { location, start } = await firstSlot(AU, "test_drive");
    const email = "ack.au.drive@example.com";
    const res = await post(AU, {
      email,
      category: "Test Drive Booking",
      booking_type: "test_drive",
      booking_time: start,
      location_id: location.id,
      car_id: car.id,
    });
    expect(res.status, res.body).toBe(201);
    const mail = await acknowledgementTo(email);
    expect(mail.subject).toMatch(
      /^Your test drive request to Coastal Kia: [A-Z][a-z]+day \d{1,2} /,
    );
    const text = textOf(mail);
    expect(text).toContain("Requested time:");
    expect(text).toContain("our team will confirm it with you");
    expect(text).not.toMatch(/\bbooked\b|(?<!not yet )\bconfirmed\b/i);
    const ics = inviteOf(mail);
    expect(ics).toMatch(/\r\n/);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    const vevent = calendar.getFirstSubcomponent("vevent")!;
    const dtstart = vevent.getFirstProperty("dtstart")!;
    expect(dtstart.getParameter("tzid")).toBe("Australia/Brisbane");
    ICAL.TimezoneService.register(new ICAL.Timezone(calendar.getFirstSubcomponent("vtimezone")!));
    const event = new ICAL.Event(vevent);
    expect(event.startDate.toJSDate().toISOString()).toBe(new Date(start).toISOString());
    expect(event.endDate.toJSDate().getTime() - Date.parse(start)).toBe(30 * 60_000);
    expect(event.summary).toBe("Test drive (requested): 2024 Kia Sportage at Coastal Kia");
    expect(event.location).toContain(location.name);
    expect(vevent.getFirstPropertyValue("status")).toBe("TENTATIVE");
    expect(event.uid).toBe(`booking-${res.json.id as string}@coastal-kia.localhost`);
    expect(event.description).toContain("https://www.google.com/maps/search/");
  });

  it("sends a US service booking request with its invite in the dealership's US time zone", async () => {
    const { location, start } = await firstSlot(US, "service");
    const email = "ack.us.service@example.com";
    const res = await post(US, {
      email,
      phone: "(512) 555-0198",
      postcode: "78701",
      category: "Service Enquiry",
      subcategory: "Service Booking",
      booking_type: "service",
      booking_time: start,
      location_id: location.id,
    });
    expect(res.status, res.body).toBe(201);
    const mail = await acknowledgementTo(email);
    expect(mail.subject).toMatch(
      /^Your service booking request to Lone Star Autos: [A-Z][a-z]+day, /,
    );
    const ics = inviteOf(mail);
    expect(ics).toContain("DTSTART;TZID=America/Chicago:");
    expect(ics).toContain("STATUS:TENTATIVE");
    expect(ics).toContain("LOCATION:Lone Star Autos Austin\\, 1200 Congress Avenue");
    expect(ics).toContain("SUMMARY:Service booking (requested) at Lone Star Autos");
  });

  it.each([
    [
      { category: "Finance Enquiry", subcategory: "Finance Application" },
      "Your finance application",
    ],
    [{ category: "Sell My Car", Rego: "ABC123" }, "Your car valuation request"],
    [{ subcategory: "Trade-In Valuation", Rego: "XYZ789" }, "Your trade-in valuation request"],
    [{ category: "Careers Enquiry" }, "Your careers enquiry"],
    [{ subcategory: "Request Photos" }, "Your photo request"],
    [{ subcategory: "Car History Report" }, "Your history report request"],
    [{ subcategory: "Quick Enquiry" }, "Your message"],
    [{ category: "Parts Enquiry" }, "Your parts enquiry"],
  ])("acknowledges %o as '%s'", async (fields, subject) => {
    const email = `ack.${subject.replace(/\W+/g, "-").toLowerCase()}@example.com`;
    const res = await post(AU, { email, ...fields });
    expect(res.status, res.body).toBe(201);
    const mail = await acknowledgementTo(email);
    expect(mail.subject).toBe(`${subject} to Coastal Kia`);
    expect(textOf(mail)).toContain("What happens next");
    if (subject === "Your careers enquiry")
      expect(textOf(mail)).toContain("Thank you for your interest in joining our team.");
  });

  it("sends none for a lead without an e-mail, nor where the site turned it off", async () => {
    const phoneOnly = await post(AU, { email: "" });
    expect(phoneOnly.status, phoneOnly.body).toBe(201);
    const site = siteBySlug(US);
    await db()
      .update(sites)
      .set({
        settings: sql`${sites.settings} || ${JSON.stringify({ leadAcknowledgementEmail: false })}::jsonb`,
      })
      .where(eq(sites.id, site.id));
    await server.bus.publish({ kind: "settings", siteId: site.id });
    await published(() =>
      server.registry.byId(site.id)?.settings.leadAcknowledgementEmail === false ? true : null,
    );
    try {
      const off = await post(US, {
        email: "ack.off@example.com",
        postcode: "78701",
        phone: "(512) 555-0197",
      });
      expect(off.status, off.body).toBe(201);
      for (const id of [phoneOnly.json.id, off.json.id] as string[]) {
        await smtp.waitFor(() => smtp.countsByLead().get(id) === 1);
        const jobs = await deliveriesOf(id);
        expect(jobs.map((j) => j.channel)).toEqual(["email"]);
      }
      expect(smtp.messages.some((m) => m.to.includes("ack.off@example.com"))).toBe(false);
    } finally {
      await db()
        .update(sites)
        .set({ settings: sql`${sites.settings} - 'leadAcknowledgementEmail'` })
        .where(eq(sites.id, site.id));
      await server.bus.publish({ kind: "settings", siteId: site.id });
    }
  });

  it("retries an acknowledgement the shopper's mail server refuses, without touching the dealership's delivery", async () => {
    let refusals = 0;
    smtp.refuseRecipient = (address) => {
      if (address.startsWith("bounce.")) return true;
      if (!address.startsWith("flaky.") || refusals > 0) return false;
      refusals += 1;
      return true;
    };
    try {
      const flaky = await post(AU, { email: "flaky.shopper@example.com" });
      const bounce = await post(AU, { email: "bounce.shopper@example.com" });
      expect([flaky.status, bounce.status]).toEqual([201, 201]);
      const ids = [flaky.json.id, bounce.json.id] as string[];
      const ack = async (id: string) =>
        (await deliveriesOf(id)).find((j) => j.channel === SHOPPER_ACKNOWLEDGEMENT_CHANNEL)!;

      // Refused once, then sent: the outbox's retry.
      await acknowledgementTo("flaky.shopper@example.com");
      expect(await ack(ids[0]!)).toMatchObject({ status: "delivered", attempts: 2 });
      const retries = await db()
        .select()
        .from(leadEvents)
        .where(
          and(eq(leadEvents.leadId, ids[0]!), eq(leadEvents.kind, "delivery.retry_scheduled")),
        );
      expect(retries.map((e) => (e.data as { channel: string }).channel)).toEqual([
        SHOPPER_ACKNOWLEDGEMENT_CHANNEL,
      ]);

      // Refused for good: the acknowledgement fails, the lead stays delivered to the dealership.
      await expect
        .poll(async () => (await ack(ids[1]!)).status, { timeout: 20_000 })
        .toBe("failed");
      for (const id of ids) {
        expect(smtp.countsByLead().get(id)).toBe(1);
        const [lead] = await db().select().from(leads).where(eq(leads.id, id));
        expect(lead!.deliveryStatus).toBe("delivered");
      }
    } finally {
      smtp.refuseRecipient = null;
    }
  });
});
