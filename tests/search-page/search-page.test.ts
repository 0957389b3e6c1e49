/**
 * The search results pages over HTTP, as a crawler or a visitor without JavaScript gets them: every
 * /search variant of docs/product/search-and-urls.md, 404 for unknown segments, 301 to the
 * canonical URL, the filter form's GET, disjunctive counts checked against the search service, SEO
 * and cards.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSearchFilter, SEARCH_COLLECTIONS } from "~/domain/search-query";
import { parseSearchUrl, type SearchFilters } from "~/domain/search-url";
import type { SearchFacet } from "~/domain/search-facets";
import type { RunningServer } from "~/server/start";
import { createSiteSearch } from "~/server/stock/site-search";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";
import {
  canonicalOf,
  cardCount,
  filterOptions,
  jsonLdBlocks,
  resultTotal,
  robotsOf,
  textOf,
  titleOf,
} from "./support";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE: "false" });
});
afterAll(async () => {
  await server?.close();
});

const get = (slug: string, path: string) => fetchWithHost(server, `${slug}.localhost`, path);
const site = (slug: string) => {
  const found = server.registry.all().find((s) => s.slug === slug);
  if (!found) throw new Error(slug);
  return found;
};
/** Vehicles the site's search service finds for a filter (its base filter forced). */
function serviceTotal(slug: string, filters: SearchFilters, baseFilter?: string): number {
  const search = createSiteSearch(server.search, site(slug));
  const filter = buildSearchFilter(filters, { baseFilter });
  const [result] = search.multiSearch([
    { indexUid: SEARCH_COLLECTIONS.cars, limit: 0, ...(filter ? { filter } : {}) },
  ]).results;
  return result?.estimatedTotalHits ?? -1;
}

describe("Routes (search-and-urls.md): /search and every variant", () => {
  it.each<[string, string]>([
    ["harbour-auto-group", "/search"],
    ["harbour-auto-group", "/search/used-cars"],
    ["harbour-auto-group", "/search/new-cars"],
    ["harbour-auto-group", "/search/demo-cars"],
    ["harbour-auto-group", "/search/new-used-and-demo-cars"],
    ["coastal-kia", "/search/new-cars"],
    ["southern-motors", "/pre-owned"],
    ["lone-star-autos", "/search/subscription-cars"],
    ["lone-star-autos", "/search/new-used-and-demo-cars"],
    ["outback-campers", "/find/rental-cars"],
    ["outback-campers", "/search"],
    ["throttle-motorcycles", "/search/used-cars"],
  ])("%s %s renders its stock on the server", async (slug, path) => {
    const res = await get(slug, path);
    expect(res.status).toBe(200);
    expect(cardCount(res.body)).toBeGreaterThan(0);
    expect(cardCount(res.body)).toBeLessThanOrEqual(site(slug).settings.searchPageSize);
  });

  it("the fixed scopes list what they say", async () => {
    const rentals = await get("outback-campers", "/find/rental-cars");
    expect(resultTotal(rentals.body)).toBe(
      serviceTotal("outback-campers", {}, 'item_type = "rental"'),
    );
    const subscriptions = await get("lone-star-autos", "/search/subscription-cars");
    expect(resultTotal(subscriptions.body)).toBe(
      serviceTotal("lone-star-autos", {}, "subscription_price > 0"),
    );
    expect(textOf(subscriptions.body)).toContain("Subscribe from");
  });

  it("each site's page size: 21, or 20 where the site says", async () => {
    for (const searchPageSize of [21, 20] as const) {
      const site = await aSite(server, { settings: { searchPageSize } });
      for (let i = 0; i <= searchPageSize; i++) await aVehicle(server, site);
      await published(async () =>
        resultTotal((await get(site.slug, "/search")).body) === searchPageSize + 1 ? true : null,
      );
      expect(cardCount((await get(site.slug, "/search")).body)).toBe(searchPageSize);
      expect(cardCount((await get(site.slug, "/search?page=2")).body)).toBe(1);
    }
  });

  it("/search/{dealership_slug} and /search/{location slug} show that stock (View Our Stock)", async () => {
    const dealership = await get("harbour-auto-group", "/search/harbour-toyota");
    expect(dealership.status).toBe(200);
    expect(resultTotal(dealership.body)).toBe(
      serviceTotal("harbour-auto-group", { dealership_name: ["Harbour Toyota"] }),
    );
    expect(canonicalOf(dealership.body)).toMatch(/\/search\/harbour-toyota$/);
    const location = await get("harbour-auto-group", "/search/harbour-mazda-chatswood");
    expect(location.status).toBe(200);
    expect(resultTotal(location.body)).toBe(
      serviceTotal("harbour-auto-group", { location_name: ["Harbour Mazda Chatswood"] }),
    );
    // The codec's spelling of the same selection redirects to the slug.
    const codec = await get("harbour-auto-group", "/search/dealership/Harbour%20Toyota");
    expect(codec.status).toBe(301);
    expect(new URL(String(codec.headers.location), "http://x").pathname).toBe(
      "/search/harbour-toyota",
    );
  });
});

