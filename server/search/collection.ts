/**
 * One search collection held in memory: the documents, a column per filterable or sortable
 * attribute, the keyword index, and cached candidate sets ("universes") for base filters.
 *
 * A search runs over a universe (all documents, or those a site's base filter admits): the
 * filter is evaluated to a bitset over the universe's positions, leaf by leaf, each leaf result
 * cached on the universe so the queries of one search page (hits plus one per facet, which share
 * most of their conditions) evaluate each condition once.
 */
import {
  andInto,
  clearBit,
  complement,
  emptyBitset,
  fullBitset,
  growBitset,
  isEmpty,
  orInto,
  setBit,
  toIndexes,
  type Bitset,
} from "./bitset";
import { Column } from "./columns";
import { sortFloor, type CollectionConfig } from "./collections";
import { badRequest } from "./errors";
import { checkFilterable, leafKey, type FilterNode } from "./filter-parser";
import { compileLeaf, compilePredicate, type Predicate } from "./predicates";
import {
  ATTR_BITS,
  MATCH_EXACT,
  MATCH_PREFIX,
  NO_MATCH,
  TEXT_START,
  TextIndex,
  WORD_ID,
  typosOf,
} from "./text-index";
import type { QueryTerm } from "./text";

export type Document = Record<string, unknown>;

// Local copy of the column flag: imported constants are getters under the TS loader.
const F_MULTI = 8;

/**
 * The map key of a document id: ids are compared as strings, as in Meilisearch, but canonical
 * integers are kept as numbers (no string per document). Null if it is no valid id.
 */
export function idKey(id: unknown): string | number | null {
  if (typeof id === "number") return Number.isSafeInteger(id) ? id : String(id);
  if (typeof id !== "string" || id === "") return null;
  return /^(0|-?[1-9]\d{0,14})$/.test(id) ? Number(id) : id;
}

/** Leaf nodes of cached parsed filters keep their cache key. */
const leafKeys = new WeakMap<FilterNode, string>();

type Leaf = Exclude<FilterNode, { kind: "and" | "or" | "not" }>;

/** An immutable snapshot of a candidate set, valid for one collection version. */
/** Bytes of cached bitsets and keyword codes one universe snapshot may hold. */
const UNIVERSE_CACHE_BYTES = 8 * 1024 * 1024;

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
class BaseSet {
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

export type SortRule = { attribute: string; descending: boolean };

export type RankedQuery = {
  filter: FilterNode | null;
  terms: readonly QueryTerm[];
  matchingStrategy: "last" | "all" | "frequency";
  sort: readonly SortRule[];
  /** Restricts the keyword search to these searchable attributes. */
  searchOn: readonly string[] | null;
  offset: number;
  limit: number;
};

export type RankedResult = {
  /** Slots of the requested window, in rank order. */
  hits: number[];
  /** Ranking score per hit (0..1), in the same order. */
  scores: number[];
  total: number;
  /** Slots of every matching document (for facets), as positions in the universe. */
  matched: Int32Array;
};

const BASE_SET_LIMIT = 2048;
/** A base set no search used for this long is dropped (its filter's time window moved on). */
const BASE_SET_IDLE_MS = 5 * 60_000;

export class Collection {
  readonly config: CollectionConfig;
  readonly filterable: ReadonlySet<string>;
  readonly sortable: ReadonlySet<string>;
  readonly columns = new Map<string, Column>();
  /** The same columns, as an array for the write loop. */
  private columnList: Column[] = [];
  text: TextIndex;
  private docs: (Document | undefined)[] = [];
  /** Document id -> slot. Ids compare as strings (as in Meilisearch): see `idKey`. */
  private readonly slotOf = new Map<string | number, number>();
  private readonly freeSlots: number[] = [];
  private capacity = 1024;
  private liveCount = 0;
  private readonly all: BaseSet;
  private readonly baseSets = new Map<string, BaseSet>();
  /** Incremented on every change; snapshots and caches compare against it. */
  version = 0;
  readonly createdAt = new Date();
  updatedAt = new Date();

  constructor(config: CollectionConfig) {
    this.config = config;
    this.filterable = new Set(config.filterableAttributes);
    this.sortable = new Set(config.sortableAttributes);
    const indexed = new Set(config.indexedAttributes);
    for (const name of new Set([...config.filterableAttributes, ...config.sortableAttributes])) {
      this.columns.set(name, new Column(name, this.capacity, indexed.has(name)));
    }
    this.columnList = [...this.columns.values()];
    this.text = this.newTextIndex();
    this.all = new BaseSet(null, this.capacity);
  }

