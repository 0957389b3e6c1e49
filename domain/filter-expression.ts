/**
 * A small filter expression tree that can be both evaluated against a document and written as a
 * Meilisearch filter string. Rules that must hold in the browser, on the server and inside the
 * search engine (the listing rule and the stock filter expression of the product reference) are
 * built once as a tree, so "is this vehicle listed?" and "the search filter for listed vehicles"
 * cannot drift apart.
 */

export type FilterValue = string | number | boolean;

export type ComparisonOperator = "=" | "!=" | ">" | ">=" | "<" | "<=";

export type FilterNode =
  | { kind: "compare"; attribute: string; operator: ComparisonOperator; value: FilterValue }
  | { kind: "in"; attribute: string; values: readonly FilterValue[]; negated: boolean }
  | { kind: "and"; nodes: readonly FilterNode[] }
  | { kind: "or"; nodes: readonly FilterNode[] }
  | { kind: "not"; node: FilterNode };

export function compare(
  attribute: string,
  operator: ComparisonOperator,
  value: FilterValue,
): FilterNode {
  return { kind: "compare", attribute, operator, value };
}

export function isIn(attribute: string, values: readonly FilterValue[]): FilterNode {
  return { kind: "in", attribute, values, negated: false };
}

export function notIn(attribute: string, values: readonly FilterValue[]): FilterNode {
  return { kind: "in", attribute, values, negated: true };
}

export function and(...nodes: FilterNode[]): FilterNode {
  return { kind: "and", nodes };
}

export function or(...nodes: FilterNode[]): FilterNode {
  return { kind: "or", nodes };
}

export function not(node: FilterNode): FilterNode {
  return { kind: "not", node };
}

/**
 * A string value in Meilisearch filter syntax: always double-quoted, with backslash and quote
 * escaped so a value can never end the string early and inject an expression.
 */
export function quoteFilterString(value: string): string {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

export function formatFilterValue(value: FilterValue): string {
  if (typeof value === "string") return quoteFilterString(value);
  if (typeof value === "number") {
    // NaN or Infinity would make an unparseable filter.
    if (!Number.isFinite(value)) throw new RangeError(`Filter number must be finite: ${value}`);
    return String(value);
  }
  return value ? "true" : "false";
}

/** Whether the tree has nothing to check (an empty AND, or an OR holding one): it matches all. */
function matchesEverything(node: FilterNode): boolean {
  if (node.kind === "and") return node.nodes.every(matchesEverything);
  if (node.kind === "or") return node.nodes.some(matchesEverything);
  return false;
}

/** An AND or OR left with one thing to check is that thing. */
function unwrap(node: FilterNode): FilterNode {
  if (node.kind !== "and" && node.kind !== "or") return node;
  const children = node.nodes.filter((child) => !matchesEverything(child));
  return children.length === 1 && children[0] ? unwrap(children[0]) : node;
}

/** Writes the tree as a Meilisearch filter string. An empty AND is the empty string (no filter). */
export function toFilterString(node: FilterNode): string {
  switch (node.kind) {
    case "compare":
      return `${node.attribute} ${node.operator} ${formatFilterValue(node.value)}`;
    case "in": {
      if (node.values.length === 0) {
        throw new RangeError(`Empty IN list for ${node.attribute}: build the rule without it`);
      }
      const list = node.values.map(formatFilterValue).join(", ");
      return `${node.attribute} ${node.negated ? "NOT IN" : "IN"} [${list}]`;
    }
    case "and":
    case "or": {
      // An empty OR matches nothing, but an empty filter string would match everything.
      if (node.kind === "or" && node.nodes.length === 0) {
        throw new RangeError("Empty OR: build the rule without it");
      }
      if (node.kind === "or" && node.nodes.some(matchesEverything)) return "";
      const children = node.nodes.filter((child) => !matchesEverything(child)).map(unwrap);
      if (children.length === 1 && children[0]) return toFilterString(children[0]);
      const parts = children.map((child) => {
        const text = toFilterString(child);
        // A nested AND or OR of another kind is parenthesised (even where precedence would allow
        // otherwise) so the text reads as the tree does; a same-kind child needs none.
        const compound = child.kind === "and" || child.kind === "or";
        return compound && child.kind !== node.kind ? `(${text})` : text;
      });
      return parts.join(node.kind === "and" ? " AND " : " OR ");
    }
    case "not": {
      if (matchesEverything(node.node)) {
        throw new RangeError("NOT of an empty filter matches nothing: build the rule without it");
      }
      const inner = unwrap(node.node);
      const text = toFilterString(inner);
      return inner.kind === "compare" || inner.kind === "in" ? `NOT ${text}` : `NOT (${text})`;
    }
  }
}

/**
 * Meilisearch compares strings in filters without regard to case, so the evaluator does too;
 * otherwise a vehicle could be listed by one path and hidden by the other.
 */
function valuesEqual(documentValue: unknown, filterValue: FilterValue): boolean {
  if (typeof filterValue === "boolean") {
    return documentValue === filterValue || documentValue === String(filterValue);
  }
  if (typeof filterValue === "number") {
    if (typeof documentValue === "number") return documentValue === filterValue;
    if (typeof documentValue === "string" && documentValue.trim() !== "") {
      return Number(documentValue) === filterValue;
    }
    return false;
  }
  if (typeof documentValue === "string") {
    return documentValue.toLowerCase() === filterValue.toLowerCase();
  }
  if (typeof documentValue === "number" || typeof documentValue === "boolean") {
    return String(documentValue) === filterValue.toLowerCase();
  }
  return false;
}

function numericValue(value: unknown): number | null {
  if (typeof value === "number" && Number.isFinite(value)) return value;
  return null;
}

function compareOne(documentValue: unknown, operator: ComparisonOperator, value: FilterValue) {
  if (operator === "=") return valuesEqual(documentValue, value);
  if (operator === "!=") return !valuesEqual(documentValue, value);
  const left = numericValue(documentValue);
  const right = typeof value === "number" ? value : Number(value);
  if (left === null || !Number.isFinite(right)) return false;
  switch (operator) {
    case ">":
      return left > right;
    case ">=":
      return left >= right;
    case "<":
      return left < right;
    case "<=":
      return left <= right;
  }
}

/** Values of an attribute: arrays match when any element matches, as in Meilisearch. */
function attributeValues(
  document: Readonly<Record<string, unknown>>,
  attribute: string,
): unknown[] {
  const value = document[attribute];
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/**
 * Evaluates the tree against a document with Meilisearch semantics: a missing or null attribute
 * matches no comparison, while `!=` and `NOT IN` (being negations) match it.
 */
export function matchesFilter(
  node: FilterNode,
  document: Readonly<Record<string, unknown>>,
): boolean {
  switch (node.kind) {
    case "compare": {
      const values = attributeValues(document, node.attribute);
      if (node.operator === "!=") return !values.some((v) => valuesEqual(v, node.value));
      return values.some((v) => compareOne(v, node.operator, node.value));
    }
    case "in": {
      const values = attributeValues(document, node.attribute);
      const found = values.some((v) => node.values.some((candidate) => valuesEqual(v, candidate)));
      return node.negated ? !found : found;
    }
    case "and":
      return node.nodes.every((child) => matchesFilter(child, document));
    case "or":
      return node.nodes.some((child) => matchesFilter(child, document));
    case "not":
      return !matchesFilter(node.node, document);
  }
}
