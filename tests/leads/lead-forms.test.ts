/**
 * The lead forms without JavaScript: every form page renders, posts to its action,
 * answers bad input with the toolkit's messages and the values typed, and stores the lead;
 * bookings take slots; the trade-in lookup fills the vehicle; the dev outbox shows the mail.
 */
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIELD_MESSAGES } from "~/domain/form-fields";
import { leadFiles, leads, sites, testLeads, vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { SEARCH_COLLECTIONS } from "~/domain/search-query";
import type { Vehicle } from "~/domain/vehicle";
import { createSiteSearch } from "~/server/stock/site-search";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { multipartBody, sendRaw } from "./support/lead-client";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({
    DEV_MAIL_PAGE: "true",
    LEAD_POLL_MS: "50",
    LEAD_RATE_LIMIT: "40",
    LEAD_FILES_DIR: mkdtempSync(join(tmpdir(), "lead-form-files-")),
  });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const siteBySlug = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;
const origin = (slug: string) => `http://${slug}.localhost:${server.port}`;

function post(
  slug: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
) {
  const body = new URLSearchParams(fields).toString();
  return sendRaw(
    server,
    "POST",
    path,
    body,
    {
      "content-type": "application/x-www-form-urlencoded",
      origin: origin(slug),
      accept: "text/html",
      ...headers,
    },
    `${slug}.localhost`,
  );
}

const person = {
  first_name: "Jo",
  last_name: "Bloggs",
  email: "jo@example.com",
  phone: "0411 222 333",
};

/** The JSON-LD documents of a page. */
function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (m) => {
      const data = JSON.parse(m[1]!) as Record<string, unknown> | Array<Record<string, unknown>>;
      return Array.isArray(data) ? data : [data];
    },
  );
}

async function latestLead(slug: string) {
  const [row] = await db()
    .select()
    .from(leads)
    .where(eq(leads.siteId, siteBySlug(slug).id))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return row!;
}

describe("form pages", () => {
  it("render on every demo site; booking pages are never cached", async () => {
    const paths = [
      "/contact",
      "/book-test-drive/",
      "/service",
      "/pages/book-a-service",
      "/why-service-with-us",
      "/finance",
      "/finance-enquiry",
      "/apply-for-finance",
      "/trade-in",
      "/cars/trade-in",
      "/sell-your-car",
      "/sell-my-car",
      "/fleet",
      "/success?category=general-enquiry",
    ];
    for (const site of server.registry.all()) {
      for (const path of paths) {
        const res = await fetchWithHost(server, `${site.slug}.localhost`, path);
        expect(res.status, `${site.slug}${path}`).toBe(200);
        if (/book|service|success/.test(path))
          expect(res.headers["cache-control"], path).toContain("no-store");
      }
    }
    const finance = await fetchWithHost(server, "coastal-kia.localhost", "/finance");
    expect(finance.headers["cache-control"]).toContain("s-maxage");
    expect(finance.body).toContain('id="finance-form"');
    expect(finance.body).toContain("Step 1 of 3");
  });

  it("speak the site's language: an inquiry on a US site", async () => {
    const res = await fetchWithHost(server, "lone-star-autos.localhost", "/contact");
    expect(res.body).toContain("Send us your inquiry");
  });

  it("answer /contact-us/{location} with that location's form, and 404 for another site's location", async () => {
    expect(
      (await fetchWithHost(server, "coastal-kia.localhost", "/contact-us/coastal-kia-service"))
        .status,
    ).toBe(200);
    expect(
      (
        await fetchWithHost(
          server,
          "coastal-kia.localhost",
          "/contact-us/harbour-toyota-parramatta",
        )
      ).status,
    ).toBe(404);
  });

  it("describe the dealer as schema.org AutoDealer: the location written to, or every location shown", async () => {
    const one = await fetchWithHost(
      server,
      "coastal-kia.localhost",
      "/contact-us/coastal-kia-service",
    );
    const [service, ...others] = jsonLd(one.body);
    expect(others).toEqual([]);
    expect(service).toMatchObject({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: "Coastal Kia Service",
      telephone: "07 5591 7100",
      // The same entity as the location page's.
      "@id": `${origin("coastal-kia")}/our-location/coastal-kia-service#dealer`,
      address: {
        "@type": "PostalAddress",
        streetAddress: "79 Ferry Road",
        addressLocality: "Southport",
        addressRegion: "QLD",
        postalCode: "4215",
      },
    });
    const all = jsonLd((await fetchWithHost(server, "coastal-kia.localhost", "/contact")).body);
    expect(all.map((d) => d["@type"])).toEqual(["AutoDealer", "AutoDealer"]);
    expect(all.map((d) => d.name).sort()).toEqual(["Coastal Kia Service", "Coastal Kia Southport"]);
    expect(all.find((d) => d.name === "Coastal Kia Southport")).toMatchObject({
      address: {
        streetAddress: "77 Ferry Road",
        addressLocality: "Southport",
        addressRegion: "QLD",
        postalCode: "4215",
      },
      parentOrganization: { "@type": "Organization", name: "Coastal Kia" },
    });
    // Hidden locations are left out, as on the locations page.
    const harbour = jsonLd(
      (await fetchWithHost(server, "harbour-auto-group.localhost", "/contact")).body,
    ).map((d) => d.name);
    expect(harbour).toContain("Harbour Toyota Parramatta");
    expect(harbour.some((name) => String(name).includes("Brisbane"))).toBe(false);
  });
});

