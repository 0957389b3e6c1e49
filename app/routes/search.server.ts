/**
 * The search results page's loader work: read the URL (codec, scope, dealership and location
 * slugs, the filter form's GET query), refuse unknown segments (404), send non-canonical URLs to
 * the canonical one (301), run one multi-search (hits and one disjunctive count query per facet)
 * and shape what the page renders. Server-only; every rule comes from domain/.
 */
import { data, redirect } from "react-router";
import { keywordPhrasesAsFilters } from "~/domain/keyword-filters";
import { findManufacturer, makeDisplayName } from "~/domain/manufacturers";
import {
  MONEY_FACETS,
  facetValuesForDisplay,
  makesForDisplay,
  popularMakes,
  RANGE_FACETS,
  isSearchFacet,
  SEARCH_PAGE_TEXT,
  type SearchFacet,
} from "~/domain/search-facets";
import {
  canonicalSearchState,
  collapsedMakes,
  dropOrphanModels,
  facetLabel,
  facetValueLabel,
  isIndexableSearch,
  isSearchFormQuery,
  makeOfMakeModel,
  mockErrorOf,
  modelOfMakeModel,
  parseRangeValue,
  requestedFacets,
  searchFormToQueryString,
  searchPageDescription,
  searchPageHeading,
  searchPageTitle,
} from "~/domain/search-page";
import {
  buildSearchQueries,
  effectiveSort,
  hitsPerPage,
  pageCount,
  sortOptionsFor,
} from "~/domain/search-query";
import {
  buildScopedSearchUrl,
  parseScopedSearchUrl,
  searchScopeFor,
  type SearchScope,
  type SlugTarget,
} from "~/domain/search-scope";
import {
  pathCombinationFor,
  setRangeFacet,
  toggleFacetValue,
  type SearchState,
} from "~/domain/search-url";
import type { SortOption } from "~/domain/site-settings";
import type { Vehicle } from "~/domain/vehicle";
import { loadSiteLocations } from "~/server/content/locations";
import type { RequestContext } from "~/server/http/load-context";
import type { MultiSearchResult } from "~/server/search";
import type { Seo } from "~/app/components/content/seo";
import { pagerItems } from "~/app/components/search/search-pager";
import { packedCardOf, type PackedCard } from "~/app/components/vehicle-card/card-vehicle";
import { formatNumber } from "~/domain/number-format";
import { formatAmount } from "~/domain/vehicle-price";
import {
  packPanels,
  packSlugTargets,
  type PackedPanel,
  type PackedSlugTarget,
} from "~/app/components/search/packed-page-data";

/** A filter's choice. Whether it is checked comes from the page's search state, in the browser too. */
export type FacetOption = { value: string; label: string; count: number };

export type MakeOption = FacetOption & {
  /** Shown before 'Show all makes' (popular or selected). */
  popular: boolean;
  logoUrl: string | null;
  /** Models of a selected make (make_model values), at most 30. */
  models: FacetOption[] | null;
};

export type FacetPanel =
  | { kind: "list"; facet: SearchFacet; label: string; options: FacetOption[] }
  | { kind: "makes"; facet: "make"; label: string; options: MakeOption[]; modelsFacet: boolean }
  | {
      kind: "range";
      facet: SearchFacet;
      label: string;
      min: number | null;
      max: number | null;
      stats: { min: number; max: number } | null;
    };

export type SelectedChip = { facet: SearchFacet; value: string; label: string; href: string };

export type SearchPageData = {
  scope: Pick<SearchScope, "id" | "path">;
  /** Dealership and location slugs, packed (`unpackSlugTargets` reads them). */
  slugTargets: PackedSlugTarget[];
  state: SearchState;
  /** The canonical path and query of this page. */
  url: string;
  heading: string;
  seo: Seo;
  /** Position of the page's first vehicle in the whole list (for the JSON-LD ItemList). */
  offset: number;
  total: number;
  page: number;
  pageCount: number;
  perPage: number;
  sort: SortOption;
  sortOptions: { value: SortOption; label: string }[];
  /** The results' cards, packed (`unpackCard` reads them). */
  cards: PackedCard[];
  /** The filter panels, their options packed (`unpackPanels` reads them). */
  panels: PackedPanel[];
  chips: SelectedChip[];
  clearAllHref: string | null;
  /** Links of the pager's pages (first, last, and around the current page). */
  pageHref: Record<number, string>;
};

