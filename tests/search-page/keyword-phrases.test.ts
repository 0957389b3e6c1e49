/**
 * Price and odometer phrases in the keyword (docs/product/search-and-urls.md, "Keyword phrases"),
 * over HTTP as a crawler or a visitor without JavaScript gets them: the keyword's price phrase
 * redirects (302: what a phrase means follows the site's filters) to the canonical URL with the price filter and the remaining keyword, whose page
 * shows the filter's chip (linking to the page without it) and only vehicles in the range.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSearchFilter, SEARCH_COLLECTIONS } from "~/domain/search-query";
import type { SearchFilters } from "~/domain/search-url";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { createSiteSearch } from "~/server/stock/site-search";
import { aSite, aVehicle } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { resultTotal, textOf } from "./support";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE: "false" });
});
afterAll(async () => {
  await server?.close();
});

const HOST = "harbour-auto-group.localhost";
const get = (path: string, host = HOST) => fetchWithHost(server, host, path);
const site = (slug: string): Site => {
  const found = server.registry.all().find((s) => s.slug === slug);
  if (!found) throw new Error(slug);
  return found;
};

/** Where a redirect sends the visitor, decoded (path and query). */
function redirectTarget(location: unknown): string {
  const url = new URL(String(location), "http://x");
  return decodeURIComponent(url.pathname + url.search);
}

/** Vehicles the site's search finds for a keyword and filters (its stock rules forced). */
function serviceTotal(slug: string, q: string, filters: SearchFilters): number {
  const search = createSiteSearch(server.search, site(slug));
  const filter = buildSearchFilter(filters, {});
  const [result] = search.multiSearch([
    { indexUid: SEARCH_COLLECTIONS.cars, q, limit: 0, ...(filter ? { filter } : {}) },
  ]).results;
  return result?.estimatedTotalHits ?? -1;
}

/** The selected-filter chips: their text and link. */
function chips(html: string): { label: string; href: string }[] {
  const found: { label: string; href: string }[] = [];
  const section = html.slice(html.indexOf("Selected filters"));
  for (const m of section.matchAll(/<a href="([^"]+)"[^>]*data-keep-scroll=""[^>]*>(.*?)<\/a>/g)) {
    found.push({ href: m[1]!.replaceAll("&amp;", "&"), label: textOf(m[2]!).trim() });
  }
  return found;
}

describe("Keyword phrases (search-and-urls.md): a price phrase in the keyword becomes the price filter", () => {
  it.each<[string, string]>([
    ["/search?query=suv+under+40000", "/search?price=:40000&query=suv"],
    ["/search?query=suv+under+%2440k", "/search?price=:40000&query=suv"],
    ["/search?query=suv+between+20k+and+30k", "/search?price=20000:30000&query=suv"],
    ["/search?query=over+20000", "/search?price=20000:"],
    ["/search/used-cars?query=toyota+40k+or+less", "/search/used-cars?price=:40000&query=toyota"],
    // The filter form's GET (no JavaScript): the keyword box and the empty range fields.
    ["/search?query=suv+under+40000&price_min=&price_max=", "/search?price=:40000&query=suv"],
  ])("%s -> 302 %s", async (from, to) => {
    const res = await get(from);
    expect(res.status).toBe(302);
    expect(redirectTarget(res.headers.location)).toBe(to);
  });

  it("the filtered page shows the price chip, removable, and only vehicles at or under the price", async () => {
    const res = await get("/search?price=:40000&query=suv");
    expect(res.status).toBe(200);
    const total = resultTotal(res.body);
    expect(total).toBeGreaterThan(0);
    expect(total).toBe(serviceTotal("harbour-auto-group", "suv", { price: [":40000"] }));
    expect(total).toBeLessThan(serviceTotal("harbour-auto-group", "suv", {}));
    const price = chips(res.body).find((c) => c.label.startsWith("Price:"));
    expect(price?.label).toMatch(/^Price: up to \$40,000 ?, remove$/);
    expect(redirectTarget(price?.href)).toBe("/search?query=suv");
    expect(textOf(res.body)).toContain("Keyword: “suv”");
  });

  it.each<[string]>([["2020 camry"], ["camry 2020"], ["from 2018"], ["7 seats"], ["i30"]])(
    "'%s' stays the keyword (a year or a count is no price)",
    async (keyword) => {
      const res = await get(`/search?query=${encodeURIComponent(keyword)}`);
      expect(res.status).toBe(200);
      expect(chips(res.body).some((c) => c.label.startsWith("Price:"))).toBe(false);
    },
  );
});

describe("Keyword phrases (search-and-urls.md): a distance phrase is the odometer filter when the search has one", () => {
  it("'under 50000 km' is the km filter on a site whose search has it", async () => {
    const res = await get("/search?query=corolla+under+50000+km");
    expect(res.status).toBe(302);
    expect(redirectTarget(res.headers.location)).toBe("/search?km=:50000&query=corolla");
  });

  it("'under 50000 km' stays the keyword on a site whose search has no odometer filter", async () => {
    const plain = await aSite(server, { settings: { enabledFacets: ["make", "price"] } });
    await aVehicle(server, plain, { km: 30_000 });
    const host = `${plain.slug}.localhost`;
    const res = await get("/search?query=corolla+under+50000+km", host);
    expect(res.status).toBe(200);
    expect(textOf(res.body)).toContain("Keyword: “corolla under 50000 km”");
    // ... while its price phrase is still read.
    const priced = await get("/search?query=corolla+under+50000", host);
    expect(priced.status).toBe(302);
    expect(redirectTarget(priced.headers.location)).toBe("/search?price=:50000&query=corolla");
  });
});
