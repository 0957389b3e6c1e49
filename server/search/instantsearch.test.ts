/**
 * The InstantSearch pattern through `@meilisearch/instant-meilisearch`: one hits request plus one
 * request per refined facet with that facet's own refinement removed (disjunctive faceting), as
 * InstantSearch's helper sends them.
 */
import { instantMeiliSearch } from "@meilisearch/instant-meilisearch";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Vehicle } from "~/domain/vehicle";
import { CAR_COLLECTION } from "./collections";
import { createSearchFixture, startSearchServer, type TestServer } from "./testing/fixture";

const fixture = createSearchFixture();
const site = fixture.sites[0]!;
let server: TestServer;

beforeAll(async () => {
  server = await startSearchServer(fixture);
});
afterAll(async () => {
  await server.close();
});

function counts(vehicles: readonly Vehicle[], facet: "make" | "car_type"): Record<string, number> {
  const out: Record<string, number> = {};
  for (const v of vehicles) out[v[facet]] = (out[v[facet]] ?? 0) + 1;
  return out;
}

type Result = {
  nbHits: number;
  nbPages: number;
  page: number;
  hits: Record<string, unknown>[];
  facets: Record<string, Record<string, number>>;
  facets_stats: Record<string, { min: number; max: number }>;
};

describe("InstantSearch through instant-meilisearch", () => {
  it("gets hits and disjunctive facet counts for a refined search", async () => {
    const { searchClient } = instantMeiliSearch(server.url, site.key);
    const common = {
      query: "",
      highlightPreTag: "__ais-highlight__",
      highlightPostTag: "__/ais-highlight__",
      maxValuesPerFacet: 100,
      tagFilters: "",
    };
    const makes = ["make:Toyota", "make:Mazda", "make:Hyundai"];
    const carType = ["car_type:used"];
    const priceRange = ["price>=10000", "price<=60000"];
    const facetRequest = (params: Record<string, unknown>) => ({
      indexName: CAR_COLLECTION,
      params: {
        ...common,
        analytics: false,
        clickAnalytics: false,
        hitsPerPage: 0,
        page: 0,
        attributesToRetrieve: [],
        attributesToHighlight: [],
        attributesToSnippet: [],
        ...params,
      },
    });
    const requests = [
      {
        indexName: CAR_COLLECTION,
        params: {
          ...common,
          facets: ["car_type", "make", "price"],
          facetFilters: [makes, carType],
          numericFilters: priceRange,
          hitsPerPage: 21,
          page: 1,
        },
      },
      facetRequest({ facets: "make", facetFilters: [carType], numericFilters: priceRange }),
      facetRequest({ facets: "car_type", facetFilters: [makes], numericFilters: priceRange }),
      facetRequest({ facets: ["price"], facetFilters: [makes, carType] }),
    ];
    const errors = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const { results } = (await searchClient.search(requests as never)) as unknown as {
      results: Result[];
    };
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();

    const listed = fixture.listed(site);
    const isMake = (v: Vehicle) => ["Toyota", "Mazda", "Hyundai"].includes(v.make);
    const isUsed = (v: Vehicle) => v.car_type === "used";
    const inRange = (v: Vehicle) => v.price >= 10000 && v.price <= 60000;
    const matching = listed
      .filter((v) => isMake(v) && isUsed(v) && inRange(v))
      .sort((a, b) => b.custom_rank - a.custom_rank || a.id - b.id);
    expect(matching.length).toBeGreaterThan(42);

    const [hits, makeCounts, typeCounts, priceStats] = results as [Result, Result, Result, Result];
    expect(hits.nbHits).toBe(matching.length);
    expect(hits.page).toBe(1);
    expect(hits.hits.map((h) => h.id)).toEqual(matching.slice(21, 42).map((v) => v.id));
    expect(hits.facets.make).toEqual(counts(matching, "make"));

    expect(makeCounts.facets.make).toEqual(
      counts(
        listed.filter((v) => isUsed(v) && inRange(v)),
        "make",
      ),
    );
    expect(typeCounts.facets.car_type).toEqual(
      counts(
        listed.filter((v) => isMake(v) && inRange(v)),
        "car_type",
      ),
    );
    const prices = listed.filter((v) => isMake(v) && isUsed(v)).map((v) => v.price);
    expect(priceStats.facets_stats.price).toMatchObject({
      min: Math.min(...prices),
      max: Math.max(...prices),
    });
  });

  it("highlights the query in hits the way InstantSearch reads them", async () => {
    const { searchClient } = instantMeiliSearch(server.url, site.key);
    const { results } = (await searchClient.search([
      {
        indexName: CAR_COLLECTION,
        params: {
          query: "hilux",
          hitsPerPage: 3,
          highlightPreTag: "<mark>",
          highlightPostTag: "</mark>",
        },
      },
    ] as never)) as unknown as {
      results: { hits: { _highlightResult?: Record<string, { value: string }> }[] }[];
    };
    const hit = results[0]!.hits[0]!;
    expect(hit._highlightResult?.model?.value).toBe("<mark>HiLux</mark>");
  });
});