describe("the general enquiry without JavaScript", () => {
  it("answers bad input with 422, the toolkit's messages and the values typed; stores nothing", async () => {
    const before = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(leads)
    )[0]!.n;
    const res = await post("coastal-kia", "/contact", {
      ...person,
      email: "jo@",
      postcode: "",
      category: "General Enquiry",
      location: "",
    });
    expect(res.status).toBe(422);
    expect(res.body).toContain(FIELD_MESSAGES.email);
    expect(res.body).toContain(FIELD_MESSAGES.required);
    expect(res.body).toMatch(/value="Bloggs"/);
    expect(res.body).toMatch(/aria-invalid="true"[^>]*name="email"/);
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(leads)
      )[0]!.n,
    ).toBe(before);
  });

  it("stores a valid enquiry and redirects to the success page", async () => {
    const res = await post("coastal-kia", "/contact", {
      ...person,
      category: "Service Enquiry",
      location: "coastal-kia-service",
      message: "When is my car due?",
      opt_in: "on",
    });
    expect(res.status).toBe(303);
    expect(res.headers.location).toMatch(
      /^\/success\?category=service-enquiry&lead_id=[0-9a-f-]{36}$/,
    );
    const lead = await latestLead("coastal-kia");
    expect(lead).toMatchObject({
      category: "Service Enquiry",
      firstName: "Jo",
      email: "jo@example.com",
    });
    expect(lead.payload).toMatchObject({
      name: "Jo Bloggs",
      opt_in: true,
      source: "Website",
      url: `${origin("coastal-kia")}/contact`,
    });
    expect(lead.details).toMatchObject({ location: { slug: "coastal-kia-service" } });
  });

  it("records an unticked opt-in as false, and folds a double submit into one lead", async () => {
    const fields = {
      ...person,
      first_name: "Double",
      category: "General Enquiry",
      location: "coastal-kia-southport",
      message: "Twice",
    };
    const first = await post("coastal-kia", "/contact", fields);
    const second = await post("coastal-kia", "/contact", fields);
    expect(first.headers.location).toBe(second.headers.location);
    expect((await latestLead("coastal-kia")).payload).toMatchObject({ opt_in: false });
  });

  it("takes a careers enquiry with a CV (multipart), and asks for the CV when it is missing", async () => {
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj<<>>endobj\n%%EOF\n");
    const fields = {
      ...person,
      first_name: "Casey",
      category: "Careers Enquiry",
      location: "coastal-kia-southport",
      message: "I'd love to join the team.",
    };
    const missing = multipartBody(fields, []);
    const noCv = await sendRaw(
      server,
      "POST",
      "/contact",
      missing.body,
      { "content-type": missing.contentType, origin: origin("coastal-kia") },
      "coastal-kia.localhost",
    );
    expect(noCv.status).toBe(422);
    expect(noCv.body).toMatch(/id="[^"]*-cv-error"[^>]*>\*This is a required field\./);

    const withCv = multipartBody(fields, [
      { field: "cv", name: "casey.pdf", type: "application/pdf", content: pdf },
    ]);
    const res = await sendRaw(
      server,
      "POST",
      "/contact",
      withCv.body,
      { "content-type": withCv.contentType, origin: origin("coastal-kia") },
      "coastal-kia.localhost",
    );
    expect(res.status).toBe(303);
    const lead = await latestLead("coastal-kia");
    expect(lead).toMatchObject({ category: "General Enquiry", subcategory: "Career Enquiry" });
    expect(await db().select().from(leadFiles).where(eq(leadFiles.leadId, lead.id))).toHaveLength(
      1,
    );
  });

  it("refuses a cross-site post with 403, and limits posts per client inside the page", async () => {
    const before = (
      await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(leads)
    )[0]!.n;
    const cross = await post(
      "coastal-kia",
      "/contact",
      { ...person, location: "coastal-kia-southport", message: "x" },
      { origin: "https://evil.example" },
    );
    expect(cross.status).toBe(403);
    expect(cross.body).toBe("This form can only be sent from the dealer's own website.");
    const fetchSite = await post(
      "coastal-kia",
      "/contact",
      { ...person, location: "coastal-kia-southport", message: "x" },
      { "sec-fetch-site": "cross-site" },
    );
    expect(fetchSite.status).toBe(403);
    expect(fetchSite.body).toBe("This form can only be sent from the dealer's own website.");
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(leads)
      )[0]!.n,
    ).toBe(before);
    const headers = { "x-forwarded-for": "198.51.100.23" };
    let last = 0;
    for (let i = 0; i < 41; i++)
      last = (await post("coastal-kia", "/contact", { first_name: "" }, headers)).status;
    expect(last).toBe(429);
    const limited = await post("coastal-kia", "/contact", person, headers);
    expect(limited.body).toContain("An error occurred when submitting this form");
    expect(limited.body).toContain("Please wait a few minutes and try again");
  });
});

