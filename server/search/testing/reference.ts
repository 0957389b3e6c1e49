/**
 * Test support: a brute-force search over a plain array of documents, written independently of
 * the engine (no shared code), with the semantics the engine promises. Property tests compare
 * the engine against it. Slow on purpose: every document, every time.
 */

export type Doc = Record<string, unknown>;

/** A filter as a tree, rendered to text by the tests and evaluated here directly. */
export type RefFilter =
  | { kind: "and" | "or"; children: RefFilter[] }
  | { kind: "not"; child: RefFilter }
  | { kind: "cmp"; attr: string; op: "=" | "!=" | ">" | ">=" | "<" | "<="; value: string }
  | { kind: "to"; attr: string; from: string; to: string }
  | { kind: "in"; attr: string; values: string[]; negated: boolean }
  | { kind: "exists" | "null" | "empty"; attr: string; negated: boolean };

type Values = {
  exists: boolean;
  isNull: boolean;
  isEmpty: boolean;
  numbers: number[];
  strings: string[];
};

export function norm(value: string): string {
  return value.trim().toLowerCase();
}

export function asNumber(raw: string): number | null {
  if (!/^[+-]?(\d+\.?\d*([eE][+-]?\d+)?|\.\d+([eE][+-]?\d+)?)$/.test(raw)) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

export function valuesOf(doc: Doc, attr: string): Values {
  const out: Values = { exists: false, isNull: false, isEmpty: false, numbers: [], strings: [] };
  const visit = (value: unknown, path: string[]): void => {
    if (path.length > 0) {
      if (Array.isArray(value)) return value.forEach((v) => visit(v, path));
      if (value !== null && typeof value === "object" && path[0]! in value) {
        visit((value as Doc)[path[0]!], path.slice(1));
      }
      return;
    }
    if (value === undefined) return;
    out.exists = true;
    if (value === null) out.isNull = true;
    else if (value === "") out.isEmpty = true;
    else if (Array.isArray(value)) {
      if (value.length === 0) out.isEmpty = true;
      const flat = (v: unknown): void => {
        if (Array.isArray(v)) v.forEach(flat);
        else collect(v);
      };
      value.forEach(flat);
    } else if (typeof value === "object") {
      if (Object.keys(value).length === 0) out.isEmpty = true;
    } else collect(value);
  };
  const collect = (v: unknown): void => {
    if (typeof v === "string" && v !== "") out.strings.push(v);
    else if (typeof v === "number" && Number.isFinite(v)) out.numbers.push(v);
    else if (typeof v === "boolean") out.strings.push(String(v));
  };
  if (attr.includes(".") && attr in doc) visit(doc[attr], []);
  else visit(doc, attr.split("."));
  return out;
}

function equals(values: Values, raw: string): boolean {
  const n = asNumber(raw);
  if (n !== null && values.numbers.includes(n)) return true;
  const target = norm(raw);
  return target !== "" && values.strings.some((s) => norm(s) === target);
}

export function matches(doc: Doc, filter: RefFilter): boolean {
  switch (filter.kind) {
    case "and":
      return filter.children.every((c) => matches(doc, c));
    case "or":
      return filter.children.some((c) => matches(doc, c));
    case "not":
      return !matches(doc, filter.child);
    case "exists":
    case "null":
    case "empty": {
      const v = valuesOf(doc, filter.attr);
      const hit =
        filter.kind === "exists" ? v.exists : filter.kind === "null" ? v.isNull : v.isEmpty;
      return filter.negated ? !hit : hit;
    }
    case "in": {
      const v = valuesOf(doc, filter.attr);
      const hit = filter.values.some((value) => equals(v, value));
      return filter.negated ? !hit : hit;
    }
    case "to": {
      const v = valuesOf(doc, filter.attr);
      const from = asNumber(filter.from);
      const to = asNumber(filter.to);
      if (from !== null && to !== null && v.numbers.some((n) => n >= from && n <= to)) return true;
      const f = norm(filter.from);
      const t = norm(filter.to);
      return v.strings.some((s) => norm(s) >= f && norm(s) <= t);
    }
    case "cmp": {
      const v = valuesOf(doc, filter.attr);
      if (filter.op === "=") return equals(v, filter.value);
      if (filter.op === "!=") return !equals(v, filter.value);
      const n = asNumber(filter.value);
      const s = norm(filter.value);
      const test = <T>(a: T, b: T): boolean => {
        switch (filter.op) {
          case ">":
            return a > b;
          case ">=":
            return a >= b;
          case "<":
            return a < b;
          default:
            return a <= b;
        }
      };
      if (n !== null && v.numbers.some((x) => test(x, n))) return true;
      return v.strings.some((x) => test(norm(x), s));
    }
  }
}

/** `unsetAtOrBelow`: numbers at or below it sort as if the value were missing (last). */
export type RefSort = { attr: string; desc: boolean; unsetAtOrBelow?: number };

type SortValue = { group: number; number: number; string: string };

function sortValue(doc: Doc, rule: RefSort): SortValue {
  const v = valuesOf(doc, rule.attr);
  const numbers = v.numbers.filter((n) => n > (rule.unsetAtOrBelow ?? -Infinity));
  if (numbers.length > 0) {
    return {
      group: 0,
      number: rule.desc ? Math.max(...numbers) : Math.min(...numbers),
      string: "",
    };
  }
  if (v.strings.length > 0) {
    const strings = v.strings.map(norm).sort();
    return { group: 1, number: 0, string: rule.desc ? strings[strings.length - 1]! : strings[0]! };
  }
  return { group: 2, number: 0, string: "" };
}

export function compareBySort(a: Doc, b: Doc, rules: readonly RefSort[]): number {
  for (const rule of rules) {
    const x = sortValue(a, rule);
    const y = sortValue(b, rule);
    if (x.group !== y.group) return x.group - y.group;
    const sign = rule.desc ? -1 : 1;
    if (x.group === 0 && x.number !== y.number) return sign * (x.number < y.number ? -1 : 1);
    if (x.group === 1 && x.string !== y.string) return sign * (x.string < y.string ? -1 : 1);
  }
  return 0;
}

export type RefFacets = {
  distribution: Record<string, Record<string, number>>;
  stats: Record<string, { min: number; max: number }>;
};

/** Facet counts over `matched`, spelled as the smallest original among all `docs`. */
export function facets(
  all: readonly Doc[],
  matched: readonly Doc[],
  names: readonly string[],
): RefFacets {
  const distribution: Record<string, Record<string, number>> = {};
  const stats: Record<string, { min: number; max: number }> = {};
  for (const name of names) {
    const display = new Map<string, string>();
    for (const doc of all) {
      for (const s of valuesOf(doc, name).strings) {
        const key = norm(s);
        const shown = display.get(key);
        if (shown === undefined || s < shown) display.set(key, s);
      }
    }
    const numbers = new Map<number, number>();
    const strings = new Map<string, number>();
    let min = Infinity;
    let max = -Infinity;
    for (const doc of matched) {
      const v = valuesOf(doc, name);
      for (const n of new Set(v.numbers)) {
        numbers.set(n, (numbers.get(n) ?? 0) + 1);
        min = Math.min(min, n);
        max = Math.max(max, n);
      }
      for (const s of new Set(v.strings.map(norm))) strings.set(s, (strings.get(s) ?? 0) + 1);
    }
    const entries: [string, number][] = [
      ...[...numbers.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([n, c]): [string, number] => [String(n), c]),
      ...[...strings.entries()]
        .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
        .map(([s, c]): [string, number] => [display.get(s)!, c]),
    ].slice(0, 100);
    distribution[name] = Object.fromEntries(entries);
    if (min <= max) stats[name] = { min, max };
  }
  return { distribution, stats };
}

// ---------------------------------------------------------------------------------------------
// Keyword search

export function words(text: string): string[] {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) =>
    w.toLowerCase().normalize("NFKD").replace(/\p{M}/gu, ""),
  );
}

