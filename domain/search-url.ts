/**
 * The search URL codec (docs/product/search-and-urls.md, "Search URL rules").
 *
 * A single selected facet combination becomes path segments; every other facet becomes a
 * comma-separated query parameter, plus `query`, `sortBy` and `page` (the page number, page 1
 * omitted). Shapes, after the site's search base path (e.g. /search):
 *
 *   /used-cars                 car_type
 *   /used-cars/Toyota          car_type/make
 *   /used-cars/NSW/Sydney      car_type/state/city
 *   /dealership/{name}         dealership_name
 *   /state/{state}             state
 *   /city/{city}[/{make}]      city, city/make
 *   /location/{name}[/{make}]  location_name, location_name/make
 *   /make/{make}[/{model}]     make, make/make_model
 *   /body/{v} /drive/{v} /fuel/{v} /category/{v}
 *
 * Car types read as '{type}-cars' as in the routes (/search/used-cars); every other
 * combination starts with a word naming it, so parsing never has to guess which facet a value
 * belongs to. Values keep their exact spelling (percent-encoded), so parse and build are inverse.
 */
import { SORT_OPTIONS, type SortOption } from "./site-constants";
import { isSearchFacet, SEARCH_FACETS, type SearchFacet } from "./search-facets";
import { CAR_TYPES } from "./vehicle";

export type SearchFilters = Partial<Record<SearchFacet, readonly string[]>>;

export type SearchState = {
  /** Selected values per facet; range facets hold 'min:max'. */
  filters: SearchFilters;
  query: string;
  /** null = the site's default sort. */
  sortBy: SortOption | null;
  /** 1-based page number. */
  page: number;
};

export const EMPTY_SEARCH_STATE: SearchState = { filters: {}, query: "", sortBy: null, page: 1 };

export type SearchUrlOptions = {
  /** Path the codec's segments hang off, e.g. '/search' (no trailing slash). */
  basePath: string;
};

export const DEFAULT_SEARCH_URL_OPTIONS: SearchUrlOptions = { basePath: "/search" };

/** The word that starts each path combination (car_type uses the '{type}-cars' form instead). */
const PATH_WORDS = {
  dealership_name: "dealership",
  state: "state",
  city: "city",
  location_name: "location",
  make: "make",
  body: "body",
  drive: "drive",
  fuel: "fuel",
  categories: "category",
} as const satisfies Partial<Record<SearchFacet, string>>;

/**
 * The path combinations, in the order build prefers them: longer combinations first, so the
 * path carries as much of the selection as it can.
 */
export const PATH_COMBINATIONS: readonly (readonly SearchFacet[])[] = [
  ["car_type", "state", "city"],
  ["car_type", "make"],
  ["city", "make"],
  ["location_name", "make"],
  ["make", "make_model"],
  ["car_type"],
  ["dealership_name"],
  ["state"],
  ["city"],
  ["location_name"],
  ["make"],
  ["body"],
  ["drive"],
  ["fuel"],
  ["categories"],
];

const CAR_TYPE_SEGMENT = /^(new|used|demo)-cars$/;

/** Drops empty and repeated values, empty facets, a blank query and impossible pages. */
export function normalizeSearchState(state: SearchState): SearchState {
  const filters: SearchFilters = {};
  for (const facet of SEARCH_FACETS) {
    const given = state.filters[facet];
    // Most facets are unset, and most set ones hold one value: no set is made for those.
    if (!given?.length) continue;
    const values = given.filter((value) => value !== "");
    const distinct = values.length > 1 ? [...new Set(values)] : values;
    if (distinct.length > 0) filters[facet] = distinct;
  }
  const page = Number.isSafeInteger(state.page) && state.page >= 1 ? state.page : 1;
  return { filters, query: state.query.trim(), sortBy: state.sortBy, page };
}

function encodePathValue(value: string): string {
  // Browsers collapse '.' and '..' path segments, so those two are percent-encoded too.
  if (value === "." || value === "..") return value.replaceAll(".", "%2E");
  return encodeURIComponent(value);
}

function encodeQueryValue(value: string): string {
  // ':' stays readable for 'min:max' ranges; ',' is encoded because it separates values.
  return encodeURIComponent(value).replaceAll("%3A", ":").replaceAll("%20", "+");
}

function decodeQueryValue(value: string): string | null {
  try {
    return decodeURIComponent(value.replaceAll("+", " "));
  } catch {
    return null;
  }
}

