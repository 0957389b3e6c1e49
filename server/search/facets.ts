/**
 * Facet counts and numeric stats over the matching documents, as Meilisearch reports them:
 * per facet, at most `maxValues` values sorted by value (numbers first, ascending, then strings
 * in their normalized order), each string shown in its original spelling; `facetStats` holds the
 * min and max of the numbers.
 */
import type { Collection } from "./collection";
import type { Universe } from "./universe";

export type FacetDistribution = Record<string, Record<string, number>>;
export type FacetStats = Record<string, { min: number; max: number }>;

export const MAX_VALUES_PER_FACET = 100;
// Local copy: imported constants are getters under the TS loader, and this is a hot loop.
const F_MULTI = 8;

/** Rust's f64 Display for the numbers that occur here; JS differs only for huge exponents. */
export function formatFacetNumber(n: number): string {
  if (Object.is(n, -0)) return "-0";
  if (Number.isInteger(n) && Math.abs(n) >= 1e21) return BigInt(n).toString();
  return String(n);
}

export type FacetCount = {
  value: string;
  count: number;
  norm: string | null;
  number: number | null;
};

/** Every value of one facet among the matching documents, in facet order. */
export function facetValues(
  collection: Collection,
  universe: Universe,
  positions: Int32Array,
  facet: string,
  maxValues = Infinity,
): { values: FacetCount[]; min: number; max: number } {
  const column = collection.columns.get(facet);
  if (!column) return { values: [], min: NaN, max: NaN };
  const slots = universe.slots;
  const dictSize = column.dict.size;
  const dense = dictSize <= 65536;
  const strCounts = dense ? new Int32Array(dictSize) : null;
  const sparseCounts = dense ? null : new Map<number, number>();
  const touched: number[] = [];
  let numbers = new Float64Array(column.hasNumbers ? positions.length : 0);
  let numberCount = 0;
  const num = column.num;
  const str = column.str;
  const countCode = (code: number) => {
    if (strCounts) {
      if (strCounts[code] === 0) touched.push(code);
      strCounts[code]!++;
    } else {
      const c = sparseCounts!.get(code);
      if (c === undefined) touched.push(code);
      sparseCounts!.set(code, (c ?? 0) + 1);
    }
  };
  for (let i = 0; i < positions.length; i++) {
    const slot = slots[positions[i]!]!;
    if ((column.flags[slot]! & F_MULTI) !== 0) {
      const m = column.multi.get(slot)!;
      for (const n of m.nums) {
        if (numberCount === numbers.length) {
          const bigger = new Float64Array(numbers.length * 2 + 16);
          bigger.set(numbers);
          numbers = bigger;
        }
        numbers[numberCount++] = n;
      }
      for (const c of m.codes) countCode(c);
      continue;
    }
    if (num !== null) {
      const n = num[slot]!;
      if (n === n) {
        if (numberCount === numbers.length) {
          const bigger = new Float64Array(numbers.length * 2 + 16);
          bigger.set(numbers);
          numbers = bigger;
        }
        numbers[numberCount++] = n;
      }
    }
    if (str !== null) {
      const c = str[slot]!;
      if (c >= 0) {
        if (strCounts !== null) {
          if (strCounts[c] === 0) touched.push(c);
          strCounts[c]!++;
        } else countCode(c);
      }
    }
  }
  const values: FacetCount[] = [];
  let min = NaN;
  let max = NaN;
  if (numberCount > 0) {
    // Sorted, equal numbers are adjacent: count runs.
    const sorted = numbers.subarray(0, numberCount).sort();
    min = sorted[0]!;
    max = sorted[numberCount - 1]!;
    for (let i = 0; i < numberCount && values.length < maxValues;) {
      const n = sorted[i]!;
      let j = i + 1;
      while (j < numberCount && sorted[j] === n) j++;
      values.push({ value: formatFacetNumber(n), count: j - i, norm: null, number: n });
      i = j;
    }
  }
  if (touched.length > 0 && values.length < maxValues) {
    const ranks = column.dict.ranks();
    touched.sort((a, b) => ranks[a]! - ranks[b]!);
    for (const code of touched) {
      if (values.length >= maxValues) break;
      const count = strCounts ? strCounts[code]! : sparseCounts!.get(code)!;
      const norm = column.dict.norms[code]!;
      values.push({ value: column.dict.displays[code] ?? norm, count, norm, number: null });
    }
  }
  return { values, min, max };
}

export function computeFacets(
  collection: Collection,
  universe: Universe,
  positions: Int32Array,
  facets: readonly string[],
): { distribution: FacetDistribution; stats: FacetStats } {
  const distribution: FacetDistribution = {};
  const stats: FacetStats = {};
  for (const facet of facets) {
    const { values, min, max } = facetValues(
      collection,
      universe,
      positions,
      facet,
      MAX_VALUES_PER_FACET,
    );
    const counts: Record<string, number> = {};
    for (const v of values) counts[v.value] = v.count;
    distribution[facet] = counts;
    if (min <= max) stats[facet] = { min, max };
  }
  return { distribution, stats };
}
