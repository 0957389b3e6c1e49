import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isListed } from "~/domain/listing";
import { vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { loadVehicleDocuments, saveVehicle } from "~/server/stock/vehicle-store";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ SEARCH_MASTER_KEY: "test-master-key-0123456789" });
});
afterAll(async () => {
  await server?.close();
});

const site = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;

function search(host: string, key: string, body: unknown) {
  return fetchWithHost(server, host, "/search-api/multi-search", {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("the search index behind the site", () => {
  it("answers a site's key with exactly the vehicles the site lists", async () => {
    const kia = site("coastal-kia");
    const res = await search("coastal-kia.localhost", kia.searchKey, {
      queries: [{ indexUid: "Car_production", limit: 0, facets: ["make"] }],
    });
    expect(res.status).toBe(200);
    const [result] = JSON.parse(res.body).results;
    const expected = (await loadVehicleDocuments(server.database.db, { siteId: kia.id })).filter(
      (v) => isListed(v, kia.settings, { manufacturer: "Kia" }, Date.now()),
    );
    expect(result.estimatedTotalHits).toBe(expected.length);
    expect(Object.keys(result.facetDistribution.make)).toEqual(["Kia"]);
  });

  it("is on the platform host too, and not on an unknown host", async () => {
    const res = await search("localhost", "test-master-key-0123456789", {
      queries: [{ indexUid: "Car_production", limit: 1 }],
    });
    expect(res.status).toBe(200);
    const unknown = await search("nobody.localhost", "test-master-key-0123456789", { queries: [] });
    expect(unknown.status).toBe(404);
  });

  it("makes a saved vehicle searchable and a sold-long-ago one disappear", async () => {
    const kia = site("coastal-kia");
    const [row] = await server.database.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.siteId, kia.id))
      .limit(1);
    const { id: _id, ...rest } = row!;
    const stocknum = "ZZTEST999Q";
    await saveVehicle(server.database.db, server.bus, {
      ...rest,
      make: "Kia",
      slug: "brand-new-test-vehicle",
      stocknum,
      status: "in_stock",
      soldAt: null,
      showOnDealerWebsite: true,
    });
    const find = async () => {
      const res = await search("coastal-kia.localhost", kia.searchKey, {
        queries: [{ indexUid: "Car_production", q: stocknum, limit: 5 }],
      });
      return JSON.parse(res.body).results[0].hits as Array<{ slug: string }>;
    };
    await expect
      .poll(find, { timeout: 1000, interval: 20 })
      .toEqual([expect.objectContaining({ slug: "brand-new-test-vehicle" })]);
    await saveVehicle(server.database.db, server.bus, {
      ...rest,
      make: "Kia",
      slug: "brand-new-test-vehicle",
      stocknum,
      status: "sold",
      soldAt: new Date(Date.now() - 30 * 86_400_000),
    });
    await expect.poll(find, { timeout: 1000, interval: 20 }).toEqual([]);
  });
});
