import { describe, expect, it } from "vitest";
import {
  canonicalSearchState,
  collapsedMakes,
  dropOrphanModels,
  facetLabel,
  facetValueLabel,
  isIndexableSearch,
  isSearchFormQuery,
  makeOfMakeModel,
  modelOfMakeModel,
  pluralBody,
  requestedFacets,
  searchFormToQueryString,
  searchPageDescription,
  searchPageHeading,
  searchPageTitle,
} from "./search-page";
import {
  parseSearchUrl,
  EMPTY_SEARCH_STATE,
  type SearchFilters,
  type SearchState,
} from "./search-url";
import { defaultSiteSettings } from "./site-settings";

const settings = defaultSiteSettings();
const state = (filters: SearchFilters, rest: Partial<SearchState> = {}): SearchState => ({
  ...EMPTY_SEARCH_STATE,
  filters,
  ...rest,
});

describe("facets the page asks for", () => {
  it("the site's facets in its order, 'model' answered by make_model, plus every selected facet", () => {
    const facets = requestedFacets(
      { enabledFacets: ["make", "model", "price", "city"] },
      state({ state: ["NSW"] }),
    );
    expect(facets).toEqual(["make", "make_model", "price", "city", "state"]);
  });
});

describe("models follow their makes", () => {
  it("reads the model of a make_model value", () => {
    expect(modelOfMakeModel("Toyota Corolla", "Toyota")).toBe("Corolla");
    expect(modelOfMakeModel("Land Rover Defender", "Land Rover")).toBe("Defender");
    expect(makeOfMakeModel("Land Rover Defender", ["Land", "Land Rover"])).toBe("Land Rover");
    expect(makeOfMakeModel("Mazda CX-5", ["Toyota"])).toBeNull();
  });

  it("unselecting a make clears its models", () => {
    const s = state({ make: ["Mazda"], make_model: ["Toyota Corolla", "Mazda CX-5"] });
    expect(dropOrphanModels(s).filters).toEqual({ make: ["Mazda"], make_model: ["Mazda CX-5"] });
    expect(dropOrphanModels(state({ make_model: ["Toyota Corolla"] })).filters).toEqual({});
  });
});

describe("the filter form's GET query reads as a search URL", () => {
  it("joins range fields into 'min:max' and drops empty fields", () => {
    const form = new URLSearchParams(
      "query=&make=Toyota&make=Mazda&price_min=10000&price_max=&km_min=&km_max=&year_min=2018&year_max=2022",
    );
    expect(isSearchFormQuery(form)).toBe(true);
    const parsed = parseSearchUrl(`/search?${searchFormToQueryString(form)}`);
    expect(parsed?.filters).toEqual({
      make: ["Toyota", "Mazda"],
      price: ["10000:"],
      year: ["2018:2022"],
    });
  });

  it("ignores what is not a number in a range and keeps commas inside values", () => {
    const form = new URLSearchParams(
      "price_min=$10,000&price_max=abc&dealership_name=Smith, Jones",
    );
    expect(parseSearchUrl(`/search?${searchFormToQueryString(form)}`)?.filters).toEqual({
      price: ["10000:"],
      dealership_name: ["Smith, Jones"],
    });
  });

  it("a codec URL is not a form query", () => {
    expect(isSearchFormQuery(new URLSearchParams("make=Toyota,Mazda&price=1:2"))).toBe(false);
  });
});

describe("make cards before 'Show all makes'", () => {
  it("the popular makes on offer and the selected ones", () => {
    expect(collapsedMakes(["Jeep", "Toyota", "Kia", "Ferrari"], ["Ferrari"])).toEqual([
      "Toyota",
      "Kia",
      "Ferrari",
    ]);
  });
  it("every make when the stock has no popular make (motorcycles, campers)", () => {
    expect(collapsedMakes(["Yamaha", "Kawasaki"])).toEqual(["Kawasaki", "Yamaha"]);
  });
});

describe("canonical state", () => {
  it("the site's default sort is not written", () => {
    expect(
      canonicalSearchState(state({}, { sortBy: "price:asc" }), { defaultSort: "price:asc" }).sortBy,
    ).toBeNull();
    expect(
      canonicalSearchState(state({}, { sortBy: "km:asc" }), { defaultSort: "price:asc" }).sortBy,
    ).toBe("km:asc");
  });
});