describe("unknown segments are 404, non-canonical URLs 301", () => {
  it.each([
    "/search/bogus",
    "/search/harbour-toyota/extra",
    "/search/make/Toyota/Toyota%20Corolla/extra",
    "/search/body/Spaceship",
    "/search/city/Atlantis",
    "/search?page=999",
    "/pre-owned/harbour-toyota",
  ])("%s is a 404 page", async (path) => {
    const res = await get("harbour-auto-group", path);
    expect(res.status).toBe(404);
    expect(textOf(res.body)).toContain("Page not found");
  });

  it("a known make without stock is an empty page nobody indexes, not a 404", async () => {
    const res = await get("harbour-auto-group", "/search/make/Ferrari");
    expect(res.status).toBe(200);
    expect(textOf(res.body)).toContain("No vehicles match your search");
    expect(textOf(res.body)).toContain("Like this and want something similar?");
    expect(robotsOf(res.body)).toContain("noindex");
  });

  it.each<[string, string]>([
    ["/search/", "/search"],
    ["/search/used-cars/toyota", "/search/used-cars/Toyota"],
    ["/search?make=Toyota", "/search/make/Toyota"],
    ["/search?make=Toyota&make=Mazda", "/search?make=Toyota,Mazda"],
    ["/search?sortBy=created_at_timestamp:desc", "/search"],
    ["/search?page=1", "/search"],
    ["/search/new-used-and-demo-cars/isuzu", "/search/new-used-and-demo-cars/make/Isuzu"],
    [
      "/search?body=SUV&car_type=used&utm_source=news",
      "/search/used-cars?body=SUV&utm_source=news",
    ],
  ])("%s -> 301 %s", async (from, to) => {
    const res = await get("harbour-auto-group", from);
    expect(res.status).toBe(301);
    const location = new URL(String(res.headers.location), "http://x");
    expect(decodeURIComponent(location.pathname + location.search)).toBe(decodeURIComponent(to));
    const target = await get("harbour-auto-group", to);
    expect(target.status).toBe(200);
  });

  it("the filter form works without JavaScript: its GET lands on the canonical page", async () => {
    const form =
      "/search?query=&make=Toyota&body=SUV&body=Wagon&price_min=20000&price_max=&km_min=&km_max=&year_min=&year_max=&sortBy=price:asc";
    const res = await get("harbour-auto-group", form);
    expect(res.status).toBe(301);
    const next = new URL(String(res.headers.location), "http://x");
    expect(parseSearchUrl(next.pathname + next.search)).toEqual({
      filters: { make: ["Toyota"], body: ["SUV", "Wagon"], price: ["20000:"] },
      query: "",
      sortBy: "price:asc",
      page: 1,
    });
    const page = await get("harbour-auto-group", next.pathname + next.search);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain("Make: Toyota");
  });
});

describe("Search page (search-and-urls.md): disjunctive counts", () => {
  const path = "/search/used-cars?transmission=Automatic";
  const current: SearchFilters = { car_type: ["used"], transmission: ["Automatic"] };

  it("every option's count is what the search service finds with that option chosen in its facet", async () => {
    const res = await get("harbour-auto-group", path);
    const options = filterOptions(res.body);
    expect(options.length).toBeGreaterThan(20);
    for (const option of options) {
      const filters = { ...current, [option.facet]: [option.value] } as SearchFilters;
      expect(option.count, `${option.facet}=${option.value}`).toBe(
        serviceTotal("harbour-auto-group", filters),
      );
    }
  });

  it("a facet's own selection does not zero its siblings, and choosing one adds its count", async () => {
    const before = await get("harbour-auto-group", path);
    const transmissions = filterOptions(before.body).filter((o) => o.facet === "transmission");
    expect(transmissions.length).toBeGreaterThan(1);
    expect(transmissions.every((o) => o.count > 0)).toBe(true);
    const automatic = transmissions.find((o) => o.value === "Automatic");
    const other = transmissions.find((o) => o.value !== "Automatic");
    expect(automatic?.checked).toBe(true);
    const after = await get(
      "harbour-auto-group",
      `/search/used-cars?transmission=Automatic,${encodeURIComponent(other?.value ?? "")}`,
    );
    expect(after.status).toBe(200);
    expect(resultTotal(after.body)).toBe((automatic?.count ?? 0) + (other?.count ?? 0));
  });

  it("an option's count equals the page you get by choosing it", async () => {
    const options = filterOptions((await get("harbour-auto-group", path)).body).filter(
      (o) => !o.checked && ["make", "body", "fuel"].includes(o.facet),
    );
    for (const option of options.slice(0, 4)) {
      const url = `${path}&${option.facet}=${encodeURIComponent(option.value)}`;
      let res = await get("harbour-auto-group", url);
      if (res.status === 301)
        res = await get(
          "harbour-auto-group",
          String(res.headers.location).replace(/^https?:\/\/[^/]+/, ""),
        );
      expect(resultTotal(res.body), url).toBe(option.count);
    }
  });
});

