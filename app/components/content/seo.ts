/**
 * Titles, descriptions and canonical URLs of the content routes. Loaders return `seo`
 * (canonical from the request's origin); `meta` turns it into tags with the site's name.
 */
import { siteOfMatches } from "~/app/lib/site";
import type { MetaDescriptor } from "react-router";

export type Seo = {
  title: string;
  description: string;
  canonical: string;
  /** Pages that should not be indexed (filtered or paged listings). */
  noindex?: boolean;
  /** The title already names the site (the home page): no ' | {site}' suffix. */
  fullTitle?: boolean;
};

/** The Seo of a page at `path` on the request's origin. */
export function seoFor(
  origin: string,
  path: string,
  title: string,
  description: string,
  noindex = false,
): Seo {
  return { title, description, canonical: `${origin}${path}`, ...(noindex ? { noindex } : {}) };
}

/** meta() for a route whose loader returned `{ seo }`. */
export function seoMeta(
  seo: Seo | undefined,
  matches: ReadonlyArray<{ data?: unknown } | undefined>,
): MetaDescriptor[] {
  if (!seo) return [];
  const siteName = siteOfMatches(matches)?.name ?? "";
  const title =
    siteName && !seo.fullTitle && seo.title !== siteName ? `${seo.title} | ${siteName}` : seo.title;
  return [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: seo.canonical },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: seo.canonical },
    { property: "og:type", content: "website" },
    ...(siteName ? [{ property: "og:site_name", content: siteName }] : []),
    ...(seo.noindex ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
}
