import { describe, expect, it } from "vitest";
import { offerCards, searchOffers } from "./offers";
import { multiSearch, type MultiSearchQuery, type MultiSearchResponse } from "~/server/search";
import { createSearchFixture } from "~/server/search/testing/fixture";
import { FAKE_NOW_MS } from "~/server/search/fake-stock";

const DAY = 86_400_000;
const fixture = createSearchFixture({ vehicles: 30, cacheLimit: 1000 });

/** Site 1's search, in-process, counting the queries the engine had to run (cache misses). */
function siteSearch() {
  return {
    multiSearch: (queries: MultiSearchQuery[]): MultiSearchResponse => {
      const outcome = multiSearch(fixture.engine, fixture.keys, { siteId: 1 }, { queries });
      if (!outcome.ok) throw new Error(outcome.body.message);
      return outcome.body;
    },
  };
}

/** The offers a `>= now` filter shows: what the page showed before the bound was kept. */
function shownAt(nowMs: number, limit: number) {
  const live = `expires_at_timestamp IS NULL OR expires_at_timestamp >= ${nowMs}`;
  const [page] = siteSearch().multiSearch([
    { indexUid: "Offer_production", q: "", limit, offset: 0, filter: [live] } as never,
  ]).results;
  return { slugs: page!.hits.map((hit) => hit.slug), total: page!.estimatedTotalHits };
}

describe("searchOffers", () => {
  const expiries = fixture.engine
    .search("Offer_production", { q: "", limit: 1000, filter: "site_id = 1" }, { cache: false })
    .hits.map((hit) => hit.expires_at_timestamp as number | null)
    .filter((t): t is number => t !== null)
    .sort((a, b) => a - b);

  it("shows exactly the offers not yet expired, at any moment", async () => {
    expect(expiries.length).toBeGreaterThan(2);
    const moments = [
      FAKE_NOW_MS - DAY,
      ...expiries.flatMap((t) => [t - 1, t, t + 1]),
      expiries.at(-1)! + DAY,
    ];
    for (const nowMs of moments) {
      const results = await searchOffers(
        { search: siteSearch() } as never,
        { offset: 0, limit: 50 },
        new Date(nowMs),
      );
      const expected = shownAt(nowMs, 50);
      expect(results.hits.map((hit) => hit.slug)).toEqual(expected.slugs);
      expect(results.estimatedTotalHits).toBe(expected.total);
    }
  });

  it("asks the engine again only when an offer has expired in between", async () => {
    const [first, second] = expiries;
    const misses = () => fixture.engine.resultsCache.misses;
    await searchOffers(
      { search: siteSearch() } as never,
      { offset: 0, limit: 3 },
      new Date(first! + 1),
    );
    const before = misses();
    await searchOffers(
      { search: siteSearch() } as never,
      { offset: 0, limit: 3 },
      new Date(first! + 2),
    );
    expect(misses()).toBe(before);
    await searchOffers(
      { search: siteSearch() } as never,
      { offset: 0, limit: 3 },
      new Date(second! + 1),
    );
    expect(misses()).toBeGreaterThan(before);
  });

  it("gives the home page the same first cards as the offers search, made once per offer", async () => {
    const context = { search: siteSearch() } as never;
    for (const nowMs of [FAKE_NOW_MS - DAY, ...expiries.map((t) => t + 1)]) {
      const now = new Date(nowMs);
      const { hits } = await searchOffers(context, { offset: 0, limit: 3 }, now);
      const cards = offerCards(context, 3, now);
      expect(cards).toEqual(hits);
      // The same offer documents give the same card objects: nothing is sanitised again.
      expect(cards.every((card, i) => card === hits[i])).toBe(true);
    }
  });
});
