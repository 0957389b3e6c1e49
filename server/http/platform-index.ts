/**
 * The platform's own page at the bare host: every site with its local address, template,
 * locale and vehicle count. Turned off with PLATFORM_INDEX=false in production.
 */
import { count } from "drizzle-orm";
import type { Database } from "../db/client";
import { vehicles } from "../db/schema";
import type { Site } from "../sites/site";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export async function renderPlatformIndex(
  db: Database,
  sites: Site[],
  port: number,
): Promise<string> {
  const counts = new Map(
    (
      await db
        .select({ siteId: vehicles.siteId, n: count() })
        .from(vehicles)
        .groupBy(vehicles.siteId)
    ).map((r) => [r.siteId, r.n]),
  );
  const rows = sites
    .map((site) => {
      const url = `http://${site.slug}.localhost:${port}/`;
      return `<tr><td><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></td><td>${escapeHtml(site.name)}</td><td>${site.template}</td><td>${site.locale}</td><td>${counts.get(site.id) ?? 0}</td><td>${site.domainName ? escapeHtml(site.domainName) : ""}</td></tr>`;
    })
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>Dealer sites on this server</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse}th,td{padding:.5rem .75rem;border-bottom:1px solid #ddd;text-align:left}a{color:#0b3d91}</style></head>
<body><main><h1>Dealer sites on this server</h1>
<p>${sites.length} sites. Each answers at its own address below (and at its domain name in production).</p>
<table><thead><tr><th scope="col">Address</th><th scope="col">Site</th><th scope="col">Template</th><th scope="col">Locale</th><th scope="col">Vehicles</th><th scope="col">Domain</th></tr></thead>
<tbody>
${rows}
</tbody></table>
<p>Search API: <code>/search-api</code> on every host. Health: <a href="/healthz">/healthz</a>. Back office: <a href="/admin">/admin</a>.</p></main></body></html>`;
}