describe("SEO: title and description from the state", () => {
  const heading = (
    filters: SearchFilters,
    rest: Partial<SearchState> = {},
    scope = "all",
    extra = {},
  ) =>
    searchPageHeading(
      state(filters, rest),
      { id: scope as "all" },
      { ...settings, ...extra },
      "en-AU",
    );

  it.each<[SearchFilters, string]>([
    [{}, "Cars for sale"],
    [
      { car_type: ["used"], make: ["Toyota"], body: ["SUV"], city: ["Sydney"] },
      "Used Toyota SUVs for sale in Sydney",
    ],
    [
      { car_type: ["new"], make: ["Kia"], make_model: ["Kia Sportage"] },
      "New Kia Sportage cars for sale",
    ],
    [{ make: ["Mercedes-Benz"] }, "Mercedes cars for sale"],
    [{ dealership_name: ["Harbour Toyota"] }, "Cars for sale at Harbour Toyota"],
    [{ make: ["Toyota", "Mazda"] }, "Cars for sale"],
  ])("%j -> %s", (filters, expected) => {
    expect(heading(filters)).toBe(expected);
  });

  it("scopes, vehicle kinds, pre-owned wording and keywords", () => {
    expect(heading({}, {}, "pre-owned")).toBe("Pre-owned cars for sale");
    expect(heading({ car_type: ["used"] }, {}, "all", { usedShownAsPreOwned: true })).toBe(
      "Pre-owned cars for sale",
    );
    expect(heading({}, {}, "rental", { vehiclePath: "campers" })).toBe("Rental campers for hire");
    expect(heading({}, {}, "all", { vehiclePath: "motorcycles" })).toBe("Motorcycles for sale");
    expect(heading({}, { query: "ev" })).toBe("Cars for sale matching “ev”");
    expect(searchPageTitle("Cars for sale", 3)).toBe("Cars for sale (page 3)");
    expect(searchPageTitle("Cars for sale", 1)).toBe("Cars for sale");
  });

  it("plural body types", () => {
    expect(["SUV", "Ute", "Bus", "Coupe", "Body"].map(pluralBody)).toEqual([
      "SUVs",
      "Utes",
      "Buses",
      "Coupes",
      "Bodies",
    ]);
  });

  it("the description counts the vehicles and speaks the site's English", () => {
    expect(searchPageDescription("Used cars for sale", 1234, "Harbour", "en-AU")).toContain(
      "1,234 vehicles",
    );
    expect(searchPageDescription("Used cars for sale", 1, "Lone Star", "en-US")).toMatch(
      /1 vehicle .*Inquire/,
    );
  });

  it("indexes only path combinations without keyword, sort or extra filters, and only when not empty", () => {
    expect(isIndexableSearch(state({ car_type: ["used"], make: ["Toyota"] }), 10)).toBe(true);
    expect(
      isIndexableSearch(state({ car_type: ["used"], make: ["Toyota"] }, { page: 2 }), 10),
    ).toBe(true);
    expect(isIndexableSearch(state({ car_type: ["used"], body: ["SUV"] }), 10)).toBe(false);
    expect(isIndexableSearch(state({ make: ["Toyota", "Mazda"] }), 10)).toBe(false);
    expect(isIndexableSearch(state({}, { query: "ev" }), 10)).toBe(false);
    expect(isIndexableSearch(state({}, { sortBy: "price:asc" }), 10)).toBe(false);
    expect(isIndexableSearch(state({}), 0)).toBe(false);
  });
});

describe("labels in the site's words", () => {
  it("facets and values", () => {
    expect(facetLabel("km", "en-US")).toBe("Miles");
    expect(facetLabel("colour", "en-US")).toBe("Color");
    expect(facetValueLabel("car_type", "used", { usedShownAsPreOwned: true }, "en-AU")).toBe(
      "Pre-owned",
    );
    expect(facetValueLabel("make", "Citroen", settings, "en-AU")).toBe("Citroën");
    expect(facetValueLabel("fuel", "Petrol", settings, "en-US")).toBe("Gas");
    expect(facetValueLabel("status", "coming_soon", settings, "en-AU")).toBe("Coming soon");
  });
});
