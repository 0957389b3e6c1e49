/**
 * The order of a search's hits: by keyword relevance first when there are words, then by the
 * sort rules, then by document age. Only the first `need` are guaranteed in order; the usual
 * single numeric sort and the one-hit facet queries take shortcuts that give the same answer.
 */
import type { Column } from "./columns";
import type { KeywordRanks } from "./keyword-match";
import type { Universe } from "./universe";

// Local copy of the column flag: imported constants are getters under the TS loader.
const F_MULTI = 8;

export type SortRule = { attribute: string; descending: boolean };

/**
 * The number at or below which an attribute's values sort as missing (`sortFloor` of the
 * collection's settings): an unpriced vehicle sorts last under either price order.
 */
export type SortFloor = (attribute: string) => number;

type SortKey = { group: Int8Array; value: Float64Array };

/** Positions (indexes into `positions`) of the hits up to `need`, in rank order. */
export function sortOrder(
  columns: ReadonlyMap<string, Column>,
  sort: readonly SortRule[],
  universe: Universe,
  positions: Int32Array,
  keyword: KeywordRanks | null,
  offset: number,
  need: number,
  floorOf: SortFloor,
): number[] {
  if (need <= offset) return [];
  // Facet count queries ask for one hit (or none) besides their counts: no sort keys for them.
  if (keyword === null && sort.length === 1 && need === 1 && offset === 0) {
    const top1 = numericTop1(columns, sort[0]!, universe, positions, floorOf);
    if (top1 >= 0) return [top1];
  }
  const numericKey =
    keyword !== null || sort.length !== 1
      ? null
      : numericSortKey(columns, sort[0]!, universe, positions, floorOf);
  if (numericKey !== null) return topKByKey(numericKey, need);
  const sortKeys = sort.map((rule) => sortKeysOf(columns, rule, universe, positions, floorOf));
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
  return topK(positions.length, need, compare);
}

/**
 * `numericSortKey` then `topKByKey(key, 1)` without the key array: the position of the first
 * document with the smallest key. -1 when `numericSortKey` would be null.
 */
function numericTop1(
  columns: ReadonlyMap<string, Column>,
  rule: SortRule,
  universe: Universe,
  positions: Int32Array,
  floorOf: SortFloor,
): number {
  const column = columns.get(rule.attribute);
  if (!column || column.hasStrings || column.multi.size > 0) return -1;
  const num = column.num;
  if (num === null) return 0;
  const slots = universe.slots;
  const sign = rule.descending ? -1 : 1;
  const floor = floorOf(rule.attribute);
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
function numericSortKey(
  columns: ReadonlyMap<string, Column>,
  rule: SortRule,
  universe: Universe,
  positions: Int32Array,
  floorOf: SortFloor,
): Float64Array | null {
  const column = columns.get(rule.attribute);
  if (!column || column.hasStrings || column.multi.size > 0) return null;
  const key = new Float64Array(positions.length);
  const num = column.num;
  if (num === null) return key.fill(Infinity);
  const slots = universe.slots;
  const sign = rule.descending ? -1 : 1;
  const floor = floorOf(rule.attribute);
  for (let i = 0; i < positions.length; i++) {
    const n = num[slots[positions[i]!]!]!;
    key[i] = n > floor ? sign * n : Infinity;
  }
  return key;
}

function sortKeysOf(
  columns: ReadonlyMap<string, Column>,
  rule: SortRule,
  universe: Universe,
  positions: Int32Array,
  floorOf: SortFloor,
): SortKey {
  const n = positions.length;
  const group = new Int8Array(n);
  const value = new Float64Array(n);
  const column = columns.get(rule.attribute);
  const sign = rule.descending ? -1 : 1;
  if (!column) {
    group.fill(2);
    return { group, value };
  }
  const ranks = column.hasStrings ? column.dict.ranks() : null;
  const slots = universe.slots;
  const floor = floorOf(rule.attribute);
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
