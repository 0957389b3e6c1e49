import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesFilter, type FilterNode } from "./filter-expression";
import { SEARCH_FACETS, type SearchFacet } from "./search-facets";
import {
  MAX_PAGE_NUMBER,
  pageNumberParam,
  buildOfferSearchQuery,
  buildSearchFilter,
  buildSearchQueries,
  buildVehicleByIdQuery,
  effectiveSort,
  isStockNumberQuery,
  pageCount,
  pageOffset,
  searchKeyword,
  SEARCH_COLLECTIONS,
  sortOptionsFor,
  stripDoubleQuotes,
} from "./search-query";
import { EMPTY_SEARCH_STATE, type SearchFilters, type SearchState } from "./search-url";
import { defaultSiteSettings } from "./site-settings";
import { parseMeilisearchFilter } from "./testing/meilisearch-filter-parser";

const settings = defaultSiteSettings();

function stringValues(node: FilterNode): string[] {
  switch (node.kind) {
    case "compare":
      return typeof node.value === "string" ? [node.value] : [];
    case "in":
      return node.values.filter((v): v is string => typeof v === "string");
    case "not":
      return stringValues(node.node);
    default:
      return node.nodes.flatMap(stringValues);
  }
}

function state(filters: SearchFilters, rest: Partial<SearchState> = {}): SearchState {
  return { ...EMPTY_SEARCH_STATE, filters, ...rest };
}

describe("Search calls (search-and-urls.md): hits query, then one query per facet", () => {
  const queries = buildSearchQueries(
    state({ make: ["Kia"], body: ["SUV"] }, { query: "sunroof", page: 2 }),
    settings,
    { facets: ["make", "body", "price"] },
  );

  it("the first query returns a page of hits with every selection applied", () => {
    expect(queries[0]).toMatchObject({
      indexUid: SEARCH_COLLECTIONS.cars,
      q: "sunroof",
      facets: [],
      limit: 21,
      offset: 21,
      filter: 'make = "Kia" AND body = "SUV"',
      sort: ["custom_rank:desc"],
    });
  });

  it("each facet query has limit 1 and that facet's own filter removed", () => {
    expect(queries.slice(1).map((q) => [q.facets, q.limit, q.filter])).toEqual([
      [["make"], 1, 'body = "SUV"'],
      [["body"], 1, 'make = "Kia"'],
      [["price"], 1, 'make = "Kia" AND body = "SUV"'],
    ]);
  });

  it("the collections are Car_production, Offer_production and Part_production", () => {
    expect(Object.values(SEARCH_COLLECTIONS)).toEqual([
      "Car_production",
      "Offer_production",
      "Part_production",
    ]);
  });

  it("a base filter goes in front of every query", () => {
    const withBase = buildSearchQueries(state({ make: ["Kia"] }), settings, {
      facets: ["make"],
      baseFilter: 'a = 1 OR b = "x"',
    });
    expect(withBase.map((q) => q.filter)).toEqual([
      '(a = 1 OR b = "x") AND make = "Kia"',
      '(a = 1 OR b = "x")',
    ]);
  });

  it("with nothing selected the queries carry no filter", () => {
    const [hits] = buildSearchQueries(EMPTY_SEARCH_STATE, settings, { facets: [] });
    expect(hits).not.toHaveProperty("filter");
  });

  it("several values of one facet match any of them", () => {
    expect(buildSearchFilter({ make: ["Kia", "Ford"], body: ["SUV"] })).toBe(
      '(make = "Kia" OR make = "Ford") AND body = "SUV"',
    );
  });

  it("make filters map aliases", () => {
    expect(buildSearchFilter({ make: ["GWM"] })).toBe('make IN ["GWM", "Great Wall", "Haval"]');
    expect(buildSearchFilter({ make: ["SsangYong"] })).toBe('make IN ["KGM", "SsangYong"]');
  });

  it("numbers and booleans are written as filter numbers and booleans", () => {
    expect(buildSearchFilter({ seats: ["7"], certified: ["true"] })).toBe(
      "seats = 7 AND certified = true",
    );
  });

  it("the single-vehicle query is the base filter plus id equality with limit 1", () => {
    expect(buildVehicleByIdQuery('status = "in_stock"', 7)).toMatchObject({
      filter: '(status = "in_stock") AND id = 7',
      limit: 1,
      offset: 0,
    });
  });

  it("the offers search filters manufacturer.name, model.name, model.body, query and offset", () => {
    expect(
      buildOfferSearchQuery({
        manufacturer: "Kia",
        model: "EV6",
        body: null,
        query: " gt ",
        offset: 20,
      }),
    ).toMatchObject({
      indexUid: "Offer_production",
      filter: 'manufacturer.name = "Kia" AND model.name = "EV6"',
      q: "gt",
      offset: 20,
    });
  });
});

