/**
 * Turns a server-rendered HTML document back into a React element tree, so a peer server can
 * render "the same markup" with React's renderToString and nothing else (no routing, no data,
 * no components). The HTML comes from our own server (React's output), so a small tokenizer is
 * enough: elements, attributes, text, comments (React's text separators are dropped), void
 * elements, and raw-text elements (script, style) kept verbatim.
 */
import { createElement, Fragment, type ReactNode } from "react";

const VOID = new Set([
  "area",
  "base",
  "br",
  "col",
  "embed",
  "hr",
  "img",
  "input",
  "link",
  "meta",
  "source",
  "track",
  "wbr",
]);
const RAW_TEXT = new Set(["script", "style", "textarea", "title"]);

/** HTML attribute names React spells differently. */
const PROP_NAMES: Record<string, string> = {
  class: "className",
  for: "htmlFor",
  "http-equiv": "httpEquiv",
  charset: "charSet",
  tabindex: "tabIndex",
  readonly: "readOnly",
  maxlength: "maxLength",
  minlength: "minLength",
  autocomplete: "autoComplete",
  autofocus: "autoFocus",
  enterkeyhint: "enterKeyHint",
  inputmode: "inputMode",
  srcset: "srcSet",
  fetchpriority: "fetchPriority",
  crossorigin: "crossOrigin",
  novalidate: "noValidate",
  popovertarget: "popoverTarget",
  popovertargetaction: "popoverTargetAction",
  "stroke-width": "strokeWidth",
  "stroke-linecap": "strokeLinecap",
  "stroke-linejoin": "strokeLinejoin",
  viewbox: "viewBox",
  colspan: "colSpan",
  rowspan: "rowSpan",
  datetime: "dateTime",
  itemprop: "itemProp",
};

const BOOLEAN_PROPS = new Set([
  "checked",
  "disabled",
  "selected",
  "hidden",
  "open",
  "required",
  "multiple",
  "readOnly",
  "noValidate",
  "async",
  "defer",
  "autoFocus",
  "playsInline",
  "muted",
  "controls",
  "loop",
  "autoPlay",
]);

const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  "#x27": "'",
  "#39": "'",
  nbsp: "\u00a0",
};

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+\d*);/gi, (match, name: string) => {
    if (ENTITIES[name] !== undefined) return ENTITIES[name];
    if (name.startsWith("#x")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return match;
  });
}

function styleObject(text: string): Record<string, string> {
  const style: Record<string, string> = {};
  for (const declaration of text.split(";")) {
    const colon = declaration.indexOf(":");
    if (colon === -1) continue;
    const name = declaration.slice(0, colon).trim();
    const value = declaration.slice(colon + 1).trim();
    if (name === "") continue;
    const key = name.startsWith("--")
      ? name
      : name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
    style[key] = value;
  }
  return style;
}

function propsOf(tag: string, attributes: [string, string | null][]): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const [rawName, value] of attributes) {
    const lower = rawName.toLowerCase();
    const name = PROP_NAMES[lower] ?? rawName;
    if (name === "style" && value !== null) props.style = styleObject(decode(value));
    else if (BOOLEAN_PROPS.has(name)) props[name] = true;
    else props[name] = value === null ? "" : decode(value);
  }
  // Form state as React renders it without a handler.
  if (tag === "input" && "checked" in props) {
    props.defaultChecked = true;
    delete props.checked;
  }
  if (tag === "input" && "value" in props) {
    props.defaultValue = props.value;
    delete props.value;
  }
  if (tag === "option" && "selected" in props) delete props.selected;
  return props;
}

type Node = { tag: string; props: Record<string, unknown>; children: (Node | string)[] };

const ATTRIBUTE = /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g;

