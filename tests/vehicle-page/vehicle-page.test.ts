/**
 * The vehicle detail page over HTTP: which vehicles have a page on which site, what a
 * shopper and a crawler read there, and the phone reveal record.
 */
import { Writable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isListed } from "~/domain/listing";
import { isNearVehicle } from "~/domain/similar-vehicles";
import { formatAmount, formatPrice } from "~/domain/vehicle-price";
import { SERVER_THUMBNAILS } from "~/app/components/vehicle-page/constants";
import type { Vehicle } from "~/domain/vehicle";
import { reservations } from "~/server/db/schema";
import { parseEnv } from "~/server/env";
import type { Site } from "~/server/sites/site";
import { startServer, type RunningServer } from "~/server/start";
import { loadVehicleDocuments } from "~/server/stock/vehicle-store";
import { createDemoDatabase } from "../support/test-database";
import { fetchWithHost } from "../support/test-server";

let server: RunningServer;
const logLines: Array<Record<string, unknown>> = [];
const stock = new Map<string, Vehicle[]>();

beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString("utf8").split("\n"))
        if (line.trim()) logLines.push(JSON.parse(line));
      done();
    },
  });
  server = await startServer(
    parseEnv({
      NODE_ENV: "production",
      DEMO: "true",
      PORT: "0",
      HOST: "127.0.0.1",
      PAGE_CACHE: "false",
    }),
    { logger: pino({ level: "info" }, sink), database: await createDemoDatabase() },
  );
  for (const site of server.registry.all()) {
    stock.set(site.slug, await loadVehicleDocuments(server.database.db, { siteId: site.id }));
  }
});
afterAll(async () => {
  await server?.close();
});

const siteBySlug = (slug: string): Site => server.registry.all().find((s) => s.slug === slug)!;
const host = (site: Site) => `${site.slug}.localhost`;
const listed = (site: Site, v: Vehicle) =>
  isListed(v, site.settings, { manufacturer: site.manufacturer?.name ?? null }, Date.now());
const pagePath = (site: Site, v: Vehicle) => `/${site.settings.vehiclePath}/${v.slug}`;

/** The demo's special vehicles are the first ones of each site; stock numbers say which. */
function special(site: Site, index: number): Vehicle {
  const found = stock.get(site.slug)!.find((v) => v.stocknum?.slice(2, 6) === String(1000 + index));
  if (!found) throw new Error(`no special vehicle ${index} on ${site.slug}`);
  return found;
}
function firstListed(site: Site, predicate: (v: Vehicle) => boolean): Vehicle {
  const found = stock.get(site.slug)!.find((v) => predicate(v) && listed(site, v));
  if (!found) throw new Error(`no listed vehicle like that on ${site.slug}`);
  return found;
}

function get(site: Site, path: string) {
  return fetchWithHost(server, host(site), path);
}

/** The page without the similar vehicles (their cards carry actions of their own). */
const ownPart = (html: string) => {
  const similar = html.indexOf('id="similar-heading"');
  return similar === -1 ? html : html.slice(0, similar);
};

function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (m) => {
      const value = JSON.parse(m[1]!) as unknown;
      return (Array.isArray(value) ? value : [value]) as Array<Record<string, unknown>>;
    },
  );
}

