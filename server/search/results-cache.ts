/**
 * Search results kept in memory, keyed by collection, scope (the site's base filter) and query.
 * Bounded by entries and by bytes (a response's JSON length), least recently used first out; a
 * change to a collection drops its entries.
 */
import { BoundedCache } from "../bounded-cache";

/** Default byte budget: a few thousand search pages' results. */
const RESULTS_CACHE_MAX_BYTES = 32 * 1024 * 1024;

export class ResultsCache<T> {
  private entries: BoundedCache<string, { collection: string; value: T }>;

  constructor(
    private limitValue: number,
    private readonly maxBytes = RESULTS_CACHE_MAX_BYTES,
  ) {
    this.entries = new BoundedCache(maxBytes, limitValue);
  }

  get limit(): number {
    return this.limitValue;
  }

  get hits(): number {
    return this.entries.hits;
  }

  get misses(): number {
    return this.entries.misses;
  }

  /** Changes the entry limit (and empties the cache); 0 turns it off. */
  setLimit(limit: number): void {
    this.limitValue = Math.max(0, Math.floor(limit));
    this.entries = new BoundedCache(this.maxBytes, this.limitValue);
  }

  get enabled(): boolean {
    return this.entries.enabled;
  }

  get size(): number {
    return this.entries.size;
  }

  stats() {
    return this.entries.stats();
  }

  get(key: string): T | undefined {
    return this.entries.get(key)?.value;
  }

  set(key: string, collection: string, value: T): void {
    if (!this.enabled) return;
    this.entries.set(key, { collection, value }, key.length + JSON.stringify(value).length);
  }

  /** Drops the entries of one collection (its stock changed). */
  invalidate(collection: string): void {
    this.entries.deleteWhere((_key, entry) => entry.collection === collection);
  }

  clear(): void {
    this.entries.clear();
  }
}
