/**
 * The search pages the benchmark replays: deterministic SRP states (refinements, sort, page) on
 * one site, turned into the multi-search the search page sends (domain/search-query) and into a
 * structured form the SQL and Orama peers translate.
 */
import { makeAliases } from "~/domain/manufacturers";
import { buildSearchQueries, type SearchQuery } from "~/domain/search-query";
import type { SearchFacet } from "~/domain/search-facets";
import { requestedFacets } from "~/domain/search-page";
import type { SearchState } from "~/domain/search-url";
import type { SiteSettings, SortOption } from "~/domain/site-settings";
import { seededRandom } from "~/server/platform/seeded-random";

/** One facet's selection: any of these values, or a numeric range. */
export type Refinement =
  | { facet: SearchFacet; kind: "values"; values: (string | number | boolean)[] }
  | { facet: SearchFacet; kind: "range"; min: number | null; max: number | null };

export type BenchPage = {
  state: SearchState;
  /** The multi-search body the search page sends. */
  queries: SearchQuery[];
  refinements: Refinement[];
  sort: { attribute: string; descending: boolean };
  limit: number;
  offset: number;
  facets: readonly SearchFacet[];
};

const MAKES = ["Toyota", "Mazda", "Hyundai", "Ford", "Kia", "Mitsubishi", "Nissan", "Volkswagen"];
const BODIES = ["SUV", "Sedan", "Hatch", "Ute", "Wagon"];
const FUELS = ["Petrol", "Diesel", "Hybrid", "Electric"];
const SORTS: SortOption[] = [
  "custom_rank:desc",
  "created_at_timestamp:desc",
  "price:asc",
  "price:desc",
  "km:asc",
];

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

const KEYWORDS = [
  "toyota",
  "hilux",
  "suv",
  "mazda cx",
  "white automatic",
  "ranger",
  "landcruzer",
  "ev",
  "diesel ute",
  "kia sportage gt",
];

/**
 * `count` distinct search pages a shopper could produce on the site's search page, as the page
 * sends them (app/routes/search.server.ts: the facets it requests, no highlighting); with
 * `keywords`, each also has a typed query, and the hits are highlighted (the engine-only keyword
 * rows).
 */
export function benchPages(
  count: number,
  settings: SiteSettings,
  seed = 7,
  keywords = false,
): BenchPage[] {
  const random = seededRandom(seed);
  const pages: BenchPage[] = [];
  for (let i = 0; i < count; i++) {
    const filters: Partial<Record<SearchFacet, string[]>> = {};
    const refinements: Refinement[] = [];
    const roll = () => random();
    if (roll() < 0.6) {
      const makes = [
        ...new Set([pick(random, MAKES), ...(roll() < 0.4 ? [pick(random, MAKES)] : [])]),
      ];
      filters.make = makes;
      refinements.push({
        facet: "make",
        kind: "values",
        values: makes.flatMap((m) => makeAliases(m)),
      });
    }
    if (roll() < 0.5) {
      const type = pick(random, ["used", "new", "demo"]);
      filters.car_type = [type];
      refinements.push({ facet: "car_type", kind: "values", values: [type] });
    }
    if (roll() < 0.4) {
      const min = 5000 * Math.floor(roll() * 6);
      const max = min + 10000 * (1 + Math.floor(roll() * 6));
      filters.price = [`${min}:${max}`];
      refinements.push({ facet: "price", kind: "range", min, max });
    }
    if (roll() < 0.25) {
      const max = 20000 * (1 + Math.floor(roll() * 8));
      filters.km = [`:${max}`];
      refinements.push({ facet: "km", kind: "range", min: null, max });
    }
    if (roll() < 0.3) {
      const body = pick(random, BODIES);
      filters.body = [body];
      refinements.push({ facet: "body", kind: "values", values: [body] });
    }
    if (roll() < 0.15) {
      const fuel = pick(random, FUELS);
      filters.fuel = [fuel];
      refinements.push({ facet: "fuel", kind: "values", values: [fuel] });
    }
    const sortBy = pick(random, SORTS);
    const page = roll() < 0.7 ? 1 : 2 + Math.floor(roll() * 3);
    const state: SearchState = {
      filters,
      query: keywords ? pick(random, KEYWORDS) : "",
      sortBy,
      page,
    };
    const facets = requestedFacets(settings, state);
    const queries = buildSearchQueries(state, settings, {
      facets,
      attributesToHighlight: keywords ? ["*"] : [],
    });
    const [attribute = "custom_rank", direction] = sortBy.split(":");
    pages.push({
      state,
      queries,
      refinements,
      sort: { attribute, descending: direction === "desc" },
      limit: settings.searchPageSize,
      offset: (page - 1) * settings.searchPageSize,
      facets,
    });
  }
  return pages;
}

/** Numeric facets: their counts come with min/max stats. */
export const NUMERIC_BENCH_FACETS = new Set<string>([
  "price",
  "km",
  "year",
  "seats",
  "subscription_price",
  "created_at_timestamp",
]);
