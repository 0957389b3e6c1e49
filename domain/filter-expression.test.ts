import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  and,
  compare,
  isIn,
  matchesFilter,
  not,
  notIn,
  or,
  quoteFilterString,
  toFilterString,
  type FilterNode,
} from "./filter-expression";
import { parseMeilisearchFilter } from "./testing/meilisearch-filter-parser";

describe("Stock filter expression (search-and-urls.md): Meilisearch filter syntax", () => {
  it.each([
    [compare("status", "=", "sold"), 'status = "sold"'],
    [compare("show_on_dealer_website", "=", true), "show_on_dealer_website = true"],
    [compare("photos_count", ">=", 3), "photos_count >= 3"],
    [isIn("status", ["in_stock", "coming_soon"]), 'status IN ["in_stock", "coming_soon"]'],
    [notIn("location_id", [4, 5]), "location_id NOT IN [4, 5]"],
    [not(compare("make", "=", "Kia")), 'NOT make = "Kia"'],
    [
      or(isIn("status", ["in_stock"]), and(compare("status", "=", "sold"), compare("x", ">=", 1))),
      'status IN ["in_stock"] OR (status = "sold" AND x >= 1)',
    ],
    [
      and(or(compare("a", "=", 1), compare("b", "=", 2)), compare("c", "=", 3)),
      "(a = 1 OR b = 2) AND c = 3",
    ],
    [not(and(compare("a", "=", 1), compare("b", "=", 2))), "NOT (a = 1 AND b = 2)"],
    [and(), ""],
    [
      and(compare("z", "=", 1), and(or(compare("x", "=", 1), compare("y", "=", 1)))),
      "z = 1 AND (x = 1 OR y = 1)",
    ],
    [and(and(), compare("a", "=", 1)), "a = 1"],
  ] satisfies [FilterNode, string][])("writes %j as %s", (node, text) => {
    expect(toFilterString(node)).toBe(text);
  });

  it("always double-quotes strings and escapes quotes and backslashes", () => {
    expect(quoteFilterString('say "hi" \\o/')).toBe('"say \\"hi\\" \\\\o/"');
  });

  it("refuses trees whose text would mean something else (empty IN, empty OR, NOT of nothing)", () => {
    expect(() => toFilterString(isIn("make", []))).toThrow(RangeError);
    expect(() => toFilterString(or())).toThrow(RangeError);
    expect(() => toFilterString(not(and()))).toThrow(RangeError);
    expect(() => toFilterString(compare("price", ">", Number.NaN))).toThrow(RangeError);
  });
});

describe("Stock filter expression (search-and-urls.md): evaluation follows Meilisearch semantics", () => {
  it.each([
    ["missing attribute matches no comparison", compare("stocknum", "=", "A1"), {}, false],
    ["missing attribute matches !=", compare("stocknum", "!=", "A1"), {}, true],
    ["null attribute matches NOT IN", notIn("stocknum", ["A1"]), { stocknum: null }, true],
    ["strings compare without case", compare("make", "=", "toyota"), { make: "Toyota" }, true],
    [
      "arrays match on any element",
      compare("categories", "=", "SUV"),
      { categories: ["Ute", "SUV"] },
      true,
    ],
    ["numbers compare numerically", compare("km", "<", 10), { km: 9 }, true],
    ["range comparison on a string is false", compare("km", "<", 10), { km: "9" }, false],
    ["booleans match booleans", compare("certified", "=", true), { certified: true }, true],
    ["false is not true", compare("certified", "=", true), { certified: false }, false],
  ] as const)("%s", (_name, node, document, expected) => {
    expect(matchesFilter(node, document)).toBe(expected);
  });
});

const attribute = fc.constantFrom("a", "b", "c");
const value = fc.oneof(
  fc.constantFrom("x", "X", 'q"uote', "back\\slash", "two words", ""),
  fc.integer({ min: -3, max: 3 }),
  fc.boolean(),
);
const operator = fc.constantFrom("=", "!=", ">", ">=", "<", "<=" as const);

const { node: filterNode } = fc.letrec<{ node: FilterNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.tuple(attribute, operator, value).map(([a, o, v]) => compare(a, o, v)),
    fc
      .tuple(attribute, fc.array(value, { minLength: 1, maxLength: 3 }), fc.boolean())
      .map(([a, vs, negated]) => (negated ? notIn(a, vs) : isIn(a, vs))),
    fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((nodes) => and(...nodes)),
    fc.array(tie("node"), { minLength: 1, maxLength: 3 }).map((nodes) => or(...nodes)),
    tie("node").map((node) => not(node)),
  ),
}));

const documentValue = fc.oneof(value, fc.constant(null), fc.array(value, { maxLength: 2 }));
const document = fc.record(
  { a: documentValue, b: documentValue, c: documentValue },
  { requiredKeys: [] },
);

describe("Stock filter expression (search-and-urls.md): the text means what the rule means", () => {
  it("parsing the written filter gives a filter that selects the same documents", () => {
    fc.assert(
      fc.property(filterNode, fc.array(document, { minLength: 1, maxLength: 5 }), (node, docs) => {
        const parsed = parseMeilisearchFilter(toFilterString(node));
        for (const doc of docs) {
          expect(matchesFilter(parsed, doc)).toBe(matchesFilter(node, doc));
        }
      }),
      { numRuns: 500 },
    );
  });
});
