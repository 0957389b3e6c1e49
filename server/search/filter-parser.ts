/**
 * Meilisearch's filter grammar, parsed into a small tree:
 *
 *   filter     = expression EOF
 *   expression = and ("OR" and)*           precedence NOT > AND > OR
 *   and        = not ("AND" not)*
 *   not        = "NOT" not | primary
 *   primary    = "(" expression ")" | value "IN" "[" values "]" | value "NOT" "IN" "[" values "]"
 *              | value ("=" | "!=" | ">" | ">=" | "<" | "<=") value | value value "TO" value
 *              | value "EXISTS" | value "NOT" "EXISTS" | value "IS" ["NOT"] ("NULL" | "EMPTY")
 *   value      = word | 'single quoted' | "double quoted"   (backslash escapes inside quotes)
 *   word       = (letter | digit | _ | - | .)+  but not a keyword
 *
 * The array form (`["a = 1", ["b = 2", "c = 3"]]`: outer AND, inner OR) is combined here too.
 * Error messages follow Meilisearch's, ending with the span and the filter text.
 */
import { SearchApiError, describeJsonValue } from "./errors";

export type FilterValue = {
  /** The value as written, unescaped. */
  raw: string;
  /** The value as a finite number, when it parses as one (Rust's `f64` syntax). */
  number: number | null;
};

export type Comparison = "=" | "!=" | ">" | ">=" | "<" | "<=";

export type FilterNode =
  | { kind: "and"; children: FilterNode[] }
  | { kind: "or"; children: FilterNode[] }
  | { kind: "not"; child: FilterNode }
  | { kind: "compare"; attribute: string; op: Comparison; value: FilterValue; span: Span }
  | { kind: "range"; attribute: string; from: FilterValue; to: FilterValue; span: Span }
  | { kind: "in"; attribute: string; values: FilterValue[]; span: Span }
  | { kind: "exists"; attribute: string; span: Span }
  | { kind: "null"; attribute: string; span: Span }
  | { kind: "empty"; attribute: string; span: Span };

/** Where an attribute name sits in its filter string, for error messages. */
export type Span = { source: string; start: number; end: number };

/** Nesting deeper than this is refused (Meilisearch's parser limit). */
export const MAX_FILTER_DEPTH = 200;
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
  "_geoRadius",
  "_geoBoundingBox",
]);
const OPERATIONS =
  "`=`, `!=`, `>=`, `>`, `<=`, `<`, `IN`, `NOT IN`, `TO`, `EXISTS`, `NOT EXISTS`, `IS NULL`, `IS NOT NULL`, `IS EMPTY`, `IS NOT EMPTY`, `_geoRadius`, or `_geoBoundingBox`";
const FLOAT = /^[+-]?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)$/;

export function parseNumber(raw: string): number | null {
  if (!FLOAT.test(raw)) return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

function isWordChar(ch: string): boolean {
  const c = ch.charCodeAt(0);
  if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122)) return true;
  if (ch === "_" || ch === "-" || ch === ".") return true;
  if (c < 128) return false;
  return /[\p{L}\p{N}]/u.test(ch);
}

function isSpace(ch: string | undefined): boolean {
  return ch === " " || ch === "\t" || ch === "\n" || ch === "\r" || ch === "\f" || ch === "\v";
}

function filterError(
  message: string,
  source: string,
  start: number,
  end = source.length,
): SearchApiError {
  // Meilisearch reports character columns, 1-based: "start:end filter".
  const col = (index: number) => [...source.slice(0, index)].length + 1;
  return new SearchApiError(
    400,
    "invalid_search_filter",
    `${message}\n${col(start)}:${col(Math.max(end, start))} ${source}`,
  );
}

class Parser {
  private pos = 0;

  constructor(private readonly src: string) {}

  parse(): FilterNode {
    const node = this.expression(0);
    this.skipSpace();
    if (this.pos < this.src.length) {
      throw filterError(
        `Found unexpected characters at the end of the filter: \`${this.src.slice(this.pos)}\`. You probably forgot an \`OR\` or an \`AND\` rule.`,
        this.src,
        this.pos,
      );
    }
    return node;
  }

  private depthCheck(depth: number): void {
    if (depth > MAX_FILTER_DEPTH) {
      throw filterError(
        "The filter exceeded the maximum depth limit. Try rewriting the filter so that it contains fewer nested conditions.",
        this.src,
        this.pos,
      );
    }
  }

  private skipSpace(): void {
    while (this.pos < this.src.length && isSpace(this.src[this.pos])) this.pos++;
  }