  get size(): number {
    return this.liveCount;
  }

  private newTextIndex(): TextIndex {
    return new TextIndex(
      this.config.searchableAttributes,
      this.config.synonyms,
      this.config.typoDisabledAttributes,
      // Identifier words (a VIN, a stock number) are usually their filter column's normalized
      // value too: keep that string rather than a second copy (columns are written first).
      (attribute, word) => {
        const dict = this.columns.get(attribute)?.dict;
        const code = dict ? dict.lookup(word) : -1;
        return code >= 0 ? dict!.norms[code]! : word;
      },
    );
  }

  documentAt(slot: number): Document {
    return this.docs[slot]!;
  }

  get(id: unknown): Document | undefined {
    const key = idKey(id);
    const slot = key === null ? undefined : this.slotOf.get(key);
    return slot === undefined ? undefined : this.docs[slot];
  }

  replaceAll(docs: readonly Document[]): void {
    this.docs = [];
    this.slotOf.clear();
    this.freeSlots.length = 0;
    this.liveCount = 0;
    this.capacity = Math.max(1024, docs.length);
    const indexed = new Set(this.config.indexedAttributes);
    for (const name of [...this.columns.keys()]) {
      this.columns.set(name, new Column(name, this.capacity, indexed.has(name)));
    }
    this.columnList = [...this.columns.values()];
    this.text = this.newTextIndex();
    // Room for the tokens of a first sample, then for the rest at the sample's rate: a bulk
    // load neither grows the token pool by doubling nor keeps room it does not use.
    const sample = Math.min(docs.length, 1024);
    this.text.reserve(docs.length, 0);
    this.text.reserve(sample, 64);
    this.all.bits = emptyBitset(this.capacity);
    this.baseSets.clear();
    for (let i = 0; i < docs.length; i++) {
      if (i === sample) {
        const rate = Math.ceil((1.05 * this.text.tokensUsed) / sample);
        this.text.reserve(docs.length - sample, rate);
      }
      this.write(docs[i]!);
    }
    this.text.fit();
    this.touch();
  }

  upsert(doc: Document): void {
    const slot = this.write(doc);
    for (const set of this.baseSets.values()) set.update(slot, true);
    this.touch();
  }

  remove(id: unknown): boolean {
    const key = idKey(id);
    const slot = key === null ? undefined : this.slotOf.get(key);
    if (slot === undefined) return false;
    this.slotOf.delete(key!);
    this.docs[slot] = undefined;
    for (const column of this.columns.values()) column.clear(slot);
    this.text.clear(slot);
    this.all.update(slot, false);
    for (const set of this.baseSets.values()) set.update(slot, false);
    this.freeSlots.push(slot);
    this.liveCount--;
    this.touch();
    return true;
  }

  private touch(): void {
    this.version++;
    this.updatedAt = new Date();
  }

  private write(doc: Document): number {
    const key = idKey(doc[this.config.primaryKey]);
    if (key === null) {
      throw badRequest(
        "missing_document_id",
        `Document doesn't have a \`${this.config.primaryKey}\` attribute: \`${JSON.stringify(doc).slice(0, 200)}\`.`,
      );
    }
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.freeSlots.pop() ?? this.docs.length;
      this.slotOf.set(key, slot);
      this.liveCount++;
      if (slot >= this.capacity) {
        this.capacity = Math.max(this.capacity * 2, slot + 1);
        for (const column of this.columnList) column.grow(this.capacity);
      }
    } else {
      for (const column of this.columnList) column.clear(slot);
    }
    this.docs[slot] = doc;
    for (const column of this.columnList) column.set(slot, doc);
    this.text.index(slot, doc);
    this.all.update(slot, true);
    return slot;
  }

  // ---------------------------------------------------------------------------------------------
  // Candidate sets

  /** Every document. */
  universeAll(): Universe {
    return this.all.universe(this.version);
  }

