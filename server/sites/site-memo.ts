/**
 * Reads that only change when a site's version moves on (a stock, content or settings change
 * published on the change bus: server/sites/site-registry.ts), kept per site so pages do not ask
 * the database for the same locations, content pages or reviews on every request. The same rule
 * keeps the page cache fresh.
 */
import type { Site } from "./site";

/** Keys per site before the memo starts again: bounds what odd URLs (unknown slugs) can fill. */
const MAX_KEYS_PER_SITE = 500;

type Entry = { version: number; value: Promise<unknown> };

const memos = new WeakMap<Site, Map<string, Entry>>();

/** `load()` once per site, version and key; a failed load is forgotten, so the next call retries. */
export function memoForSiteVersion<T>(site: Site, key: string, load: () => Promise<T>): Promise<T> {
  let entries = memos.get(site);
  if (!entries) memos.set(site, (entries = new Map()));
  const cached = entries.get(key);
  if (cached && cached.version === site.version) return cached.value as Promise<T>;
  if (entries.size >= MAX_KEYS_PER_SITE) entries.clear();
  const value = load();
  const entry: Entry = { version: site.version, value };
  entries.set(key, entry);
  value.catch(() => {
    if (entries.get(key) === entry) entries.delete(key);
  });
  return value;
}
