/**
 * Query building for the Meilisearch-compatible vehicle search (docs/product/search-and-urls.md:
 * "Search calls"), the "Search query rules", "Sort" and "Pagination".
 *
 * One multi-search: the hits query first, then one query per facet with limit 1 and that facet's
 * own filter removed, so each facet's counts show what choosing another of its values would give
 * (disjunctive faceting).
 */
import {
  and,
  compare,
  isIn,
  or,
  toFilterString,
  type ComparisonOperator,
  type FilterNode,
} from "./filter-expression";
import { vehicleByIdFilter } from "./listing";
import { makeAliases } from "./manufacturers";
import {
  BOOLEAN_FACETS,
  NUMERIC_FACETS,
  RANGE_FACETS,
  SEARCH_FACETS,
  type SearchFacet,
} from "./search-facets";
import type { SearchFilters, SearchState } from "./search-url";
import type { SiteSettings, SortOption } from "./site-settings";

/** Search collections. */
export const SEARCH_COLLECTIONS = {
  cars: "Car_production",
  offers: "Offer_production",
  parts: "Part_production",
} as const;

/** The default search window when no page is asked for. */
export const DEFAULT_SEARCH_LIMIT = 100;
export const DEFAULT_SEARCH_OFFSET = 0;

/** Limit of the per-facet count queries. */
export const FACET_QUERY_LIMIT = 1;

/** Highlight tags, as InstantSearch's Meilisearch adapter uses them. */
export const HIGHLIGHT_PRE_TAG = "__ais-highlight__";
export const HIGHLIGHT_POST_TAG = "__/ais-highlight__";

/** One query of the multi-search body `{queries: [...]}`. */
export type SearchQuery = {
  indexUid: string;
  q: string;
  facets: string[];
  attributesToHighlight: string[];
  highlightPreTag: string;
  highlightPostTag: string;
  limit: number;
  offset: number;
  /** Omitted when nothing filters the query. */
  filter?: string;
  sort: string[];
};

/** Sort option labels (docs/product/search-and-urls.md, "Sort"). */
export const SORT_LABELS: Readonly<Record<SortOption, string>> = {
  "custom_rank:desc": "Most Relevant",
  "created_at_timestamp:desc": "Latest",
  "price:desc": "Price: High to Low",
  "price:asc": "Price: Low to High",
  "subscription_price:desc": "Subscription: High to Low",
  "subscription_price:asc": "Subscription: Low to High",
  "km:desc": "Odometer: High to Low",
  "km:asc": "Odometer: Low to High",
};

/** The sort options a site offers: subscription prices only where subscriptions are sold. */
export function sortOptionsFor(
  settings: Pick<SiteSettings, "offersSubscription">,
): { value: SortOption; label: string }[] {
  return (Object.keys(SORT_LABELS) as SortOption[])
    .filter((value) => settings.offersSubscription || !value.startsWith("subscription_price"))
    .map((value) => ({ value, label: SORT_LABELS[value] }));
}

/** The visitor's sort, else the site's default (latest, price ascending or relevance). */
export function effectiveSort(
  sortBy: SortOption | null,
  settings: Pick<SiteSettings, "defaultSort">,
): SortOption {
  return sortBy ?? settings.defaultSort;
}

/** Double quotes are stripped from filter values. */
export function stripDoubleQuotes(value: string): string {
  return value.replaceAll('"', "");
}

/** Stock-number style queries are letters, 3 or more digits, letters. */
const STOCK_NUMBER_QUERY = /^[A-Za-z]*\d{3,}[A-Za-z]*$/;

export function isStockNumberQuery(query: string): boolean {
  return STOCK_NUMBER_QUERY.test(query.trim());
}

/**
 * The keyword sent to the search: a stock-number style query is quoted so the engine matches it
 * as a phrase instead of splitting or typo-correcting it.
 */
export function searchKeyword(query: string): string {
  const trimmed = query.trim();
  return isStockNumberQuery(trimmed) ? `"${trimmed}"` : trimmed;
}