describe("Selected filter chips (search-and-urls.md): a price range in dollars", () => {
  const chips = (html: string) =>
    [
      ...html.matchAll(
        /<a [^>]*data-keep-scroll=""[^>]*>([\s\S]*?)<span class="sr-only">, remove/g,
      ),
    ].map((m) => textOf(m[1] ?? "").trim());

  it.each<[string, string, string]>([
    ["harbour-auto-group", "/search?price=0:40000", "Price: up to $40,000"],
    ["southern-motors", "/search?price=0:40000", "Price: up to $40,000"],
    ["lone-star-autos", "/search?price=25000:40000", "Price: $25,000 – $40,000"],
    ["harbour-auto-group", "/search?price=15000:", "Price: from $15,000"],
  ])("%s %s shows '%s'", async (slug, path, chip) => {
    const res = await get(slug, path);
    expect(res.status).toBe(200);
    expect(chips(res.body)).toContain(chip);
  });

  it("other ranges carry no '$': a kilometre bound is grouped, a year is not", async () => {
    const res = await get("harbour-auto-group", "/search?km=0:50000&year=2018:2022");
    const shown = chips(res.body);
    expect(shown.some((c) => c.endsWith("up to 50,000"))).toBe(true);
    expect(shown).toContain("Year: 2018 – 2022");
    expect(shown.join(" ")).not.toContain("$");
  });
});

describe("SEO", () => {
  it("title and description from the state; canonical; indexable path combinations", async () => {
    const res = await get("harbour-auto-group", "/search/used-cars/Toyota");
    expect(titleOf(res.body)).toBe("Used Toyota cars for sale | Harbour Auto Group");
    expect(res.body).toMatch(
      /<meta name="description" content="Used Toyota cars for sale at Harbour Auto Group: [\d,]+ vehicles/,
    );
    expect(canonicalOf(res.body)).toMatch(/\/search\/used-cars\/Toyota$/);
    expect(robotsOf(res.body)).toBeNull();
  });

  it.each([
    "/search?query=hilux",
    "/search/used-cars?body=SUV&fuel=Diesel",
    "/search?sortBy=price:desc",
  ])("%s is noindex, follow", async (path) => {
    const res = await get("harbour-auto-group", path);
    expect(res.status).toBe(200);
    expect(robotsOf(res.body)).toBe("noindex, follow");
  });

  it("JSON-LD ItemList of the cars on the page (position and vehicle page), and page links crawlers follow", async () => {
    const res = await get("harbour-auto-group", "/search?page=2");
    const list = jsonLdBlocks(res.body).find(
      (b) => (b as { "@type"?: string })["@type"] === "ItemList",
    ) as {
      itemListElement: { "@type": string; position: number; url: string; item?: unknown }[];
    };
    expect(list.itemListElement).toHaveLength(21);
    expect(list.itemListElement[0]?.position).toBe(22);
    expect(list.itemListElement.every((e) => e["@type"] === "ListItem" && !e.item)).toBe(true);
    // Each item is a vehicle page of the site, in the order of the cards.
    const cardLinks = [...res.body.matchAll(/class="card-title[^"]*"[^>]*><a href="([^"]+)"/g)].map(
      (m) => `https://www.harbourautogroup.example${m[1]}`,
    );
    expect(list.itemListElement.map((e) => e.url)).toEqual(cardLinks);
    expect(titleOf(res.body)).toContain("(page 2)");
    expect(res.body).toContain('href="/search?page=3"');
    expect(res.body).toMatch(/href="\/search"[^>]*>Previous/);
  });
});

describe("cards from the demo stock", () => {
  it("US site: miles; NZ pre-owned site: 'Pre-owned'; below market, sold and Find Me Something Similar", async () => {
    const us = textOf((await get("lone-star-autos", "/search/used-cars")).body);
    expect(us).toMatch(/[\d,]+ miles/);
    const nz = textOf((await get("southern-motors", "/pre-owned")).body);
    expect(nz).toContain("Pre-owned");
    const sold = await get("harbour-auto-group", "/search?status=sold");
    expect(sold.status).toBe(200);
    expect(textOf(sold.body)).toContain("Find Me Something Similar");
  });

  it("makes as cards, popular first, with 'Show all makes'; a selected make offers its models", async () => {
    const res = await get("harbour-auto-group", "/search/make/Toyota");
    const text = textOf(res.body);
    expect(text).toContain("Show all makes");
    expect(text).toContain("Hide extra makes");
    expect(text).toContain("Select models");
    const models = filterOptions(res.body).filter((o) => o.facet === "make_model");
    expect(models.length).toBeGreaterThan(1);
    expect(models.every((m) => m.value.startsWith("Toyota "))).toBe(true);
    expect(
      filterOptions(res.body).filter((o) => o.facet === ("make" satisfies SearchFacet)).length,
    ).toBeGreaterThan(3);
  });
});
