/**
 * Test support: fast-check generators of documents and filters for the property tests, and the
 * rendering of a filter tree to Meilisearch filter text in varied but equivalent spellings
 * (quoting, spacing, optional parentheses, array form).
 */
import { seededRandom } from "~/server/platform/seeded-random";
import fc from "fast-check";
import type { Doc, RefFilter } from "./reference";

export const PROPERTY_ATTRIBUTES = ["a", "b", "c", "d", "e", "nested.x", "g"] as const;

const STRINGS = [
  "Red",
  "red",
  " Blue",
  "blue",
  "Green",
  "green ",
  "10",
  "-3",
  "",
  "x y",
  "Été",
  'a"b',
  "it's",
  "AND",
  "z\\q",
];

const scalar = fc.oneof(
  fc.integer({ min: -3, max: 12 }),
  fc.constantFrom(0.5, 2.5, -1.5, 1e3),
  fc.constantFrom(...STRINGS),
  fc.boolean(),
  fc.constant(null),
);

const absent = fc.constant(undefined);

const WORDS = [
  "toyota",
  "toyotas",
  "tayota",
  "corolla",
  "corola",
  "camry",
  "hilux",
  "ranger",
  "rang",
  "ford",
  "focus",
  "mazda",
  "electric",
  "hybrid",
  "landcruiser",
  "landcruzer",
  "automatic",
  "autobahn",
  "white",
  "whites",
  "vehicle",
];

const text = fc
  .array(fc.constantFrom(...WORDS, "Toyota", "HiLux", "Électric", "CX-5", "4x4", "2021"), {
    minLength: 0,
    maxLength: 5,
  })
  .map((w) => w.join(" "));

export const docArbitrary: fc.Arbitrary<Doc> = fc
  .record({
    a: fc.oneof(
      fc.integer({ min: -3, max: 12 }),
      fc.constantFrom(0.5, 2.5),
      absent,
      fc.constant(null),
    ),
    b: fc.oneof(fc.constantFrom(...STRINGS), absent, fc.integer({ min: 0, max: 3 })),
    c: fc.oneof(fc.array(scalar, { maxLength: 4 }), scalar, absent),
    d: fc.oneof(fc.boolean(), absent, fc.constant(null), fc.constant("true")),
    e: fc.oneof(scalar, fc.constant([]), fc.constant({}), absent),
    nested: fc.oneof(
      fc.record({ x: scalar }),
      fc.array(fc.record({ x: scalar }), { maxLength: 3 }),
      absent,
    ),
    g: fc.integer({ min: 1, max: 3 }),
    title: text,
    tags: fc.array(text, { maxLength: 3 }),
  })
  .map((doc) => {
    const out: Doc = {};
    for (const [key, value] of Object.entries(doc)) if (value !== undefined) out[key] = value;
    return out;
  });

/** Documents with ids 1..n, in order. */
export const docsArbitrary = (min: number, max: number) =>
  fc
    .array(docArbitrary, { minLength: min, maxLength: max, size: "max" })
    .map((docs) => docs.map((d, i) => ({ id: i + 1, ...d })));

const VALUES = [
  ...STRINGS,
  "3",
  "3.0",
  "-2",
  "1e1",
  "12",
  "0.5",
  "true",
  "false",
  "TRUE",
  "RED",
  "nope",
  "e",
  "x",
];
const attr = fc.constantFrom(...PROPERTY_ATTRIBUTES);

/** The values found in documents, as filter text: filters that use them select something. */
export function valuesIn(docs: readonly Doc[]): string[] {
  const out = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(visit);
    else if (value !== null && value !== undefined) out.add(String(value));
  };
  for (const doc of docs)
    for (const name of ["a", "b", "c", "d", "e", "nested", "g"]) visit(doc[name]);
  return [...out];
}

/** Filters whose values are mostly taken from `values` (and otherwise from a fixed pool). */
export function filterArbitraryFor(values: readonly string[] = []): fc.Arbitrary<RefFilter> {
  const value =
    values.length > 0
      ? fc.oneof(
          { arbitrary: fc.constantFrom(...values), weight: 3 },
          { arbitrary: fc.constantFrom(...VALUES), weight: 1 },
          { arbitrary: fc.integer({ min: -4, max: 13 }).map(String), weight: 1 },
        )
      : fc.oneof(fc.constantFrom(...VALUES), fc.integer({ min: -4, max: 13 }).map(String));
  const leaf: fc.Arbitrary<RefFilter> = fc.oneof(
    {
      arbitrary: fc.record({
        kind: fc.constant("cmp" as const),
        attr,
        op: fc.constantFrom(
          "=" as const,
          "!=" as const,
          ">" as const,
          ">=" as const,
          "<" as const,
          "<=" as const,
        ),
        value,
      }),
      weight: 4,
    },
    {
      arbitrary: fc.record({ kind: fc.constant("to" as const), attr, from: value, to: value }),
      weight: 1,
    },
    {
      arbitrary: fc.record({
        kind: fc.constant("in" as const),
        attr,
        values: fc.array(value, { maxLength: 4 }),
        negated: fc.boolean(),
      }),
      weight: 2,
    },
    {
      arbitrary: fc.record({
        kind: fc.constantFrom("exists" as const, "null" as const, "empty" as const),
        attr,
        negated: fc.boolean(),
      }),
      weight: 1,
    },
  );
  return fc.letrec<{ node: RefFilter }>((tie) => ({
    node: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      { arbitrary: leaf, weight: 4 },
      {
        arbitrary: fc.record({
          kind: fc.constantFrom("and" as const, "or" as const),
          children: fc.array(tie("node"), { minLength: 2, maxLength: 3 }),
        }),
        weight: 2,
      },
      {
        arbitrary: fc.record({ kind: fc.constant("not" as const), child: tie("node") }),
        weight: 1,
      },
    ),
  })).node;
}