/** Full optimal-string-alignment distance (no cut-offs). */
export function osa(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        v = Math.min(v, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}

function typos(q: string, w: string): number {
  if (w.length === 0) return Infinity;
  return osa(q, w) + (q[0] === w[0] ? 0 : 1);
}

export type RefTerm = { words: string[]; phrase: boolean; prefix: boolean };

export function queryTerms(q: string): RefTerm[] {
  const terms: RefTerm[] = [];
  const parts = q.split('"');
  parts.forEach((part, i) => {
    if (i % 2 === 1) {
      const w = words(part);
      if (w.length > 0) terms.push({ words: w, phrase: true, prefix: false });
    } else {
      for (const w of words(part)) terms.push({ words: [w], phrase: false, prefix: false });
    }
  });
  const kept = terms.slice(0, 10);
  const last = kept[kept.length - 1];
  if (last && !last.phrase && /[\p{L}\p{N}]$/u.test(q)) last.prefix = true;
  return kept;
}

/** 1 exact, 2 prefix, 3 one typo, 4 two typos, 7 no match. */
export function termCode(
  term: RefTerm,
  texts: readonly { words: string[]; exactOnly: boolean }[],
  synonyms: Readonly<Record<string, readonly string[]>>,
): number {
  if (term.phrase) {
    const n = term.words.length;
    for (const { words: text } of texts) {
      for (let i = 0; i + n <= text.length; i++) {
        if (term.words.every((w, j) => text[i + j] === w)) return 1;
      }
    }
    return 7;
  }
  const q = term.words[0]!;
  const length = [...q].length;
  const max = length >= 9 ? 2 : length >= 5 ? 1 : 0;
  let best = 7;
  for (const { words: text, exactOnly } of texts) {
    for (const w of text) {
      if (w === q || (synonyms[q] ?? []).includes(w)) return 1;
      if (term.prefix && w.startsWith(q)) best = Math.min(best, 2);
      if (max === 0 || exactOnly) continue;
      let cost = typos(q, w);
      if (term.prefix) {
        for (let k = 1; k <= w.length; k++) cost = Math.min(cost, typos(q, w.slice(0, k)));
      }
      if (cost === 0) best = Math.min(best, 2);
      else if (cost <= max) best = Math.min(best, 2 + cost);
    }
  }
  return best;
}

export function textsOf(
  doc: Doc,
  attributes: readonly string[],
  exactOnly: readonly string[] = [],
): { words: string[]; exactOnly: boolean }[] {
  const out: { words: string[]; exactOnly: boolean }[] = [];
  for (const attr of attributes) {
    const exact = exactOnly.includes(attr);
    const visit = (value: unknown): void => {
      if (typeof value === "string") out.push({ words: words(value), exactOnly: exact });
      else if (typeof value === "number" && Number.isFinite(value)) {
        out.push({ words: words(String(value)), exactOnly: exact });
      } else if (Array.isArray(value)) value.forEach(visit);
      else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
    };
    visit(doc[attr]);
  }
  return out;
}

export type RefQuery = {
  q?: string;
  filter?: RefFilter | null;
  sort?: RefSort[];
  defaultSort?: RefSort[];
  matchingStrategy?: "last" | "all" | "frequency";
  searchable: readonly string[];
  /** Searchable attributes matched without typos. */
  exactOnly?: readonly string[];
  synonyms?: Readonly<Record<string, readonly string[]>>;
};

/** The matching documents in rank order. */
export function search(docs: readonly Doc[], query: RefQuery): Doc[] {
  const filtered = docs.filter((d) => !query.filter || matches(d, query.filter));
  const terms = queryTerms(query.q ?? "");
  const sort = query.sort && query.sort.length > 0 ? query.sort : (query.defaultSort ?? []);
  if (terms.length === 0) {
    return filtered
      .map((doc, i) => ({ doc, i }))
      .sort((a, b) => compareBySort(a.doc, b.doc, sort) || a.i - b.i)
      .map((x) => x.doc);
  }
  const codes = filtered.map((doc) => {
    const texts = textsOf(doc, query.searchable, query.exactOnly);
    return terms.map((t) => termCode(t, texts, query.synonyms ?? {}));
  });
  let order = terms.map((_, i) => i);
  if (query.matchingStrategy === "frequency") {
    const freq = order.map((t) => codes.filter((c) => c[t] !== 7).length);
    order = [...order].sort((a, b) => freq[a]! - freq[b]! || a - b);
  }
  const required = query.matchingStrategy === "all" ? terms.length : 1;
  const ranked = filtered.flatMap((doc, i) => {
    let k = 0;
    let typoSum = 0;
    let exact = 0;
    for (const t of order) {
      const code = codes[i]![t]!;
      if (code === 7) break;
      k++;
      typoSum += code <= 2 ? 0 : code - 2;
      if (code === 1) exact++;
    }
    return k >= required ? [{ doc, i, k, typoSum, exact }] : [];
  });
  ranked.sort(
    (a, b) =>
      b.k - a.k ||
      a.typoSum - b.typoSum ||
      b.exact - a.exact ||
      compareBySort(a.doc, b.doc, sort) ||
      a.i - b.i,
  );
  return ranked.map((r) => r.doc);
}
