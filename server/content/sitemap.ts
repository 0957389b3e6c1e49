/**
 * The content pages' URLs for the site's sitemap.xml: the pages this layer serves, each at its
 * canonical path (link rules applied), with news articles and location pages. The sitemap
 * (server/http/crawlers.ts) can list these instead of guessing /pages/{slug} for every row.
 */
import { lte } from "drizzle-orm";
import { resolveSiteLink } from "~/domain/links";
import { locationPagePath, locationsForDisplay } from "~/domain/locations";
import { COMPANY_PAGE_SLUGS, SITEMAP_FIXED_PATHS } from "~/domain/site-pages";
import type { Database } from "../db/client";
import { contentPages, locations } from "../db/schema";
import { createSiteScope } from "../sites/scope";
import type { Site } from "../sites/site";

export type SitemapEntry = { path: string; lastmod: string | null };

export async function contentSitemapEntries(
  db: Database,
  site: Site,
  now = new Date(),
): Promise<SitemapEntry[]> {
  const scope = createSiteScope(db, site.id);
  const [pages, locationRows] = await Promise.all([
    db
      .select({
        slug: contentPages.slug,
        kind: contentPages.kind,
        updatedAt: contentPages.updatedAt,
      })
      .from(contentPages)
      .where(scope.own(contentPages, lte(contentPages.publishedAt, now))),
    scope.findMany(locations),
  ]);
  const news = resolveSiteLink("/blog", site.settings);
  const pageSlugs = new Set([
    ...COMPANY_PAGE_SLUGS,
    ...pages.filter((p) => p.kind === "page").map((p) => p.slug),
  ]);
  const updated = new Map(pages.map((p) => [`${p.kind}:${p.slug}`, p.updatedAt.toISOString()]));
  const shown = locationsForDisplay(
    locationRows.map((l) => ({
      name: l.name,
      slug: l.slug,
      location_type: l.locationType,
      visible: l.visible,
    })),
    site.settings,
  );
  const entries: SitemapEntry[] = [
    ...SITEMAP_FIXED_PATHS.map((path) => ({ path, lastmod: null })),
    ...[...pageSlugs]
      .filter((slug) => !SITEMAP_FIXED_PATHS.includes(`/${slug}`))
      .map((slug) => ({
        path: resolveSiteLink(`/pages/${slug}`, site.settings),
        lastmod: updated.get(`page:${slug}`) ?? null,
      })),
    { path: news, lastmod: null },
    ...pages
      .filter((p) => p.kind === "news")
      .map((p) => ({
        path: `${news}/${encodeURIComponent(p.slug)}`,
        lastmod: p.updatedAt.toISOString(),
      })),
    ...shown.map((l) => ({ path: locationPagePath(l.slug), lastmod: null })),
  ];
  // One entry per path.
  return [...new Map(entries.map((e) => [e.path, e])).values()];
}
