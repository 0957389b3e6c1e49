/**
 * The garage page's calls to action (docs/product/garage.md, "The garage page"), as the server
 * renders them for the saved cars asked for: Finance Quote with the car (as its vehicle page
 * links it); Sell My Car, a trade-in towards the car, where the site takes trade-ins; Book Service only where the site books
 * services from the garage (off by default) and has a location to book at.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SiteSettingsInput } from "~/domain/site-settings";
import { locations } from "~/server/db/schema";
import { CAR_COLLECTION } from "~/server/search";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A site with one listed car, and a visible location when asked. */
async function siteWithCar(settings: SiteSettingsInput, options: { location?: boolean } = {}) {
  const site = await aSite(server, { settings });
  if (options.location) {
    await server.database.db.insert(locations).values({
      siteId: site.id,
      dealershipId: site.dealerships[0]!.id,
      name: "Service Centre",
      slug: "service-centre",
      locationType: "service",
      address: {
        street: "1 Main St",
        city: "Newcastle",
        state: "NSW",
        postcode: "2300",
        lat: null,
        long: null,
        place_id: null,
        place_url: null,
        full: "1 Main St, Newcastle NSW 2300",
        map_key: null,
        map_url: null,
      },
      contactDetail: { phone: null, landline_phone: null, mobile: null, email: null, social: {} },
    });
  }
  const car = await aVehicle(server, site);
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  return { site, car };
}

/** The garage page for these saved cars, and the calls to action of each car as [name, href]. */
async function callsToAction(site: Site, carId: number) {
  const page = await fetchWithHost(
    server,
    `${site.slug}.localhost`,
    `/my-garage?tab=saved-cars&ids=${carId}`,
  );
  expect(page.status).toBe(200);
  const list = /<ul[^>]*aria-label="Next steps for [^"]*"[^>]*>([\s\S]*?)<\/ul>/.exec(page.body);
  expect(list, "the car's calls to action").not.toBeNull();
  return [...list![1]!.matchAll(/<a[^>]*href="([^"]*)"[^>]*>([^<]*)/g)].map(([, href, name]) => [
    name!.trim(),
    href!.replaceAll("&amp;", "&"),
  ]);
}

/** The finance form with the car, as its vehicle page links it. */
const financeQuote = (site: Site, carId: number): [string, string] => [
  "Finance Quote",
  `/finance?preferredDealership=${site.dealerships[0]!.slug}&vehiclePriceBudget=25000&car_id=${carId}&car_type=used#finance-form`,
];

describe("the garage's calls to action", () => {
  it("offers Finance Quote and Sell My Car with the car, and no Book Service by default", async () => {
    const { site, car } = await siteWithCar({}, { location: true });
    expect(await callsToAction(site, car.id)).toEqual([
      financeQuote(site, car.id),
      ["Sell My Car", `/cars/trade-in?car_id=${car.id}`],
    ]);
  });

  it("offers Book Service where the site books services from the garage and has a location", async () => {
    const { site, car } = await siteWithCar(
      { garage: { bookServiceFromGarage: true } },
      { location: true },
    );
    expect(await callsToAction(site, car.id)).toEqual([
      financeQuote(site, car.id),
      ["Book Service", "/service"],
      ["Sell My Car", `/cars/trade-in?car_id=${car.id}`],
    ]);
  });

  it("hides Book Service on a site with no location, and Sell My Car where trade-ins are off", async () => {
    const { site, car } = await siteWithCar({
      garage: { bookServiceFromGarage: true },
      tradeInAllowed: false,
    });
    expect(await callsToAction(site, car.id)).toEqual([financeQuote(site, car.id)]);
  });
});
