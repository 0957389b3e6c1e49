import { describe, expect, it } from "vitest";
import {
  keywordPhrasesAsFilters,
  parseKeywordPhrases,
  type KeywordPhraseOptions,
  type KeywordRange,
} from "./keyword-filters";
import { EMPTY_SEARCH_STATE, type SearchState } from "./search-url";

const BOTH: KeywordPhraseOptions = { price: true, odometer: true, distanceUnit: "km" };
const up = (max: number): KeywordRange => ({ min: null, max });
const from = (min: number): KeywordRange => ({ min, max: null });
const between = (min: number, max: number): KeywordRange => ({ min, max });

describe("Keyword phrases (search-and-urls.md): a price phrase in the keyword is the price filter", () => {
  it.each<[string, string, KeywordRange]>([
    ["suv under 40000", "suv", up(40000)],
    ["suv under $40k", "suv", up(40000)],
    ["suv below 40,000", "suv", up(40000)],
    ["suv less than 40k", "suv", up(40000)],
    ["suv max 40000", "suv", up(40000)],
    ["ute over 20000", "ute", from(20000)],
    ["ute above $20k", "ute", from(20000)],
    ["ute from 20000", "ute", from(20000)],
    ["hatch between 20k and 30k", "hatch", between(20000, 30000)],
    ["hatch 20000-30000", "hatch", between(20000, 30000)],
    ["hatch $20k to $30k", "hatch", between(20000, 30000)],
    ["suv <40000", "suv", up(40000)],
    ["suv 40k or less", "suv", up(40000)],
    ["Toyota SUV under $40,000.", "Toyota SUV .", up(40000)],
    ["under 40000", "", up(40000)],
    ["from 20k to 30k toyota", "toyota", between(20000, 30000)],
    ["hatch 20-30k", "hatch", between(20000, 30000)],
    ["hatch 30000-20000", "hatch", between(20000, 30000)],
    ["ute 25k+", "ute", from(25000)],
    ["ute $25,000 or more", "ute", from(25000)],
    ["suv for under 40k", "suv", up(40000)],
    ["suv UNDER 40K", "suv", up(40000)],
    ["over 20000 under 40000 kia", "kia", between(20000, 40000)],
    ["under 1500", "", up(1500)],
    ["$0-40000 suv", "suv", up(40000)],
    ["suv under $40.5k", "suv", up(40500)],
  ])("%s -> keyword %j, price %j", (text, keyword, price) => {
    expect(parseKeywordPhrases(text, BOTH)).toEqual({ keyword, price, odometer: null });
  });
});

describe("Keyword phrases (search-and-urls.md): years, counts and bare numbers are not prices", () => {
  it.each<[string]>([
    ["2020 camry"],
    ["camry 2020"],
    ["from 2018"],
    ["2015-2020 corolla"],
    ["under 5 seats"],
    ["max 7"],
    ["i30 n"],
    ["mx-5"],
    ["cx-5 2022"],
    ["40000"],
    ["stock AB12345"],
    ["under 40,00"],
  ])("%s stays the keyword", (text) => {
    expect(parseKeywordPhrases(text, BOTH)).toEqual({
      keyword: text,
      price: null,
      odometer: null,
    });
  });
});

describe("Keyword phrases (search-and-urls.md): a distance phrase is the odometer filter when the search has one", () => {
  it.each<[string, KeywordPhraseOptions, string, KeywordRange | null]>([
    ["corolla under 50000 km", BOTH, "corolla", up(50000)],
    ["corolla under 50000km", BOTH, "corolla", up(50000)],
    ["corolla under 50k kms", BOTH, "corolla", up(50000)],
    ["ute 20000-60000 kilometres", BOTH, "ute", between(20000, 60000)],
    ["f-150 under 30000 miles", { ...BOTH, distanceUnit: "miles" }, "f-150", up(30000)],
    // No odometer filter on the site, or a unit that is not the site's: left alone.
    ["corolla under 50000 km", { ...BOTH, odometer: false }, "corolla under 50000 km", null],
    ["corolla under 50000 miles", BOTH, "corolla under 50000 miles", null],
  ])("%s -> keyword %j, odometer %j", (text, options, keyword, odometer) => {
    expect(parseKeywordPhrases(text, options)).toEqual({ keyword, price: null, odometer });
  });

  it("reads a price and an odometer phrase in one keyword", () => {
    expect(parseKeywordPhrases("suv under 40k with under 80000 km", BOTH)).toEqual({
      keyword: "suv",
      price: up(40000),
      odometer: up(80000),
    });
  });

  it("leaves a price phrase alone on a site whose search has no price filter", () => {
    expect(parseKeywordPhrases("suv under 40000", { ...BOTH, price: false })).toEqual({
      keyword: "suv under 40000",
      price: null,
      odometer: null,
    });
  });
});

describe("Keyword phrases (search-and-urls.md): the phrase becomes the URL's filter", () => {
  const settings = { enabledFacets: ["make", "price", "km", "year"] };
  const state = (rest: Partial<SearchState>): SearchState => ({ ...EMPTY_SEARCH_STATE, ...rest });

  it("moves the price into the price facet as 'min:max', the rest stays the keyword, page 1", () => {
    expect(
      keywordPhrasesAsFilters(
        state({ query: "suv under 40000", page: 3, filters: { make: ["Kia"] } }),
        settings,
        "en-AU",
      ),
    ).toEqual(state({ query: "suv", filters: { make: ["Kia"], price: [":40000"] } }));
  });

  it("replaces a price already chosen (the shopper just typed the new one)", () => {
    expect(
      keywordPhrasesAsFilters(
        state({ query: "over 20k", filters: { price: ["10000:50000"] } }),
        settings,
        "en-AU",
      ).filters.price,
    ).toEqual(["20000:"]);
  });

  it("reads miles on a US site and kilometres elsewhere", () => {
    expect(
      keywordPhrasesAsFilters(state({ query: "under 30000 miles" }), settings, "en-US").filters,
    ).toEqual({ km: [":30000"] });
    expect(
      keywordPhrasesAsFilters(state({ query: "under 30000 miles" }), settings, "en-AU").query,
    ).toBe("under 30000 miles");
  });

  it("returns the same state when the keyword has no phrase", () => {
    const plain = state({ query: "2020 camry" });
    expect(keywordPhrasesAsFilters(plain, settings, "en-AU")).toBe(plain);
  });
});
