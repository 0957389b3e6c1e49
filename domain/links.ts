/**
 * Link rules (docs/product/search-and-urls.md, "Link rules").
 */
import type { SiteSettings } from "./site-settings";

/** Pages whose links never carry the /pages/ prefix. */
export const UNPREFIXED_PAGES = [
  "privacy-policy",
  "terms-and-conditions",
  "about-us",
  "vehicle-parts-and-accessories",
] as const;

/** Paths of the finance pre-approval page. */
export const FINANCE_PRE_APPROVAL_PATHS = [
  "/finance-pre-approval",
  "/pre-approval",
  "/get-pre-approved",
];

export type LinkSettings = Pick<
  SiteSettings,
  "pagesPrefixInUse" | "newsReplacesBlog" | "financePreApprovalAvailable"
>;

/**
 * The URL a navigation link really points to on this site:
 * - /pages/ is removed for the pages above, or for every page when the site has no pages path;
 * - /news replaces /blog where the site says so;
 * - finance pre-approval links go to /finance where that page is unavailable.
 */
export function resolveSiteLink(url: string, settings: LinkSettings): string {
  if (!url.startsWith("/") || url.startsWith("//")) return url;
  const [path = "/", rest = ""] = splitPath(url);
  let resolved = path;
  const pageMatch = /^\/pages\/([^/]+)\/?$/.exec(resolved);
  if (
    pageMatch?.[1] &&
    (!settings.pagesPrefixInUse || (UNPREFIXED_PAGES as readonly string[]).includes(pageMatch[1]))
  ) {
    resolved = `/${pageMatch[1]}`;
  }
  if (settings.newsReplacesBlog && (resolved === "/blog" || resolved.startsWith("/blog/"))) {
    resolved = `/news${resolved.slice("/blog".length)}`;
  }
  if (
    !settings.financePreApprovalAvailable &&
    FINANCE_PRE_APPROVAL_PATHS.includes(resolved.replace(/\/$/, ""))
  ) {
    resolved = "/finance";
  }
  return resolved + rest;
}

function splitPath(url: string): [string, string] {
  const cut = url.search(/[?#]/);
  return cut === -1 ? [url, ""] : [url.slice(0, cut), url.slice(cut)];
}

export type LinkKind = "internal" | "plain" | "external";

const MAPS_HOSTS =
  /^https?:\/\/(?:www\.)?(?:google\.[a-z.]+\/maps|maps\.google\.[a-z.]+|maps\.apple\.com|goo\.gl\/maps)/i;

/**
 * How a link behaves: the site's own paths navigate in the app; tel:, mailto: and maps links
 * are plain links; other external links open in a new tab.
 */
export function classifyLink(url: string): LinkKind {
  if (url.startsWith("/") && !url.startsWith("//")) return "internal";
  if (url.startsWith("#") || url.startsWith("?")) return "internal";
  if (/^(tel|mailto|sms):/i.test(url) || MAPS_HOSTS.test(url)) return "plain";
  return "external";
}

/** The contact link name without a trailing ' - Sales', ' - Service' or ' - Parts'. */
export function cleanContactLinkName(name: string): string {
  return name.replace(/ - (Sales|Service|Parts)$/, "");
}
