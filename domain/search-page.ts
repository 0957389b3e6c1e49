/**
 * Rules of the search results page (docs/product/search-and-urls.md, "Search page" and
 * "Search URL rules") that the codec (search-url.ts), the queries (search-query.ts) and the facet
 * limits (search-facets.ts) leave to the page: which facets the sidebar asks for, the filter form's
 * encoding, the canonical state, the page's title and description, and when a results page is worth
 * indexing.
 */
import { localiseText, term } from "./locale";
import { makeDisplayName } from "./manufacturers";
import { makesForDisplay } from "./search-facets";
import { RANGE_FACETS, SEARCH_FACETS, type SearchFacet } from "./search-facets";
import type { SearchScope } from "./search-scope";
import { normalizeSearchState, pathCombinationFor, type SearchState } from "./search-url";
import type { Locale, SiteSettings } from "./site-settings";
import { carTypeLabel } from "./vehicle-tags";
import { CAR_TYPES, type CarType } from "./vehicle";
import { formatNumber } from "./number-format";

/**
 * The facets the page asks the search for: the site's sidebar facets (its 'model' facet is
 * answered by make_model, so a model is listed under its own make), plus every facet the state
 * selects, so a selection always has its chip and its count.
 */
export function requestedFacets(
  settings: Pick<SiteSettings, "enabledFacets">,
  state: Pick<SearchState, "filters">,
): SearchFacet[] {
  const wanted = new Set<string>(
    settings.enabledFacets.map((facet) => (facet === "model" ? "make_model" : facet)),
  );
  for (const facet of Object.keys(state.filters)) wanted.add(facet);
  return SEARCH_FACETS.filter((facet) => wanted.has(facet)).sort(
    (a, b) => order(settings, a) - order(settings, b),
  );
}

function order(settings: Pick<SiteSettings, "enabledFacets">, facet: SearchFacet): number {
  const name = facet === "make_model" ? "model" : facet;
  const index = settings.enabledFacets.indexOf(name);
  return index === -1 ? settings.enabledFacets.length + SEARCH_FACETS.indexOf(facet) : index;
}

/** The model part of a make_model value: 'Toyota Corolla' under Toyota is 'Corolla'. */
export function modelOfMakeModel(makeModel: string, make: string): string {
  return makeModel.toLowerCase().startsWith(`${make.toLowerCase()} `)
    ? makeModel.slice(make.length + 1)
    : makeModel;
}

/** The make a make_model value belongs to, among the given makes (longest name first). */
export function makeOfMakeModel(makeModel: string, makes: readonly string[]): string | null {
  const lower = makeModel.toLowerCase();
  return (
    [...makes]
      .sort((a, b) => b.length - a.length)
      .find((make) => lower.startsWith(`${make.toLowerCase()} `)) ?? null
  );
}

/**
 * Models are chosen under a selected make: once no make is selected, or a model's make is no
 * longer selected, the model goes too (unselecting a make clears its models).
 */
export function dropOrphanModels(state: SearchState): SearchState {
  const models = state.filters.make_model;
  if (!models || models.length === 0) return state;
  const makes = state.filters.make ?? [];
  const kept = models.filter((model) => makeOfMakeModel(model, makes) !== null);
  return normalizeSearchState({ ...state, filters: { ...state.filters, make_model: kept } });
}

/** Field names of a range facet's two inputs in the filter form: price_min, price_max. */
export function rangeFieldNames(facet: SearchFacet): { min: string; max: string } {
  return { min: `${facet}_min`, max: `${facet}_max` };
}

/**
 * The filter form's GET query (checkboxes repeat a facet's name; ranges come as two fields) as
 * the codec's query string: ranges joined into 'min:max', empty fields dropped. The codec then
 * parses it like any search URL, so the form works the same with and without JavaScript.
 */
