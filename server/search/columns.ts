/**
 * Columnar, dictionary-encoded storage of one attribute over all documents of a collection.
 * A document holds at most one number and one string code directly; arrays (and documents with
 * both kinds) keep their values in a side table. Strings are compared in Meilisearch's
 * normalized form (trimmed, lowercase); facets show the smallest original spelling.
 */

export const F_EXISTS = 1;
export const F_NULL = 2;
export const F_EMPTY = 4;
export const F_MULTI = 8;

export type MultiValue = { readonly nums: readonly number[]; readonly codes: readonly number[] };

/** What one attribute of one document holds: its flags and distinct values. */
type Values = MultiValue & { readonly flags: number };

const NO_VALUES: readonly number[] = Object.freeze([]);

/**
 * Slot -> value: the `Map` subset columns use, over a plain array (a list attribute such as the
 * features has a value for nearly every document; a Map entry costs four times a slot).
 */
export class SlotValues<T> {
  private readonly values: (T | undefined)[] = [];
  private count = 0;

  get size(): number {
    return this.count;
  }

  get(slot: number): T | undefined {
    return slot < this.values.length ? this.values[slot] : undefined;
  }

  set(slot: number, value: T): void {
    if (this.get(slot) === undefined) this.count++;
    this.values[slot] = value;
  }

  delete(slot: number): boolean {
    if (this.get(slot) === undefined) return false;
    this.values[slot] = undefined;
    this.count--;
    return true;
  }
}

function isScalar(value: unknown): boolean {
  return (
    value === null ||
    typeof value === "string" ||
    typeof value === "number" ||
    typeof value === "boolean"
  );
}

export function normalizeFacet(value: string): string {
  return value.trim().toLowerCase();
}

export class Dictionary {
  private readonly codes = new Map<string, number>();
  /**
   * Original spelling -> code, so repeated values (makes, colours) skip normalization. Dropped
   * for attributes whose values are mostly unique (VINs, stock numbers), where it only costs.
   */
  private byOriginal: Map<string, number> | null = new Map();
  private lookups = 0;
  private misses = 0;
  readonly norms: string[] = [];
  /** Smallest original spelling seen in a document; undefined if only a filter named it. */
  readonly displays: (string | undefined)[] = [];
  private rankCache: Int32Array | null = null;

  get size(): number {
    return this.norms.length;
  }

  lookup(norm: string): number {
    return this.codes.get(norm) ?? -1;
  }

  /** Code of a normalized value, creating it if needed (for trusted filters and documents). */
  internNorm(norm: string): number {
    let code = this.codes.get(norm);
    if (code === undefined) {
      code = this.norms.length;
      this.codes.set(norm, code);
      this.norms.push(norm);
      this.displays.push(undefined);
      this.rankCache = null;
    }
    return code;
  }

  internOriginal(original: string): number {
    const byOriginal = this.byOriginal;
    if (byOriginal !== null) {
      const known = byOriginal.get(original);
      if (this.lookups < 4096) this.lookups++;
      if (known !== undefined) return known;
      this.misses++;
      if (this.lookups >= 4096 && this.misses * 2 > this.lookups) this.byOriginal = null;
    }
    const code = this.internNorm(normalizeFacet(original));
    if (this.byOriginal !== null) this.byOriginal.set(original, code);
    const shown = this.displays[code];
    if (shown === undefined || original < shown) this.displays[code] = original;
    return code;
  }

  /** Position of each code in the sorted order of the normalized values. */
  ranks(): Int32Array {
    if (this.rankCache && this.rankCache.length === this.norms.length) return this.rankCache;
    const order = this.norms.map((_, code) => code);
    order.sort((a, b) => compareStrings(this.norms[a]!, this.norms[b]!));
    const ranks = new Int32Array(order.length);
    order.forEach((code, rank) => (ranks[code] = rank));
    this.rankCache = ranks;
    return ranks;
  }
}

export function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The values of one attribute in one document, flattened the way Meilisearch flattens. */
export type Extracted = { flags: number; nums: number[]; strs: string[] };

export function extractValues(
  doc: Record<string, unknown>,
  path: readonly string[],
  name: string,
): Extracted {
  const out: Extracted = { flags: 0, nums: [], strs: [] };
  if (path.length > 1 && Object.prototype.hasOwnProperty.call(doc, name)) {
    leaf(doc[name], out, 0);
    return out;
  }
  walk(doc, path, 0, out);
  return out;
}