describe("vehicle enquiries", () => {
  it("prefill the vehicle fields from car_id and use the vehicle's category", async () => {
    const site = siteBySlug("coastal-kia");
    // A car the site shows: a form names no other.
    const [listed] = createSiteSearch(server.search, site).multiSearch([
      { indexUid: SEARCH_COLLECTIONS.cars, filter: 'car_type = "used"', limit: 1 },
    ]).results[0]!.hits as Vehicle[];
    const [car] = await db().select().from(vehicles).where(eq(vehicles.id, listed!.id));
    const page = await fetchWithHost(
      server,
      "coastal-kia.localhost",
      `/contact?car_id=${car!.id}&subcategory=Request%20Photos`,
    );
    expect(page.body).toContain("Request photos");
    expect(page.body).toContain(car!.name);
    const res = await post(
      "coastal-kia",
      `/contact?car_id=${car!.id}&subcategory=Request%20Photos`,
      { ...person, message: "More photos of the interior please" },
    );
    expect(res.status).toBe(303);
    expect(res.headers.location).toContain(`car_id=${car!.id}`);
    const lead = await latestLead("coastal-kia");
    expect(lead).toMatchObject({
      category: "Used Vehicle Enquiry",
      subcategory: "Request Photos",
      vehicleId: car!.id,
    });
    expect(lead.payload).toMatchObject({
      stock_number: car!.stocknum,
      "Vehicle Make": car!.make,
      "Vehicle Model": car!.model,
      car_type: "used",
      vehicle_status: car!.status,
    });
  });
});