  /** The bare word at `at` (letters, digits, `_-.`), without moving. */
  private wordAt(at: number): string {
    let end = at;
    while (end < this.src.length && isWordChar(this.src[end]!)) end++;
    return this.src.slice(at, end);
  }

  /** Consumes the keyword `word` (after optional spaces) if it is next; otherwise stays put. */
  private keyword(word: string): boolean {
    const save = this.pos;
    this.skipSpace();
    if (this.wordAt(this.pos) === word) {
      this.pos += word.length;
      return true;
    }
    this.pos = save;
    return false;
  }

  private expression(depth: number): FilterNode {
    this.depthCheck(depth);
    const children = [this.and(depth + 1)];
    while (this.keyword("OR")) children.push(this.and(depth + 1));
    return children.length === 1 ? children[0]! : { kind: "or", children };
  }

  private and(depth: number): FilterNode {
    this.depthCheck(depth);
    const children = [this.not(depth + 1)];
    while (this.keyword("AND")) children.push(this.not(depth + 1));
    return children.length === 1 ? children[0]! : { kind: "and", children };
  }

  private not(depth: number): FilterNode {
    this.depthCheck(depth);
    const save = this.pos;
    if (this.keyword("NOT")) {
      // `NOT` followed by an operator means `NOT` is an attribute name; let primary complain.
      const after = this.pos;
      this.skipSpace();
      const next = this.src[this.pos];
      this.pos = after;
      if (next !== undefined && next !== "=" && next !== "!" && next !== "<" && next !== ">") {
        const inner = this.not(depth + 1);
        return inner.kind === "not" ? inner.child : { kind: "not", child: inner };
      }
      this.pos = save;
    }
    return this.primary(depth + 1);
  }

  private primary(depth: number): FilterNode {
    this.depthCheck(depth);
    this.skipSpace();
    const start = this.pos;
    if (this.src[this.pos] === "(") {
      this.pos++;
      const inner = this.expression(depth + 1);
      this.skipSpace();
      if (this.src[this.pos] !== ")") {
        throw filterError(
          `Expression \`${this.src.slice(start)}\` is missing the following closing delimiter: \`)\`.`,
          this.src,
          start,
        );
      }
      this.pos++;
      return inner;
    }
    if (this.pos >= this.src.length) {
      throw filterError(
        `Was expecting an operation ${OPERATIONS} but instead got nothing.`,
        this.src,
        start,
      );
    }
    const geo = this.wordAt(this.pos);
    if (geo.startsWith("_geo")) {
      throw filterError(
        "Geo filters are not available: no collection has a `_geo` attribute.",
        this.src,
        start,
      );
    }
    const attrStart = this.pos;
    const attribute = this.value("attribute");
    if (attribute === null) throw this.invalidPrimary(start);
    const span: Span = { source: this.src, start: attrStart, end: this.attrEnd };
    this.skipSpace();
    const ch = this.src[this.pos];
    const ch2 = this.src[this.pos + 1];
    if (ch === "=" || (ch === "!" && ch2 === "=") || ch === ">" || ch === "<") {
      let op: Comparison;
      if (ch === "!") op = "!=";
      else if (ch2 === "=") op = `${ch}=` as Comparison;
      else op = ch as Comparison;
      this.pos += op.length;
      const value = this.requireValue();
      return { kind: "compare", attribute: attribute.raw, op, value, span };
    }
    const word = this.wordAt(this.pos);
    if (word === "IN") {
      this.pos += 2;
      return { kind: "in", attribute: attribute.raw, values: this.valueList(), span };
    }
    if (word === "EXISTS") {
      this.pos += word.length;
      return { kind: "exists", attribute: attribute.raw, span };
    }
    if (word === "NOT") {
      const save = this.pos;
      this.pos += 3;
      if (this.keyword("IN")) {
        return {
          kind: "not",
          child: { kind: "in", attribute: attribute.raw, values: this.valueList(), span },
        };
      }
      if (this.keyword("EXISTS")) {
        return { kind: "not", child: { kind: "exists", attribute: attribute.raw, span } };
      }
      this.pos = save;
      throw this.invalidPrimary(start);
    }
    if (word === "IS") {
      const save = this.pos;
      this.pos += 2;
      const negated = this.keyword("NOT");
      let node: FilterNode | null = null;
      if (this.keyword("NULL")) node = { kind: "null", attribute: attribute.raw, span };
      else if (this.keyword("EMPTY")) node = { kind: "empty", attribute: attribute.raw, span };
      if (node === null) {
        this.pos = save;
        throw this.invalidPrimary(start);
      }
      return negated ? { kind: "not", child: node } : node;
    }
    // value value "TO" value
    const save = this.pos;
    const from = this.value("value");
    if (from !== null && this.keyword("TO")) {
      const to = this.requireValue();
      return { kind: "range", attribute: attribute.raw, from, to, span };
    }
    this.pos = save;
    throw this.invalidPrimary(start);
  }

