/**
 * Number formatting through `toLocaleString` builds an Intl formatter on every call, which is
 * most of a card's render time. Cards show the same few prices and readings over and over, so
 * the domain's formatted texts are kept (bounded; cleared when full).
 */
const MAX_ENTRIES = 5_000;
const cache = new Map<string, unknown>();

export function memoFormat<T>(key: string, compute: () => T): T {
  if (cache.has(key)) return cache.get(key) as T;
  const value = compute();
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(key, value);
  return value;
}

/** A count in the site's locale ('1,234'), memoised. */
export function formatCount(count: number, locale: string): string {
  return memoFormat(`count:${locale}:${count}`, () => count.toLocaleString(locale));
}
