import { describe, expect, it } from "vitest";
import { loadStockSummary, summariseStock } from "./stock-summary";
import type { MultiSearchResponse } from "~/server/search";

/** A site search that answers every query with one response object, as the results cache does. */
function searchAnswering(response: {
  total: number;
  facets: Record<string, Record<string, number>>;
}) {
  const result = {
    indexUid: "cars",
    hits: [],
    query: "",
    processingTimeMs: 0,
    estimatedTotalHits: response.total,
    facetDistribution: response.facets,
  };
  let calls = 0;
  return {
    get calls() {
      return calls;
    },
    search: {
      multiSearch: (): MultiSearchResponse => {
        calls++;
        return { results: [result] };
      },
    } as never,
  };
}

describe("loadStockSummary", () => {
  const facets = {
    make: { Toyota: 3, "Land Rover": 1 },
    make_model: { "Toyota Corolla": 2, "Toyota HiLux": 1, "Land Rover Defender": 1 },
    fuel: { Hybrid: 2, Diesel: 2 },
  };

  it("summarises the stock's facet counts", async () => {
    const { search } = searchAnswering({ total: 4, facets });
    expect(await loadStockSummary({ search })).toEqual(summariseStock(4, facets));
  });

  it("builds a summary once for the same counts, and afresh for new ones", async () => {
    const same = searchAnswering({ total: 4, facets });
    const first = await loadStockSummary({ search: same.search });
    expect(await loadStockSummary({ search: same.search })).toBe(first);
    const changed = { ...facets, make: { Toyota: 2, "Land Rover": 1 } };
    const next = await loadStockSummary({
      search: searchAnswering({ total: 3, facets: changed }).search,
    });
    expect(next).not.toBe(first);
    expect(next).toEqual(summariseStock(3, changed));
  });

  it("an empty answer is an empty summary", async () => {
    const { search } = searchAnswering({ total: 0, facets: undefined as never });
    expect(await loadStockSummary({ search })).toEqual(summariseStock(0, {}));
  });
});