/** Parses an HTML document (or fragment) into a tree; the document's root is the first element. */
export function parseHtml(html: string): Node {
  const root: Node = { tag: "#root", props: {}, children: [] };
  const stack: Node[] = [root];
  let i = 0;
  const top = () => stack[stack.length - 1] ?? root;
  while (i < html.length) {
    if (html.startsWith("<!--", i)) {
      const end = html.indexOf("-->", i + 4);
      i = end === -1 ? html.length : end + 3;
    } else if (html.startsWith("<!", i)) {
      i = html.indexOf(">", i) + 1;
    } else if (html.startsWith("</", i)) {
      const end = html.indexOf(">", i);
      const tag = html
        .slice(i + 2, end)
        .trim()
        .toLowerCase();
      while (stack.length > 1 && top().tag !== tag) stack.pop();
      if (stack.length > 1) stack.pop();
      i = end + 1;
    } else if (html[i] === "<" && /[a-zA-Z]/.test(html[i + 1] ?? "")) {
      let end = i + 1;
      let quote: string | null = null;
      for (; end < html.length; end++) {
        const c = html[end];
        if (quote) {
          if (c === quote) quote = null;
        } else if (c === '"' || c === "'") quote = c;
        else if (c === ">") break;
      }
      const inner = html.slice(i + 1, end);
      const selfClosing = inner.endsWith("/");
      const body = selfClosing ? inner.slice(0, -1) : inner;
      const nameMatch = /^[^\s/>]+/.exec(body);
      const tag = (nameMatch?.[0] ?? "").toLowerCase();
      const attributes: [string, string | null][] = [];
      ATTRIBUTE.lastIndex = tag.length;
      for (let m = ATTRIBUTE.exec(body); m; m = ATTRIBUTE.exec(body)) {
        attributes.push([m[1] ?? "", m[2] ?? m[3] ?? m[4] ?? null]);
      }
      const node: Node = { tag, props: propsOf(tag, attributes), children: [] };
      top().children.push(node);
      i = end + 1;
      if (RAW_TEXT.has(tag)) {
        const close = html.toLowerCase().indexOf(`</${tag}`, i);
        const text = html.slice(i, close === -1 ? html.length : close);
        if (text !== "") {
          if (tag === "script" || tag === "style")
            node.props.dangerouslySetInnerHTML = { __html: text };
          else node.children.push(decode(text));
        }
        i = close === -1 ? html.length : html.indexOf(">", close) + 1;
      } else if (!VOID.has(tag) && !selfClosing) {
        stack.push(node);
      }
    } else {
      const next = html.indexOf("<", i + 1);
      const text = html.slice(i, next === -1 ? html.length : next);
      if (text !== "") top().children.push(decode(text));
      i = next === -1 ? html.length : next;
    }
  }
  return root;
}

function toElement(node: Node | string, key?: number): ReactNode {
  if (typeof node === "string") return node;
  const children = node.children.map((child, index) => toElement(child, index));
  const props = key === undefined ? node.props : { ...node.props, key };
  return createElement(node.tag, props, ...(children.length > 0 ? [children] : []));
}

/** The document as one React element (<html>...</html>). */
export function htmlToReact(html: string): ReactNode {
  const root = parseHtml(html);
  const first = root.children.find((child): child is Node => typeof child !== "string");
  if (!first) throw new Error("no element in the HTML");
  return toElement(first);
}

/**
 * What a page shows inside <body>, scripts left out, as one fragment: the markup a bare React
 * Router app renders to measure the framework's own cost around the same page.
 */
export function bodyToReact(html: string): ReactNode {
  const find = (node: Node): Node | null => {
    if (node.tag === "body") return node;
    for (const child of node.children) {
      if (typeof child === "string") continue;
      const found = find(child);
      if (found) return found;
    }
    return null;
  };
  const body = find(parseHtml(html));
  if (!body) throw new Error("no <body> in the HTML");
  const children = body.children.filter(
    (child) => typeof child === "string" || child.tag !== "script",
  );
  return createElement(Fragment, null, ...children.map((child, index) => toElement(child, index)));
}

/** Elements in a tree (for the bench's report). */
export function countElements(html: string): number {
  let count = 0;
  const walk = (node: Node | string) => {
    if (typeof node === "string") return;
    if (node.tag !== "#root") count += 1;
    node.children.forEach(walk);
  };
  walk(parseHtml(html));
  return count;
}