  /**
   * The documents a trusted base filter admits (a site's stock rules). Computed once, then kept
   * up to date on every upsert and removal; `key` identifies the filter.
   */
  universeFor(key: string, filter: FilterNode): Universe {
    let set = this.baseSets.get(key);
    if (!set) {
      checkFilterable(filter, this.filterable);
      const now = Date.now();
      for (const [staleKey, stale] of this.baseSets) {
        if (now - stale.lastUsed > BASE_SET_IDLE_MS) this.baseSets.delete(staleKey);
      }
      if (this.baseSets.size >= BASE_SET_LIMIT) {
        const oldest = this.baseSets.keys().next().value;
        if (oldest !== undefined) this.baseSets.delete(oldest);
      }
      const predicate = compilePredicate(filter, this.columns, true);
      set = new BaseSet(predicate, this.capacity);
      for (const slot of this.seedSlots(filter)) {
        if (this.docs[slot] !== undefined && predicate(slot)) setBit(set.bits, slot);
      }
      this.baseSets.set(key, set);
    }
    set.lastUsed = Date.now();
    return set.universe(this.version);
  }

  /** Slots worth testing for a filter: an indexed equality it ANDs narrows them. */
  private seedSlots(filter: FilterNode): Iterable<number> {
    const conjuncts = filter.kind === "and" ? filter.children : [filter];
    let best: Set<number> | null = null;
    for (const node of conjuncts) {
      if (node.kind !== "compare" || node.op !== "=") continue;
      const column = this.columns.get(node.attribute);
      if (!column?.numIndex || !column.strIndex) continue;
      const candidates = new Set<number>();
      if (node.value.number !== null) {
        for (const s of column.numIndex.get(node.value.number) ?? []) candidates.add(s);
      }
      const code = column.dict.lookup(node.value.raw.trim().toLowerCase());
      if (code >= 0) for (const s of column.strIndex.get(code) ?? []) candidates.add(s);
      if (best === null || candidates.size < best.size) best = candidates;
    }
    return best ?? toIndexes(this.all.bits);
  }

  // ---------------------------------------------------------------------------------------------
  // Filtering

  /** The positions (in `universe`) of the documents matching `filter`. */
  evaluate(filter: FilterNode | null, universe: Universe): Bitset {
    if (filter === null) return universe.full();
    return this.evalNode(filter, universe);
  }

  private evalNode(node: FilterNode, universe: Universe): Bitset {
    switch (node.kind) {
      case "and": {
        const out = this.evalNode(node.children[0]!, universe).slice();
        for (let i = 1; i < node.children.length && !isEmpty(out); i++) {
          andInto(out, this.evalNode(node.children[i]!, universe));
        }
        return out;
      }
      case "or": {
        const out = emptyBitset(universe.size);
        for (const child of node.children) orInto(out, this.evalNode(child, universe));
        return out;
      }
      case "not":
        return complement(this.evalNode(node.child, universe), universe.size);
      default: {
        let key = leafKeys.get(node);
        if (key === undefined) {
          key = leafKey(node);
          leafKeys.set(node, key);
        }
        return universe.cachedLeaf(key, () => this.scanLeaf(node, universe));
      }
    }
  }

  private scanLeaf(node: Leaf, universe: Universe): Bitset {
    const out = emptyBitset(universe.size);
    const column = this.columns.get(node.attribute);
    if (!column) return out;
    const predicate = compileLeaf(node, column, false);
    const slots = universe.slots;
    for (let i = 0; i < slots.length; i++) {
      if (predicate(slots[i]!)) out[i >>> 5]! |= 1 << (i & 31);
    }
    return out;
  }

  // ---------------------------------------------------------------------------------------------
  // Ranking