/** Dealership and location slugs (View Our Stock). */
function loadSlugTargets(context: RequestContext): Promise<SlugTarget[]> {
  const { site } = context;
  return loadSiteLocations(context).then((locations) => [
    ...site.dealerships.map((d) => ({
      slug: d.slug,
      facet: "dealership_name" as const,
      name: d.name,
    })),
    ...locations
      .filter((l) => l.visible)
      .map((l) => ({ slug: l.slug, facet: "location_name" as const, name: l.name })),
  ]);
}

function notFound(): never {
  throw data({ reason: "search-not-found" }, { status: 404 });
}

/** Query parameters the search URL owns; anything else (utm_*, gclid...) is passed through. */
function isSearchParam(key: string): boolean {
  return key === "query" || key === "sortBy" || key === "page" || isSearchFacet(key);
}

function isFormField(key: string): boolean {
  return (
    isSearchParam(key) || [...RANGE_FACETS].some((f) => key === `${f}_min` || key === `${f}_max`)
  );
}

/**
 * React Router hands loaders the URL with its query re-serialised as form data (',' becomes
 * '%2C', ':' '%3A', ' ' '+'), so the raw text the visitor sent is gone. Both sides are therefore
 * compared as decoded parameter lists, and a comma inside a value is read as the codec's
 * separator (the codec writes a value's own commas as '%2C', which the re-serialisation makes
 * indistinguishable; no demo value has one).
 */
function codecQuery(params: URLSearchParams): string {
  const parts: string[] = [];
  for (const [key, value] of params) {
    parts.push(`${encodeURIComponent(key)}=${value.split(",").map(encodeURIComponent).join(",")}`);
  }
  return parts.join("&");
}

/** The request's own search parameters (decoded, in order) and the others (utm_*, gclid...). */
function splitParams(params: URLSearchParams): {
  own: URLSearchParams;
  passThrough: URLSearchParams;
} {
  const own = new URLSearchParams();
  const passThrough = new URLSearchParams();
  for (const [key, value] of params) (isFormField(key) ? own : passThrough).append(key, value);
  return { own, passThrough };
}

/** Whether the request is already the canonical URL (path as sent, query compared decoded). */
function isCanonicalRequest(url: URL, own: URLSearchParams, canonical: string): boolean {
  const question = canonical.indexOf("?");
  const path = question === -1 ? canonical : canonical.slice(0, question);
  const query = question === -1 ? "" : canonical.slice(question + 1);
  const expected = new URLSearchParams();
  for (const pair of query.split("&")) {
    if (pair === "") continue;
    const [key = "", value = ""] = pair.split("=");
    expected.append(
      decodeURIComponent(key),
      value
        .split(",")
        .map((v) => decodeURIComponent(v.replaceAll("+", " ")))
        .join(","),
    );
  }
  return url.pathname === path && own.toString() === expected.toString();
}

function withQuery(path: string, extra: string): string {
  if (extra === "") return path;
  return `${path}${path.includes("?") ? "&" : "?"}${extra}`;
}

/**
 * Path values must name something the site lists: a case or alias variant is rewritten to the
 * stock's spelling, an unknown value is a 404 (a catalogue make with no stock is an empty page).
 */
function checkPathValues(
  state: SearchState,
  facetResults: Map<SearchFacet, MultiSearchResult>,
): SearchState {
  const combination = pathCombinationFor(state.filters) ?? [];
  let filters = state.filters;
  for (const facet of combination) {
    if (facet === "car_type") continue;
    const value = filters[facet]?.[0] ?? "";
    const known = Object.keys(facetResults.get(facet)?.facetDistribution?.[facet] ?? {});
    const match =
      known.find((k) => k === value) ?? known.find((k) => k.toLowerCase() === value.toLowerCase());
    if (match !== undefined) {
      if (match !== value) filters = { ...filters, [facet]: [match] };
      continue;
    }
    if (facet === "make" && findManufacturer(value)) continue;
    notFound();
  }
  return filters === state.filters ? state : { ...state, filters };
}

