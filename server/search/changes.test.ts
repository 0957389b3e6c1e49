/**
 * Stock changes and the results cache: a change is searchable as soon as it is reported, the
 * cache never serves stale results, and it evicts its oldest entry first.
 */
import { describe, expect, it } from "vitest";
import { aVehicle } from "~/domain/testing/vehicle-fixture";
import { CAR_COLLECTION } from "./collections";
import { SearchEngine } from "./engine";
import { SearchKeys } from "./keys";
import { multiSearch } from "./service";
import { MASTER_KEY, NOW_MS, createSearchFixture } from "./testing/fixture";

const DAY = 86_400_000;

function total(
  fixture: { engine: SearchEngine; keys: SearchKeys },
  siteId: number,
  query: Record<string, unknown> = {},
) {
  const outcome = multiSearch(
    fixture.engine,
    fixture.keys,
    { siteId },
    {
      queries: [{ indexUid: CAR_COLLECTION, limit: 1000, ...query }],
    },
  );
  if (!outcome.ok) throw new Error(outcome.body.message);
  return outcome.body.results[0]!;
}

describe("stock changes", () => {
  it("are searchable, or gone, as soon as they are reported", () => {
    const fixture = createSearchFixture({ vehicles: 300, cacheLimit: 100 });
    const site = fixture.sites[0]!;
    const before = total(fixture, site.siteId).estimatedTotalHits!;
    const added = aVehicle({
      id: 100_001,
      site_id: site.siteId,
      stocknum: "NEW0001",
      vin: "NEWVIN00000000001",
      created_at_timestamp: NOW_MS,
    });
    fixture.engine.upsert(CAR_COLLECTION, added);
    expect(total(fixture, site.siteId).estimatedTotalHits).toBe(before + 1);
    expect(total(fixture, site.siteId, { q: '"NEW0001"' }).hits.map((h) => h.id)).toEqual([
      100_001,
    ]);

    // Hidden from the website: out of the site's stock.
    fixture.engine.upsert(CAR_COLLECTION, { ...added, show_on_dealer_website: false });
    expect(total(fixture, site.siteId).estimatedTotalHits).toBe(before);
    // Moved to another site.
    fixture.engine.upsert(CAR_COLLECTION, {
      ...added,
      site_id: 2,
      car_type: "used",
      photos_count: 10,
    });
    expect(total(fixture, 2, { filter: "id = 100001" }).hits).toHaveLength(1);
    expect(total(fixture, site.siteId, { filter: "id = 100001" }).hits).toHaveLength(0);
    // Removed.
    expect(fixture.engine.remove(CAR_COLLECTION, 100_001)).toBe(true);
    expect(total(fixture, 2, { filter: "id = 100001" }).hits).toHaveLength(0);
    expect(fixture.engine.remove(CAR_COLLECTION, 100_001)).toBe(false);
  });

  it("drop cached results of the collection that changed", () => {
    const fixture = createSearchFixture({ vehicles: 300, cacheLimit: 100 });
    const first = total(fixture, 1, { filter: "make = Toyota" });
    const again = total(fixture, 1, { filter: "make = Toyota" });
    expect(fixture.engine.resultsCache.hits).toBe(1);
    expect(again.hits).toBe(first.hits); // the very same cached result
    fixture.engine.upsert(
      CAR_COLLECTION,
      aVehicle({ id: 100_002, site_id: 1, make: "Toyota", created_at_timestamp: NOW_MS }),
    );
    const fresh = total(fixture, 1, { filter: "make = Toyota" });
    expect(fresh.estimatedTotalHits).toBe(first.estimatedTotalHits! + 1);
  });

  it("keep results per site: the same query on two sites is two entries", () => {
    const fixture = createSearchFixture({ vehicles: 300, cacheLimit: 100 });
    const one = total(fixture, 1, { facets: ["site_id"] });
    const two = total(fixture, 2, { facets: ["site_id"] });
    expect(Object.keys(one.facetDistribution!.site_id!)).toEqual(["1"]);
    expect(Object.keys(two.facetDistribution!.site_id!)).toEqual(["2"]);
    expect(fixture.engine.resultsCache.size).toBe(2);
  });

  it("evict the oldest cached result first at the limit", () => {
    const fixture = createSearchFixture({ vehicles: 100, cacheLimit: 2 });
    const cache = fixture.engine.resultsCache;
    total(fixture, 1, { q: "a" });
    total(fixture, 1, { q: "b" });
    total(fixture, 1, { q: "c" }); // evicts "a"
    expect(cache.size).toBe(2);
    const hitsBefore = cache.hits;
    total(fixture, 1, { q: "c" });
    total(fixture, 1, { q: "b" });
    expect(cache.hits).toBe(hitsBefore + 2);
    total(fixture, 1, { q: "a" });
    expect(cache.hits).toBe(hitsBefore + 2);
  });

  it("move time windows forward: a sold vehicle leaves the listing when its days are over", () => {
    let now = NOW_MS;
    const engine = new SearchEngine({ resultsCacheLimit: 100 });
    const sold = aVehicle({
      id: 1,
      site_id: 1,
      status: "sold",
      sold: true,
      sold_date_timestamp: NOW_MS - 2 * DAY,
    });
    const inStock = aVehicle({ id: 2, site_id: 1 });
    engine.replaceAll(CAR_COLLECTION, [sold, inStock]);
    const keys = new SearchKeys({ masterKey: MASTER_KEY, engine, now: () => now });
    keys.setSites([
      {
        siteId: 1,
        slug: "one",
        searchKey: "site-one-search-key-000000",
        baseFilter: (nowMs) => `status != sold OR sold_date_timestamp >= ${nowMs - 3 * DAY}`,
      },
    ]);
    const ids = () =>
      total({ engine, keys }, 1)
        .hits.map((h) => h.id)
        .sort();
    expect(ids()).toEqual([1, 2]);
    now += 2 * DAY;
    expect(ids()).toEqual([2]);
  });

  it("refuses a site whose stock filter the engine cannot apply", () => {
    const engine = new SearchEngine();
    const keys = new SearchKeys({ masterKey: MASTER_KEY, engine });
    expect(() =>
      keys.setSites([
        {
          siteId: 1,
          slug: "one",
          searchKey: "site-one-search-key-000000",
          baseFilter: "secret_field = 1",
        },
      ]),
    ).toThrow(/not filterable/);
    expect(() => keys.setSites([{ siteId: 1, slug: "one", searchKey: MASTER_KEY }])).toThrow(
      /not unique/,
    );
  });
});