  rank(query: RankedQuery, universe: Universe): RankedResult {
    const filtered = this.evaluate(query.filter, universe);
    const terms = query.terms;
    let positions: Int32Array;
    let keyword: KeywordRanks | null = null;
    if (terms.length === 0) {
      positions = toIndexes(filtered);
    } else {
      keyword = this.matchTerms(query, universe, filtered);
      positions = keyword.positions;
    }
    const total = positions.length;
    const need = Math.min(total, query.offset + query.limit);
    const slots = universe.slots;
    let order: number[];
    // Facet count queries ask for one hit (or none) besides their counts: no sort keys for them.
    const top1 =
      keyword === null && query.sort.length === 1 && need === 1 && query.offset === 0
        ? this.numericTop1(query.sort[0]!, universe, positions)
        : -1;
    const numericKey =
      need <= query.offset || top1 >= 0 || keyword !== null || query.sort.length !== 1
        ? null
        : this.numericSortKey(query.sort[0]!, universe, positions);
    if (need <= query.offset) {
      order = [];
    } else if (top1 >= 0) {
      order = [top1];
    } else if (numericKey !== null) {
      order = topKByKey(numericKey, need);
    } else {
      const sortKeys = query.sort.map((rule) => this.sortKeys(rule, universe, positions));
      const compare = (a: number, b: number): number => {
        if (keyword) {
          const d =
            keyword.words[b]! - keyword.words[a]! ||
            keyword.typos[a]! - keyword.typos[b]! ||
            keyword.exact[b]! - keyword.exact[a]!;
          if (d !== 0) return d;
        }
        for (const key of sortKeys) {
          const g = key.group[a]! - key.group[b]!;
          if (g !== 0) return g;
          const v = key.value[a]! - key.value[b]!;
          if (v !== 0) return v < 0 ? -1 : 1;
        }
        // Positions ascend with slots: the earlier document first.
        return a - b;
      };
      order = topK(total, need, compare);
    }
    const window = order.slice(query.offset, need);
    const hits = window.map((i) => slots[positions[i]!]!);
    const scores = window.map((i) => (keyword ? keyword.score(i) : 1));
    return { hits, scores, total, matched: positions };
  }

  /**
   * `numericSortKey` then `topKByKey(key, 1)` without the key array: the position of the first
   * document with the smallest key. -1 when `numericSortKey` would be null.
   */
  private numericTop1(rule: SortRule, universe: Universe, positions: Int32Array): number {
    const column = this.columns.get(rule.attribute);
    if (!column || column.hasStrings || column.multi.size > 0) return -1;
    const num = column.num;
    if (num === null) return 0;
    const slots = universe.slots;
    const sign = rule.descending ? -1 : 1;
    const floor = sortFloor(this.config, rule.attribute);
    let best = 0;
    let bestKey = Infinity;
    for (let i = 0; i < positions.length; i++) {
      const n = num[slots[positions[i]!]!]!;
      if (n > floor && sign * n < bestKey) {
        bestKey = sign * n;
        best = i;
      }
    }
    return best;
  }

  /**
   * For the usual sort (one attribute holding single numbers): one key per document, missing
   * values last whatever the direction. Null when the attribute also holds strings or arrays.
   */
  private numericSortKey(
    rule: SortRule,
    universe: Universe,
    positions: Int32Array,
  ): Float64Array | null {
    const column = this.columns.get(rule.attribute);
    if (!column || column.hasStrings || column.multi.size > 0) return null;
    const key = new Float64Array(positions.length);
    const num = column.num;
    if (num === null) return key.fill(Infinity);
    const slots = universe.slots;
    const sign = rule.descending ? -1 : 1;
    const floor = sortFloor(this.config, rule.attribute);
    for (let i = 0; i < positions.length; i++) {
      const n = num[slots[positions[i]!]!]!;
      key[i] = n > floor ? sign * n : Infinity;
    }
    return key;
  }

  private sortKeys(rule: SortRule, universe: Universe, positions: Int32Array): SortKey {
    const n = positions.length;
    const group = new Int8Array(n);
    const value = new Float64Array(n);
    const column = this.columns.get(rule.attribute);
    const sign = rule.descending ? -1 : 1;
    if (!column) {
      group.fill(2);
      return { group, value };
    }
    const ranks = column.hasStrings ? column.dict.ranks() : null;
    const slots = universe.slots;
    const floor = sortFloor(this.config, rule.attribute);
    for (let i = 0; i < n; i++) {
      const slot = slots[positions[i]!]!;
      if ((column.flags[slot]! & F_MULTI) !== 0) {
        const m = column.multi.get(slot)!;
        const nums = m.nums.filter((x) => x > floor);
        if (nums.length > 0) {
          group[i] = 0;
          value[i] = sign * (rule.descending ? Math.max(...nums) : Math.min(...nums));
        } else if (m.codes.length > 0) {
          const r = m.codes.map((c) => ranks![c]!);
          group[i] = 1;
          value[i] = sign * (rule.descending ? Math.max(...r) : Math.min(...r));
        } else {
          group[i] = 2;
        }
        continue;
      }
      const num = column.num ? column.num[slot]! : NaN;
      if (num > floor) {
        group[i] = 0;
        value[i] = sign * num;
        continue;
      }
      const code = column.str ? column.str[slot]! : -1;
      if (code >= 0) {
        group[i] = 1;
        value[i] = sign * ranks![code]!;
      } else {
        group[i] = 2;
      }
    }
    return { group, value };
  }

