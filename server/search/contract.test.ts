/**
 * Contract tests: the search API over real HTTP, driven by the official `meilisearch` client the
 * way the site's pages and browsers drive it.
 */
import { Meilisearch, MeilisearchApiError } from "meilisearch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSearchQueries, buildVehicleByIdQuery } from "~/domain/search-query";
import type { SearchState } from "~/domain/search-url";
import type { Vehicle } from "~/domain/vehicle";
import { CAR_COLLECTION, OFFER_COLLECTION } from "./collections";
import { multiSearch } from "./service";
import {
  MASTER_KEY,
  createSearchFixture,
  startSearchServer,
  type TestServer,
} from "./testing/fixture";

const fixture = createSearchFixture();
const harbour = fixture.sites[0]!;
const usedOnly = fixture.sites[1]!;
let server: TestServer;

beforeAll(async () => {
  server = await startSearchServer(fixture);
});
afterAll(async () => {
  await server.close();
});

const clientFor = (apiKey?: string) => new Meilisearch({ host: server.url, apiKey });

/** Facet counts the brute-force way, in Meilisearch's order (numbers, then strings). */
function countBy(vehicles: readonly Vehicle[], facet: keyof Vehicle): Record<string, number> {
  const counts = new Map<string | number, number>();
  for (const v of vehicles) {
    const raw = v[facet];
    for (const value of Array.isArray(raw) ? raw : [raw]) {
      if (value === null || value === undefined || value === "") continue;
      const key = typeof value === "boolean" ? String(value) : (value as string | number);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  const entries = [...counts.entries()].sort(([a], [b]) =>
    typeof a === "number" && typeof b === "number"
      ? a - b
      : typeof a === "number"
        ? -1
        : typeof b === "number"
          ? 1
          : a.toLowerCase() < b.toLowerCase()
            ? -1
            : 1,
  );
  return Object.fromEntries(entries.slice(0, 100).map(([k, c]) => [String(k), c]));
}

const byPriceThenId = (a: Vehicle, b: Vehicle) => a.price - b.price || a.id - b.id;

describe("the official meilisearch client", () => {
  it("gets a search results page with one multiSearch: hits, totals, disjunctive facet counts, stats", async () => {
    const state: SearchState = {
      query: "",
      sortBy: "price:asc",
      page: 2,
      filters: { make: ["Toyota", "Mazda"], car_type: ["used"], price: ["10000:60000"] },
    };
    const facets = ["make", "car_type", "price", "body"] as const;
    const queries = buildSearchQueries(state, harbour.settings, { facets: [...facets] });
    const { results } = await clientFor(harbour.key).multiSearch({ queries });

    const listed = fixture.listed(harbour);
    const make = (v: Vehicle) => v.make === "Toyota" || v.make === "Mazda";
    const used = (v: Vehicle) => v.car_type === "used";
    const price = (v: Vehicle) => v.price >= 10000 && v.price <= 60000;
    const matching = listed.filter((v) => make(v) && used(v) && price(v)).sort(byPriceThenId);

    expect(matching.length).toBeGreaterThan(42); // page 2 is full
    const [hits, ...facetResults] = results;
    expect(hits!.indexUid).toBe(CAR_COLLECTION);
    expect(hits!.estimatedTotalHits).toBe(matching.length);
    expect(hits!.hits.map((h) => h.id)).toEqual(matching.slice(21, 42).map((v) => v.id));
    expect(hits!.hits[0]!._formatted).toBeDefined();

    // Each facet counts with its own selection removed (disjunctive faceting).
    const without = {
      make: listed.filter((v) => used(v) && price(v)),
      car_type: listed.filter((v) => make(v) && price(v)),
      price: listed.filter((v) => make(v) && used(v)),
      body: matching,
    };
    facets.forEach((facet, i) => {
      const result = facetResults[i]!;
      expect(result.facetDistribution![facet]).toEqual(countBy(without[facet], facet));
      expect(result.hits.length).toBeLessThanOrEqual(1);
    });
    const prices = without.price.map((v) => v.price);
    expect(facetResults[2]!.facetStats).toEqual({
      price: { min: Math.min(...prices), max: Math.max(...prices) },
    });
  });

  it("searches one index by keyword with a filter, sort and facets", async () => {
    const response = await clientFor(harbour.key)
      .index(CAR_COLLECTION)
      .search("toyota", {
        filter: ["year >= 2012", ["body = SUV", "body = Ute", "body = Sedan"]],
        sort: ["km:asc"],
        facets: ["model"],
        limit: 500,
      });
    const expected = fixture
      .listed(harbour)
      .filter((v) => v.year >= 2012 && (v.body === "SUV" || v.body === "Ute" || v.body === "Sedan"))
      .filter((v) =>
        [v.make, v.model, v.name, v.dealership_name, v.location_name].some((t) =>
          /toyota/i.test(t ?? ""),
        ),
      )
      .sort((a, b) => a.km - b.km || a.id - b.id);
    expect(expected.length).toBeGreaterThan(5);
    expect(response.estimatedTotalHits).toBe(expected.length);
    expect(new Set(response.hits.map((h) => h.id))).toEqual(new Set(expected.map((v) => v.id)));
    expect(response.facetDistribution!.model).toEqual(countBy(expected, "model"));
    expect(response.query).toBe("toyota");
  });

  it("paginates by page and hitsPerPage with exact totals", async () => {
    const response = await clientFor(usedOnly.key)
      .index(CAR_COLLECTION)
      .search("", { page: 3, hitsPerPage: 7, sort: ["price:asc"] });
    const listed = fixture.listed(usedOnly).sort(byPriceThenId);
    expect(listed.every((v) => v.car_type === "used" && v.photos_count >= 3)).toBe(true);
    expect(response.totalHits).toBe(listed.length);
    expect(response.totalPages).toBe(Math.ceil(listed.length / 7));
    expect(response.page).toBe(3);
    expect(response.hits.map((h) => h.id)).toEqual(listed.slice(14, 21).map((v) => v.id));
  });

  it("supports the GET form of search", async () => {
    const response = await clientFor(harbour.key)
      .index(CAR_COLLECTION)
      .searchGet("", {
        filter: "car_type = new",
        limit: 3,
        sort: ["price:desc"],
        facets: ["car_type"],
      });
    const listed = fixture.listed(harbour).filter((v) => v.car_type === "new");
    expect(response.estimatedTotalHits).toBe(listed.length);
    expect(response.facetDistribution).toEqual({ car_type: { new: listed.length } });
  });

  it("searches offers by manufacturer, model and body", async () => {
    const response = await clientFor(harbour.key).index(OFFER_COLLECTION).search("", {
      filter: 'manufacturer.name = "Toyota"',
      limit: 100,
    });
    expect(response.hits.length).toBeGreaterThan(0);
    for (const hit of response.hits) {
      expect(hit.site_id).toBe(harbour.siteId);
      expect((hit.manufacturer as { name: string }).name).toBe("Toyota");
    }
  });

  it("reports errors in Meilisearch's shape, with the right status", async () => {
    const failure = async (run: () => Promise<unknown>) => {
      const error = await run().then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(MeilisearchApiError);
      const api = error as MeilisearchApiError;
      return { status: api.response.status, ...api.cause! };
    };
    const site = clientFor(harbour.key);
    const cars = site.index(CAR_COLLECTION);
    expect(await failure(() => cars.search("", { filter: "make = Toyota AND" }))).toMatchObject({
      status: 400,
      code: "invalid_search_filter",
      type: "invalid_request",
      link: "https://docs.meilisearch.com/errors#invalid_search_filter",
    });
    expect(await failure(() => cars.search("", { filter: "secret = 1" }))).toMatchObject({
      status: 400,
      code: "invalid_search_filter",
    });
    expect(await failure(() => cars.search("", { sort: ["name:asc"] }))).toMatchObject({
      status: 400,
      code: "invalid_search_sort",
    });
    expect(await failure(() => cars.search("", { facets: ["description"] }))).toMatchObject({
      status: 400,
      code: "invalid_search_facets",
    });
    expect(await failure(() => cars.search("", { limit: -1 }))).toMatchObject({
      status: 400,
      code: "invalid_search_limit",
    });
    expect(
      await failure(() => cars.search("", { offset: "x" as unknown as number })),
    ).toMatchObject({
      status: 400,
      code: "invalid_search_offset",
      message:
        'Invalid value type at `.offset`: expected a positive integer, but found a string: `"x"`',
    });
    expect(await failure(() => clientFor(MASTER_KEY).index("Nope").search(""))).toMatchObject({
      status: 404,
      code: "index_not_found",
      message: "Index `Nope` not found.",
    });
    expect(await failure(() => site.index("Nope").search(""))).toMatchObject({
      status: 403,
      code: "invalid_api_key",
    });
    expect(await failure(() => clientFor().index(CAR_COLLECTION).search(""))).toMatchObject({
      status: 401,
      code: "missing_authorization_header",
      type: "auth",
    });
    expect(
      await failure(() => clientFor("not-a-key").index(CAR_COLLECTION).search("")),
    ).toMatchObject({
      status: 403,
      code: "invalid_api_key",
      type: "auth",
    });
    // Multi-search: the first failing query's error, naming the query.
    expect(
      await failure(() =>
        site.multiSearch({
          queries: [
            { indexUid: CAR_COLLECTION, q: "" },
            { indexUid: CAR_COLLECTION, filter: "price >" },
            { indexUid: CAR_COLLECTION, sort: ["nope:asc"] },
          ],
        }),
      ),
    ).toMatchObject({
      status: 400,
      code: "invalid_search_filter",
      message: expect.stringMatching(/^Inside `\.queries\[1\]`: /),
    });
  });

  it("answers health, and lists the site keys to the master key only", async () => {
    expect(await clientFor().health()).toEqual({ status: "available" });
    const keys = await clientFor(MASTER_KEY).getKeys();
    expect(keys.total).toBe(fixture.sites.length);
    expect(keys.results[0]).toMatchObject({
      name: harbour.slug,
      key: harbour.key,
      actions: ["search"],
      indexes: expect.arrayContaining([CAR_COLLECTION]),
    });
    expect(keys.results[0]!.uid).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-a[0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await expect(clientFor(harbour.key).getKeys()).rejects.toMatchObject({
      cause: { code: "invalid_api_key" },
    });
  });
});

describe("the in-process call of the site pages", () => {
  it("gives the same answer as HTTP, without a hop", async () => {
    const body = {
      queries: buildSearchQueries(
        { query: "mazda", sortBy: null, page: 1, filters: {} },
        harbour.settings,
        { facets: ["make"] },
      ),
    };
    const local = multiSearch(fixture.engine, fixture.keys, { siteId: harbour.siteId }, body);
    const remote = await clientFor(harbour.key).multiSearch(
      body as Parameters<Meilisearch["multiSearch"]>[0],
    );
    expect(local.ok).toBe(true);
    const strip = (r: unknown) =>
      JSON.parse(JSON.stringify(r, (k, v) => (k === "processingTimeMs" ? 0 : v)));
    expect(strip(local.body)).toEqual(strip(remote));
  });

  it("finds a single vehicle by id only when the site lists it", () => {
    const listed = fixture.listed(harbour);
    const hidden = fixture.vehicles.find(
      (v) => v.site_id === harbour.siteId && !listed.includes(v),
    )!;
    const otherSite = fixture.vehicles.find((v) => v.site_id !== harbour.siteId)!;
    const byId = (id: number) => {
      const outcome = multiSearch(
        fixture.engine,
        fixture.keys,
        { siteId: harbour.siteId },
        { queries: [buildVehicleByIdQuery("", id)] },
      );
      if (!outcome.ok) throw new Error(outcome.body.message);
      return outcome.body.results[0]!.hits.map((h) => h.id);
    };
    expect(byId(listed[0]!.id)).toEqual([listed[0]!.id]);
    expect(byId(hidden.id)).toEqual([]);
    expect(byId(otherSite.id)).toEqual([]);
  });
});
