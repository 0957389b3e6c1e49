/**
 * Search scopes: the stock-search base paths of docs/product/search-and-urls.md, "Routes" (/search
 * and variants) that are not facet combinations of the URL codec (search-url.ts), and what each one
 * lists.
 *
 *   /search                          all listed stock
 *   /search/new-used-and-demo-cars   all listed stock (the "new, used and demo" page)
 *   /search/subscription-cars        vehicles offered by subscription
 *   /pre-owned                       used vehicles
 *   /find/rental-cars                rental vehicles
 *
 * The codec's shapes hang off each scope's path (/pre-owned/make/Toyota, /search/used-cars), so a
 * visitor who filters stays in the scope. A scope's own filter is fixed: it is not a facet
 * selection, shows no chip and cannot be removed. `/search/{dealership_slug}` and
 * `/search/{location slug}` (View Our Stock) are a dealership or location selection written as a
 * slug; they are the canonical form of that selection when it is the only facet chosen.
 */
import { compare, toFilterString } from "./filter-expression";
import { findManufacturer } from "./manufacturers";
import type { SearchFacet } from "./search-facets";
import {
  buildSearchUrl,
  EMPTY_SEARCH_STATE,
  parseSearchUrl,
  pathCombinationFor,
  type SearchFilters,
  type SearchState,
} from "./search-url";
import type { SiteSettings } from "./site-settings";

export type SearchScopeId = "all" | "new-used-and-demo" | "subscription" | "pre-owned" | "rental";

export type SearchScope = {
  id: SearchScopeId;
  /** The base path the codec's segments hang off. */
  path: string;
  /** Heading noun of the page ('Pre-owned vehicles'); null = built from the filters. */
  title: string | null;
  /** The fixed filter of the scope, ANDed onto every query; null = none. */
  filter: string | null;
};

/** Longest path first, so /search/subscription-cars is not read as /search + a segment. */
export const SEARCH_SCOPES: readonly SearchScope[] = [
  {
    id: "new-used-and-demo",
    path: "/search/new-used-and-demo-cars",
    title: "New, used and demo vehicles",
    filter: null,
  },
  {
    id: "subscription",
    path: "/search/subscription-cars",
    title: "Subscription vehicles",
    filter: toFilterString(compare("subscription_price", ">", 0)),
  },
  {
    id: "pre-owned",
    path: "/pre-owned",
    title: "Pre-owned vehicles",
    filter: toFilterString(compare("car_type", "=", "used")),
  },
  {
    id: "rental",
    path: "/find/rental-cars",
    title: "Rental vehicles",
    filter: toFilterString(compare("item_type", "=", "rental")),
  },
  { id: "all", path: "/search", title: null, filter: null },
];

function trimSlashes(path: string): string {
  return path.replace(/\/+$/, "") || "/";
}

function within(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`);
}

/** The scope a path belongs to, or null when it is not a search path. */
export function searchScopeFor(pathname: string): SearchScope | null {
  const path = trimSlashes(pathname);
  return SEARCH_SCOPES.find((scope) => within(path, scope.path)) ?? null;
}

/** The site's own search base: the scope of its default search path (/search/new-cars -> /search). */
export function siteSearchBasePath(settings: Pick<SiteSettings, "defaultSearchPath">): string {
  return searchScopeFor(settings.defaultSearchPath)?.path ?? "/search";
}

/** A dealership or location the site's stock can be narrowed to by slug. */
export type SlugTarget = { slug: string; facet: "dealership_name" | "location_name"; name: string };

/**
 * The search state of a path, or null for a path that is neither a codec shape nor a slug nor a
 * make (an unknown segment: the page is a 404).
 *
 * Besides the codec's shapes, a scope accepts `/{make slug}` (a make in any spelling the
 * catalogue knows, as in /search/new-used-and-demo-cars/isuzu), and /search accepts
 * `/{dealership or location slug}`.
 */
export function parseScopedSearchUrl(
  url: string,
  scope: SearchScope,
  slugTargets: readonly SlugTarget[],
): SearchState | null {
  const parsed = parseSearchUrl(url, { basePath: scope.path });
  if (parsed !== null) return parsed;

  // One extra segment that is not a codec shape: a slug, then a make.
  const withoutQuery = url.split(/[?#]/)[0] ?? "";
  const query = url.slice(withoutQuery.length).split("#")[0] ?? "";
  const rest = trimSlashes(withoutQuery).slice(scope.path.length).split("/").filter(Boolean);
  if (rest.length !== 1) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(rest[0] ?? "");
  } catch {
    return null;
  }
  const others = parseSearchUrl(`${scope.path}${query}`, { basePath: scope.path });
  if (others === null) return null;

  const target =
    scope.id === "all"
      ? slugTargets.find((t) => t.slug.toLowerCase() === segment.toLowerCase())
      : undefined;
  const make = target ? null : findManufacturer(segment);
  if (!target && !make) return null;
  const facet: SearchFacet = target ? target.facet : "make";
  const value = target ? target.name : (make?.name ?? segment);
  return {
    ...others,
    filters: {
      ...others.filters,
      [facet]: [...new Set([value, ...(others.filters[facet] ?? [])])],
    },
  };
}

/**
 * The canonical URL of a state in a scope: the codec's URL, except that a dealership or location
 * chosen alone as the path combination is written as its slug (/search/{slug}).
 */
export function buildScopedSearchUrl(
  state: SearchState,
  scope: SearchScope,
  slugTargets: readonly SlugTarget[],
): string {
  const url = buildSearchUrl(state, { basePath: scope.path });
  if (scope.id !== "all") return url;
  const combination = pathCombinationFor(state.filters);
  if (combination?.length !== 1) return url;
  const facet = combination[0];
  if (facet !== "dealership_name" && facet !== "location_name") return url;
  const name = state.filters[facet]?.[0];
  const target = slugTargets.find((t) => t.facet === facet && t.name === name);
  if (!target) return url;
  const codecPath = buildSearchUrl(
    { ...EMPTY_SEARCH_STATE, filters: { [facet]: [name ?? ""] } as SearchFilters },
    { basePath: scope.path },
  );
  return `${scope.path}/${encodeURIComponent(target.slug)}${url.slice(codecPath.length)}`;
}
