/**
 * The browser's search memory as pure state functions (docs/product/search-and-urls.md,
 * "Search memory in the browser"): recent searches (last 5), the in-memory results cache evicted
 * oldest-first, and the first-page query that expires after 30 days. The store holding them only
 * calls these.
 */
import { DAY_MS } from "./listing";

/** Recent searches kept. */
export const RECENT_SEARCHES_LIMIT = 5;
/** First-page query expiry. */
export const FIRST_PAGE_QUERY_EXPIRY_MS = 30 * DAY_MS;

export type RecentSearch = { url: string; label: string; savedAtMs: number };

/** The newest search first; the same URL again moves to the front instead of repeating. */
export function addRecentSearch(
  searches: readonly RecentSearch[],
  search: RecentSearch,
): RecentSearch[] {
  return [search, ...searches.filter((s) => s.url !== search.url)].slice(0, RECENT_SEARCHES_LIMIT);
}

/** Insertion-ordered entries, oldest first. */
export type ResultsCache<T> = { readonly entries: readonly (readonly [string, T])[] };

export function emptyResultsCache<T>(): ResultsCache<T> {
  return { entries: [] };
}

export function cachedResult<T>(cache: ResultsCache<T>, key: string): T | undefined {
  return cache.entries.find(([k]) => k === key)?.[1];
}

/**
 * The cache with a result stored (a key stored again counts as new), the oldest entries evicted
 * beyond the limit (the site's `searchCacheLimit`).
 */
export function cacheResult<T>(
  cache: ResultsCache<T>,
  key: string,
  value: T,
  limit: number,
): ResultsCache<T> {
  const entries = [...cache.entries.filter(([k]) => k !== key), [key, value] as const];
  return { entries: entries.slice(Math.max(0, entries.length - Math.max(0, limit))) };
}

export type FirstPageQuery = { query: string; savedAtMs: number };

export function isFirstPageQueryExpired(saved: FirstPageQuery, nowMs: number): boolean {
  return nowMs - saved.savedAtMs > FIRST_PAGE_QUERY_EXPIRY_MS;
}

/** The stored first-page query, or null once it has expired. */
export function readFirstPageQuery(
  saved: FirstPageQuery | null | undefined,
  nowMs: number,
): string | null {
  if (!saved || isFirstPageQueryExpired(saved, nowMs)) return null;
  return saved.query;
}
