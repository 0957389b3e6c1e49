/**
 * The search facets (docs/product/search-and-urls.md, "Facets") and the search page's facet limits
 * and texts (docs/product/search-and-urls.md, "Search page").
 */
import { canonicalMakeName, POPULAR_MAKES } from "./manufacturers";
import type { SiteSettings } from "./site-settings";

export const SEARCH_FACETS = [
  "status",
  "badge",
  "car_type",
  "categories",
  "city",
  "colour",
  "dealership_name",
  "filtered_features",
  "item_type",
  "km",
  "location_name",
  "make",
  "make_model",
  "model",
  "price",
  "price_range",
  "subscription_price",
  "seats",
  "body",
  "drive",
  "fuel",
  "transmission",
  "state",
  "tag",
  "weekly_price_range",
  "year",
  "certified",
  "created_at_timestamp",
] as const;
export type SearchFacet = (typeof SEARCH_FACETS)[number];

/**
 * Facets whose selected value is a 'min:max' range (docs/product/search-and-urls.md,
 * "Search query rules").
 */
export const RANGE_FACETS: ReadonlySet<SearchFacet> = new Set<SearchFacet>([
  "price",
  "km",
  "year",
  "subscription_price",
  "created_at_timestamp",
]);

/** Range facets whose bounds are sums of money, shown with '$' on chips and range labels. */
export const MONEY_FACETS: ReadonlySet<SearchFacet> = new Set<SearchFacet>([
  "price",
  "subscription_price",
]);

/** Facets holding numbers: their values are written unquoted in filters. */
export const NUMERIC_FACETS: ReadonlySet<SearchFacet> = new Set<SearchFacet>([
  "price",
  "km",
  "year",
  "subscription_price",
  "seats",
  "created_at_timestamp",
]);

/** Facets holding booleans: 'true'/'false' are written as filter booleans. */
export const BOOLEAN_FACETS: ReadonlySet<SearchFacet> = new Set<SearchFacet>(["certified"]);

export function isSearchFacet(name: string): name is SearchFacet {
  return (SEARCH_FACETS as readonly string[]).includes(name);
}

/** Limits of the filter sidebar. */
export const CITY_FILTER_LIMIT = 20;
export const DEALERSHIP_FILTER_LIMIT = 40;
export const MODELS_LIMIT = 30;
export const SHOW_ALL_MAKES_LIMIT = 7;

/** Keyword box debounce. */
export const KEYWORD_DEBOUNCE_MS = 300;

/** The search page's exact texts. */
export const SEARCH_PAGE_TEXT = {
  keywordPlaceholder: "Keyword search eg. EV, SUV, Toyota",
  cityPanelHeading: "Location",
  dealershipPanelHeading: "Dealership",
  selectModels: "Select models",
  hideModels: "Hide",
  showAllMakes: "Show all makes",
  hideExtraMakes: "Hide extra makes",
  somethingSimilar: "Like this and want something similar?",
} as const;

/** How many values of a facet the sidebar lists; null = no limit. */
export function facetValueLimit(facet: SearchFacet): number | null {
  switch (facet) {
    case "city":
      return CITY_FILTER_LIMIT;
    case "dealership_name":
      return DEALERSHIP_FILTER_LIMIT;
    case "model":
    case "make_model":
      return MODELS_LIMIT;
    default:
      return null;
  }
}

export type FacetValueCount = { value: string; count: number };

/**
 * A facet distribution as the sidebar lists it: most vehicles first (ties by name, so the order
 * is stable), cut at the facet's limit. Selected values are always kept so a visitor can
 * unselect them.
 */
export function facetValuesForDisplay(
  facet: SearchFacet,
  distribution: Readonly<Record<string, number>>,
  selected: readonly string[] = [],
): FacetValueCount[] {
  const all = Object.entries(distribution)
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  const limit = facetValueLimit(facet);
  if (limit === null) return all;
  const shown = all.slice(0, limit);
  const missingSelected = all.slice(limit).filter((entry) => selected.includes(entry.value));
  return [...shown, ...missingSelected];
}

/**
 * A site's popular makes (docs/product/search-and-urls.md, "Search page": collapsed, the 7
 * popular makes show): its own list (setting `popularMakes`), or the 7 makes with the most
 * vehicles in `counts` (the site's stock by make), most first, then by name.
 */
export function popularMakes(
  counts: Readonly<Record<string, number>>,
  setting: SiteSettings["popularMakes"],
): string[] {
  if (setting !== "from stock") return [...setting];
  return Object.entries(counts)
    .filter(([, count]) => count > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .slice(0, SHOW_ALL_MAKES_LIMIT)
    .map(([make]) => make);
}

/**
 * The make cards: collapsed, only the popular makes on offer plus any selected make; with
 * 'Show all makes', every make, popular ones first. `popular` is the site's (`popularMakes`);
 * the catalogue's list when none is given.
 */
export function makesForDisplay(
  available: readonly string[],
  showAll: boolean,
  selected: readonly string[] = [],
  popular: readonly string[] = POPULAR_MAKES,
): string[] {
  const ranks = popular.map(canonicalMakeName);
  const popularRank = (make: string) => {
    const index = ranks.indexOf(canonicalMakeName(make));
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  const ordered = [...new Set(available)].sort(
    (a, b) => popularRank(a) - popularRank(b) || a.localeCompare(b),
  );
  if (showAll) return ordered;
  return ordered.filter(
    (make) => popularRank(make) < SHOW_ALL_MAKES_LIMIT || selected.includes(make),
  );
}
