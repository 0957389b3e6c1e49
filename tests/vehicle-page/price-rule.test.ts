/**
 * A price is shown only above 10 (docs/product/vehicle-card-and-page.md, "Prices"): a car priced
 * at 10 or less says 'Enquire for price.' and no page prints or sends its price: no drive-away
 * estimate, no finance calculator price, no structured data price, no price on the forms.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sites } from "~/server/db/schema";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
let site: Site;
let cheap: { id: number; slug: string };
let priced: { id: number; slug: string };

const get = (path: string) => fetchWithHost(server, `${site.slug}.localhost`, path);

/** The schema.org blocks of a page. */
function jsonLd(html: string): string {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => m[1])
    .join("\n");
}

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE: "false" });
  site = await aSite(server, {
    settings: { driveAway: { enabled: true, registration: 800, ctp: 500, deliveryFee: 1500 } },
  });
  // An Australian state for the estimate.
  await server.database.db.update(sites).set({ state: "QLD" }).where(eq(sites.id, site.id));
  await server.bus.publish({ kind: "settings", siteId: site.id });
  await published(() => (server.registry.byId(site.id)?.state === "QLD" ? true : null));
  cheap = await aVehicle(server, site, { price: 5 });
  priced = await aVehicle(server, site, { price: 25_000 });
  await published(async () => ((await get(`/cars/${cheap.slug}`)).status === 200 ? true : null));
});
afterAll(async () => {
  await server?.close();
});

describe("Prices (vehicle-card-and-page.md): shown only above 10", () => {
  it("the vehicle page of a $5 car shows no price, no estimate and no structured data price", async () => {
    const page = await get(`/cars/${cheap.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain("Enquire for price.");
    expect(page.body).not.toContain("$5.00");
    expect(page.body).not.toContain("Estimated drive-away price");
    const schema = jsonLd(page.body);
    expect(schema).toContain('"Offer"');
    expect(schema).not.toMatch(/"price"\s*:/);
  });

  it("a car above 10 shows its price, its estimate and its structured data price", async () => {
    const page = await get(`/cars/${priced.slug}`);
    expect(page.body).toContain("$25,000.00");
    expect(page.body).toContain("Estimated drive-away price");
    expect(jsonLd(page.body)).toMatch(/"price"\s*:\s*"25000.00"/);
  });

  it.each(["/contact", "/book-test-drive", "/finance", "/trade-in"])(
    "%s names the $5 car without its price",
    async (path) => {
      const page = await get(`${path}?car_id=${cheap.id}`);
      expect(page.status).toBe(200);
      expect(page.body).toContain("Enquire for price.");
      expect(page.body).not.toContain("$5.00");
      expect(page.body).not.toMatch(/vehiclePriceBudget"?\s*[:=]\s*"?5\b/);
    },
  );
});
