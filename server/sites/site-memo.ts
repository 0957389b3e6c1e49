/**
 * Reads that only change when a site's version moves on (a stock, content or settings change
 * published on the change bus: server/sites/site-registry.ts), kept so pages do not ask the
 * database for the same locations, content pages or reviews on every request. The same rule
 * keeps the page cache fresh. One budget in bytes (a value's JSON length) for all sites, least
 * recently used first out: odd URLs (unknown slugs) or many sites cannot grow it.
 */
import { BoundedCache } from "../bounded-cache";
import type { Site } from "./site";

/** What an entry is counted as until its value has loaded. */
const PENDING_BYTES = 1024;

type Entry = { version: number; value: Promise<unknown> };

let memo = new BoundedCache<string, Entry>(16 * 1024 * 1024);

/** The memo's budget (SITE_MEMO_MAX_BYTES); empties it. */
export function setSiteMemoBudget(maxBytes: number): void {
  memo = new BoundedCache(maxBytes);
}

export function siteMemoStats() {
  return memo.stats();
}

/** `load()` once per site, version and key; a failed load is forgotten, so the next call retries. */
export function memoForSiteVersion<T>(site: Site, key: string, load: () => Promise<T>): Promise<T> {
  const memoKey = `${site.id}\u0000${key}`;
  const cached = memo.get(memoKey);
  if (cached && cached.version === site.version) return cached.value as Promise<T>;
  const value = load();
  const entry: Entry = { version: site.version, value };
  const cache = memo;
  cache.set(memoKey, entry, memoKey.length + PENDING_BYTES);
  value.then(
    (loaded) => {
      if (cache.peek(memoKey) !== entry) return;
      let bytes = PENDING_BYTES;
      try {
        bytes = JSON.stringify(loaded ?? null).length;
      } catch {
        // Not serialisable (a cycle): keep the estimate.
      }
      cache.resize(memoKey, memoKey.length + bytes);
    },
    () => {
      if (cache.peek(memoKey) === entry) cache.delete(memoKey);
    },
  );
  return value;
}