export function searchFormToQueryString(params: URLSearchParams): string {
  const out = new URLSearchParams();
  const ranges = new Map<SearchFacet, { min: string; max: string }>();
  for (const facet of RANGE_FACETS) {
    const names = rangeFieldNames(facet);
    const min = params.get(names.min)?.trim() ?? "";
    const max = params.get(names.max)?.trim() ?? "";
    if (params.has(names.min) || params.has(names.max)) ranges.set(facet, { min, max });
  }
  const rangeNames = new Set([...RANGE_FACETS].flatMap((f) => Object.values(rangeFieldNames(f))));
  for (const [key, value] of params) {
    if (rangeNames.has(key) || value.trim() === "") continue;
    if (ranges.has(key as SearchFacet)) continue;
    out.append(key, value);
  }
  for (const [facet, { min, max }] of ranges) {
    const clean = (text: string) => (/^-?\d+(\.\d+)?$/.test(text) ? text : "");
    const lo = clean(min.replace(/[,\s$]/g, ""));
    const hi = clean(max.replace(/[,\s$]/g, ""));
    if (lo !== "" || hi !== "") out.append(facet, `${lo}:${hi}`);
  }
  return out.toString();
}

/** Whether the form's query is a form submission (range fields or repeated facet names). */
export function isSearchFormQuery(params: URLSearchParams): boolean {
  for (const facet of RANGE_FACETS) {
    const names = rangeFieldNames(facet);
    if (params.has(names.min) || params.has(names.max)) return true;
  }
  return false;
}

/**
 * The state a URL should be written as: the site's default sort is not written, and models
 * follow their makes.
 */
export function canonicalSearchState(
  state: SearchState,
  settings: Pick<SiteSettings, "defaultSort">,
): SearchState {
  const sortBy = state.sortBy === settings.defaultSort ? null : state.sortBy;
  return normalizeSearchState({ ...state, sortBy });
}

/**
 * The make cards shown before 'Show all makes': the popular makes on offer and the selected ones
 * (search-facets.ts); when the stock has none of the popular makes (a motorcycle or camper
 * dealer), every make, as a toggle that would hide them all helps nobody.
 */
export function collapsedMakes(
  available: readonly string[],
  selected: readonly string[] = [],
  popular?: readonly string[],
): string[] {
  const collapsed = makesForDisplay(available, false, selected, popular);
  return collapsed.length > 0 ? collapsed : makesForDisplay(available, true, selected, popular);
}

/** Stock statuses as a visitor reads them. */
const STATUS_LABELS: Readonly<Record<string, string>> = {
  in_stock: "In stock",
  coming_soon: "Coming soon",
  sold: "Sold",
};

/** A range value 'min:max' for display: '10000:20000' -> [10000, 20000]. */
export function parseRangeValue(value: string): { min: number | null; max: number | null } {
  const [minText = "", maxText = ""] = value.split(":");
  const num = (text: string) =>
    text.trim() === "" || !Number.isFinite(Number(text)) ? null : Number(text);
  return { min: num(minText), max: num(maxText) };
}

/** The label of a facet in the sidebar and on chips, in the site's spelling. */
export function facetLabel(facet: SearchFacet, locale: Locale): string {
  const labels: Partial<Record<SearchFacet, string>> = {
    status: "Status",
    badge: "Badge",
    car_type: "Condition",
    categories: "Category",
    city: "Location",
    colour: term(locale, "colour"),
    dealership_name: "Dealership",
    filtered_features: "Features",
    item_type: "Vehicle type",
    km: term(locale, "odometer"),
    location_name: "Dealer location",
    make: "Make",
    make_model: "Model",
    model: "Model",
    price: "Price",
    price_range: "Price range",
    subscription_price: "Subscription price",
    seats: "Seats",
    body: "Body type",
    drive: "Drive type",
    fuel: "Fuel type",
    transmission: "Transmission",
    state: term(locale, "state"),
    tag: "Tag",
    weekly_price_range: "Weekly price",
    year: "Year",
    certified: "Certified pre-owned",
    created_at_timestamp: "Listed",
  };
  return labels[facet] ?? facet;
}

/** A facet value as a visitor reads it (condition words, make display names, US spellings). */
export function facetValueLabel(
  facet: SearchFacet,
  value: string,
  settings: Pick<SiteSettings, "usedShownAsPreOwned">,
  locale: Locale,
): string {
  if (facet === "car_type" && (CAR_TYPES as readonly string[]).includes(value)) {
    return carTypeLabel(value as CarType, settings);
  }
  if (facet === "make") return makeDisplayName(value);
  if (facet === "status") return STATUS_LABELS[value] ?? value;
  if (facet === "item_type") return value.charAt(0).toUpperCase() + value.slice(1);
  if (facet === "certified") return value === "true" ? "Certified" : "Not certified";
  return localiseText(value, locale);
}

