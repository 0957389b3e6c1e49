/**
 * Candidate sets of a collection: a universe is the documents a search runs over (all of them,
 * or those a site's base filter admits), with the caches its queries share; a base set keeps a
 * trusted base filter's documents up to date as documents change.
 */
import {
  clearBit,
  emptyBitset,
  fullBitset,
  growBitset,
  setBit,
  toIndexes,
  type Bitset,
} from "./bitset";
import type { Predicate } from "./predicates";

/** Bytes of cached bitsets and keyword codes one universe snapshot may hold. */
const UNIVERSE_CACHE_BYTES = 8 * 1024 * 1024;

/** An immutable snapshot of a candidate set, valid for one collection version. */
export class Universe {
  readonly size: number;
  private readonly leafCache = new Map<string, Bitset>();
  private readonly keywordCache = new Map<string, Uint8Array>();
  private cachedBytes = 0;
  private fullSet: Bitset | null = null;

  constructor(
    readonly slots: Int32Array,
    readonly version: number,
  ) {
    this.size = slots.length;
  }

  full(): Bitset {
    if (!this.fullSet) this.fullSet = fullBitset(this.size);
    return this.fullSet;
  }

  /** Keeps the caches within their byte budget (large universes hold fewer entries). */
  private makeRoom(bytes: number): void {
    if (this.cachedBytes + bytes <= UNIVERSE_CACHE_BYTES) return;
    this.leafCache.clear();
    this.keywordCache.clear();
    this.cachedBytes = 0;
  }

  cachedKeyword(key: string, compute: () => Uint8Array): Uint8Array {
    let codes = this.keywordCache.get(key);
    if (!codes) {
      codes = compute();
      this.makeRoom(codes.byteLength);
      this.keywordCache.set(key, codes);
      this.cachedBytes += codes.byteLength;
    }
    return codes;
  }

  cachedLeaf(key: string, compute: () => Bitset): Bitset {
    let set = this.leafCache.get(key);
    if (!set) {
      set = compute();
      this.makeRoom(set.byteLength);
      this.leafCache.set(key, set);
      this.cachedBytes += set.byteLength;
    }
    return set;
  }
}

/** Documents admitted by a trusted base filter, maintained as documents change. */
export class BaseSet {
  bits: Bitset;
  private snapshot: Universe | null = null;
  /** When a search last used it (time-windowed filters leave old sets behind). */
  lastUsed = Date.now();

  constructor(
    readonly predicate: Predicate | null,
    capacity: number,
  ) {
    this.bits = emptyBitset(capacity);
  }

  update(slot: number, live: boolean): void {
    this.bits = growBitset(this.bits, slot + 1);
    if (live && (this.predicate === null || this.predicate(slot))) setBit(this.bits, slot);
    else clearBit(this.bits, slot);
  }

  universe(version: number): Universe {
    if (!this.snapshot || this.snapshot.version !== version) {
      this.snapshot = new Universe(toIndexes(this.bits), version);
    }
    return this.snapshot;
  }
}
