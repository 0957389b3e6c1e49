/**
 * Rich text from the dealer's dashboard (content pages, news, offers) is untrusted: it is
 * reduced to a small set of formatting tags before it reaches a page. No scripts, styles,
 * event handlers, frames or javascript: URLs survive; links to other sites open in a new tab
 * with `rel="noopener noreferrer"`; a page's own h1 is the page title, so h1 in content
 * becomes h2.
 */
import xss from "xss";
import type * as XssModule from "xss";

// xss is CommonJS and Node's ESM loader does not see its named exports: take them from the
// default import (module.exports), typed as the package's declared exports.
const { FilterXSS, escapeAttrValue, safeAttrValue } = xss as unknown as typeof XssModule;

const ALLOWED: Record<string, string[]> = {
  a: ["href", "title", "target", "rel"],
  abbr: ["title"],
  b: [],
  blockquote: ["cite"],
  br: [],
  caption: [],
  code: [],
  dd: [],
  del: [],
  div: [],
  dl: [],
  dt: [],
  em: [],
  figcaption: [],
  figure: [],
  h1: [],
  h2: ["id"],
  h3: ["id"],
  h4: ["id"],
  h5: [],
  h6: [],
  hr: [],
  i: [],
  img: ["src", "alt", "title", "width", "height", "loading"],
  li: [],
  mark: [],
  ol: ["start"],
  p: [],
  pre: [],
  s: [],
  section: [],
  small: [],
  span: [],
  strong: [],
  sub: [],
  sup: [],
  table: [],
  tbody: [],
  td: ["colspan", "rowspan"],
  tfoot: [],
  th: ["colspan", "rowspan", "scope"],
  thead: [],
  tr: [],
  u: [],
  ul: [],
};

const filter = new FilterXSS({
  whiteList: ALLOWED,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ["script", "style", "iframe", "object", "embed", "noscript", "template"],
  allowCommentTag: false,
  onTag(tag, _html, options) {
    // Headings inside content start at h2: the page's title is its only h1.
    if (tag === "h1") return options.isClosing ? "</h2>" : "<h2>";
    return undefined;
  },
  onTagAttr(tag, name, value) {
    // target and rel are decided below, from where the link goes.
    if (tag === "a" && (name === "target" || name === "rel")) return "";
    if (tag === "img" && name === "src") {
      const safe = safeAttrValue(tag, name, value, undefined as never);
      // Images only from this site or https; never data: or other schemes.
      return /^(\/(?!\/)|https:\/\/)/i.test(safe) ? `src="${escapeAttrValue(safe)}"` : "";
    }
    return undefined;
  },
});

/** Sanitised HTML, safe to render with dangerouslySetInnerHTML. */
export function sanitizeContentHtml(html: string): string {
  // The filter's output quotes every attribute, so this pattern sees each link's href exactly.
  return (
    filter
      .process(html)
      .replace(
        /<a href="((?:https?:)?\/\/[^"]*)"/gi,
        '<a href="$1" target="_blank" rel="noopener noreferrer"',
      )
      // A link whose URL was refused is plain text, not a link to this page.
      .replace(/<a href(?:="")?>/gi, "<a>")
      // An image whose source was refused is dropped; one without alt text is decorative.
      .replace(/<img(?![^>]*\ssrc=)[^>]*>/gi, "")
      .replace(/<img((?:(?!\salt=)[^>])*?)\s*\/?>/gi, '<img$1 alt="">')
      .trim()
  );
}

/** Plain text of a rich-text body (for meta descriptions and excerpts). */
export function plainText(html: string, maxLength = 160): string {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= maxLength) return text;
  const cut = text.slice(0, maxLength - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 40 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