function decodePathValue(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

function singleValue(filters: SearchFilters, facet: SearchFacet): string | null {
  const values = filters[facet];
  if (values?.length !== 1) return null;
  const value = values[0];
  if (value === undefined || value === "") return null;
  if (facet === "car_type" && !(CAR_TYPES as readonly string[]).includes(value)) return null;
  return value;
}

function pathSegments(combination: readonly SearchFacet[], values: readonly string[]): string[] {
  const first = combination[0];
  if (first === "car_type") {
    const [carType = "", ...rest] = values;
    return [`${carType}-cars`, ...rest.map(encodePathValue)];
  }
  return [PATH_WORDS[first as keyof typeof PATH_WORDS], ...values.map(encodePathValue)];
}

/** The path combination a state's selection uses, if any. */
export function pathCombinationFor(filters: SearchFilters): readonly SearchFacet[] | null {
  return (
    PATH_COMBINATIONS.find((combination) =>
      combination.every((facet) => singleValue(filters, facet) !== null),
    ) ?? null
  );
}

/** Builds the canonical search URL (path and query string) of a state. */
export function buildSearchUrl(
  state: SearchState,
  options: SearchUrlOptions = DEFAULT_SEARCH_URL_OPTIONS,
): string {
  const normal = normalizeSearchState(state);
  const combination = pathCombinationFor(normal.filters);
  const pathValues = combination?.map((facet) => singleValue(normal.filters, facet) ?? "") ?? [];
  const segments = combination ? pathSegments(combination, pathValues) : [];

  const params: string[] = [];
  for (const facet of SEARCH_FACETS) {
    if (combination?.includes(facet)) continue;
    const values = normal.filters[facet];
    if (values && values.length > 0) {
      params.push(`${facet}=${values.map(encodeQueryValue).join(",")}`);
    }
  }
  if (normal.query !== "") params.push(`query=${encodeQueryValue(normal.query)}`);
  if (normal.sortBy !== null) params.push(`sortBy=${encodeQueryValue(normal.sortBy)}`);
  if (normal.page > 1) params.push(`page=${normal.page}`);

  const path = [options.basePath, ...segments].join("/");
  return params.length > 0 ? `${path}?${params.join("&")}` : path;
}

function parsePath(segments: readonly string[]): SearchFilters | null {
  const [first, ...rest] = segments;
  if (first === undefined) return {};
  const decoded = rest.map(decodePathValue);
  if (decoded.some((value) => value === null || value === "")) return null;
  const values = decoded as string[];

  const carType = CAR_TYPE_SEGMENT.exec(first)?.[1];
  let combination: readonly SearchFacet[] | undefined;
  let allValues: string[];
  if (carType !== undefined) {
    combination = PATH_COMBINATIONS.find(
      (c) => c[0] === "car_type" && c.length === values.length + 1,
    );
    allValues = [carType, ...values];
  } else {
    const facet = (Object.keys(PATH_WORDS) as (keyof typeof PATH_WORDS)[]).find(
      (key) => PATH_WORDS[key] === first,
    );
    combination = PATH_COMBINATIONS.find((c) => c[0] === facet && c.length === values.length);
    allValues = values;
  }
  if (!combination) return null;

  const filters: SearchFilters = {};
  combination.forEach((facet, index) => {
    const value = allValues[index];
    if (value !== undefined) filters[facet] = [value];
  });
  return filters;
}

/**
 * Parses a search URL (absolute or path-only). Returns null when the path is not one of the
 * codec's shapes under the base path, so the route can try it as a dealership or location slug
 * (/search/{dealership_slug}). Unknown query parameters (tracking and the like) are ignored.
 */
export function parseSearchUrl(
  url: string,
  options: SearchUrlOptions = DEFAULT_SEARCH_URL_OPTIONS,
): SearchState | null {
  const withoutOrigin = url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, "");
  const withoutHash = withoutOrigin.split("#")[0] ?? "";
  const questionMark = withoutHash.indexOf("?");
  const path = questionMark === -1 ? withoutHash : withoutHash.slice(0, questionMark);
  const search = questionMark === -1 ? "" : withoutHash.slice(questionMark + 1);

  const base = options.basePath.replace(/\/+$/, "");
  const trimmedPath = path.replace(/\/+$/, "");
  if (trimmedPath !== base && !trimmedPath.startsWith(`${base}/`)) return null;
  const segments = trimmedPath
    .slice(base.length)
    .split("/")
    .filter((segment) => segment !== "");

  const pathFilters = parsePath(segments);
  if (pathFilters === null) return null;

  const filters: Record<string, string[]> = {};
  for (const [facet, values] of Object.entries(pathFilters)) filters[facet] = [...values];
  let query = "";
  let sortBy: SortOption | null = null;
  let page = 1;

  for (const pair of search.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const rawKey = equals === -1 ? pair : pair.slice(0, equals);
    const rawValue = equals === -1 ? "" : pair.slice(equals + 1);
    const key = decodeQueryValue(rawKey);
    if (key === null) continue;
    if (key === "query") {
      query = decodeQueryValue(rawValue) ?? "";
    } else if (key === "sortBy") {
      const value = decodeQueryValue(rawValue);
      sortBy = (SORT_OPTIONS as readonly string[]).includes(value ?? "")
        ? (value as SortOption)
        : null;
    } else if (key === "page") {
      const value = Number(rawValue);
      page = Number.isSafeInteger(value) && value >= 1 ? value : 1;
    } else if (isSearchFacet(key)) {
      const values = rawValue
        .split(",")
        .map(decodeQueryValue)
        .filter((value): value is string => value !== null && value !== "");
      filters[key] = [...(filters[key] ?? []), ...values];
    }
  }

  return normalizeSearchState({ filters, query, sortBy, page });
}

/** Which facets are selected (to show 'clear' controls and count active filters). */
export function selectedFacetCount(state: SearchState): number {
  return Object.values(state.filters).filter((values) => values && values.length > 0).length;
}

/** The state with a facet value toggled on or off; any change of filters goes back to page 1. */
export function toggleFacetValue(
  state: SearchState,
  facet: SearchFacet,
  value: string,
): SearchState {
  const current = state.filters[facet] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return normalizeSearchState({ ...state, filters: { ...state.filters, [facet]: next }, page: 1 });
}

/** The state with a range facet set to 'min:max' (null clears it); back to page 1. */
export function setRangeFacet(
  state: SearchState,
  facet: SearchFacet,
  range: { min: number | null; max: number | null } | null,
): SearchState {
  const value =
    range === null || (range.min === null && range.max === null)
      ? []
      : [`${range.min ?? ""}:${range.max ?? ""}`];
  return normalizeSearchState({ ...state, filters: { ...state.filters, [facet]: value }, page: 1 });
}
