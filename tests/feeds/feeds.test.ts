/**
 * Vehicle ads feeds of every demo site (docs/product/feeds.md), checked against the providers'
 * published specifications by a checker of their own (./spec-checker.ts); a price change and a
 * sale in the next fetch; validators; refused input.
 */
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehicles } from "~/server/db/schema";
import { siteOrigin } from "~/server/sites/site-origin";
import type { RunningServer } from "~/server/start";
import { announceVehicleChanges } from "~/server/stock/vehicle-store";
import { fetchWithHost, startTestServer } from "../support/test-server";
import {
  checkGoogleFeed,
  checkMetaFeed,
  checkStoreFeed,
  MARKETS,
  parseCsv,
  parseTsv,
} from "./spec-checker";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const siteOf = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;
const host = (slug: string) => `${slug}.localhost`;
const originOf = (slug: string) => siteOrigin(siteOf(slug), { port: server.port });
const get = (slug: string, path: string, headers: Record<string, string> = {}) =>
  fetchWithHost(server, host(slug), path, { headers });

type Report = {
  published: number;
  leftOut: { id: number; reason: string }[];
};

describe("every demo site's feeds, checked against the providers' specifications", () => {
  it.each([
    "harbour-auto-group",
    "coastal-kia",
    "southern-motors",
    "lone-star-autos",
    "outback-campers",
    "throttle-motorcycles",
  ])("%s", async (slug) => {
    const site = siteOf(slug);
    const market = MARKETS[site.locale]!;
    const origin = originOf(slug);

    const stores = await get(slug, "/feeds/google-stores.tsv");
    expect(stores.status).toBe(200);
    expect(stores.headers["content-type"]).toMatch(/^text\/tab-separated-values/);
    expect(checkStoreFeed(stores.body, market)).toEqual([]);
    const codes = new Set(parseTsv(stores.body).map((row) => row["Store code"]!));

    const google = await get(slug, "/feeds/google-vehicle-ads.tsv");
    expect(google.status).toBe(200);
    expect(checkGoogleFeed(google.body, market, origin, codes)).toEqual([]);
    const meta = await get(slug, "/feeds/meta-vehicles.csv");
    expect(meta.status).toBe(200);
    expect(meta.headers["content-type"]).toMatch(/^text\/csv/);
    expect(checkMetaFeed(meta.body, market, origin)).toEqual([]);

    const googleIds = parseTsv(google.body).map((row) => Number(row.id));
    const metaIds = parseCsv(meta.body).rows.map((row) => Number(row.vehicle_id));
    // No sold, reserved, hidden, unpriced or unlisted vehicle, whatever the feed.
    const ids = [...new Set([...googleIds, ...metaIds])];
    if (ids.length) {
      const rows = await server.database.db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.siteId, site.id), inArray(vehicles.id, ids)));
      expect(rows).toHaveLength(ids.length);
      for (const row of rows) {
        expect(row.status, `vehicle ${row.id}`).toBe("in_stock");
        expect(row.reserved, `vehicle ${row.id}`).toBe(false);
        expect(row.showOnDealerWebsite, `vehicle ${row.id}`).toBe(true);
        expect(row.price, `vehicle ${row.id}`).toBeGreaterThan(10);
      }
    }

    // Each report accounts for every listed vehicle: published, or left out with its reason.
    for (const [feed, published] of [
      ["google-vehicle-ads", googleIds],
      ["meta-vehicles", metaIds],
    ] as const) {
      const res = await get(slug, `/feeds/${feed}/report`);
      expect(res.status).toBe(200);
      const report = JSON.parse(res.body) as Report;
      expect(report.published).toBe(published.length);
      for (const left of report.leftOut) {
        expect(left.reason).not.toBe("");
        expect(published).not.toContain(left.id);
      }
    }
  });

  it("publishes the car dealers' stock and leaves out sold cars with their reason", async () => {
    for (const slug of [
      "harbour-auto-group",
      "coastal-kia",
      "southern-motors",
      "lone-star-autos",
    ]) {
      const google = parseTsv((await get(slug, "/feeds/google-vehicle-ads.tsv")).body);
      expect(google.length, slug).toBeGreaterThan(10);
    }
    const report = JSON.parse(
      (await get("harbour-auto-group", "/feeds/meta-vehicles/report")).body,
    ) as Report;
    const reasons = new Set(report.leftOut.map((v) => v.reason));
    expect(reasons).toContain("Sold.");
    expect([...reasons].some((r) => /Enquire for price/.test(r))).toBe(true);
  });

  it("holds every dealership of a group in the group site's feed", async () => {
    const group = siteOf("harbour-auto-group");
    const google = parseTsv(
      (await get("harbour-auto-group", "/feeds/google-vehicle-ads.tsv")).body,
    );
    const brands = new Set(google.map((row) => row.brand));
    for (const make of ["Toyota", "Mazda", "Ford"]) expect(brands).toContain(make);
    expect(new Set(google.map((row) => row.store_code)).size).toBeGreaterThan(1);
    expect(group.dealerships.length).toBeGreaterThan(1);
  });
});