export async function loadSearchPage(
  context: RequestContext,
  request: Request,
): Promise<SearchPageData> {
  const { site } = context;
  const { settings, locale } = site;
  const url = new URL(request.url);
  const scope = searchScopeFor(url.pathname);
  if (!scope) notFound();
  const slugTargets = await loadSlugTargets(context);

  // The filter form's GET (ranges as two fields) reads as the codec's query string.
  const params = url.searchParams;
  // 'Mock Error' on a site in test mode: the search fails as an unreachable search service would.
  const mockError = mockErrorOf(params, settings.leadApiMode === "mock");
  // A 503 is neither kept by the page cache nor marked cacheable for a CDN.
  if (mockError !== null) throw data({ mockError }, { status: 503 });
  const fromForm = isSearchFormQuery(params);
  const query = fromForm ? searchFormToQueryString(params) : codecQuery(params);
  let state = parseScopedSearchUrl(
    `${url.pathname}${query ? `?${query}` : ""}`,
    scope,
    slugTargets,
  );
  if (state === null) notFound();
  if (fromForm) state = dropOrphanModels(state);
  state = canonicalSearchState(state, settings);
  // 'suv under 40000': the price phrase is a filter, so the page redirects to that filter's URL.
  // Temporarily (302): what a phrase means follows the site's filters, which its staff can change.
  const typed = state;
  state = keywordPhrasesAsFilters(state, settings, locale);
  const phraseRead = state !== typed;

  const facets = requestedFacets(settings, state);
  const queries = buildSearchQueries(state, settings, {
    facets,
    baseFilter: scope.filter ?? undefined,
    attributesToHighlight: [],
  });
  const [hitsResult, ...facetList] = context.search.multiSearch(queries).results;
  if (!hitsResult) throw new Error("search returned no results");
  const facetResults = new Map<SearchFacet, MultiSearchResult>();
  facets.forEach((facet, i) => {
    const result = facetList[i];
    if (result) facetResults.set(facet, result);
  });

  state = checkPathValues(state, facetResults);
  const perPage = hitsPerPage(settings);
  const total = hitsResult.estimatedTotalHits ?? hitsResult.hits.length;
  const pages = pageCount(total, perPage);
  if (state.page > Math.max(1, pages)) notFound();

  const urlOf = (next: SearchState) =>
    buildScopedSearchUrl(canonicalSearchState(next, settings), scope, slugTargets);
  const canonicalUrl = urlOf(state);
  const requested = splitParams(params);
  if (!isCanonicalRequest(url, requested.own, canonicalUrl)) {
    throw redirect(
      withQuery(canonicalUrl, requested.passThrough.toString()),
      phraseRead ? 302 : 301,
    );
  }

  const cards = (hitsResult.hits as Vehicle[]).map(packedCardOf);
  const heading = searchPageHeading(state, scope, settings, locale);
  const offset = (state.page - 1) * perPage;

  const distribution = (facet: SearchFacet) =>
    facetResults.get(facet)?.facetDistribution?.[facet] ?? {};
  const options = (facet: SearchFacet, values: { value: string; count: number }[]): FacetOption[] =>
    values.map(({ value, count }) => ({
      value,
      count,
      label: facetValueLabel(facet, value, settings, locale),
    }));
  const listOptions = (facet: SearchFacet) => {
    const selected = state.filters[facet] ?? [];
    const dist = { ...distribution(facet) };
    for (const value of selected) dist[value] ??= 0;
    return options(facet, facetValuesForDisplay(facet, dist, selected));
  };

  const panels: FacetPanel[] = [];
  for (const facet of facets) {
    if (facet === "make_model") continue;
    const label = facetLabel(facet, locale);
    if (RANGE_FACETS.has(facet)) {
      if (!settings.enabledFacets.includes(facet) && !state.filters[facet]) continue;
      const stats = facetResults.get(facet)?.facetStats?.[facet] ?? null;
      const range = parseRangeValue(state.filters[facet]?.[0] ?? "");
      if (!stats && range.min === null && range.max === null) continue;
      panels.push({ kind: "range", facet, label, min: range.min, max: range.max, stats });
    } else if (facet === "make") {
      const selectedMakes = state.filters.make ?? [];
      const dist = { ...distribution("make") };
      for (const make of selectedMakes) dist[make] ??= 0;
      const available = Object.keys(dist);
      const popular = popularMakes(distribution("make"), settings.popularMakes);
      const collapsed = new Set(collapsedMakes(available, selectedMakes, popular));
      const modelsFacet = facets.includes("make_model");
      const modelDist = distribution("make_model");
      const makeOptions: MakeOption[] = makesForDisplay(
        available,
        true,
        selectedMakes,
        popular,
      ).map((make) => {
        const selected = selectedMakes.includes(make);
        const manufacturer = findManufacturer(make);
        let models: FacetOption[] | null = null;
        if (selected && modelsFacet) {
          const ofMake: Record<string, number> = {};
          for (const [value, count] of Object.entries(modelDist)) {
            if (makeOfMakeModel(value, [make]) !== null) ofMake[value] = count;
          }
          for (const value of state.filters.make_model ?? []) {
            if (makeOfMakeModel(value, [make]) !== null) ofMake[value] ??= 0;
          }
          models = options(
            "make_model",
            facetValuesForDisplay("make_model", ofMake, state.filters.make_model ?? []),
          ).map((o) => ({ ...o, label: modelOfMakeModel(o.value, make) }));
        }
        return {
          value: make,
          label: makeDisplayName(make),
          count: dist[make] ?? 0,
          popular: collapsed.has(make),
          logoUrl: manufacturer?.logo.url ?? null,
          models,
        };
      });
      if (makeOptions.length > 0)
        panels.push({ kind: "makes", facet: "make", label, options: makeOptions, modelsFacet });
    } else {
      const list = listOptions(facet);
      if (list.length === 0) continue;
      const sidebarPanel = facet === "city" || facet === "dealership_name";
      // A panel with one choice and nothing selected filters nothing; keep the sidebar short.
      const chosen = state.filters[facet] ?? [];
      if (!sidebarPanel && list.length === 1 && !chosen.includes(list[0]!.value)) continue;
      panels.push({
        kind: "list",
        facet,
        label:
          facet === "city"
            ? SEARCH_PAGE_TEXT.cityPanelHeading
            : facet === "dealership_name"
              ? SEARCH_PAGE_TEXT.dealershipPanelHeading
              : label,
        options: list,
      });
    }
  }

  const chips: SelectedChip[] = [];
  for (const facet of facets) {
    for (const value of state.filters[facet] ?? []) {
      const next = RANGE_FACETS.has(facet)
        ? setRangeFacet(state, facet, null)
        : dropOrphanModels(toggleFacetValue(state, facet, value));
      let text = facetValueLabel(facet, value, settings, locale);
      if (RANGE_FACETS.has(facet)) {
        const range = parseRangeValue(value);
        // A lower bound of 0 bounds nothing: '0:40000' reads 'up to $40,000'.
        const min = range.min !== null && range.min > 0 ? range.min : null;
        const max = range.max;
        // A price's bounds are sums of money: '$' and the locale's grouping.
        const fmt = (n: number) =>
          MONEY_FACETS.has(facet)
            ? formatAmount(n, locale)
            : facet === "year"
              ? String(n)
              : formatNumber(n, locale);
        text =
          min !== null && max !== null
            ? `${fmt(min)} – ${fmt(max)}`
            : min !== null
              ? `from ${fmt(min)}`
              : `up to ${fmt(max ?? 0)}`;
      } else if (facet === "make_model") {
        const make = makeOfMakeModel(value, state.filters.make ?? []);
        text = make ? `${makeDisplayName(make)} ${modelOfMakeModel(value, make)}` : value;
      }
      chips.push({
        facet,
        value,
        label: `${facetLabel(facet, locale)}: ${text}`,
        href: urlOf(next),
      });
    }
  }
  const hasFilters = chips.length > 0 || state.query !== "";
  const clearAllHref = hasFilters ? urlOf({ ...state, filters: {}, query: "", page: 1 }) : null;

  const sort = effectiveSort(state.sortBy, settings);
  const sortOptions = sortOptionsFor(settings);
  const pageHref: Record<number, string> = {};
  for (const p of [...pagerItems(state.page, pages), state.page - 1, state.page + 1]) {
    if (p !== null && p >= 1 && p <= pages) pageHref[p] = urlOf({ ...state, page: p });
  }

  const title = searchPageTitle(heading, state.page);
  return {
    scope: { id: scope.id, path: scope.path },
    slugTargets: packSlugTargets(slugTargets),
    state,
    url: canonicalUrl,
    heading,
    seo: {
      title,
      description: searchPageDescription(heading, total, site.name, locale),
      canonical: `${context.origin}${canonicalUrl}`,
      ...(isIndexableSearch(state, total) ? {} : { noindex: true }),
    },
    offset,
    total,
    page: state.page,
    pageCount: pages,
    perPage,
    sort,
    sortOptions,
    cards,
    panels: packPanels(panels),
    chips,
    clearAllHref,
    pageHref,
  };
}