function walk(value: unknown, path: readonly string[], index: number, out: Extracted): void {
  if (index === path.length) {
    leaf(value, out, 0);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) walk(item, path, index, out);
    return;
  }
  if (value !== null && typeof value === "object") {
    const key = path[index]!;
    if (Object.prototype.hasOwnProperty.call(value, key)) {
      walk((value as Record<string, unknown>)[key], path, index + 1, out);
    }
  }
}

function leaf(value: unknown, out: Extracted, depth: number): void {
  if (value === undefined) return;
  if (depth === 0) out.flags |= F_EXISTS;
  if (value === null) {
    if (depth === 0) out.flags |= F_NULL;
    return;
  }
  switch (typeof value) {
    case "string":
      if (value === "") {
        if (depth === 0) out.flags |= F_EMPTY;
      } else out.strs.push(value);
      return;
    case "number":
      if (Number.isFinite(value)) out.nums.push(value);
      return;
    case "boolean":
      out.strs.push(value ? "true" : "false");
      return;
    case "object":
      if (Array.isArray(value)) {
        if (value.length === 0 && depth === 0) out.flags |= F_EMPTY;
        for (const item of value) leaf(item, out, depth + 1);
      } else if (depth === 0 && Object.keys(value).length === 0) {
        out.flags |= F_EMPTY;
      }
      return;
    default:
      return;
  }
}

/**
 * A reader of one top-level property. A function per attribute (rather than `doc[name]` with a
 * changing name) keeps V8's property lookup monomorphic: indexing 200,000 documents reads each
 * attribute 200,000 times.
 */
export function propertyReader(name: string): (doc: Record<string, unknown>) => unknown {
  return new Function("doc", `return doc[${JSON.stringify(name)}];`) as (
    doc: Record<string, unknown>,
  ) => unknown;
}

export class Column {
  readonly path: readonly string[];
  private readonly read: (doc: Record<string, unknown>) => unknown;
  flags: Uint8Array;
  /** The document's single number, NaN if none (allocated when a number is first seen). */
  num: Float64Array | null = null;
  /** The document's single string code, -1 if none (allocated when a string is first seen). */
  str: Int32Array | null = null;
  /** Values of documents with several (arrays): slot -> values. */
  readonly multi = new SlotValues<MultiValue>();
  /**
   * The values of frozen lists of scalars, by list: documents built by the stock loader share
   * one frozen list per distinct list (features, categories), and so share its values here.
   */
  private readonly bySource = new WeakMap<readonly unknown[], Values>();
  readonly dict = new Dictionary();
  hasNumbers = false;
  hasStrings = false;
  /** For indexed attributes: number -> slots, and string code -> slots. */
  readonly numIndex: Map<number, Set<number>> | null;
  readonly strIndex: Map<number, Set<number>> | null;

  constructor(
    readonly name: string,
    capacity: number,
    indexed: boolean,
  ) {
    this.path = name.split(".");
    this.read = propertyReader(name);
    this.flags = new Uint8Array(capacity);
    this.numIndex = indexed ? new Map() : null;
    this.strIndex = indexed ? new Map() : null;
  }

  grow(capacity: number): void {
    if (capacity <= this.flags.length) return;
    const flags = new Uint8Array(capacity);
    flags.set(this.flags);
    this.flags = flags;
    if (this.num) {
      const num = new Float64Array(capacity).fill(NaN);
      num.set(this.num);
      this.num = num;
    }
    if (this.str) {
      const str = new Int32Array(capacity).fill(-1);
      str.set(this.str);
      this.str = str;
    }
  }

  private ensureNum(): Float64Array {
    if (!this.num) this.num = new Float64Array(this.flags.length).fill(NaN);
    return this.num;
  }

  private ensureStr(): Int32Array {
    if (!this.str) this.str = new Int32Array(this.flags.length).fill(-1);
    return this.str;
  }

