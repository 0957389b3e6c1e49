/**
 * One search collection held in memory: the documents, a column per filterable or sortable
 * attribute, the keyword index, and cached candidate sets ("universes") for base filters.
 *
 * A search runs over a universe (all documents, or those a site's base filter admits,
 * universe.ts): the filter is evaluated to a bitset over the universe's positions, leaf by leaf,
 * each leaf result cached on the universe so the queries of one search page (hits plus one per
 * facet, which share most of their conditions) evaluate each condition once. The words are
 * matched by keyword-match.ts and the hits put in order by sort-order.ts.
 */
import {
  andInto,
  complement,
  emptyBitset,
  isEmpty,
  orInto,
  setBit,
  toIndexes,
  type Bitset,
} from "./bitset";
import { Column } from "./columns";
import { sortFloor, type CollectionConfig } from "./collections";
import { badRequest } from "./errors";
import { DocumentStore } from "./document-store";
import { checkFilterable, leafKey, type FilterNode } from "./filter-parser";
import { KeywordMatcher, type KeywordQuery } from "./keyword-match";
import { compileLeaf, compilePredicate } from "./predicates";
import { sortOrder, type SortRule } from "./sort-order";
import { TextIndex } from "./text-index";
import { BaseSet, type Universe } from "./universe";

export type Document = Record<string, unknown>;

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

export type RankedQuery = KeywordQuery & {
  filter: FilterNode | null;
  sort: readonly SortRule[];
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
  private readonly keywords: KeywordMatcher;
  private docs = new DocumentStore();
  /** Slots in use or freed: the next new document takes a freed slot, else this one. */
  private slotsUsed = 0;
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
    this.keywords = new KeywordMatcher(config);
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
    return this.docs.get(slot)!;
  }

  get(id: unknown): Document | undefined {
    const key = idKey(id);
    const slot = key === null ? undefined : this.slotOf.get(key);
    return slot === undefined ? undefined : this.docs.get(slot);
  }

  replaceAll(docs: readonly Document[]): void {
    const load = this.replacing(docs.length);
    for (const doc of docs) load.add(doc);
    load.finish();
  }

  /**
   * Replaces every document with those given to `add`, about `expected` of them, and `finish`
   * ends the load: the documents can come in batches, so the caller never holds them all. The
   * collection is incomplete until then.
   */
  replacing(expected: number): { add: (doc: Document) => void; finish: () => void } {
    this.slotOf.clear();
    this.freeSlots.length = 0;
    this.liveCount = 0;
    this.capacity = Math.max(1024, expected);
    this.docs = new DocumentStore(this.capacity);
    this.slotsUsed = 0;
    const indexed = new Set(this.config.indexedAttributes);
    for (const name of [...this.columns.keys()]) {
      this.columns.set(name, new Column(name, this.capacity, indexed.has(name)));
    }
    this.columnList = [...this.columns.values()];
    this.text = this.newTextIndex();
    // Room for the tokens of a first sample, then for the rest at the sample's rate: a bulk
    // load neither grows the token pool by doubling nor keeps room it does not use.
    const sample = Math.min(expected, 1024);
    this.text.reserve(expected, 0);
    this.text.reserve(sample, 64);
    this.all.bits = emptyBitset(this.capacity);
    this.baseSets.clear();
    let added = 0;
    return {
      add: (doc) => {
        if (added === sample && expected > sample) {
          const rate = Math.ceil((1.05 * this.text.tokensUsed) / sample);
          this.text.reserve(expected - sample, rate);
        }
        this.write(doc);
        added++;
      },
      finish: () => {
        this.text.fit();
        this.touch();
      },
    };
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
    this.docs.delete(slot);
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
      slot = this.freeSlots.pop() ?? this.slotsUsed++;
      this.slotOf.set(key, slot);
      this.liveCount++;
      if (slot >= this.capacity) {
        this.capacity = Math.max(this.capacity * 2, slot + 1);
        for (const column of this.columnList) column.grow(this.capacity);
        this.docs.grow(this.capacity);
      }
    } else {
      for (const column of this.columnList) column.clear(slot);
    }
    for (const column of this.columnList) column.set(slot, doc);
    this.text.index(slot, doc);
    this.docs.set(slot, doc);
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
        if (this.docs.has(slot) && predicate(slot)) setBit(set.bits, slot);
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
    const keyword =
      query.terms.length === 0 ? null : this.keywords.match(this.text, query, universe, filtered);
    const positions = keyword ? keyword.positions : toIndexes(filtered);
    const total = positions.length;
    const need = Math.min(total, query.offset + query.limit);
    const order = sortOrder(
      this.columns,
      query.sort,
      universe,
      positions,
      keyword,
      query.offset,
      need,
      (attribute) => sortFloor(this.config, attribute),
    );
    const slots = universe.slots;
    const window = order.slice(query.offset, need);
    const hits = window.map((i) => slots[positions[i]!]!);
    const scores = window.map((i) => (keyword ? keyword.score(i) : 1));
    return { hits, scores, total, matched: positions };
  }
}