/** What a reader sees: the markup without scripts, comments and tags. */
const text = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<!--.*?-->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe("which vehicles have a page", () => {
  it("every demo site answers its own vehicle path and 404s the other two", async () => {
    for (const site of server.registry.all()) {
      const vehicle = firstListed(site, (v) => v.status === "in_stock");
      const res = await get(site, pagePath(site, vehicle));
      expect(res.status, `${site.slug} ${pagePath(site, vehicle)}`).toBe(200);
      for (const other of ["cars", "motorcycles", "campers"].filter(
        (p) => p !== site.settings.vehiclePath,
      )) {
        expect(
          (await get(site, `/${other}/${vehicle.slug}`)).status,
          `${site.slug} /${other}`,
        ).toBe(404);
      }
    }
  });

  it("404s an invalid slug, an unknown one, one sold 10 days ago and one hidden from the website, offering the search", async () => {
    const site = siteBySlug("harbour-auto-group");
    const soldLongAgo = special(site, 1);
    const hidden = special(site, 20);
    expect(listed(site, soldLongAgo)).toBe(false);
    expect(hidden.show_on_dealer_website).toBe(false);
    for (const path of [
      "/cars/not%20a%20slug",
      "/cars/a.b",
      "/cars/no-such-car-1234",
      pagePath(site, soldLongAgo),
      pagePath(site, hidden),
    ]) {
      const res = await get(site, path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toContain('role="search"');
      expect(res.body).toContain('name="robots" content="noindex"');
    }
  });

  it("a vehicle of another site is not found", async () => {
    const kia = siteBySlug("coastal-kia");
    const harbourCar = firstListed(siteBySlug("harbour-auto-group"), () => true);
    expect((await get(kia, `/cars/${harbourCar.slug}`)).status).toBe(404);
  });

  it("sends a slug in another case to the canonical address", async () => {
    const site = siteBySlug("coastal-kia");
    const vehicle = firstListed(site, (v) => v.status === "in_stock");
    const res = await get(site, `/cars/${vehicle.slug.toUpperCase()}?utm_source=x`);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(`/cars/${vehicle.slug}?utm_source=x`);
  });
});

describe("what the page says", () => {
  it("a vehicle sold yesterday shows Just Sold and Find Me Something Similar, no enquiry actions", async () => {
    const site = siteBySlug("harbour-auto-group");
    const sold = special(site, 0);
    expect(listed(site, sold)).toBe(true);
    const res = await get(site, pagePath(site, sold));
    expect(res.status).toBe(200);
    const body = text(ownPart(res.body));
    expect(body).toContain("Just Sold");
    expect(body).toContain("Find Me Something Similar");
    expect(res.body).toMatch(
      /href="\/search\/make\/[^"]+\/[^"]+"[^>]*>[^<]*<span[^>]*>[^<]*Find Me Something Similar/,
    );
    for (const action of [
      "Enquire Now",
      "Book a Test Drive",
      "Reserve Now",
      "Get Finance",
      "Trade In Valuation",
    ]) {
      expect(body).not.toContain(action);
    }
    expect(jsonLdOf(res.body).find((d) => d["@type"] === "Car")).toMatchObject({
      offers: { availability: "https://schema.org/SoldOut" },
    });
  });

  it("an available vehicle offers the sidebar actions, the price, specifications and where to see it", async () => {
    const site = siteBySlug("harbour-auto-group");
    const vehicle = special(site, 22);
    const res = await get(site, pagePath(site, vehicle));
    const body = text(ownPart(res.body));
    expect(body).toContain("Interested in this vehicle?");
    expect(body).toContain("Reserve Now $500 deposit");
    expect(body).toContain("secure with a debit or credit card payment");
    expect(body).toContain("Trade In Valuation");
    expect(body).toContain("instant price from an independent valuation tool");
    expect(body).toContain("Book a Test Drive");
    expect(res.body).toContain(`href="/book-test-drive/?car_id=${vehicle.id}"`);
    // The vehicle enquiry form posts to the vehicle enquiry action.
    expect(res.body).toMatch(new RegExp(`<form[^>]*action="/contact\\?car_id=${vehicle.id}"`));
    expect(body).toContain("Send enquiry");
    expect(body).toContain(formatPrice(vehicle.price, site.locale));
    expect(body).toContain(vehicle.vin!);
    expect(body).toContain(vehicle.stocknum!);
    expect(res.body).toContain('id="vehicle-map"');
    expect(res.body).toContain('id="enquiry"');
    expect(body).toContain("Get Directions");
    expect(body).toMatch(/Opening hours (Mon-Fri|Mon) /);
    expect(body).toContain("Finance calculator");
    // Harbour masks the number until it is clicked.
    const phone = vehicle.location!.phone!;
    expect(body).toContain(`${phone.slice(0, 5)}${phone.slice(5).replace(/[0-9]/g, "X")}`);
    expect(res.body).not.toContain(`tel:${phone.replace(/[^\d+]/g, "")}"><svg`);
  });

  it("shows 'Enquire for price.' and PREORDER instead of a price, and no finance calculator", async () => {
    const site = siteBySlug("harbour-auto-group");
    for (const [index, expected] of [
      [4, "Enquire for price."],
      [5, "Enquire for price."],
      [6, "PREORDER"],
    ] as const) {
      const vehicle = special(site, index);
      const res = await get(site, pagePath(site, vehicle));
      expect(res.status).toBe(200);
      expect(text(res.body)).toContain(expected);
      expect(text(res.body)).not.toContain("Finance calculator");
      const car = jsonLdOf(res.body).find((d) => d["@type"] === "Car")!;
      expect((car.offers as Record<string, unknown>).price).toBeUndefined();
    }
  });

  it("no Reserve Now for a reserved or test-drive-only vehicle; tags, certified and below-market shown", async () => {
    const site = siteBySlug("harbour-auto-group");
    const reserved = text(ownPart((await get(site, pagePath(site, special(site, 3)))).body));
    expect(reserved).toContain("Reserved");
    expect(reserved).not.toContain("Reserve Now");
    const testDrive = text(ownPart((await get(site, pagePath(site, special(site, 10)))).body));
    expect(testDrive).toContain("Test Drive Only");
    expect(testDrive).not.toContain("Reserve Now");
    const certified = ownPart((await get(site, pagePath(site, special(site, 13)))).body);
    expect(certified).toMatch(
      /<button[^>]*aria-haspopup="dialog"[^>]*>.*Certified Pre-Owned<\/button>/,
    );
    const below = special(site, 14);
    expect(text(ownPart((await get(site, pagePath(site, special(site, 15)))).body))).not.toContain(
      "Below market price:",
    );
    const belowBody = text(ownPart((await get(site, pagePath(site, below))).body));
    expect(belowBody).toContain("Below market price:");
    expect(belowBody).toContain(
      formatAmount(below.autograb_data!.average_market_price!, site.locale),
    );
  });

  it("uses the site's words: miles, color and Inquire on a US site", async () => {
    const site = siteBySlug("lone-star-autos");
    const vehicle = firstListed(site, (v) => v.status === "in_stock" && v.price > 10);
    const body = text((await get(site, pagePath(site, vehicle))).body);
    expect(body).toContain("Inquire Now");
    expect(body).toContain("Miles");
    expect(body).toContain("Color");
    expect(body).not.toContain("Kilometres");
  });
});

describe("photos", () => {
  it("40 photos: the first eager with high priority and preloaded, the strip's first lazy thumbnails", async () => {
    const site = siteBySlug("harbour-auto-group");
    const vehicle = special(site, 17);
    expect(vehicle.images).toHaveLength(40);
    const html = (await get(site, pagePath(site, vehicle))).body;
    const main = html.match(/<img[^>]*alt="[^"]*photo 1 of 40"[^>]*>/)?.[0] ?? "";
    expect(main).toContain('fetchPriority="high"');
    expect(main).toContain('loading="eager"');
    expect(main).not.toContain('loading="lazy"');
    expect(html).toMatch(
      /<link rel="preload"[^>]*as="image"[^>]*fetchPriority="high"|<link rel="preload"[^>]*fetchPriority="high"[^>]*as="image"/,
    );
    expect(
      [...html.matchAll(/<img[^>]*alt="Show photo \d+"[^>]*>/g)].filter((m) =>
        m[0].includes('loading="lazy"'),
      ),
      // The rest join once the page runs (e2e/vehicle-page.spec.ts).
    ).toHaveLength(SERVER_THUMBNAILS);
    expect(text(html)).toContain("1 / 40");
  });

  it("no photos: a placeholder and Request Photos; two photos: Request Photos too", async () => {
    const site = siteBySlug("harbour-auto-group");
    const none = text((await get(site, pagePath(site, special(site, 16)))).body);
    expect(none).toContain("Photos coming soon");
    expect(none).toContain("Request Photos");
    const two = text((await get(site, pagePath(site, special(site, 18)))).body);
    expect(two).toContain("1 / 2");
    expect(two).toContain("Request Photos");
  });
});

describe("SEO and structured data", () => {
  it("title, description, canonical, Open Graph image and a Car JSON-LD that matches the page", async () => {
    const site = siteBySlug("coastal-kia");
    const vehicle = firstListed(
      site,
      (v) =>
        v.status === "in_stock" &&
        !v.reserved &&
        v.price > 10 &&
        v.images.length > 0 &&
        v.vin !== null,
    );
    const res = await get(site, pagePath(site, vehicle));
    const html = res.body;
    const canonical = `http://coastal-kia.localhost:${server.port}${pagePath(site, vehicle)}`;
    expect(html).toMatch(
      new RegExp(`<title>[^<]*${vehicle.make} ${vehicle.model}[^<]*\\| ${site.name}</title>`),
    );
    expect(html).toContain(`<link rel="canonical" href="${canonical}"/>`);
    expect(html).toMatch(/<meta name="description" content="[^"]{60,}"/);
    expect(html).toMatch(
      /<meta property="og:image" content="http:\/\/coastal-kia\.localhost:\d+\/media\/image\/1200q\d+\/media\/vehicle\/[^"]+"/,
    );

    const documents = jsonLdOf(html);
    const car = documents.find((d) => d["@type"] === "Car")!;
    expect(car).toMatchObject({
      "@context": "https://schema.org",
      url: canonical,
      vehicleIdentificationNumber: vehicle.vin,
      mileageFromOdometer: { "@type": "QuantitativeValue", value: vehicle.km, unitCode: "KMT" },
      brand: { name: vehicle.make },
      model: vehicle.model,
      offers: {
        "@type": "Offer",
        price: vehicle.price.toFixed(2),
        priceCurrency: "AUD",
        availability: "https://schema.org/InStock",
        itemCondition:
          vehicle.car_type === "new"
            ? "https://schema.org/NewCondition"
            : "https://schema.org/UsedCondition",
        seller: { "@type": "AutoDealer", name: vehicle.location!.name },
      },
    });
    // The page shows the price, VIN and availability the structured data claims.
    const page = text(html);
    expect(page).toContain(
      formatPrice(Number((car.offers as { price: string }).price), site.locale),
    );
    expect(page).toContain(String(car.vehicleIdentificationNumber));
    expect(page).not.toContain("Just Sold");
    expect(documents.find((d) => d["@type"] === "BreadcrumbList")).toBeTruthy();
  });

  it("a motorcycle site describes a Motorcycle", async () => {
    const site = siteBySlug("throttle-motorcycles");
    const vehicle = firstListed(site, (v) => v.item_type === "motorcycle");
    const documents = jsonLdOf((await get(site, pagePath(site, vehicle))).body);
    expect(documents.find((d) => d["@type"] === "Motorcycle")).toMatchObject({
      model: vehicle.model,
    });
  });
});

