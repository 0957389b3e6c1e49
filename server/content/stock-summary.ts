/**
 * What the home page's 'Our Range', the brands page and the electric page say about stock:
 * the listed vehicles' makes and models with counts and links into search.
 *
 * One facet query on the search service (make, make_model, fuel; no hits): the service forces the
 * site's base filter, so only listed vehicles count (docs/product/vehicle-card-and-page.md,
 * "Vehicle status and listing").
 */
import { makeDisplayName } from "~/domain/manufacturers";
import { SEARCH_COLLECTIONS } from "~/domain/search-query";
import { buildSearchUrl, EMPTY_SEARCH_STATE } from "~/domain/search-url";
import type { SearchFilters } from "~/domain/search-url";
import type { RequestContext } from "../http/load-context";

type StockContext = Pick<RequestContext, "search">;

export type RangeModel = { name: string; count: number; href: string };
export type RangeMake = {
  make: string;
  displayName: string;
  count: number;
  href: string;
  models: RangeModel[];
};

export type StockSummary = {
  total: number;
  makes: RangeMake[];
  /** Listed electric, hybrid and plug-in hybrid vehicles by fuel. */
  electrified: Array<{ fuel: string; count: number; href: string }>;
};

export type StockFacets = {
  make?: Record<string, number>;
  make_model?: Record<string, number>;
  fuel?: Record<string, number>;
};

const ELECTRIFIED_FUELS = ["Electric", "Hybrid", "PHEV"];

/** A search URL for these filters (the search pages' own codec). */
export function searchHref(filters: SearchFilters): string {
  return buildSearchUrl({ ...EMPTY_SEARCH_STATE, filters });
}

const byCount = <T extends { count: number; name: string }>(a: T, b: T) =>
  b.count - a.count || a.name.localeCompare(b.name);

/** The summary from the stock's facet counts (make_model reads '{make} {model}'). */
export function summariseStock(total: number, facets: StockFacets): StockSummary {
  // Each make_model belongs to the longest make it starts with ('Land Rover X' is not 'Land').
  const makesByLength = Object.keys(facets.make ?? {}).sort((a, b) => b.length - a.length);
  const makeOf = (makeModel: string) =>
    makesByLength.find((make) => makeModel.startsWith(`${make} `));
  const modelsOf = (make: string) =>
    Object.entries(facets.make_model ?? {})
      .filter(([makeModel]) => makeOf(makeModel) === make)
      .map(([makeModel, count]) => ({
        name: makeModel.slice(make.length + 1),
        count,
        href: searchHref({ make: [make], make_model: [makeModel] }),
      }))
      .sort(byCount);
  return {
    total,
    makes: Object.entries(facets.make ?? {})
      .map(([make, count]) => ({ name: make, make, count }))
      .sort(byCount)
      .map(({ make, count }) => ({
        make,
        displayName: makeDisplayName(make),
        count,
        href: searchHref({ make: [make] }),
        models: modelsOf(make),
      })),
    electrified: ELECTRIFIED_FUELS.filter((fuel) => (facets.fuel?.[fuel] ?? 0) > 0).map((fuel) => ({
      fuel,
      count: facets.fuel?.[fuel] ?? 0,
      href: searchHref({ fuel: [fuel] }),
    })),
  };
}

/**
 * Summaries by the facet counts they were made from. The search service's results cache hands out
 * the same counts object for the same query until the stock changes, so a summary (some hundred
 * search links) is built once per site and stock, not on every home page; new counts are a new key.
 */
const summaries = new WeakMap<object, { total: number; summary: StockSummary }>();

/** The site's stock summary (listed vehicles only). Read-only: it may be shared between requests. */
export async function loadStockSummary(context: StockContext): Promise<StockSummary> {
  const { results } = context.search.multiSearch([
    { indexUid: SEARCH_COLLECTIONS.cars, q: "", limit: 0, facets: ["make", "make_model", "fuel"] },
  ]);
  const [facetResult] = results;
  const total = facetResult?.estimatedTotalHits ?? 0;
  const facets = facetResult?.facetDistribution;
  if (!facets) return summariseStock(total, {});
  const kept = summaries.get(facets);
  if (kept && kept.total === total) return kept.summary;
  const summary = summariseStock(total, facets as StockFacets);
  summaries.set(facets, { total, summary });
  return summary;
}
