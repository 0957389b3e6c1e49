import { describe, expect, it } from "vitest";
import { parseMeilisearchFilter } from "./testing/meilisearch-filter-parser";
import {
  buildScopedSearchUrl,
  parseScopedSearchUrl,
  SEARCH_SCOPES,
  searchScopeFor,
  siteSearchBasePath,
  type SearchScope,
  type SlugTarget,
} from "./search-scope";
import { EMPTY_SEARCH_STATE, type SearchFilters } from "./search-url";

const targets: SlugTarget[] = [
  { slug: "harbour-toyota", facet: "dealership_name", name: "Harbour Toyota" },
  { slug: "harbour-mazda-chatswood", facet: "location_name", name: "Harbour Mazda Chatswood" },
];
const scope = (path: string): SearchScope => {
  const found = searchScopeFor(path);
  if (!found) throw new Error(path);
  return found;
};

describe("Routes (search-and-urls.md): /search and its variants", () => {
  it.each<[string, string]>([
    ["/search", "all"],
    ["/search/used-cars", "all"],
    ["/search/make/Toyota", "all"],
    ["/search/new-used-and-demo-cars", "new-used-and-demo"],
    ["/search/new-used-and-demo-cars/make/Isuzu", "new-used-and-demo"],
    ["/search/subscription-cars", "subscription"],
    ["/pre-owned", "pre-owned"],
    ["/pre-owned/make/Mazda", "pre-owned"],
    ["/find/rental-cars", "rental"],
    ["/search/", "all"],
  ])("%s is the %s scope", (path, id) => {
    expect(searchScopeFor(path)?.id).toBe(id);
  });

  it("other paths are no search", () => {
    expect(searchScopeFor("/searching")).toBeNull();
    expect(searchScopeFor("/cars/x")).toBeNull();
  });

  it("a scope's fixed filter is valid filter text", () => {
    for (const s of SEARCH_SCOPES)
      if (s.filter) expect(() => parseMeilisearchFilter(s.filter ?? "")).not.toThrow();
  });

  it("the site's base path is its default search path's scope", () => {
    expect(siteSearchBasePath({ defaultSearchPath: "/search/new-cars" })).toBe("/search");
    expect(siteSearchBasePath({ defaultSearchPath: "/pre-owned" })).toBe("/pre-owned");
    expect(siteSearchBasePath({ defaultSearchPath: "/search/new-used-and-demo-cars" })).toBe(
      "/search/new-used-and-demo-cars",
    );
    expect(siteSearchBasePath({ defaultSearchPath: "/find/rental-cars" })).toBe(
      "/find/rental-cars",
    );
  });
});

describe("Routes (search-and-urls.md): /search/{dealership_slug} and /search/{location slug}", () => {
  it("reads a dealership or location slug as that selection", () => {
    expect(
      parseScopedSearchUrl("/search/harbour-toyota", scope("/search"), targets)?.filters,
    ).toEqual({
      dealership_name: ["Harbour Toyota"],
    });
    expect(
      parseScopedSearchUrl("/search/harbour-mazda-chatswood?page=2", scope("/search"), targets),
    ).toMatchObject({
      filters: { location_name: ["Harbour Mazda Chatswood"] },
      page: 2,
    });
  });

  it("reads a make slug after a scope (as the seed's /search/new-used-and-demo-cars/isuzu)", () => {
    expect(
      parseScopedSearchUrl(
        "/search/new-used-and-demo-cars/isuzu",
        scope("/search/new-used-and-demo-cars"),
        targets,
      )?.filters,
    ).toEqual({
      make: ["Isuzu"],
    });
  });

  it("an unknown segment is no search (404)", () => {
    expect(parseScopedSearchUrl("/search/bogus", scope("/search"), targets)).toBeNull();
    expect(
      parseScopedSearchUrl("/search/harbour-toyota/extra", scope("/search"), targets),
    ).toBeNull();
    expect(
      parseScopedSearchUrl("/pre-owned/harbour-toyota", scope("/pre-owned"), targets),
    ).toBeNull();
    expect(parseScopedSearchUrl("/search/%E0%A4%A", scope("/search"), targets)).toBeNull();
  });

  it("writes a dealership or location chosen alone as its slug, other selections by the codec", () => {
    const all = scope("/search");
    const url = (filters: SearchFilters, rest = {}) =>
      buildScopedSearchUrl({ ...EMPTY_SEARCH_STATE, filters, ...rest }, all, targets);
    expect(url({ dealership_name: ["Harbour Toyota"] })).toBe("/search/harbour-toyota");
    expect(url({ dealership_name: ["Harbour Toyota"] }, { page: 3 })).toBe(
      "/search/harbour-toyota?page=3",
    );
    expect(url({ location_name: ["Harbour Mazda Chatswood"], body: ["SUV", "Ute"] })).toBe(
      "/search/harbour-mazda-chatswood?body=SUV,Ute",
    );
    expect(url({ location_name: ["Harbour Mazda Chatswood"], make: ["Mazda"] })).toBe(
      "/search/location/Harbour%20Mazda%20Chatswood/Mazda",
    );
    expect(url({ dealership_name: ["Unknown Motors"] })).toBe(
      "/search/dealership/Unknown%20Motors",
    );
    expect(
      buildScopedSearchUrl(
        { ...EMPTY_SEARCH_STATE, filters: { make: ["Mazda"] } },
        scope("/pre-owned"),
        targets,
      ),
    ).toBe("/pre-owned/make/Mazda");
  });

  it("parse and build are inverse for slug URLs", () => {
    for (const path of [
      "/search/harbour-toyota",
      "/search/harbour-mazda-chatswood?body=SUV,Ute&page=2",
    ]) {
      const state = parseScopedSearchUrl(path, scope("/search"), targets);
      expect(state && buildScopedSearchUrl(state, scope("/search"), targets)).toBe(path);
    }
  });
});