function parseBound(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * A 'min:max' range value as >= and <= clauses. Either side may be empty for
 * an open range; a value that is not a range yields null.
 */
export function rangeFilter(attribute: string, value: string): FilterNode | null {
  const parts = stripDoubleQuotes(value).split(":");
  if (parts.length !== 2) return null;
  const [minText = "", maxText = ""] = parts;
  const min = parseBound(minText);
  const max = parseBound(maxText);
  if ((minText.trim() !== "" && min === null) || (maxText.trim() !== "" && max === null)) {
    return null;
  }
  const clauses: FilterNode[] = [];
  if (min !== null) clauses.push(compare(attribute, ">=", min));
  if (max !== null) clauses.push(compare(attribute, "<=", max));
  if (clauses.length === 0) return null;
  return clauses.length === 1 ? (clauses[0] ?? null) : and(...clauses);
}

/** Array values containing '<' or '>' are raw range expressions. */
export function isRawRangeExpression(value: string): boolean {
  return value.includes("<") || value.includes(">");
}

const RAW_COMPARISON = /^\s*([A-Za-z_][\w.]*)?\s*(<=|>=|<|>|=)\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * A raw range expression such as 'km < 10000', '>= 2018' or 'price >= 10000 AND price < 20000'.
 * Only numeric comparisons joined by AND are accepted: a URL must not be able to smuggle any
 * other filter in. A comparison without an attribute applies to the facet itself.
 */
export function rawRangeFilter(facet: string, value: string): FilterNode | null {
  const clauses: FilterNode[] = [];
  for (const part of stripDoubleQuotes(value).split(/\s+AND\s+/)) {
    const match = RAW_COMPARISON.exec(part);
    if (!match) return null;
    const [, attribute = facet, operator, number] = match;
    clauses.push(compare(attribute, operator as ComparisonOperator, Number(number)));
  }
  if (clauses.length === 0) return null;
  return clauses.length === 1 ? (clauses[0] ?? null) : and(...clauses);
}

/** One selected value of a facet as a filter clause. */
export function facetValueFilter(facet: SearchFacet, rawValue: string): FilterNode | null {
  if (isRawRangeExpression(rawValue)) return rawRangeFilter(facet, rawValue);
  const value = stripDoubleQuotes(rawValue).trim();
  if (value === "") return null;
  if (RANGE_FACETS.has(facet) && value.includes(":")) return rangeFilter(facet, value);
  if (NUMERIC_FACETS.has(facet) && parseBound(value) !== null) {
    return compare(facet, "=", Number(value));
  }
  if (BOOLEAN_FACETS.has(facet) && (value === "true" || value === "false")) {
    return compare(facet, "=", value === "true");
  }
  if (facet === "make") {
    // Make filters map aliases (docs/product/sites-and-settings.md, "Manufacturers"): 'GWM' also
    // finds 'Haval' stock.
    const spellings = makeAliases(value);
    return spellings.length > 1 ? isIn("make", spellings) : compare("make", "=", value);
  }
  return compare(facet, "=", value);
}

/** The selected values of one facet, ORed (a vehicle matches any chosen value). */
export function facetFilter(facet: SearchFacet, values: readonly string[]): FilterNode | null {
  const clauses = values
    .map((value) => facetValueFilter(facet, value))
    .filter((node): node is FilterNode => node !== null);
  if (clauses.length === 0) return null;
  return clauses.length === 1 ? (clauses[0] ?? null) : or(...clauses);
}

/**
 * The filter string of a set of selections, optionally without one facet (for that facet's
 * count query) and with a base filter in front (the site's stock filter on the server).
 */
export function buildSearchFilter(
  filters: SearchFilters,
  options: { excludeFacet?: SearchFacet; baseFilter?: string } = {},
): string {
  const parts: string[] = [];
  const base = options.baseFilter?.trim() ?? "";
  if (base !== "") parts.push(`(${base})`);
  const nodes: FilterNode[] = [];
  for (const facet of SEARCH_FACETS) {
    const values = filters[facet];
    if (facet === options.excludeFacet || !values?.length) continue;
    const node = facetFilter(facet, values);
    if (node) nodes.push(node);
  }
  if (nodes.length > 0) parts.push(toFilterString(and(...nodes)));
  return parts.join(" AND ");
}

/** The highest page number a URL may ask for (far beyond any site's stock). */
export const MAX_PAGE_NUMBER = 100_000;

/**
 * The page number of a `page` query parameter: a whole number from 1 to MAX_PAGE_NUMBER written
 * in digits; anything else (`0`, `abc`, `1e309`, `-2`, `2.5`) is page 1.
 */
export function pageNumberParam(value: string | null | undefined): number {
  const text = (value ?? "").trim();
  if (!/^\d{1,6}$/.test(text)) return 1;
  const page = Number(text);
  return page >= 1 && page <= MAX_PAGE_NUMBER ? page : 1;
}

/** Offset = page index times hits per page (page 1 is offset 0). */
export function pageOffset(pageIndex: number, hitsPerPage: number): number {
  return Math.max(0, Math.floor(pageIndex)) * hitsPerPage;
}

/** Page count = ceiling of estimated total hits divided by limit. */
export function pageCount(estimatedTotalHits: number, limit: number): number {
  if (limit <= 0 || estimatedTotalHits <= 0) return 0;
  return Math.ceil(estimatedTotalHits / limit);
}

/** Hits per page: 21 on most sites, 20 on others. */
export function hitsPerPage(settings: Pick<SiteSettings, "searchPageSize">): number {
  return settings.searchPageSize;
}

export type BuildSearchQueriesOptions = {
  /** Facets to count, in sidebar order (usually `settings.enabledFacets`). */
  facets: readonly SearchFacet[];
  indexUid?: string;
  /** Filter ANDed in front of every query (the site's stock filter, server side). */
  baseFilter?: string;
  attributesToHighlight?: string[];
};

/**
 * The multi-search queries for a search state: hits first, then one count query per facet with
 * limit 1 and that facet's own filter removed.
 */
export function buildSearchQueries(
  state: SearchState,
  settings: Pick<SiteSettings, "searchPageSize" | "defaultSort">,
  options: BuildSearchQueriesOptions,
): SearchQuery[] {
  const perPage = hitsPerPage(settings);
  const common = {
    indexUid: options.indexUid ?? SEARCH_COLLECTIONS.cars,
    q: searchKeyword(state.query),
    attributesToHighlight: options.attributesToHighlight ?? ["*"],
    highlightPreTag: HIGHLIGHT_PRE_TAG,
    highlightPostTag: HIGHLIGHT_POST_TAG,
    sort: [effectiveSort(state.sortBy, settings)],
  };
  const withFilter = (query: SearchQuery, filter: string): SearchQuery =>
    filter === "" ? query : { ...query, filter };

  const hits = withFilter(
    {
      ...common,
      facets: [],
      limit: perPage,
      offset: pageOffset(Math.max(1, state.page) - 1, perPage),
    },
    buildSearchFilter(state.filters, { baseFilter: options.baseFilter }),
  );
  const facetQueries = options.facets.map((facet) =>
    withFilter(
      { ...common, facets: [facet], limit: FACET_QUERY_LIMIT, offset: 0 },
      buildSearchFilter(state.filters, { excludeFacet: facet, baseFilter: options.baseFilter }),
    ),
  );
  return [hits, ...facetQueries];
}

/** A query for cars by filter alone: no keyword, no facets, the first `limit` in `sort` order. */
export function carsQuery(
  filter: string,
  { limit, sort = [] }: { limit: number; sort?: string[] },
): SearchQuery {
  return {
    indexUid: SEARCH_COLLECTIONS.cars,
    q: "",
    facets: [],
    attributesToHighlight: [],
    highlightPreTag: HIGHLIGHT_PRE_TAG,
    highlightPostTag: HIGHLIGHT_POST_TAG,
    limit,
    offset: 0,
    filter,
    sort,
  };
}

/** The single-vehicle lookup: base filter plus id equality, limit 1. */
export function buildVehicleByIdQuery(baseFilter: string, id: number): SearchQuery {
  return carsQuery(vehicleByIdFilter(baseFilter, id), { limit: 1 });
}

export type OfferSearch = {
  manufacturer?: string | null;
  model?: string | null;
  body?: string | null;
  query?: string;
  offset?: number;
};

/** The offers search: manufacturer.name, model.name, model.body, query, offset. */
export function buildOfferSearchQuery(search: OfferSearch): SearchQuery {
  const clauses: FilterNode[] = [];
  const add = (attribute: string, value: string | null | undefined) => {
    const clean = value ? stripDoubleQuotes(value).trim() : "";
    if (clean !== "") clauses.push(compare(attribute, "=", clean));
  };
  add("manufacturer.name", search.manufacturer);
  add("model.name", search.model);
  add("model.body", search.body);
  const query: SearchQuery = {
    indexUid: SEARCH_COLLECTIONS.offers,
    q: (search.query ?? "").trim(),
    facets: [],
    attributesToHighlight: [],
    highlightPreTag: HIGHLIGHT_PRE_TAG,
    highlightPostTag: HIGHLIGHT_POST_TAG,
    limit: DEFAULT_SEARCH_LIMIT,
    offset: search.offset ?? DEFAULT_SEARCH_OFFSET,
    sort: [],
  };
  return clauses.length > 0 ? { ...query, filter: toFilterString(and(...clauses)) } : query;
}
