/**
 * Test support: a parser for the Meilisearch filter grammar the domain emits (comparisons, IN,
 * NOT IN, NOT, AND, OR, parentheses, quoted strings with backslash escapes). Tests parse the
 * strings the domain builds and evaluate them, proving the text means what the rule means.
 * Not used by product code: the search engine has its own, complete parser.
 */
import {
  and,
  compare,
  isIn,
  not,
  notIn,
  or,
  type ComparisonOperator,
  type FilterNode,
  type FilterValue,
} from "../filter-expression";

type Token =
  | { type: "string"; value: string }
  | { type: "word"; value: string }
  | { type: "op"; value: ComparisonOperator }
  | { type: "punct"; value: "(" | ")" | "[" | "]" | "," };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? "";
    if (/\s/.test(char)) {
      i += 1;
    } else if (char === '"') {
      let value = "";
      i += 1;
      while (i < text.length && text[i] !== '"') {
        if (text[i] === "\\") i += 1;
        value += text[i] ?? "";
        i += 1;
      }
      if (text[i] !== '"') throw new SyntaxError("Unterminated string");
      i += 1;
      tokens.push({ type: "string", value });
    } else if ("()[],".includes(char)) {
      tokens.push({ type: "punct", value: char as "(" });
      i += 1;
    } else if ("<>=!".includes(char)) {
      const two = text.slice(i, i + 2);
      if (two === ">=" || two === "<=" || two === "!=") {
        tokens.push({ type: "op", value: two });
        i += 2;
      } else if (char === "!") {
        throw new SyntaxError("Lone '!'");
      } else {
        tokens.push({ type: "op", value: char as ComparisonOperator });
        i += 1;
      }
    } else {
      let value = "";
      while (i < text.length && !/[\s()[\],<>=!"]/.test(text[i] ?? "")) {
        value += text[i] ?? "";
        i += 1;
      }
      tokens.push({ type: "word", value });
    }
  }
  return tokens;
}

export function parseMeilisearchFilter(text: string): FilterNode {
  const tokens = tokenize(text);
  let position = 0;
  const peek = () => tokens[position];
  const next = () => {
    const token = tokens[position];
    if (!token) throw new SyntaxError("Unexpected end of filter");
    position += 1;
    return token;
  };
  const isKeyword = (token: Token | undefined, word: string) =>
    token?.type === "word" && token.value.toUpperCase() === word;
  const expect = (value: string) => {
    const token = next();
    if (token.value !== value) throw new SyntaxError(`Expected ${value}, got ${token.value}`);
  };

  const value = (): FilterValue => {
    const token = next();
    if (token.type === "string") return token.value;
    if (token.type !== "word") throw new SyntaxError(`Expected a value, got ${token.value}`);
    if (token.value === "true") return true;
    if (token.value === "false") return false;
    const number = Number(token.value);
    return token.value !== "" && Number.isFinite(number) ? number : token.value;
  };

  const condition = (): FilterNode => {
    const attribute = next();
    if (attribute.type !== "word" && attribute.type !== "string") {
      throw new SyntaxError(`Expected an attribute, got ${attribute.value}`);
    }
    let negated = false;
    if (isKeyword(peek(), "NOT")) {
      next();
      negated = true;
      if (!isKeyword(peek(), "IN")) throw new SyntaxError("Expected IN after NOT");
    }
    if (isKeyword(peek(), "IN")) {
      next();
      expect("[");
      const values: FilterValue[] = [value()];
      while (peek()?.value === ",") {
        next();
        values.push(value());
      }
      expect("]");
      return negated ? notIn(attribute.value, values) : isIn(attribute.value, values);
    }
    const operator = next();
    if (operator.type !== "op")
      throw new SyntaxError(`Expected an operator, got ${operator.value}`);
    return compare(attribute.value, operator.value, value());
  };

  const primary = (): FilterNode => {
    if (isKeyword(peek(), "NOT")) {
      next();
      return not(primary());
    }
    if (peek()?.value === "(") {
      next();
      const inner = orExpression();
      expect(")");
      return inner;
    }
    return condition();
  };

  const andExpression = (): FilterNode => {
    const nodes = [primary()];
    while (isKeyword(peek(), "AND")) {
      next();
      nodes.push(primary());
    }
    return nodes.length === 1 && nodes[0] ? nodes[0] : and(...nodes);
  };

  const orExpression = (): FilterNode => {
    const nodes = [andExpression()];
    while (isKeyword(peek(), "OR")) {
      next();
      nodes.push(andExpression());
    }
    return nodes.length === 1 && nodes[0] ? nodes[0] : or(...nodes);
  };

  if (tokens.length === 0) return and();
  const result = orExpression();
  if (position !== tokens.length) throw new SyntaxError(`Unexpected ${peek()?.value}`);
  return result;
}