  /**
   * The best match code of every query term in every document of the universe (NO_MATCH where a
   * term does not match), computed once per universe snapshot and query words: the queries of a
   * search page share their `q`.
   */
  private termCodes(query: RankedQuery, universe: Universe): Uint8Array {
    const terms = query.terms;
    const key = JSON.stringify([terms, query.searchOn]);
    return universe.cachedKeyword(key, () => {
      const nTerms = terms.length;
      const text = this.text;
      const allowed = this.allowedAttributes(query.searchOn);
      const exactOnly = this.exactOnly;
      const slots = universe.slots;
      const best = new Uint8Array(slots.length * nTerms).fill(NO_MATCH);
      const phraseIds = terms.map((t) => (t.phrase ? t.words.map((w) => text.wordId(w)) : null));
      const hasPhrase = phraseIds.some((ids) => ids !== null);
      const touched = text.mark(terms);
      try {
        const marks = text.marks;
        const pool = text.pool;
        const starts = text.start;
        const lengths = text.length;
        for (let c = 0; c < slots.length; c++) {
          const slot = slots[c]!;
          const from = starts[slot]!;
          const to = from + lengths[slot]!;
          const base = c * nTerms;
          for (let i = from; i < to; i++) {
            const token = pool[i]!;
            const mark = marks[(token >>> ATTR_BITS) & WORD_MASK]!;
            if (mark === 0) continue;
            const attr = token & ATTR_MASK;
            if (allowed !== null && allowed[attr] === 0) continue;
            const typos = exactOnly[attr] === 0;
            for (let t = 0; t < nTerms; t++) {
              const code = (mark >>> (3 * t)) & 7;
              if (code !== 0 && code < best[base + t]! && (typos || code <= MATCH_PREFIX))
                best[base + t] = code;
            }
          }
          if (hasPhrase) {
            for (let t = 0; t < nTerms; t++) {
              const ids = phraseIds[t];
              if (ids && containsPhrase(pool, from, to, ids, allowed)) best[base + t] = MATCH_EXACT;
            }
          }
          text.matchIdentifiers(slot, terms, allowed, best, base);
        }
      } finally {
        text.unmark(touched);
      }
      return best;
    });
  }

  private matchTerms(query: RankedQuery, universe: Universe, filtered: Bitset): KeywordRanks {
    const terms = query.terms;
    const nTerms = terms.length;
    const codes = this.termCodes(query, universe);
    const candidates = toIndexes(filtered);
    const best = new Uint8Array(candidates.length * nTerms);
    for (let c = 0; c < candidates.length; c++) {
      const from = candidates[c]! * nTerms;
      for (let t = 0; t < nTerms; t++) best[c * nTerms + t] = codes[from + t]!;
    }

    // Which terms may be dropped, in which order (matchingStrategy).
    let order = terms.map((_, t) => t);
    if (query.matchingStrategy === "frequency") {
      const freq = order.map((t) => {
        let f = 0;
        for (let c = 0; c < candidates.length; c++) if (best[c * nTerms + t] !== NO_MATCH) f++;
        return f;
      });
      order = order.sort((a, b) => freq[a]! - freq[b]! || a - b);
    }
    const required = query.matchingStrategy === "all" ? nTerms : 1;
    const positions: number[] = [];
    const words: number[] = [];
    const typos: number[] = [];
    const exact: number[] = [];
    for (let c = 0; c < candidates.length; c++) {
      const base = c * nTerms;
      let k = 0;
      let typoSum = 0;
      let exactCount = 0;
      for (const t of order) {
        const code = best[base + t]!;
        if (code === NO_MATCH) break;
        k++;
        typoSum += typosOf(code);
        if (code === MATCH_EXACT) exactCount++;
      }
      if (k < required) continue;
      positions.push(candidates[c]!);
      words.push(k);
      typos.push(typoSum);
      exact.push(exactCount);
    }
    return {
      positions: Int32Array.from(positions),
      words: Int8Array.from(words),
      typos: Int8Array.from(typos),
      exact: Int8Array.from(exact),
      score: (i) => {
        const k = words[i]!;
        return (
          (k / nTerms) * (1 - typos[i]! / (2 * nTerms + 1)) * (0.9 + (0.1 * exact[i]!) / nTerms)
        );
      },
    };
  }

