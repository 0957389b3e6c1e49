/**
 * Tenant isolation: a site's search key only ever returns that site's listed vehicles, whatever
 * filter, sort, facet or keyword a client sends.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAR_COLLECTION, OFFER_COLLECTION, PART_COLLECTION } from "./collections";
import { multiSearch } from "./service";
import {
  MASTER_KEY,
  createSearchFixture,
  startSearchServer,
  type TestServer,
} from "./testing/fixture";

const fixture = createSearchFixture();
const site = fixture.sites[0]!;
const listedIds = new Set(fixture.listed(site).map((v) => v.id));
let server: TestServer;

beforeAll(async () => {
  server = await startSearchServer(fixture);
});
afterAll(async () => {
  await server.close();
});

/** Filter fragments that try to reach other sites or hidden stock. */
const WIDENING = [
  "site_id = 2",
  "site_id != 1",
  "NOT site_id = 1",
  "site_id IN [1, 2, 3]",
  "site_id = 1 OR site_id = 2",
  "site_id EXISTS",
  "site_id NOT EXISTS",
  "show_on_dealer_website = false",
  "status = sold",
  "sold_date_timestamp < 1",
  "id > 0 OR id <= 0",
  "NOT (make = Toyota AND make != Toyota)",
  "make = Toyota",
  "car_type IN [new, used, demo]",
  "price >= 0",
];
const INJECTIONS = [
  ") OR (site_id = 2",
  "site_id = 2) OR (site_id = 1",
  "(",
  ")",
  '" OR site_id = 2 OR "',
  "'",
  "\\",
];

const fragment = fc.constantFrom(...WIDENING);
const filterText: fc.Arbitrary<string> = fc.letrec<{ f: string }>((tie) => ({
  f: fc.oneof(
    { depthSize: "small" },
    fragment,
    fc
      .tuple(tie("f"), fc.constantFrom(" AND ", " OR "), tie("f"))
      .map(([a, op, b]) => `(${a})${op}(${b})`),
    tie("f").map((f) => `NOT (${f})`),
  ),
})).f;
const filterParam = fc.oneof(
  filterText,
  fc.array(fc.oneof(filterText, fc.array(filterText, { maxLength: 3 })), { maxLength: 3 }),
  fc.tuple(filterText, fc.constantFrom(...INJECTIONS)).map(([f, i]) => f + i),
);

describe("a site's search key", () => {
  it("never returns another site's vehicle or a hidden one, whatever the query", () => {
    fc.assert(
      fc.property(
        filterParam,
        fc.constantFrom("", "toyota", "mazda cx", '"AB100001"', "a"),
        fc.constantFrom([], ["price:asc"], ["site_id:desc"], ["id:asc"]),
        (filter, q, sort) => {
          const outcome = multiSearch(
            fixture.engine,
            fixture.keys,
            { apiKey: site.key },
            {
              queries: [
                {
                  indexUid: CAR_COLLECTION,
                  q,
                  filter,
                  sort,
                  limit: 1000,
                  facets: ["site_id"],
                  attributesToRetrieve: ["id", "site_id"],
                },
              ],
            },
          );
          if (!outcome.ok) {
            expect(outcome.status).toBeLessThan(500);
            return;
          }
          const result = outcome.body.results[0]!;
          for (const hit of result.hits) {
            expect(hit.site_id).toBe(site.siteId);
            expect(listedIds.has(hit.id as number)).toBe(true);
          }
          expect(Object.keys(result.facetDistribution!.site_id!)).toEqual(
            result.estimatedTotalHits! > 0 ? [String(site.siteId)] : [],
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it("scopes offers and parts to the site too", () => {
    for (const indexUid of [OFFER_COLLECTION, PART_COLLECTION]) {
      const outcome = multiSearch(
        fixture.engine,
        fixture.keys,
        { apiKey: site.key },
        {
          queries: [{ indexUid, filter: "site_id = 2 OR site_id = 3", limit: 1000 }],
        },
      );
      expect(outcome.ok && outcome.body.results[0]!.hits).toEqual([]);
      const all = multiSearch(
        fixture.engine,
        fixture.keys,
        { apiKey: site.key },
        { queries: [{ indexUid, limit: 1000 }] },
      );
      if (!all.ok) throw new Error(all.body.message);
      expect(all.body.results[0]!.hits.length).toBeGreaterThan(0);
      expect(all.body.results[0]!.hits.every((h) => h.site_id === site.siteId)).toBe(true);
    }
  });

  it("does not find a hidden or foreign vehicle by id", () => {
    const hidden = fixture.vehicles.filter((v) => !listedIds.has(v.id)).slice(0, 100);
    expect(hidden.some((v) => v.site_id === site.siteId)).toBe(true);
    const outcome = multiSearch(
      fixture.engine,
      fixture.keys,
      { siteId: site.siteId },
      {
        queries: hidden.map((v) => ({
          indexUid: CAR_COLLECTION,
          filter: `id = ${v.id}`,
          limit: 1,
        })),
      },
    );
    if (!outcome.ok) throw new Error(outcome.body.message);
    expect(outcome.body.results.every((r) => r.hits.length === 0)).toBe(true);
  });

  it("cannot list keys or indexes, nor name an index it has no access to", async () => {
    const get = (path: string, key: string) =>
      fetch(`${server.url}${path}`, { headers: { Authorization: `Bearer ${key}` } });
    expect((await get("/keys", site.key)).status).toBe(403);
    expect((await get("/indexes", site.key)).status).toBe(403);
    expect((await get("/indexes", MASTER_KEY)).status).toBe(200);
    const response = await fetch(`${server.url}/indexes/Secret/search`, {
      method: "POST",
      headers: { Authorization: `Bearer ${site.key}`, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ code: "invalid_api_key" });
  });

  it("is distinct per site, and the master key sees every site", () => {
    const count = (auth: Parameters<typeof multiSearch>[2]) => {
      const outcome = multiSearch(fixture.engine, fixture.keys, auth, {
        queries: [{ indexUid: CAR_COLLECTION, limit: 0, facets: ["site_id"] }],
      });
      if (!outcome.ok) throw new Error(outcome.body.message);
      return outcome.body.results[0]!.facetDistribution!.site_id;
    };
    for (const s of fixture.sites) {
      expect(count({ apiKey: s.key })).toEqual({ [String(s.siteId)]: fixture.listed(s).length });
    }
    const perSite: Record<string, number> = {};
    for (const v of fixture.vehicles) perSite[v.site_id] = (perSite[v.site_id] ?? 0) + 1;
    expect(count({ apiKey: MASTER_KEY })).toEqual(perSite);
  });
});