describe("bookings without JavaScript", () => {
  it("books a test drive at an offered time; the success page names it; the time is gone", async () => {
    const page = await fetchWithHost(server, "southern-motors.localhost", "/book-test-drive/");
    const slot = /name="booking_time" value="([^"]+)"/.exec(page.body)![1]!;
    // Two locations: a select, and a button that shows another location's times.
    expect(page.body).toContain("Show times for the chosen location");
    const location =
      /<option value="(\d+)"(?: selected="")?>Southern Motors Christchurch<\/option>/.exec(
        page.body,
      )![1]!;
    const res = await post("southern-motors", "/book-test-drive/", {
      ...person,
      phone: "03 366 1000",
      location_id: location,
      booking_time: slot,
    });
    expect(res.status).toBe(303);
    const success = await fetchWithHost(
      server,
      "southern-motors.localhost",
      res.headers.location as string,
    );
    expect(success.body.replace(/<!-- -->/g, "")).toMatch(
      /Your test drive is booked for <strong>[^<]+<\/strong> at <strong>Southern Motors Christchurch/,
    );
    const again = await fetchWithHost(
      server,
      "southern-motors.localhost",
      `/book-test-drive/?location_id=${location}`,
    );
    expect(again.body).not.toContain(`value="${slot}"`);
    const taken = await post("southern-motors", "/book-test-drive/", {
      ...person,
      first_name: "Late",
      phone: "03 366 1000",
      location_id: location,
      booking_time: slot,
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toContain("That time has just been booked. Please choose another time.");
  });

  it("shows another location's times, then books a service with additional services", async () => {
    const page = await fetchWithHost(server, "harbour-auto-group.localhost", "/service");
    const options = [
      ...page.body.matchAll(/<option value="(\d+)"( selected="")?>([^<]+)<\/option>/g),
    ].map((m) => [m[1]!, m[3]!, Boolean(m[2])] as const);
    // The first location is chosen; ask for the other one's times.
    expect(options.map(([, name]) => name)).toEqual([
      "Harbour Ford Newcastle - Service",
      "Harbour Toyota Service Centre",
    ]);
    const other = options.find(([, , selected]) => !selected)!;
    const times = await post("harbour-auto-group", "/service", {
      intent: "slots",
      location_id: other[0],
      first_name: "Sam",
    });
    expect(times.status).toBe(200);
    expect(times.body).toMatch(/value="Sam"/);
    const slot = /name="booking_time" value="([^"]+)"/.exec(times.body)![1]!;
    const res = await post("harbour-auto-group", "/service", {
      ...person,
      phone: "02 9630 1100",
      location_id: other[0],
      booking_time: slot,
      "Vehicle Make": "Ford",
      "Vehicle Model": "Ranger",
      "Wheel alignment": "on",
      "Car wash": "on",
    });
    expect(res.status).toBe(303);
    const lead = await latestLead("harbour-auto-group");
    expect(lead).toMatchObject({ category: "Service Enquiry", subcategory: "Service Booking" });
    expect(lead.payload).toMatchObject({
      additional_services: ["Wheel alignment", "Car wash"],
      booking_type: "service",
      "Vehicle Make": "Ford",
    });
    expect(lead.payload).not.toHaveProperty("Wheel alignment");
  });
});

const tradeInVehicle = {
  trade_in_year: "2019",
  trade_in_make: "Mazda",
  trade_in_model: "CX-5",
  trade_in_km: "60000",
  vehicle_condition: "Good",
};