function single(state: SearchState, facet: SearchFacet): string | null {
  const values = state.filters[facet];
  return values?.length === 1 ? (values[0] ?? null) : null;
}

/** Plural of a body type for a heading: 'SUV' -> 'SUVs', 'Ute' -> 'Utes', 'Bus' -> 'Buses'. */
export function pluralBody(body: string): string {
  if (/(s|x|ch|sh)$/i.test(body)) return `${body}es`;
  if (/[^aeiou]y$/i.test(body)) return `${body.slice(0, -1)}ies`;
  return `${body}s`;
}

const NOUNS: Record<SiteSettings["vehiclePath"], string> = {
  cars: "cars",
  motorcycles: "motorcycles",
  campers: "campers",
};

type TitleSettings = Pick<SiteSettings, "usedShownAsPreOwned" | "vehiclePath">;

/**
 * The heading and title of a results page from its state, e.g. 'Used Toyota SUVs for sale in
 * Sydney', 'New Kia Sportage cars for sale', 'Rental campers for sale'. Page 2 and on say so.
 */
export function searchPageHeading(
  state: SearchState,
  scope: Pick<SearchScope, "id">,
  settings: TitleSettings,
  locale: Locale,
): string {
  const words: string[] = [];
  const carType = single(state, "car_type");
  if (carType && (CAR_TYPES as readonly string[]).includes(carType)) {
    words.push(carTypeLabel(carType as CarType, settings));
  } else if (scope.id === "pre-owned") {
    words.push("Pre-owned");
  }
  if (scope.id === "subscription") words.push("subscription");
  if (scope.id === "rental") words.push("rental");
  const make = single(state, "make");
  if (make) words.push(makeDisplayName(make));
  const model = single(state, "make_model") ?? single(state, "model");
  if (model) words.push(make ? modelOfMakeModel(model, make) : model);
  const body = single(state, "body");
  words.push(body ? pluralBody(body) : NOUNS[settings.vehiclePath]);
  words.push(scope.id === "rental" ? "for hire" : "for sale");

  const city = single(state, "city");
  const location = single(state, "location_name");
  const dealership = single(state, "dealership_name");
  const region = single(state, "state");
  if (city) words.push(`in ${city}`);
  else if (location) words.push(`at ${location}`);
  else if (dealership) words.push(`at ${dealership}`);
  else if (region) words.push(`in ${region}`);

  let heading = words.join(" ");
  heading = heading.charAt(0).toUpperCase() + heading.slice(1);
  if (state.query !== "") heading = `${heading} matching “${state.query}”`;
  return localiseText(heading, locale);
}

/** The document title: the heading, the page number after page 1. The site name is added by the page. */
export function searchPageTitle(heading: string, page: number): string {
  return page > 1 ? `${heading} (page ${page})` : heading;
}

/** The meta description of a results page. */
export function searchPageDescription(
  heading: string,
  total: number,
  siteName: string,
  locale: Locale,
): string {
  const count = total === 1 ? "1 vehicle" : `${formatNumber(total, locale)} vehicles`;
  return localiseText(
    `${heading} at ${siteName}: ${count} with photos, prices and features. Enquire, book a test drive or apply for finance online.`,
    locale,
  );
}

/**
 * Whether search engines should index the page: only the combinations the URL writes as a path
 * (car type, make and model, place, body...), without a keyword, another sort or filters in
 * the query string, and only when it lists something. Everything else is 'noindex, follow', so
 * crawlers still follow its links to vehicles.
 */
export function isIndexableSearch(state: SearchState, total: number): boolean {
  if (total === 0 || state.query !== "" || state.sortBy !== null) return false;
  const selected = Object.keys(state.filters);
  const combination = pathCombinationFor(state.filters) ?? [];
  return selected.every((facet) => combination.includes(facet as SearchFacet));
}

/**
 * The query parameter of 'Mock Error' (search-and-urls.md, "Search calls"): on a site in test
 * mode, a search that fails with the message given; every other site ignores it.
 */
export const MOCK_ERROR_PARAM = "mock_error";

/** The message of a mock error a request asks for, or null (not in test mode, or none asked). */
export function mockErrorOf(params: URLSearchParams, testMode: boolean): string | null {
  if (!testMode) return null;
  const message = (params.get(MOCK_ERROR_PARAM) ?? "").trim().slice(0, 200);
  return message === "" ? null : message;
}