  set(slot: number, doc: Record<string, unknown>): void {
    let source: readonly unknown[] | null = null;
    if (this.path.length === 1) {
      const value = this.read(doc);
      if (this.setScalar(slot, value)) return;
      if (Array.isArray(value) && Object.isFrozen(value)) {
        const known = this.bySource.get(value);
        if (known !== undefined) {
          this.store(slot, known);
          return;
        }
        if (value.every(isScalar)) source = value;
      }
    }
    const extracted = extractValues(doc, this.path, this.name);
    const codes: number[] = [];
    for (const s of extracted.strs) {
      const code = this.dict.internOriginal(s);
      if (!codes.includes(code)) codes.push(code);
    }
    const nums: number[] = [];
    for (const n of extracted.nums) if (!nums.includes(n)) nums.push(n);
    // Exact-size arrays: a pushed-to array keeps room for 16 more, and most documents of a list
    // attribute (features) hold a few values for the life of the process.
    const values: Values = {
      flags: nums.length + codes.length > 1 ? extracted.flags | F_MULTI : extracted.flags,
      nums: nums.length === 0 ? NO_VALUES : nums.slice(),
      codes: codes.length === 0 ? NO_VALUES : codes.slice(),
    };
    if (source !== null) this.bySource.set(source, values);
    this.store(slot, values);
  }

  private store(slot: number, values: Values): void {
    const { nums, codes } = values;
    if (nums.length > 0) this.hasNumbers = true;
    if (codes.length > 0) this.hasStrings = true;
    if ((values.flags & F_MULTI) !== 0) {
      this.multi.set(slot, values);
      if (this.num) this.num[slot] = NaN;
      if (this.str) this.str[slot] = -1;
    } else {
      this.multi.delete(slot);
      if (nums.length === 1) this.ensureNum()[slot] = nums[0]!;
      else if (this.num) this.num[slot] = NaN;
      if (codes.length === 1) this.ensureStr()[slot] = codes[0]!;
      else if (this.str) this.str[slot] = -1;
    }
    this.flags[slot] = values.flags;
    if (this.numIndex && this.strIndex) {
      for (const n of nums) addToIndex(this.numIndex, n, slot);
      for (const c of codes) addToIndex(this.strIndex, c, slot);
    }
  }

  /** The common case without allocation: a missing, null, string, number or boolean value. */
  private setScalar(slot: number, value: unknown): boolean {
    let code = -1;
    let num = NaN;
    let flags: number;
    switch (typeof value) {
      case "undefined":
        flags = 0;
        break;
      case "string":
        flags = F_EXISTS;
        if (value === "") flags |= F_EMPTY;
        else code = this.dict.internOriginal(value);
        break;
      case "number":
        flags = F_EXISTS;
        if (Number.isFinite(value)) num = value;
        break;
      case "boolean":
        flags = F_EXISTS;
        code = this.dict.internOriginal(value ? "true" : "false");
        break;
      case "object":
        if (value !== null) return false;
        flags = F_EXISTS | F_NULL;
        break;
      default:
        return false;
    }
    if ((this.flags[slot]! & F_MULTI) !== 0) this.multi.delete(slot);
    if (num === num) {
      this.hasNumbers = true;
      this.ensureNum()[slot] = num;
    } else if (this.num) this.num[slot] = NaN;
    if (code >= 0) {
      this.hasStrings = true;
      this.ensureStr()[slot] = code;
    } else if (this.str) this.str[slot] = -1;
    this.flags[slot] = flags;
    if (this.numIndex && this.strIndex) {
      if (num === num) addToIndex(this.numIndex, num, slot);
      if (code >= 0) addToIndex(this.strIndex, code, slot);
    }
    return true;
  }

  clear(slot: number): void {
    if (this.numIndex && this.strIndex) {
      const m = this.multi.get(slot);
      if (m) {
        for (const n of m.nums) this.numIndex.get(n)?.delete(slot);
        for (const c of m.codes) this.strIndex.get(c)?.delete(slot);
      } else {
        const n = this.num ? this.num[slot]! : NaN;
        if (n === n) this.numIndex.get(n)?.delete(slot);
        const c = this.str ? this.str[slot]! : -1;
        if (c >= 0) this.strIndex.get(c)?.delete(slot);
      }
    }
    this.flags[slot] = 0;
    this.multi.delete(slot);
    if (this.num) this.num[slot] = NaN;
    if (this.str) this.str[slot] = -1;
  }
}

function addToIndex(index: Map<number, Set<number>>, key: number, slot: number): void {
  let set = index.get(key);
  if (!set) {
    set = new Set();
    index.set(key, set);
  }
  set.add(slot);
}