  /** Per searchable attribute: 1 if typos are off for it. */
  private get exactOnly(): Uint8Array {
    if (!this.exactOnlyCache) {
      this.exactOnlyCache = Uint8Array.from(this.config.searchableAttributes, (name) =>
        this.config.typoDisabledAttributes.includes(name) ? 1 : 0,
      );
    }
    return this.exactOnlyCache;
  }

  private exactOnlyCache: Uint8Array | null = null;

  private allowedAttributes(searchOn: readonly string[] | null): Uint8Array | null {
    if (!searchOn) return null;
    const allowed = new Uint8Array(this.config.searchableAttributes.length);
    this.config.searchableAttributes.forEach((name, i) => {
      if (searchOn.includes(name)) allowed[i] = 1;
    });
    return allowed;
  }
}

type SortKey = { group: Int8Array; value: Float64Array };

type KeywordRanks = {
  positions: Int32Array;
  words: Int8Array;
  typos: Int8Array;
  exact: Int8Array;
  score: (i: number) => number;
};

function containsPhrase(
  tokens: Int32Array,
  from: number,
  to: number,
  ids: readonly number[],
  allowed: Uint8Array | null,
): boolean {
  if (ids.some((id) => id < 0)) return false;
  const n = ids.length;
  outer: for (let i = from; i + n <= to; i++) {
    const token = tokens[i]!;
    if (((token >>> ATTR_BITS) & WORD_MASK) !== ids[0]) continue;
    if (allowed !== null && allowed[token & ATTR_MASK] === 0) continue;
    for (let j = 1; j < n; j++) {
      // The phrase's other words follow in the same text.
      const next = tokens[i + j]!;
      if ((next & TEXT_START_BIT) !== 0 || ((next >>> ATTR_BITS) & WORD_MASK) !== ids[j])
        continue outer;
    }
    return true;
  }
  return false;
}

const ATTR_MASK = (1 << ATTR_BITS) - 1;
// Local copies for the scan loops (imported constants are getters under the TS loader).
const WORD_MASK = WORD_ID;
const TEXT_START_BIT = TEXT_START;

/** The k smallest keys' indexes in order; ties keep index order. */
function topKByKey(key: Float64Array, k: number): number[] {
  const n = key.length;
  if (k <= 0) return [];
  if (k === 1) {
    let best = 0;
    for (let i = 1; i < n; i++) if (key[i]! < key[best]!) best = i;
    return [best];
  }
  if (k * 8 >= n || k > 256) {
    const all = Array.from({ length: n }, (_, i) => i);
    all.sort((a, b) => key[a]! - key[b]! || a - b);
    return all.slice(0, k);
  }
  const buffer: number[] = [];
  let worst = Infinity;
  for (let i = 0; i < n; i++) {
    const v = key[i]!;
    if (buffer.length === k && v >= worst) continue;
    let lo = 0;
    let hi = buffer.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (key[buffer[mid]!]! <= v) lo = mid + 1;
      else hi = mid;
    }
    buffer.splice(lo, 0, i);
    if (buffer.length > k) buffer.pop();
    worst = key[buffer[buffer.length - 1]!]!;
  }
  return buffer;
}

/** Indexes 0..n-1 ordered by `compare`, only the first `k` guaranteed sorted. */
function topK(n: number, k: number, compare: (a: number, b: number) => number): number[] {
  if (k <= 0) return [];
  if (k * 8 >= n || k > 256) {
    const all = Array.from({ length: n }, (_, i) => i);
    all.sort(compare);
    return all.slice(0, k);
  }
  // Keep a sorted buffer of the best k seen so far.
  const buffer: number[] = [];
  for (let i = 0; i < n; i++) {
    if (buffer.length === k && compare(i, buffer[k - 1]!) >= 0) continue;
    let lo = 0;
    let hi = buffer.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(buffer[mid]!, i) <= 0) lo = mid + 1;
      else hi = mid;
    }
    buffer.splice(lo, 0, i);
    if (buffer.length > k) buffer.pop();
  }
  return buffer;
}