describe("similar vehicles", () => {
  it("lists up to four other available vehicles, a near one of the same model first", async () => {
    const site = siteBySlug("harbour-auto-group");
    const vehicle = firstListed(site, (v) => v.status === "in_stock" && v.price > 10);
    const html = (await get(site, pagePath(site, vehicle))).body;
    const section = html.slice(html.indexOf('id="similar-heading"'));
    const links = [...section.matchAll(/<h3[^>]*><a[^>]*href="(\/cars\/[^"]+)"/g)].map((m) => m[1]);
    expect(links.length).toBeGreaterThan(0);
    expect(links.length).toBeLessThanOrEqual(4);
    expect(links).not.toContain(pagePath(site, vehicle));
    const sameModel = stock
      .get(site.slug)!
      .filter(
        (v) =>
          v.id !== vehicle.id &&
          v.make === vehicle.make &&
          v.model === vehicle.model &&
          (v.car_type === "new") === (vehicle.car_type === "new") &&
          isNearVehicle(vehicle, v) &&
          !v.sold &&
          listed(site, v),
      );
    if (sameModel.length > 0) expect(sameModel.map((v) => pagePath(site, v))).toContain(links[0]);
  });
});

describe("phone reveal record", () => {
  const post = (site: Site, body: unknown, headers: Record<string, string> = {}) =>
    fetchWithHost(server, host(site), "/api/events/phone-reveal", {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });

  it("records car_id, dealership_id and website_id of the site's own vehicle", async () => {
    const site = siteBySlug("harbour-auto-group");
    const vehicle = firstListed(site, () => true);
    const record = {
      car_id: vehicle.id,
      dealership_id: vehicle.dealership_id,
      website_id: site.id,
    };
    const res = await post(site, record, { origin: `http://${host(site)}:${server.port}` });
    expect(res.status).toBe(204);
    expect(
      logLines.find((l) => l.event === "phone_reveal" && l.car_id === vehicle.id),
    ).toMatchObject({
      ...record,
      site: site.slug,
    });
  });

  it("refuses another site's vehicle, a wrong dealership, bad input and cross-site posts", async () => {
    const site = siteBySlug("harbour-auto-group");
    const kia = siteBySlug("coastal-kia");
    const vehicle = firstListed(site, () => true);
    const kiaCar = firstListed(kia, () => true);
    const before = logLines.filter((l) => l.event === "phone_reveal").length;
    const good = { car_id: vehicle.id, dealership_id: vehicle.dealership_id, website_id: site.id };
    expect((await post(site, { ...good, website_id: kia.id })).status).toBe(422);
    expect(
      (
        await post(site, {
          car_id: kiaCar.id,
          dealership_id: kiaCar.dealership_id,
          website_id: site.id,
        })
      ).status,
    ).toBe(422);
    expect((await post(site, { ...good, dealership_id: good.dealership_id + 999 })).status).toBe(
      422,
    );
    expect((await post(site, { ...good, car_id: "1" })).status).toBe(422);
    expect((await post(site, good, { origin: "https://evil.example" })).status).toBe(403);
    expect(logLines.filter((l) => l.event === "phone_reveal").length).toBe(before);
  });
});