  private attrEnd = 0;

  private invalidPrimary(start: number): SearchApiError {
    return filterError(
      `Was expecting an operation ${OPERATIONS} at \`${this.src.slice(start).trimEnd()}\`.`,
      this.src,
      start,
    );
  }

  private requireValue(): FilterValue {
    this.skipSpace();
    const start = this.pos;
    const value = this.value("value");
    if (value !== null) return value;
    let end = start;
    while (end < this.src.length && !isSpace(this.src[end]) && !"()=<>!".includes(this.src[end]!))
      end++;
    const got = this.src.slice(start, end);
    if (got.length === 0) {
      throw filterError("Was expecting a value but instead got nothing.", this.src, start);
    }
    if (KEYWORDS.has(got)) {
      throw filterError(
        `\`${got}\` is a reserved keyword and thus cannot be used as a field name unless it is put inside quotes. Use "${got}" or '${got}' instead.`,
        this.src,
        start,
        end,
      );
    }
    throw filterError(`Was expecting a value but instead got \`${got}\`.`, this.src, start, end);
  }

  /** A word or a quoted string; null (and no move) if none is next. */
  private value(role: "attribute" | "value"): FilterValue | null {
    this.skipSpace();
    const start = this.pos;
    const quote = this.src[this.pos];
    if (quote === '"' || quote === "'") {
      let out = "";
      let i = this.pos + 1;
      for (;;) {
        if (i >= this.src.length) {
          throw filterError(
            `Expression \`${this.src.slice(start)}\` is missing the following closing delimiter: \`${quote}\`.`,
            this.src,
            start,
          );
        }
        const c = this.src[i]!;
        if (c === quote) break;
        if (c === "\\") {
          const [text, next] = unescape(this.src, i, start);
          out += text;
          i = next;
          continue;
        }
        out += c;
        i++;
      }
      this.pos = i + 1;
      this.attrEnd = this.pos;
      return { raw: out, number: parseNumber(out) };
    }
    const word = this.wordAt(this.pos);
    if (word.length === 0) return null;
    if (KEYWORDS.has(word)) {
      if (role === "attribute") {
        throw filterError(
          `\`${word}\` is a reserved keyword and thus cannot be used as a field name unless it is put inside quotes. Use "${word}" or '${word}' instead.`,
          this.src,
          start,
          start + word.length,
        );
      }
      return null;
    }
    this.pos += word.length;
    this.attrEnd = this.pos;
    return { raw: word, number: parseNumber(word) };
  }

  private valueList(): FilterValue[] {
    this.skipSpace();
    if (this.src[this.pos] !== "[") {
      throw filterError("Expected `[` after `IN` keyword.", this.src, this.pos);
    }
    this.pos++;
    const values: FilterValue[] = [];
    this.skipSpace();
    if (this.src[this.pos] === "]") {
      this.pos++;
      return values;
    }
    for (;;) {
      this.skipSpace();
      if (this.src[this.pos] === "]" && values.length > 0) {
        this.pos++;
        return values; // trailing comma
      }
      const value = this.value("value");
      if (value === null) break;
      values.push(value);
      this.skipSpace();
      if (this.src[this.pos] === ",") {
        this.pos++;
        continue;
      }
      if (this.src[this.pos] === "]") {
        this.pos++;
        return values;
      }
      break;
    }
    if (this.pos >= this.src.length) {
      throw filterError(
        "Expected matching `]` after the list of field names given to `IN[`",
        this.src,
        this.pos,
      );
    }
    throw filterError(
      `Expected only comma-separated field names inside \`IN[..]\` but instead found \`${this.src.slice(this.pos)}\`.`,
      this.src,
      this.pos,
    );
  }
}

