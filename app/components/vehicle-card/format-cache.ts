/**
 * Cards show the same few prices, readings and counts over and over, so the domain's formatted
 * texts are kept rather than composed again on every render (bounded; cleared when full).
 */
import { formatNumber } from "~/domain/number-format";

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
  return memoFormat(`count:${locale}:${count}`, () => formatNumber(count, locale));
}
