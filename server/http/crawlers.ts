/** robots.txt and sitemap.xml of a site. */
import { isListed } from "~/domain/listing";
import type { Database } from "../db/client";
import { contentSitemapEntries } from "../content/sitemap";
import type { Site } from "../sites/site";
import { loadVehicleDocuments } from "../stock/vehicle-store";

export function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /search-api/",
    "Disallow: /api/",
    "Disallow: /success",
    "Disallow: /my-garage",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function sitemapXml(
  db: Database,
  site: Site,
  origin: string,
  now: number,
): Promise<string> {
  const stock = (await loadVehicleDocuments(db, { siteId: site.id })).filter((v) =>
    isListed(v, site.settings, { manufacturer: site.manufacturer?.name ?? null }, now),
  );
  const pages = await contentSitemapEntries(db, site, new Date(now));
  const fixed = [
    "/",
    site.settings.defaultSearchPath,
    "/our-locations/",
    "/special-offers",
    "/finance",
    "/service",
    "/contact",
  ];
  const urls = [
    ...fixed.map((path) => ({ loc: `${origin}${path}`, lastmod: null as string | null })),
    ...pages.map((p) => ({ loc: `${origin}${p.path}`, lastmod: p.lastmod })),
    ...stock.map((v) => ({
      loc: `${origin}/${site.settings.vehiclePath}/${v.slug}`,
      lastmod: new Date(v.created_at_timestamp).toISOString(),
    })),
  ];
  const body = urls
    .map(
      (u) =>
        `<url><loc>${escapeXml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
}