describe("Search query rules (search-and-urls.md): range values, raw range expressions, quotes", () => {
  it.each<[string, SearchFilters, string]>([
    [
      "'min:max' becomes >= and <=",
      { price: ["10000:20000"] },
      "price >= 10000 AND price <= 20000",
    ],
    ["open-ended min", { price: ["10000:"] }, "price >= 10000"],
    ["open-ended max", { km: [":50000"] }, "km <= 50000"],
    [
      "two ranges of one facet match either",
      { year: ["2010:2012", "2020:2022"] },
      "(year >= 2010 AND year <= 2012) OR (year >= 2020 AND year <= 2022)",
    ],
    ["a raw range expression is used as written", { km: ["km < 10000"] }, "km < 10000"],
    [
      "a raw comparison without attribute applies to the facet",
      { year: [">= 2018"] },
      "year >= 2018",
    ],
    [
      "a raw expression may name another attribute",
      { weekly_price_range: ["weekly_price >= 100 AND weekly_price < 150"] },
      "weekly_price >= 100 AND weekly_price < 150",
    ],
    ["a raw expression cannot smuggle another filter", { km: ['km < 1 OR make = "x"'] }, ""],
    ["double quotes are stripped from values", { make: ['Toy"ota"'] }, 'make = "Toyota"'],
    ["a value that is only quotes is dropped", { colour: ['""'] }, ""],
  ])("%s", (_name, filters, filter) => {
    expect(buildSearchFilter(filters)).toBe(filter);
  });

  it("stripDoubleQuotes removes every double quote", () => {
    expect(stripDoubleQuotes('"a" "b"')).toBe("a b");
  });

  it("filters built from any values are valid filter text whose values hold no quotes", () => {
    const filters = fc.dictionary(
      fc.constantFrom<SearchFacet>(...SEARCH_FACETS),
      fc.array(
        fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom('"', "a:b", "1:2", "< 3", '\\"')),
        {
          maxLength: 3,
        },
      ),
    ) as fc.Arbitrary<SearchFilters>;
    fc.assert(
      fc.property(filters, (f) => {
        const text = buildSearchFilter(f);
        expect(stringValues(parseMeilisearchFilter(text)).some((v) => v.includes('"'))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("a facet's count query ignores exactly that facet's selection", () => {
    const filters = fc.dictionary(
      fc.constantFrom<SearchFacet>("make", "body", "colour"),
      fc.array(fc.constantFrom("A", "B"), { minLength: 1, maxLength: 2 }),
    ) as fc.Arbitrary<SearchFilters>;
    const doc = fc.record({
      make: fc.constantFrom("A", "B"),
      body: fc.constantFrom("A", "B"),
      colour: fc.constantFrom("A", "B"),
    });
    fc.assert(
      fc.property(
        filters,
        fc.constantFrom<SearchFacet>("make", "body", "colour"),
        doc,
        (f, facet, d) => {
          const without = parseMeilisearchFilter(buildSearchFilter(f, { excludeFacet: facet }));
          const changed = { ...d, [facet]: d[facet as "make"] === "A" ? "B" : "A" };
          // Changing the facet's own value never changes whether its count query matches.
          expect(matchesFilter(without, changed)).toBe(matchesFilter(without, d));
        },
      ),
    );
  });
});

describe("Search query rules (search-and-urls.md): stock-number style queries are quoted", () => {
  it.each([
    ["ABC1234", true],
    ["U12345A", true],
    ["1234", true],
    ["abc123def", true],
    ["AB12", false],
    ["toyota", false],
    ["ABC 1234", false],
    ["A1B234", false],
    ["", false],
  ])("%s is stock-number style: %s", (query, expected) => {
    expect(isStockNumberQuery(query)).toBe(expected);
    expect(searchKeyword(query)).toBe(expected ? `"${query}"` : query);
  });
});

describe("Sort (search-and-urls.md): sort options", () => {
  it("offers price, km and (with subscriptions) subscription price, both ways", () => {
    expect(sortOptionsFor({ offersSubscription: false }).map((o) => o.value)).toEqual([
      "custom_rank:desc",
      "created_at_timestamp:desc",
      "price:desc",
      "price:asc",
      "km:desc",
      "km:asc",
    ]);
    expect(sortOptionsFor({ offersSubscription: true }).map((o) => o.value)).toContain(
      "subscription_price:asc",
    );
  });

  it.each([
    ["custom_rank:desc", null, "custom_rank:desc"],
    ["created_at_timestamp:desc", null, "created_at_timestamp:desc"],
    ["price:asc", null, "price:asc"],
    ["price:asc", "km:desc", "km:desc"],
  ] as const)("site default %s, visitor %s -> %s", (siteDefault, visitor, expected) => {
    expect(effectiveSort(visitor, { defaultSort: siteDefault })).toBe(expected);
    const [hits] = buildSearchQueries(
      state({}, { sortBy: visitor }),
      { ...settings, defaultSort: siteDefault },
      { facets: [] },
    );
    expect(hits?.sort).toEqual([expected]);
  });
});

describe("Pagination (search-and-urls.md)", () => {
  it("page size is 21 on most sites and 20 on others", () => {
    expect(buildSearchQueries(state({}, { page: 3 }), settings, { facets: [] })[0]).toMatchObject({
      limit: 21,
      offset: 42,
    });
    expect(
      buildSearchQueries(
        state({}, { page: 3 }),
        { ...settings, searchPageSize: 20 },
        { facets: [] },
      )[0],
    ).toMatchObject({ limit: 20, offset: 40 });
  });

  it.each([
    [0, 21, 0],
    [1, 21, 1],
    [21, 21, 1],
    [22, 21, 2],
    [100, 20, 5],
    [101, 20, 6],
  ])("%i hits at %i per page make %i pages", (total, limit, pages) => {
    expect(pageCount(total, limit)).toBe(pages);
  });

  it("page offsets cover every hit exactly once", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.constantFrom(20, 21, 100),
        (total, limit) => {
          const pages = pageCount(total, limit);
          const covered = Array.from({ length: pages }, (_, index) => {
            const offset = pageOffset(index, limit);
            return Math.min(limit, total - offset);
          });
          expect(covered.every((n) => n > 0)).toBe(true);
          expect(covered.reduce((a, b) => a + b, 0)).toBe(total);
        },
      ),
    );
  });
});

describe("the page number of a URL's page parameter", () => {
  it("is a whole number from 1 up to the limit, else page 1", () => {
    expect(pageNumberParam("3")).toBe(3);
    expect(pageNumberParam(String(MAX_PAGE_NUMBER))).toBe(MAX_PAGE_NUMBER);
    for (const bad of [null, "", "0", "-2", "2.5", "1e309", "abc", "Infinity", "9999999"])
      expect(pageNumberParam(bad), String(bad)).toBe(1);
  });
});
