/**
 * A map bounded by bytes (and optionally by entries) that drops the least recently used entry
 * first: every in-process cache of a web node uses one, so a node's memory has a ceiling however
 * many distinct URLs, searches or sites it sees. The byte size of an entry is given by the
 * caller (a page's bytes, a value's JSON length); it is an estimate of what the entry holds.
 */
export type CacheStats = {
  entries: number;
  bytes: number;
  maxBytes: number;
  hits: number;
  misses: number;
  evictions: number;
};

export class BoundedCache<K, V> {
  readonly #entries = new Map<K, { value: V; bytes: number }>();
  #bytes = 0;
  hits = 0;
  misses = 0;
  evictions = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxEntries = Number.POSITIVE_INFINITY,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  get enabled(): boolean {
    return this.maxBytes > 0 && this.maxEntries > 0;
  }

  /** The value, now the most recently used; counts a hit or a miss. */
  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.value;
  }

  /** Looks without counting or refreshing. */
  peek(key: K): V | undefined {
    return this.#entries.get(key)?.value;
  }

  /** Stores the value (an entry larger than the whole budget is not kept). */
  set(key: K, value: V, bytes: number): void {
    this.delete(key);
    if (!this.enabled || bytes > this.maxBytes) return;
    this.#entries.set(key, { value, bytes });
    this.#bytes += bytes;
    this.#evict();
  }

  /** A stored entry grew or shrank (a page gained its gzip form). */
  resize(key: K, bytes: number): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#bytes += bytes - entry.bytes;
    entry.bytes = bytes;
    this.#evict();
  }

  delete(key: K): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /** Drops every entry the predicate picks. */
  deleteWhere(predicate: (key: K, value: V) => boolean): void {
    for (const [key, entry] of this.#entries) if (predicate(key, entry.value)) this.delete(key);
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }

  stats(): CacheStats {
    return {
      entries: this.#entries.size,
      bytes: this.#bytes,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
      evictions: this.evictions,
    };
  }

  #evict(): void {
    while (this.#bytes > this.maxBytes || this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
      this.evictions += 1;
    }
  }
}
