import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addRecentSearch,
  cachedResult,
  cacheResult,
  emptyResultsCache,
  FIRST_PAGE_QUERY_EXPIRY_MS,
  isFirstPageQueryExpired,
  readFirstPageQuery,
  type RecentSearch,
  type ResultsCache,
} from "./search-store";

const search = (url: string, savedAtMs = 0): RecentSearch => ({ url, label: url, savedAtMs });

describe("Search memory in the browser (search-and-urls.md): recent searches (last 5) are kept in the browser", () => {
  it("keeps the last 5, newest first, without repeats", () => {
    let list: RecentSearch[] = [];
    for (const url of ["a", "b", "c", "d", "e", "f"]) list = addRecentSearch(list, search(url));
    expect(list.map((s) => s.url)).toEqual(["f", "e", "d", "c", "b"]);
    list = addRecentSearch(list, search("c"));
    expect(list.map((s) => s.url)).toEqual(["c", "f", "e", "d", "b"]);
  });

  it("never more than 5 and never a URL twice", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "c", "d", "e", "f", "g"), { maxLength: 30 }),
        (urls) => {
          let list: RecentSearch[] = [];
          for (const url of urls) list = addRecentSearch(list, search(url));
          expect(list.length).toBeLessThanOrEqual(5);
          expect(new Set(list.map((s) => s.url)).size).toBe(list.length);
          if (urls.length > 0) expect(list[0]?.url).toBe(urls.at(-1));
        },
      ),
    );
  });
});

describe("Search memory in the browser (search-and-urls.md): results cache evicted oldest-first at a limit", () => {
  it("evicts the oldest entry", () => {
    let cache: ResultsCache<number> = emptyResultsCache();
    cache = cacheResult(cache, "a", 1, 2);
    cache = cacheResult(cache, "b", 2, 2);
    cache = cacheResult(cache, "c", 3, 2);
    expect(cachedResult(cache, "a")).toBeUndefined();
    expect([cachedResult(cache, "b"), cachedResult(cache, "c")]).toEqual([2, 3]);
    // Storing a key again makes it the newest.
    cache = cacheResult(cache, "b", 20, 2);
    cache = cacheResult(cache, "d", 4, 2);
    expect(cache.entries.map(([k]) => k)).toEqual(["b", "d"]);
    expect(cachedResult(cache, "b")).toBe(20);
  });

  it("holds at most the limit, the latest stored always present", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("a", "b", "c", "d", "e"), { maxLength: 40 }),
        fc.integer({ min: 1, max: 4 }),
        (keys, limit) => {
          let cache: ResultsCache<string> = emptyResultsCache();
          for (const key of keys) {
            cache = cacheResult(cache, key, key.toUpperCase(), limit);
            expect(cache.entries.length).toBeLessThanOrEqual(limit);
            expect(cachedResult(cache, key)).toBe(key.toUpperCase());
          }
        },
      ),
    );
  });
});

describe("Search memory in the browser (search-and-urls.md): the first-page query expires after 30 days", () => {
  it("is read until 30 days have passed", () => {
    const saved = { query: "make=Kia", savedAtMs: 1_000 };
    expect(readFirstPageQuery(saved, 1_000 + FIRST_PAGE_QUERY_EXPIRY_MS)).toBe("make=Kia");
    expect(readFirstPageQuery(saved, 1_001 + FIRST_PAGE_QUERY_EXPIRY_MS)).toBeNull();
    expect(isFirstPageQueryExpired(saved, 1_001 + FIRST_PAGE_QUERY_EXPIRY_MS)).toBe(true);
    expect(readFirstPageQuery(null, 0)).toBeNull();
  });
});
