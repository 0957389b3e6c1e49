/**
 * Compiles a parsed filter into a per-document predicate over the columns. Semantics follow
 * Meilisearch: `=` matches a number equal to the value (when it parses as one) or a string equal
 * to it ignoring case; comparisons apply to numbers and, lexicographically, to strings; `!=` and
 * `NOT` are complements (a document without the attribute matches them); an array matches when
 * any element does.
 */
import { normalizeFacet, type Column } from "./columns";

// Local copies of the column flags: imported constants are getters under the TS loader.
const F_EXISTS = 1;
const F_NULL = 2;
const F_EMPTY = 4;
const F_MULTI = 8;
import type { FilterNode, FilterValue } from "./filter-parser";

export type Predicate = (slot: number) => boolean;

const never: Predicate = () => false;

/**
 * `intern`: give unknown string values a dictionary code now, so the predicate stays valid as
 * documents arrive (used for the long-lived site base filters). Query filters only look up.
 */
export function compilePredicate(
  node: FilterNode,
  columns: ReadonlyMap<string, Column>,
  intern: boolean,
): Predicate {
  switch (node.kind) {
    case "and": {
      const parts = node.children.map((c) => compilePredicate(c, columns, intern));
      if (parts.length === 2) {
        const [a, b] = parts as [Predicate, Predicate];
        return (slot) => a(slot) && b(slot);
      }
      return (slot) => {
        for (const p of parts) if (!p(slot)) return false;
        return true;
      };
    }
    case "or": {
      const parts = node.children.map((c) => compilePredicate(c, columns, intern));
      return (slot) => {
        for (const p of parts) if (p(slot)) return true;
        return false;
      };
    }
    case "not": {
      const inner = compilePredicate(node.child, columns, intern);
      return (slot) => !inner(slot);
    }
    default: {
      const column = columns.get(node.attribute);
      if (!column) return never;
      return compileLeaf(node, column, intern);
    }
  }
}

export function compileLeaf(
  node: Exclude<FilterNode, { kind: "and" | "or" | "not" }>,
  column: Column,
  intern: boolean,
): Predicate {
  switch (node.kind) {
    case "exists":
      return (slot) => (column.flags[slot]! & F_EXISTS) !== 0;
    case "null":
      return (slot) => (column.flags[slot]! & F_NULL) !== 0;
    case "empty":
      return (slot) => (column.flags[slot]! & F_EMPTY) !== 0;
    case "in": {
      const nums = new Set<number>();
      const codes: number[] = [];
      for (const value of node.values) {
        if (value.number !== null) nums.add(value.number);
        const code = codeOf(column, value, intern);
        if (code >= 0) codes.push(code);
      }
      return equalityPredicate(column, nums, codes);
    }
    case "compare": {
      if (node.op === "=" || node.op === "!=") {
        const nums = new Set<number>();
        if (node.value.number !== null) nums.add(node.value.number);
        const code = codeOf(column, node.value, intern);
        const eq = equalityPredicate(column, nums, code >= 0 ? [code] : []);
        return node.op === "=" ? eq : (slot) => !eq(slot);
      }
      const n = node.value.number;
      const s = normalizeFacet(node.value.raw);
      switch (node.op) {
        case ">":
          return rangePredicate(column, n === null ? null : (x) => x > n, (x) => x > s);
        case ">=":
          return rangePredicate(column, n === null ? null : (x) => x >= n, (x) => x >= s);
        case "<":
          return rangePredicate(column, n === null ? null : (x) => x < n, (x) => x < s);
        default:
          return rangePredicate(column, n === null ? null : (x) => x <= n, (x) => x <= s);
      }
    }
    case "range": {
      const from = node.from.number;
      const to = node.to.number;
      const fromS = normalizeFacet(node.from.raw);
      const toS = normalizeFacet(node.to.raw);
      return rangePredicate(
        column,
        from === null || to === null ? null : (x) => x >= from && x <= to,
        (x) => x >= fromS && x <= toS,
      );
    }
  }
}

function codeOf(column: Column, value: FilterValue, intern: boolean): number {
  const norm = normalizeFacet(value.raw);
  if (norm === "") return -1;
  return intern ? column.dict.internNorm(norm) : column.dict.lookup(norm);
}

function equalityPredicate(
  column: Column,
  nums: ReadonlySet<number>,
  codes: readonly number[],
): Predicate {
  if (nums.size === 0 && codes.length === 0) return never;
  if (nums.size === 0 && codes.length === 1) {
    const code = codes[0]!;
    return (slot) => {
      if ((column.flags[slot]! & F_MULTI) !== 0)
        return column.multi.get(slot)!.codes.includes(code);
      return column.str !== null && column.str[slot] === code;
    };
  }
  if (codes.length === 0 && nums.size === 1) {
    const [num] = nums;
    return (slot) => {
      if ((column.flags[slot]! & F_MULTI) !== 0) return column.multi.get(slot)!.nums.includes(num!);
      return column.num !== null && column.num[slot] === num;
    };
  }
  const codeSet = new Set(codes);
  return (slot) => {
    if ((column.flags[slot]! & F_MULTI) !== 0) {
      const m = column.multi.get(slot)!;
      for (const n of m.nums) if (nums.has(n)) return true;
      for (const c of m.codes) if (codeSet.has(c)) return true;
      return false;
    }
    if (column.num !== null) {
      const n = column.num[slot]!;
      if (n === n && nums.has(n)) return true;
    }
    if (column.str !== null) {
      const c = column.str[slot]!;
      if (c >= 0 && codeSet.has(c)) return true;
    }
    return false;
  };
}

function rangePredicate(
  column: Column,
  numTest: ((x: number) => boolean) | null,
  strTest: (x: string) => boolean,
): Predicate {
  const norms = column.dict.norms;
  return (slot) => {
    if ((column.flags[slot]! & F_MULTI) !== 0) {
      const m = column.multi.get(slot)!;
      if (numTest) for (const n of m.nums) if (numTest(n)) return true;
      for (const c of m.codes) if (strTest(norms[c]!)) return true;
      return false;
    }
    if (numTest && column.num !== null) {
      const n = column.num[slot]!;
      if (n === n && numTest(n)) return true;
    }
    if (column.str !== null) {
      const c = column.str[slot]!;
      if (c >= 0 && strTest(norms[c]!)) return true;
    }
    return false;
  };
}