describe("reserve and buy online", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
  const postForm = (site: Site, path: string, fields: Record<string, string>) =>
    fetchWithHost(server, host(site), path, {
      method: "POST",
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        origin: `http://${host(site)}:${server.port}`,
      },
      body: form(fields),
    });
  const shopper = {
    first_name: "Sam",
    last_name: "Buyer",
    email: "sam@example.com",
    phone: "0412345678",
    opt_in: "on",
  };

  it("a reservable vehicle has a checkout with its deposit and card provider; buy online too", async () => {
    const site = siteBySlug("harbour-auto-group");
    const vehicle = special(site, 22);
    for (const suffix of ["/checkout", "/buy-online"]) {
      const res = await get(site, `${pagePath(site, vehicle)}${suffix}`);
      expect(res.status, suffix).toBe(200);
      const body = text(res.body);
      expect(body).toContain("Continue to pay the $500 deposit");
      // No Stripe keys in the tests: the built-in test card provider takes the deposit, and says
      // it is a test.
      expect(body).toContain("Payment: Test payment: no card is charged");
      expect(res.body).toContain('name="robots" content="noindex"');
    }
  });

  it("sends the shopper back to the vehicle when the rules do not allow it, and 404s other prefixes", async () => {
    const site = siteBySlug("harbour-auto-group");
    for (const index of [0, 3, 4, 10]) {
      const vehicle = special(site, index);
      const res = await get(site, `${pagePath(site, vehicle)}/checkout`);
      expect(res.status, `special ${index}`).toBe(303);
      expect(res.headers.location).toBe(pagePath(site, vehicle));
    }
    const vehicle = special(site, 22);
    expect((await get(site, `/motorcycles/${vehicle.slug}/checkout`)).status).toBe(404);
    // A site without a payment provider reserves nothing online.
    const southern = siteBySlug("southern-motors");
    expect(southern.settings.paymentProvider).toBeNull();
    const used = firstListed(southern, (v) => v.status === "in_stock" && v.price > 200);
    expect((await get(southern, `${pagePath(southern, used)}/checkout`)).status).toBe(303);
  });

  it("a reservation needs the deposit terms, then holds the vehicle and goes on to the card page", async () => {
    const site = siteBySlug("harbour-auto-group");
    const vehicle = special(site, 22);
    const path = `${pagePath(site, vehicle)}/checkout`;
    const refused = await postForm(site, path, shopper);
    expect(refused.status).toBe(422);
    expect(text(refused.body)).toContain("Please agree to the deposit terms to continue.");

    const sent = await postForm(site, path, { ...shopper, terms_conditions: "on" });
    expect(sent.status).toBe(303);
    expect(sent.headers.location).toMatch(/^\/_test-payments\/pay\/tp_/);
    const [held] = await server.database.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.siteId, site.id), eq(reservations.vehicleId, vehicle.id)));
    expect(held).toMatchObject({ status: "held", amountCents: 50_000, kind: "reserve" });
    expect(held!.shopper.email).toBe("sam@example.com");
  });
});