/** Reads the escape starting at `i` (a backslash); returns the text and the next index. */
function unescape(src: string, i: number, valueStart: number): [string, number] {
  const c = src[i + 1];
  if (c === undefined) {
    throw filterError(`Malformed value: \`${src.slice(valueStart)}\`.`, src, valueStart);
  }
  switch (c) {
    case "n":
      return ["\n", i + 2];
    case "t":
      return ["\t", i + 2];
    case "r":
      return ["\r", i + 2];
    case "0":
      return ["\0", i + 2];
    case "x": {
      const hex = src.slice(i + 2, i + 4);
      if (/^[0-9a-fA-F]{2}$/.test(hex)) return [String.fromCharCode(parseInt(hex, 16)), i + 4];
      return ["x", i + 2];
    }
    case "u": {
      const braced = /^\{([0-9a-fA-F]{1,6})\}/.exec(src.slice(i + 2));
      if (braced) {
        const code = parseInt(braced[1]!, 16);
        if (code <= 0x10ffff) return [String.fromCodePoint(code), i + 2 + braced[0].length];
      }
      const hex = src.slice(i + 2, i + 6);
      if (/^[0-9a-fA-F]{4}$/.test(hex)) return [String.fromCharCode(parseInt(hex, 16)), i + 6];
      return ["u", i + 2];
    }
    default:
      // `\\`, `\"`, `\'` and any other escaped character stand for themselves.
      return [c, i + 2];
  }
}

/** Parses one filter string; null when it is empty or only spaces. */
export function parseFilterString(source: string): FilterNode | null {
  if (source.trim().length === 0) return null;
  return new Parser(source).parse();
}

/**
 * Parses a filter in either form: a string, or an array of strings and arrays of strings
 * (outer AND, inner OR). Null when there is nothing to filter on.
 */
export function parseFilter(filter: unknown): FilterNode | null {
  if (filter === null || filter === undefined) return null;
  if (typeof filter === "string") return parseFilterString(filter);
  if (!Array.isArray(filter)) {
    throw new SearchApiError(
      400,
      "invalid_search_filter",
      `Invalid syntax for the filter parameter: \`expected String, Array, found: ${describeFound(filter)}\`.`,
    );
  }
  const ands: FilterNode[] = [];
  for (const item of filter) {
    if (typeof item === "string") {
      const node = parseFilterString(item);
      if (node) ands.push(node);
    } else if (Array.isArray(item)) {
      const ors: FilterNode[] = [];
      for (const inner of item) {
        if (typeof inner !== "string") {
          throw new SearchApiError(
            400,
            "invalid_search_filter",
            `Invalid syntax for the filter parameter: \`expected String, found: ${describeFound(inner)}\`.`,
          );
        }
        const node = parseFilterString(inner);
        if (node) ors.push(node);
      }
      if (ors.length === 1) ands.push(ors[0]!);
      else if (ors.length > 1) ands.push({ kind: "or", children: ors });
    } else {
      throw new SearchApiError(
        400,
        "invalid_search_filter",
        `Invalid syntax for the filter parameter: \`expected String, [String], found: ${describeFound(item)}\`.`,
      );
    }
  }
  if (ands.length === 0) return null;
  return ands.length === 1 ? ands[0]! : { kind: "and", children: ands };
}

function describeFound(value: unknown): string {
  const text = describeJsonValue(value);
  const match = /`(.*)`$/s.exec(text);
  return match ? match[1]! : text;
}

/** Every attribute a filter names, with where it was named. */
export function filterAttributes(node: FilterNode, out: { attribute: string; span: Span }[] = []) {
  switch (node.kind) {
    case "and":
    case "or":
      for (const child of node.children) filterAttributes(child, out);
      break;
    case "not":
      filterAttributes(node.child, out);
      break;
    default:
      out.push({ attribute: node.attribute, span: node.span });
  }
  return out;
}

/** Refuses attributes that are not filterable, with Meilisearch's message. */
export function checkFilterable(node: FilterNode, filterable: ReadonlySet<string>): void {
  for (const { attribute, span } of filterAttributes(node)) {
    if (filterable.has(attribute)) continue;
    const available = [...filterable].sort();
    const tail =
      available.length === 0
        ? " This index does not have configured filterable attributes."
        : ` Available filterable attributes are: \`${available.join("`, `")}\`.`;
    throw filterError(
      `Attribute \`${attribute}\` is not filterable.${tail}`,
      span.source,
      span.start,
      span.end,
    );
  }
}

/** A canonical text of a leaf, used to cache its evaluation. */
export function leafKey(node: Exclude<FilterNode, { kind: "and" | "or" | "not" }>): string {
  switch (node.kind) {
    case "compare":
      return `${node.attribute}\u0000${node.op}\u0000${node.value.raw}`;
    case "range":
      return `${node.attribute}\u0000TO\u0000${node.from.raw}\u0000${node.to.raw}`;
    case "in":
      return `${node.attribute}\u0000IN\u0000${node.values.map((v) => v.raw).join("\u0001")}`;
    default:
      return `${node.attribute}\u0000${node.kind}`;
  }
}