describe("trade-in valuation without JavaScript", () => {
  it("looks the registration up, fills the vehicle and shows a valuation; then stores the lead", async () => {
    const lookup = await post("harbour-auto-group", "/sell-my-car", {
      intent: "lookup",
      Rego: "xyz 789",
      regoState: "NSW",
    });
    expect(lookup.status).toBe(200);
    expect(lookup.body).toContain("We found your 2021 Mazda CX-5 Maxx Sport.");
    expect(lookup.body).toMatch(/Estimated trade-in value: \$[\d,]+(\.\d\d)? to \$[\d,]+(\.\d\d)?/);
    expect(lookup.body).toMatch(/value="Mazda"/);
    const unknown = await post("harbour-auto-group", "/sell-my-car", {
      intent: "lookup",
      Rego: "NOPE1",
      regoState: "NSW",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain("We couldn&#x27;t find that registration.");

    const res = await post("harbour-auto-group", "/sell-my-car", {
      ...person,
      phone: "02 9630 1000",
      postcode: "2000",
      Rego: "XYZ789",
      regoState: "NSW",
      trade_in_year: "2021",
      trade_in_make: "Mazda",
      trade_in_model: "CX-5 Maxx Sport",
      trade_in_km: "42000",
      vehicle_condition: "Good",
    });
    expect(res.status).toBe(303);
    const lead = await latestLead("harbour-auto-group");
    expect(lead.category).toBe("Sell My Car");
    expect(lead.details).toMatchObject({
      tradeIn: { rego: "XYZ789", state: "NSW", make: "Mazda", km: "42000" },
    });
  });

  it("the success page keeps the estimate the lookup showed", async () => {
    const lookup = await post("harbour-auto-group", "/trade-in", {
      intent: "lookup",
      Rego: "XYZ789",
      regoState: "NSW",
    });
    const shown = /Estimated trade-in value: (\$[\d,]*\d(?:\.\d\d)? to \$[\d,]*\d(?:\.\d\d)?)/.exec(
      lookup.body,
    )?.[1];
    expect(shown).toBeTruthy();
    const res = await post("harbour-auto-group", "/trade-in", {
      ...person,
      email: "estimate@example.com",
      phone: "02 9630 1000",
      postcode: "2000",
      Rego: "xyz 789",
      regoState: "NSW",
      trade_in_year: "2021",
      trade_in_make: "Mazda",
      trade_in_model: "CX-5 Maxx Sport",
      trade_in_km: "42000",
      vehicle_condition: "Good",
    });
    expect(res.status).toBe(303);
    const success = await fetchWithHost(
      server,
      "harbour-auto-group.localhost",
      String(res.headers.location),
    );
    expect(success.status).toBe(200);
    expect(success.body.replace(/<!-- -->/g, "")).toContain(
      `Estimated trade-in value: <strong>${shown}</strong>`,
    );
    // A lead whose plate was never looked up shows no estimate.
    const other = await post("harbour-auto-group", "/trade-in", {
      ...person,
      email: "no-estimate@example.com",
      phone: "02 9630 1000",
      postcode: "2000",
      Rego: "QQQ111",
      regoState: "NSW",
      ...tradeInVehicle,
    });
    expect(other.status).toBe(303);
    const plain = await fetchWithHost(
      server,
      "harbour-auto-group.localhost",
      String(other.headers.location),
    );
    expect(plain.body).not.toContain("Estimated trade-in value");
  });

  it("the state is required once a plate is typed, and the label says so", async () => {
    const page = await fetchWithHost(server, "harbour-auto-group.localhost", "/trade-in");
    const label = /<label[^>]*for="[^"]*regoState[^"]*"[^>]*>([\s\S]*?)<\/label>/.exec(page.body);
    expect(label?.[1]).toContain("State");
    expect(label?.[1]).not.toContain("(optional)");
    const withoutState = await post("harbour-auto-group", "/trade-in", {
      ...person,
      phone: "02 9630 1000",
      postcode: "2000",
      Rego: "XYZ789",
      ...tradeInVehicle,
    });
    expect(withoutState.status).toBe(422);
    // Without a plate the state is not asked, and the form is sent.
    const withoutPlate = await post("harbour-auto-group", "/trade-in", {
      ...person,
      email: "no-plate@example.com",
      phone: "02 9630 1000",
      postcode: "2000",
      ...tradeInVehicle,
    });
    expect(withoutPlate.status).toBe(303);
  });
});

describe("the finance application without JavaScript", () => {
  it("shows a failed save of the 'User Details' step in success style (leads-and-forms.md, Multi-step forms)", async () => {
    const res = await post("coastal-kia", "/finance", {
      ...person,
      postcode: "4215",
      intent: "next",
      company_website: "http://spam.example",
    });
    expect(res.status).toBe(400);
    expect(res.body).toContain("Step 1 of 3");
    expect(res.body).toMatch(
      /role="alert"[^>]*class="[^"]*border-green-700[^"]*"[^>]*><div>This form could not be accepted/,
    );
  });

  it("starts over when the posted state is tampered with", async () => {
    const res = await post("coastal-kia", "/finance", {
      ...person,
      postcode: "4215",
      intent: "next",
      form_state: '{"current":7,"leadId":"x"}',
    });
    expect(res.status).toBe(200);
    expect(res.body).toContain("Step 2 of 3");
  });
});

describe("test mode and the dev outbox", () => {
  it("keeps a mock site's form leads in the test store", async () => {
    const site = siteBySlug("outback-campers");
    await db()
      .update(sites)
      .set({ settings: sql`${sites.settings} || '{"leadApiMode":"mock"}'::jsonb` })
      .where(eq(sites.id, site.id));
    await server.registry.reload(site.id);
    try {
      const res = await post("outback-campers", "/fleet", {
        ...person,
        phone: "08 9200 1000",
        company: "Acme Tours",
        fleet_size: "5-9",
        message: "Ten campers for next season",
      });
      expect(res.status).toBe(303);
      const id = /lead_id=([0-9a-f-]{36})/.exec(res.headers.location as string)![1]!;
      expect(await db().select().from(testLeads).where(eq(testLeads.id, id))).toHaveLength(1);
      expect(await db().select().from(leads).where(eq(leads.id, id))).toHaveLength(0);
    } finally {
      await db()
        .update(sites)
        .set({ settings: sql`${sites.settings} || '{"leadApiMode":"live"}'::jsonb` })
        .where(eq(sites.id, site.id));
      await server.registry.reload(site.id);
    }
  });

  it("shows mail sent without SMTP_URL at /_dev/mail on the platform host only", async () => {
    await post("coastal-kia", "/fleet", {
      ...person,
      first_name: "Outbox",
      company: "Acme",
      fleet_size: "1-4",
      message: "Fleet of utes",
    });
    await expect
      .poll(async () => (await fetchWithHost(server, "localhost", "/_dev/mail")).body, {
        timeout: 10_000,
      })
      .toContain("Fleet Enquiry: Outbox Bloggs");
    const json = JSON.parse((await fetchWithHost(server, "localhost", "/_dev/mail.json")).body) as {
      messages: Array<{ id: number; subject: string; attachments: Array<{ content?: string }> }>;
    };
    const message = json.messages.find((m) => m.subject.startsWith("Fleet Enquiry: Outbox"))!;
    expect(message.attachments[0]!.content).toContain("<adf>");
    const detail = await fetchWithHost(server, "localhost", `/_dev/mail/${message.id}`);
    expect(detail.body).toContain("Acme");
    const html = await fetchWithHost(server, "localhost", `/_dev/mail/${message.id}/html`);
    expect(html.headers["content-security-policy"]).toContain("sandbox");
    expect((await fetchWithHost(server, "coastal-kia.localhost", "/_dev/mail")).status).toBe(404);
  });
});