/** Documents together with filters that mostly use their values. */
export function docsWithFilter(min: number, max: number) {
  return docsArbitrary(min, max).chain((docs) => {
    const filter = filterArbitraryFor(valuesIn(docs));
    return fc.record({ docs: fc.constant(docs), filter, other: filter });
  });
}

/** Deterministic choices for rendering, from a seed. */
function chooser(seed: number) {
  const random = seededRandom(seed);
  return (n: number): number => Math.floor(random() * n);
}

const KEYWORDS = new Set([
  "AND",
  "OR",
  "IN",
  "NOT",
  "TO",
  "EXISTS",
  "IS",
  "NULL",
  "EMPTY",
  "CONTAINS",
  "STARTS",
  "WITH",
]);

function renderValue(raw: string, pick: (n: number) => number): string {
  const bareOk = /^[\p{L}\p{N}_.-]+$/u.test(raw) && !KEYWORDS.has(raw) && !raw.startsWith("_geo");
  const style = pick(3);
  if (bareOk && style === 0) return raw;
  if (style === 1) return `'${raw.replaceAll("\\", "\\\\").replaceAll("'", "\\'")}'`;
  return `"${raw.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function space(pick: (n: number) => number): string {
  return [" ", "  ", " \t"][pick(3)]!;
}

export function renderFilter(filter: RefFilter, seed: number): string {
  const pick = chooser(seed);
  const render = (node: RefFilter): string => {
    const sp = () => space(pick);
    switch (node.kind) {
      case "and":
      case "or": {
        const joiner = `${sp()}${node.kind === "and" ? "AND" : "OR"}${sp()}`;
        return node.children
          .map((child) => {
            const text = render(child);
            const compound = child.kind === "and" || child.kind === "or";
            // An OR inside an AND needs parentheses; AND inside OR and same-kind nesting may skip them.
            const needed = compound && node.kind === "and" && child.kind === "or";
            return needed || (compound && pick(2) === 0) ? `(${text})` : text;
          })
          .join(joiner);
      }
      case "not": {
        const inner = render(node.child);
        const leafChild = node.child.kind !== "and" && node.child.kind !== "or";
        return leafChild && pick(2) === 0 ? `NOT ${inner}` : `NOT (${inner})`;
      }
      case "cmp": {
        const gap = pick(2) === 0 ? "" : " ";
        return `${renderValue(node.attr, pick)}${gap}${node.op}${gap === "" && pick(2) === 0 ? "" : " "}${renderValue(node.value, pick)}`;
      }
      case "to":
        return `${renderValue(node.attr, pick)} ${renderValue(node.from, pick)} TO ${renderValue(node.to, pick)}`;
      case "in": {
        const list = node.values.map((v) => renderValue(v, pick)).join(pick(2) === 0 ? "," : ", ");
        const trailing = node.values.length > 0 && pick(4) === 0 ? "," : "";
        return `${renderValue(node.attr, pick)} ${node.negated ? "NOT IN" : "IN"} [${list}${trailing}]`;
      }
      case "exists":
        return `${renderValue(node.attr, pick)} ${node.negated ? "NOT EXISTS" : "EXISTS"}`;
      case "null":
        return `${renderValue(node.attr, pick)} ${node.negated ? "IS NOT NULL" : "IS NULL"}`;
      case "empty":
        return `${renderValue(node.attr, pick)} ${node.negated ? "IS NOT EMPTY" : "IS EMPTY"}`;
    }
  };
  return render(filter);
}

/**
 * The filter in Meilisearch's array form when its shape allows (an AND of leaves or ORs of
 * leaves), else as text.
 */
export function renderFilterParam(filter: RefFilter, seed: number): string | (string | string[])[] {
  const pick = chooser(seed * 31 + 7);
  if (filter.kind === "and" && pick(2) === 0) {
    return filter.children.map((child, i) =>
      child.kind === "or" && pick(2) === 0
        ? child.children.map((c, j) => renderFilter(c, seed + i * 17 + j))
        : renderFilter(child, seed + i * 17),
    );
  }
  return renderFilter(filter, seed);
}
