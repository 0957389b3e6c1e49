import { describe, expect, it } from "vitest";
import { SearchApiError } from "./errors";
import {
  MAX_FILTER_DEPTH,
  checkFilterable,
  parseFilter,
  parseFilterString,
  type FilterNode,
} from "./filter-parser";

/** A compact text of the tree, to compare shapes. */
function show(node: FilterNode | null): string {
  if (node === null) return "∅";
  switch (node.kind) {
    case "and":
    case "or":
      return `${node.kind.toUpperCase()}(${node.children.map(show).join(", ")})`;
    case "not":
      return `NOT(${show(node.child)})`;
    case "compare":
      return `${node.attribute} ${node.op} {${node.value.raw}}`;
    case "range":
      return `${node.attribute} {${node.from.raw}} TO {${node.to.raw}}`;
    case "in":
      return `${node.attribute} IN[${node.values.map((v) => `{${v.raw}}`).join(" ")}]`;
    default:
      return `${node.attribute} ${node.kind.toUpperCase()}`;
  }
}

const p = (filter: string) => show(parseFilterString(filter));

function errorOf(run: () => unknown): SearchApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof SearchApiError) return error;
    throw error;
  }
  throw new Error("expected an error");
}

describe("filter grammar", () => {
  it("parses comparisons, ranges, lists and existence tests", () => {
    expect(p("channel = Ponce")).toBe("channel = {Ponce}");
    expect(p("subscribers >= 1000")).toBe("subscribers >= {1000}");
    expect(p("subscribers 100 TO 1000")).toBe("subscribers {100} TO {1000}");
    expect(p("colour IN [green, 'light blue',]")).toBe("colour IN[{green} {light blue}]");
    expect(p("colour NOT  IN[]")).toBe("NOT(colour IN[])");
    expect(p("tag EXISTS")).toBe("tag EXISTS");
    expect(p("tag NOT EXISTS")).toBe("NOT(tag EXISTS)");
    expect(p("tag IS NULL")).toBe("tag NULL");
    expect(p("tag IS NOT NULL")).toBe("NOT(tag NULL)");
    expect(p("tag IS EMPTY")).toBe("tag EMPTY");
    expect(p("tag  IS  NOT  EMPTY")).toBe("NOT(tag EMPTY)");
  });

  it("binds NOT tighter than AND, and AND tighter than OR", () => {
    expect(p("a = 1 OR b = 2 AND c = 3")).toBe("OR(a = {1}, AND(b = {2}, c = {3}))");
    expect(p("NOT a = 1 AND b = 2")).toBe("AND(NOT(a = {1}), b = {2})");
    expect(p("(a = 1 OR b = 2) AND c = 3")).toBe("AND(OR(a = {1}, b = {2}), c = {3})");
    expect(p("NOT NOT a = 1")).toBe("a = {1}");
    expect(p("NOT (a = 1 OR b = 2)")).toBe("NOT(OR(a = {1}, b = {2}))");
  });

  it("reads quoted attributes and values with escapes, as InstantSearch sends them", () => {
    expect(p('"make"="Toyota"')).toBe("make = {Toyota}");
    expect(p('"price">=1000')).toBe("price >= {1000}");
    expect(p(`"model"="Say \\"Hi\\" \\\\ there"`)).toBe('model = {Say "Hi" \\ there}');
    expect(p(`name = 'it\\'s'`)).toBe("name = {it's}");
    expect(p(`'dog race' = "Bernese Mountain"`)).toBe("dog race = {Bernese Mountain}");
    expect(p('name = "AND"')).toBe("name = {AND}");
  });

  it("knows which values are numbers (Rust f64 syntax)", () => {
    const value = (filter: string) => {
      const node = parseFilterString(filter);
      return node?.kind === "compare" ? node.value.number : undefined;
    };
    expect(value("a = 12")).toBe(12);
    expect(value("a = '12'")).toBe(12);
    expect(value("a = -1.5")).toBe(-1.5);
    expect(value("a = 1e3")).toBe(1000);
    expect(value("a = 0x10")).toBeNull();
    expect(value("a = inf")).toBeNull();
  });

  it("combines the array form: outer AND, inner OR", () => {
    expect(show(parseFilter(["a = 1", ["b = 2", "c = 3"], "  "]))).toBe(
      "AND(a = {1}, OR(b = {2}, c = {3}))",
    );
    expect(show(parseFilter([["b = 2"]]))).toBe("b = {2}");
    expect(show(parseFilter([]))).toBe("∅");
    expect(show(parseFilter("   "))).toBe("∅");
  });

  it("reports errors with Meilisearch's messages and spans", () => {
    expect(errorOf(() => parseFilterString("title & Glass")).toJSON()).toEqual({
      message:
        "Was expecting an operation `=`, `!=`, `>=`, `>`, `<=`, `<`, `IN`, `NOT IN`, `TO`, `EXISTS`, `NOT EXISTS`, `IS NULL`, `IS NOT NULL`, `IS EMPTY`, `IS NOT EMPTY`, `_geoRadius`, or `_geoBoundingBox` at `title & Glass`.\n1:14 title & Glass",
      code: "invalid_search_filter",
      type: "invalid_request",
      link: "https://docs.meilisearch.com/errors#invalid_search_filter",
    });
    expect(errorOf(() => parseFilterString("title = Glass XOR title = Glass")).message).toBe(
      "Found unexpected characters at the end of the filter: `XOR title = Glass`. You probably forgot an `OR` or an `AND` rule.\n15:32 title = Glass XOR title = Glass",
    );
    expect(errorOf(() => parseFilterString("channel =    ")).message).toMatch(
      /^Was expecting a value but instead got nothing\./,
    );
    expect(errorOf(() => parseFilterString("channel = 🐻")).message).toMatch(
      /^Was expecting a value but instead got `🐻`\./,
    );
    expect(errorOf(() => parseFilterString("(a = 1")).message).toMatch(
      /missing the following closing delimiter: `\)`/,
    );
    expect(errorOf(() => parseFilterString("a = 'x")).message).toMatch(
      /missing the following closing delimiter: `'`/,
    );
    expect(errorOf(() => parseFilterString("a IN x")).message).toMatch(
      /^Expected `\[` after `IN` keyword\./,
    );
    expect(errorOf(() => parseFilterString("a IN [x")).message).toMatch(/^Expected matching `\]`/);
    expect(errorOf(() => parseFilterString("AND = 1")).message).toMatch(
      /`AND` is a reserved keyword/,
    );
    expect(errorOf(() => parseFilter(true)).message).toBe(
      "Invalid syntax for the filter parameter: `expected String, Array, found: true`.",
    );
    expect(errorOf(() => parseFilter(["a = 1", 3])).code).toBe("invalid_search_filter");
  });

  it("refuses filters nested too deep instead of overflowing the stack", () => {
    const deep = `${"(".repeat(MAX_FILTER_DEPTH)}a = 1${")".repeat(MAX_FILTER_DEPTH)}`;
    expect(errorOf(() => parseFilterString(deep)).message).toMatch(/maximum depth limit/);
    const nots = `${"NOT ".repeat(5000)}a = 1`;
    expect(errorOf(() => parseFilterString(nots)).code).toBe("invalid_search_filter");
  });

  it("names the first attribute that is not filterable", () => {
    const node = parseFilterString("title = x AND many = Glass")!;
    expect(errorOf(() => checkFilterable(node, new Set(["title", "genre"]))).message).toBe(
      "Attribute `many` is not filterable. Available filterable attributes are: `genre`, `title`.\n15:19 title = x AND many = Glass",
    );
  });
});
