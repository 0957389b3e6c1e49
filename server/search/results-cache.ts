/**
 * Search results kept in memory, keyed by collection, scope (the site's base filter) and query.
 * At the limit the oldest entry is evicted first; a change to a collection drops its entries.
 */
export class ResultsCache<T> {
  private readonly entries = new Map<string, { collection: string; value: T }>();
  hits = 0;
  misses = 0;

  constructor(private limitValue: number) {}

  get limit(): number {
    return this.limitValue;
  }

  /** Changes the limit; 0 turns the cache off (and empties it). */
  setLimit(limit: number): void {
    this.limitValue = Math.max(0, Math.floor(limit));
    while (this.entries.size > this.limitValue) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  get enabled(): boolean {
    return this.limitValue > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (entry) this.hits++;
    else this.misses++;
    return entry?.value;
  }

  set(key: string, collection: string, value: T): void {
    if (this.limitValue <= 0) return;
    this.entries.delete(key);
    this.entries.set(key, { collection, value });
    while (this.entries.size > this.limitValue) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** Drops the entries of one collection (its stock changed). */
  invalidate(collection: string): void {
    for (const [key, entry] of this.entries) {
      if (entry.collection === collection) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