describe("a stock change reaches the feeds at once", () => {
  it("puts a price change and a sale in the next fetch, and moves the ETag on", async () => {
    const slug = "coastal-kia";
    const site = siteOf(slug);
    const first = await get(slug, "/feeds/google-vehicle-ads.tsv");
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect(first.headers["last-modified"]).toBeTruthy();
    const row = parseTsv(first.body)[0]!;
    const id = Number(row.id);
    const price = Number(row.price!.split(" ")[0]);

    await server.database.db
      .update(vehicles)
      .set({ price: price + 1000 })
      .where(and(eq(vehicles.siteId, site.id), eq(vehicles.id, id)));
    await announceVehicleChanges(server.bus, site.id, [id]);
    const priceOf = async () => {
      const res = await get(slug, "/feeds/meta-vehicles.csv");
      return parseCsv(res.body).rows.find((r) => r.vehicle_id === String(id))?.price;
    };
    await expect.poll(priceOf).toBe(`${(price + 1000).toFixed(2)} AUD`);
    const after = await get(slug, "/feeds/google-vehicle-ads.tsv", { "if-none-match": etag });
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);

    await server.database.db
      .update(vehicles)
      .set({ status: "sold", soldAt: new Date() })
      .where(and(eq(vehicles.siteId, site.id), eq(vehicles.id, id)));
    await announceVehicleChanges(server.bus, site.id, [id]);
    const inGoogle = async () =>
      parseTsv((await get(slug, "/feeds/google-vehicle-ads.tsv")).body).some(
        (r) => r.id === String(id),
      );
    await expect.poll(inGoogle).toBe(false);
    const report = JSON.parse((await get(slug, "/feeds/google-vehicle-ads/report")).body) as Report;
    expect(report.leftOut).toContainEqual(expect.objectContaining({ id, reason: "Sold." }));
  });

  it("answers 304 to the ETag it gave while nothing changed", async () => {
    const first = await get("southern-motors", "/feeds/meta-vehicles.csv");
    const etag = first.headers.etag as string;
    const again = await get("southern-motors", "/feeds/meta-vehicles.csv", {
      "if-none-match": etag,
    });
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    const since = await get("southern-motors", "/feeds/meta-vehicles.csv", {
      "if-modified-since": first.headers["last-modified"] as string,
    });
    expect(since.status).toBe(304);
    const other = await get("southern-motors", "/feeds/meta-vehicles.csv", {
      "if-none-match": '"something-else"',
    });
    expect(other.status).toBe(200);
  });
});

describe("the list of feeds", () => {
  it("names every feed and report with its absolute address, and HEAD answers without a body", async () => {
    const res = await get("lone-star-autos", "/feeds");
    expect(res.status).toBe(200);
    const list = JSON.parse(res.body) as { feeds: { url: string }[]; reports: { url: string }[] };
    const origin = originOf("lone-star-autos");
    expect(list.feeds.map((f) => f.url)).toEqual([
      `${origin}/feeds/google-vehicle-ads.tsv`,
      `${origin}/feeds/google-stores.tsv`,
      `${origin}/feeds/meta-vehicles.csv`,
    ]);
    expect(list.reports).toHaveLength(2);
    const head = await fetchWithHost(server, host("lone-star-autos"), "/feeds/meta-vehicles.csv", {
      method: "HEAD",
    });
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBeTruthy();
    expect(head.body).toBe("");
  });
});

describe("bad input", () => {
  it.each([
    "/feeds/unknown.tsv",
    "/feeds/google-vehicle-ads.xml",
    "/feeds/meta-vehicles.json",
    "/feeds/unknown/report",
    "/feeds/google-vehicle-ads/report/extra",
  ])("answers %s with a 404 that names the feeds", async (path) => {
    const res = await get("coastal-kia", path);
    expect(res.status).toBe(404);
    expect(res.body).toMatch(
      /No such feed\. This site's feeds are .*\/feeds\/google-vehicle-ads\.tsv/,
    );
  });

  it("refuses a huge query string with 414 and another method with 405", async () => {
    const huge = await get("coastal-kia", `/feeds/google-vehicle-ads.tsv?x=${"a".repeat(2000)}`);
    expect(huge.status).toBe(414);
    const post = await fetchWithHost(server, host("coastal-kia"), "/feeds/meta-vehicles.csv", {
      method: "DELETE",
    });
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe("GET, HEAD");
  });

  it("gives an unknown host the platform's 404", async () => {
    const res = await fetchWithHost(server, "no-such-dealer.localhost", "/feeds/meta-vehicles.csv");
    expect(res.status).toBe(404);
    expect(res.body).toBe("Not Found");
  });
});
