import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { SEARCH_FACETS, type SearchFacet } from "./search-facets";
import {
  buildSearchUrl,
  EMPTY_SEARCH_STATE,
  normalizeSearchState,
  parseSearchUrl,
  setRangeFacet,
  toggleFacetValue,
  type SearchFilters,
  type SearchState,
} from "./search-url";
import { SORT_OPTIONS } from "./site-settings";

function state(filters: SearchFilters, rest: Partial<SearchState> = {}): SearchState {
  return { ...EMPTY_SEARCH_STATE, filters, ...rest };
}

describe("Search URL rules (search-and-urls.md): a single selected facet combination becomes path segments", () => {
  it.each<[string, SearchFilters, string]>([
    ["car_type", { car_type: ["used"] }, "/search/used-cars"],
    ["car_type/make", { car_type: ["new"], make: ["Toyota"] }, "/search/new-cars/Toyota"],
    [
      "car_type/state/city",
      { car_type: ["demo"], state: ["NSW"], city: ["Sydney"] },
      "/search/demo-cars/NSW/Sydney",
    ],
    ["dealership_name", { dealership_name: ["City Toyota"] }, "/search/dealership/City%20Toyota"],
    ["state", { state: ["VIC"] }, "/search/state/VIC"],
    ["city/make", { city: ["Perth"], make: ["Kia"] }, "/search/city/Perth/Kia"],
    [
      "location_name/make",
      { location_name: ["Parramatta"], make: ["Kia"] },
      "/search/location/Parramatta/Kia",
    ],
    [
      "make/make_model",
      { make: ["Mazda"], make_model: ["Mazda CX-5"] },
      "/search/make/Mazda/Mazda%20CX-5",
    ],
    ["body", { body: ["SUV"] }, "/search/body/SUV"],
    ["drive", { drive: ["4WD"] }, "/search/drive/4WD"],
    ["fuel", { fuel: ["Electric"] }, "/search/fuel/Electric"],
    ["categories", { categories: ["Family"] }, "/search/category/Family"],
  ])("%s", (_name, filters, url) => {
    expect(buildSearchUrl(state(filters))).toBe(url);
    expect(parseSearchUrl(url)).toEqual(state(filters));
  });

  it("other facets go as comma-separated query parameters, plus query, sortBy and page", () => {
    const url = buildSearchUrl(
      state(
        { make: ["Toyota", "Mazda"], price: ["10000:20000"], colour: ["Red, dark"] },
        { query: "sunroof", sortBy: "price:asc", page: 3 },
      ),
    );
    expect(url).toBe(
      "/search?colour=Red%2C+dark&make=Toyota,Mazda&price=10000:20000&query=sunroof&sortBy=price:asc&page=3",
    );
  });

  it("the rest of a selection beside the path combination goes to the query string", () => {
    expect(buildSearchUrl(state({ make: ["Kia"], year: ["2020:"] }))).toBe(
      "/search/make/Kia?year=2020:",
    );
  });

  it("page 1 is left out of the URL (page 1 is offset 0)", () => {
    expect(buildSearchUrl(state({}, { page: 1 }))).toBe("/search");
    expect(parseSearchUrl("/search?page=0")?.page).toBe(1);
    expect(parseSearchUrl("/search?page=abc")?.page).toBe(1);
    expect(parseSearchUrl("/search?page=4")?.page).toBe(4);
  });

  it("parses absolute URLs, ignores unknown parameters and fragments", () => {
    expect(
      parseSearchUrl("https://dealer.example/search/used-cars?utm_source=x&make=Kia#top"),
    ).toEqual(state({ car_type: ["used"], make: ["Kia"] }));
  });

  it("a path that is no codec shape is left to the route (dealership or location slug)", () => {
    expect(parseSearchUrl("/search/city-toyota")).toBeNull();
    expect(parseSearchUrl("/search/make/A/B/C")).toBeNull();
    expect(parseSearchUrl("/search/hybrid-cars")).toBeNull();
    expect(parseSearchUrl("/other")).toBeNull();
    expect(parseSearchUrl("/searching")).toBeNull();
  });

  it("unknown sortBy values fall back to the site default", () => {
    expect(parseSearchUrl("/search?sortBy=price:sideways")?.sortBy).toBeNull();
  });

  it("works under another base path such as /pre-owned", () => {
    const options = { basePath: "/pre-owned" };
    expect(buildSearchUrl(state({ make: ["Kia"] }), options)).toBe("/pre-owned/make/Kia");
    expect(parseSearchUrl("/pre-owned/make/Kia", options)).toEqual(state({ make: ["Kia"] }));
  });

  it("changing a filter goes back to page 1", () => {
    const onPage3 = state({ make: ["Kia"] }, { page: 3 });
    expect(toggleFacetValue(onPage3, "make", "Kia")).toEqual(state({}));
    expect(toggleFacetValue(onPage3, "make", "Ford")).toEqual(state({ make: ["Kia", "Ford"] }));
    expect(setRangeFacet(onPage3, "price", { min: 5000, max: null })).toEqual(
      state({ make: ["Kia"], price: ["5000:"] }),
    );
    expect(setRangeFacet(onPage3, "price", null).filters.price).toBeUndefined();
  });
});

const facetValue = fc.oneof(
  fc.constantFrom(
    "Toyota",
    "Mercedes-Benz",
    "Land Rover",
    "a,b",
    "x/y",
    ".",
    "..",
    "50% off",
    "+",
    "10000:20000",
  ),
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.string({ unit: "grapheme", minLength: 1, maxLength: 4 }),
);
const filtersArbitrary: fc.Arbitrary<SearchFilters> = fc
  .array(
    fc.tuple(
      fc.constantFrom<SearchFacet>(...SEARCH_FACETS),
      fc.array(fc.oneof(facetValue, fc.constantFrom("new", "used", "demo")), {
        minLength: 1,
        maxLength: 3,
      }),
    ),
    { maxLength: 5 },
  )
  .map((entries) => Object.fromEntries(entries));
const stateArbitrary: fc.Arbitrary<SearchState> = fc.record({
  filters: filtersArbitrary,
  query: fc.string({ unit: "grapheme", maxLength: 10 }),
  sortBy: fc.option(fc.constantFrom(...SORT_OPTIONS)),
  page: fc.integer({ min: -2, max: 50 }),
});

describe("Search URL rules (search-and-urls.md): parse and build are inverse", () => {
  it("parse(build(state)) == state (normalised)", () => {
    fc.assert(
      fc.property(stateArbitrary, (s) => {
        expect(parseSearchUrl(buildSearchUrl(s))).toEqual(normalizeSearchState(s));
      }),
      { numRuns: 1000 },
    );
  });

  it("build(parse(url)) == canonical url, and the canonical url is a fixed point", () => {
    fc.assert(
      fc.property(stateArbitrary, fc.string({ maxLength: 6 }), (s, junk) => {
        const canonical = buildSearchUrl(s);
        const parsed = parseSearchUrl(canonical);
        expect(parsed).not.toBeNull();
        expect(buildSearchUrl(parsed ?? EMPTY_SEARCH_STATE)).toBe(canonical);
        // Any URL the codec accepts canonicalises to a URL that stays put.
        const other = parseSearchUrl(`${canonical}${canonical.includes("?") ? "&" : "?"}${junk}`);
        if (other) {
          const again = buildSearchUrl(other);
          expect(buildSearchUrl(parseSearchUrl(again) ?? EMPTY_SEARCH_STATE)).toBe(again);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
