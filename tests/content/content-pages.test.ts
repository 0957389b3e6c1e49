/**
 * The rest of the dealer site over HTTP: every route server-renders with a title,
 * description and canonical URL on every demo site, and each page follows its site's settings.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { contentPages } from "~/server/db/schema";
import { siteOrigin } from "~/server/sites/site-origin";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { CONTENT_ROUTES } from "./routes";
import { contentSitemapEntries } from "~/server/content/sitemap";

const decode = (text: string) =>
  text
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

function head(html: string) {
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""),
    description: decode(/<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? ""),
    canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1] ?? null,
    h1Count: (html.match(/<h1[\s>]/g) ?? []).length,
  };
}

function jsonLd(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].flatMap(
    (m) => {
      const data = JSON.parse(m[1]!) as Record<string, unknown> | Array<Record<string, unknown>>;
      return Array.isArray(data) ? data : [data];
    },
  );
}

/** The HTML of the home block `name` (each block is wrapped in data-home-block). */
function homeBlock(html: string, name: string): string | null {
  const start = html.indexOf(`data-home-block="${name}"`);
  if (start === -1) return null;
  const next = html.indexOf("data-home-block=", start + 20);
  return html.slice(start, next === -1 ? undefined : next);
}

describe("content pages over HTTP", () => {
  let server: RunningServer;
  const get = (slug: string, path: string) => fetchWithHost(server, `${slug}.localhost`, path);
  // The site's configured origin: its own domain where it has one (harbour-auto-group).
  const origin = (slug: string) =>
    siteOrigin(
      server.registry.all().find((s) => s.slug === slug)!,
      { port: server.port },
    );

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it("server-renders every route on every demo site with one h1, a title, a description and a canonical URL", async () => {
    for (const site of server.registry.all()) {
      for (const path of CONTENT_ROUTES) {
        const res = await get(site.slug, path);
        expect(res.status, `${site.slug}${path}`).toBe(200);
        const h = head(res.body);
        expect(h.title, `${site.slug}${path}`).toContain(site.name);
        expect(h.description.length, `${site.slug}${path} description`).toBeGreaterThan(20);
        expect(h.canonical, `${site.slug}${path} canonical`).toMatch(
          new RegExp(`^${origin(site.slug)}/`),
        );
        expect(h.h1Count, `${site.slug}${path} h1`).toBe(1);
      }
    }
  });

  it("follows the link rules in canonical URLs: /pages/ removed where the link rules say, /news for /blog where set", async () => {
    expect(head((await get("harbour-auto-group", "/pages/about-us")).body).canonical).toBe(
      `${origin("harbour-auto-group")}/about-us`,
    );
    expect(head((await get("harbour-auto-group", "/stealstopper")).body).canonical).toBe(
      `${origin("harbour-auto-group")}/pages/stealstopper`,
    );
    expect(head((await get("southern-motors", "/blog")).body).canonical).toBe(
      `${origin("southern-motors")}/news`,
    );
    expect(head((await get("harbour-auto-group", "/news")).body).canonical).toBe(
      `${origin("harbour-auto-group")}/blog`,
    );
    expect(
      head((await get("harbour-auto-group", "/pages/vehicle-parts-and-accessories")).body)
        .canonical,
    ).toBe(`${origin("harbour-auto-group")}/vehicle-parts-and-accessories`);
  });

  it("links applicants from the careers page to the enquiry form with the Careers Enquiry category chosen", async () => {
    for (const [slug, path] of [
      ["harbour-auto-group", "/careers"],
      ["lone-star-autos", "/careers"],
      ["coastal-kia", "/pages/careers"],
    ] as const) {
      const res = await get(slug, path);
      expect(res.status, `${slug}${path}`).toBe(200);
      expect(res.body, `${slug}${path}`).toContain('href="/contact?category=Careers%20Enquiry"');
    }
    const form = await get("coastal-kia", "/contact?category=Careers%20Enquiry");
    expect(form.status).toBe(200);
    expect(form.body).toMatch(
      /<option[^>]*value="Careers Enquiry"[^>]*selected=""|<option[^>]*selected=""[^>]*value="Careers Enquiry"/,
    );
    expect(form.body).not.toMatch(/<option[^>]*value="General Enquiry"[^>]*selected=""/);
  });

  describe("location pages", () => {
    it("describe a location as schema.org AutoDealer with address, geo, phone and opening hours", async () => {
      const res = await get("harbour-auto-group", "/our-location/harbour-toyota-parramatta");
      expect(res.status).toBe(200);
      const [dealer] = jsonLd(res.body);
      expect(dealer).toMatchObject({
        "@type": "AutoDealer",
        name: "Harbour Toyota Parramatta",
        telephone: "02 9630 1000",
        url: `${origin("harbour-auto-group")}/our-location/harbour-toyota-parramatta`,
        address: {
          streetAddress: "12 Church Street",
          addressLocality: "Parramatta",
          addressRegion: "NSW",
          postalCode: "2150",
        },
        geo: { latitude: -33.815, longitude: 151.003 },
      });
      const hours = dealer!.openingHoursSpecification as Array<Record<string, unknown>>;
      expect(hours).toContainEqual(
        expect.objectContaining({
          dayOfWeek: "https://schema.org/Monday",
          opens: "08:30",
          closes: "17:30",
        }),
      );
      expect(hours).toContainEqual(
        expect.objectContaining({ name: "Christmas Day", opens: "00:00", closes: "00:00" }),
      );
      // The large card: the map beside the information (a static map and link in the demo).
      expect(res.body).toContain("View Harbour Toyota Parramatta on the map");
      expect(res.body).not.toContain("<iframe");
      expect(res.body).toContain("Landline:");
    });

    it("answer /locations/{dealership_slug} with the dealership's locations and /locations/{location slug} with the location", async () => {
      const dealership = await get("harbour-auto-group", "/locations/harbour-mazda");
      expect(dealership.status).toBe(200);
      expect(
        jsonLd(dealership.body)
          .map((d) => d.name)
          .sort(),
      ).toEqual(["Harbour Mazda Chatswood", "Harbour Mazda Parts"]);
      const location = await get("harbour-auto-group", "/locations/harbour-mazda-chatswood");
      expect(location.status).toBe(200);
      expect(head(location.body).canonical).toBe(
        `${origin("harbour-auto-group")}/our-location/harbour-mazda-chatswood`,
      );
    });

    it("give hidden and unknown locations a 404", async () => {
      expect(
        (await get("harbour-auto-group", "/our-location/harbour-brisbane-opening-soon")).status,
      ).toBe(404);
      expect((await get("harbour-auto-group", "/our-location/no-such-place")).status).toBe(404);
      expect((await get("harbour-auto-group", "/locations/no-such-place")).status).toBe(404);
      // Another site's location is not this site's.
      expect((await get("coastal-kia", "/our-location/harbour-toyota-parramatta")).status).toBe(
        404,
      );
    });

    it("show cards with the site's licence label, badge, hours split and actions", async () => {
      const harbour = (await get("harbour-auto-group", "/our-locations/")).body;
      expect(harbour).toContain("Sales hours");
      expect(harbour).toContain("Service hours");
      expect(harbour).toContain("Mon-Fri");
      expect(harbour).toContain("DL MD");
      expect(harbour).toContain("View Holiday Hours");
      expect(harbour).toContain('href="/service?location=harbour-toyota-service-centre"');
      expect(harbour).toContain('href="/contact-us/harbour-toyota-parramatta"');
      expect(harbour).toContain("Get Directions");
      expect(harbour).toContain("View Location Details");
      expect(harbour).toContain("Email Us");
      expect(harbour).not.toContain("Harbour Brisbane");
      // Filtered by type.
      const service = (await get("harbour-auto-group", "/our-locations/?type=service")).body;
      expect(
        jsonLd(service)
          .map((d) => d.name)
          .sort(),
      ).toEqual(["Harbour Ford Newcastle - Service", "Harbour Toyota Service Centre"]);
      const coastal = (await get("coastal-kia", "/our-locations/")).body;
      // Its badge's last day has passed.
      expect(coastal.replace(/<script[\s\S]*?<\/script>/g, "")).not.toContain("COMING EARLY 2026");
      expect(coastal).toContain("CL MD");
      expect(coastal).not.toContain("Book a Service</a><a"); // service card still says Contact Us there
      expect(coastal).not.toContain("Sales hours");
    });
  });

  describe("home page", () => {
    it("shows the site's blocks in the site's order", async () => {
      const coastal = (await get("coastal-kia", "/")).body;
      const order = [...coastal.matchAll(/data-home-block="([^"]+)"/g)].map((m) => m[1]);
      expect(order).toEqual([
        "hero",
        "featured-vehicles",
        "specials",
        "just-arrived",
        "our-range",
        "value-proposition",
        "locations",
        "finance-solutions",
        "book-service",
        "reviews",
        "payments",
      ]);
      const harbour = (await get("harbour-auto-group", "/")).body;
      expect([...harbour.matchAll(/data-home-block="([^"]+)"/g)].map((m) => m[1])).toHaveLength(14);
      expect(jsonLd(harbour)[0]).toMatchObject({
        "@type": "AutoDealer",
        name: "Harbour Auto Group",
        telephone: "1300 427 268",
      });
    });

    it("sends structured data once: in the document, not again in the data for hydration", async () => {
      for (const path of ["/", "/our-locations/", "/our-location/harbour-toyota-parramatta"]) {
        const html = (await get("harbour-auto-group", path)).body;
        expect(jsonLd(html).length, path).toBeGreaterThan(0);
        const hydrationData = [...html.matchAll(/streamController\.enqueue\(([\s\S]*?)\);/g)]
          .map((m) => m[1])
          .join("");
        expect(hydrationData, path).toContain("loaderData");
        expect(hydrationData, path).not.toContain("schema.org");
      }
    });

    it("has every block's fixed content: Our Range links into search, the three value propositions, payments, finance steps", async () => {
      const html = decode((await get("harbour-auto-group", "/")).body);
      expect(homeBlock(html, "our-range")).toContain('href="/search/make/Toyota"');
      expect(homeBlock(html, "our-range")).toMatch(/href="\/search\/make\/Toyota\/Toyota%20\w+"/);
      for (const text of [
        "Reserve Quickly Online",
        "Secure Online Payments",
        "Apply For Finance",
      ]) {
        expect(homeBlock(html, "value-proposition")).toContain(text);
      }
      for (const text of [
        "We accept:",
        "Mastercard",
        "Visa",
        "Maestro",
        "Google Pay",
        "Apple Pay",
      ]) {
        expect(homeBlock(html, "payments")).toContain(text);
      }
      for (const text of [
        "Book Your Service",
        "Vehicle Valuation",
        "Finance Solutions",
        "Buy Online",
        "Specials",
        "LATEST OFFERS",
      ]) {
        expect(html).toContain(text);
      }
      expect(homeBlock(html, "finance-solutions")).toContain("no impact on your credit score");
      expect(homeBlock(html, "finance-solutions")).toContain("Apply Now");
      for (const text of [
        "Reserve quickly online",
        "Free trade-in valuation",
        "Secure online payments",
        "Customer service",
      ]) {
        expect(homeBlock(html, "buy-online")).toContain(text);
      }
    });

    it("filters and orders the locations carousel as the site says", async () => {
      // Harbour shows sales locations only in its carousel.
      const harbour = homeBlock((await get("harbour-auto-group", "/")).body, "locations")!;
      expect(harbour).toContain("Harbour Toyota Parramatta");
      expect(harbour).not.toContain("Harbour Toyota Service Centre");
      expect(harbour).toContain('href="/search/harbour-toyota-parramatta"');
      expect(harbour).toContain("Our Locations");
      // Southern orders Dunedin first and names the carousel.
      const southern = homeBlock((await get("southern-motors", "/")).body, "locations")!;
      expect(southern).toContain("Find Us");
      expect(southern.indexOf("Southern Motors Dunedin")).toBeLessThan(
        southern.indexOf("Southern Motors Christchurch"),
      );
      // Coastal: no 'View Our Stock', and the swipe hint for 3 or fewer cards.
      const coastal = homeBlock((await get("coastal-kia", "/")).body, "locations")!;
      expect(coastal).not.toContain("View Our Stock");
      expect(coastal).toContain("Swipe");
      expect(harbour).not.toContain("Swipe");
    });

    it("shows lifestyle tiles from settings, with Join Our Team as an external link", async () => {
      const harbour = homeBlock((await get("harbour-auto-group", "/")).body, "lifestyle-tiles")!;
      expect(harbour).toMatch(
        /href="https:\/\/careers\.example\/harbour" target="_blank" rel="noopener noreferrer"/,
      );
      for (const tile of [
        "Car Care",
        "Finance",
        "Offers &amp; Promotions",
        "Fleet",
        "Contact Us",
        "Join Our Team",
      ]) {
        expect(harbour).toContain(tile);
      }
      const southern = homeBlock((await get("southern-motors", "/")).body, "lifestyle-tiles")!;
      expect(
        [...southern.matchAll(/text-lg font-semibold group-hover:underline">([^<]+)</g)].map(
          (m) => m[1],
        ),
      ).toEqual(["Finance", "Contact Us", "Car Care"]);
      // No careers URL: no Join Our Team tile.
      expect(homeBlock((await get("lone-star-autos", "/")).body, "lifestyle-tiles")).not.toContain(
        "Join Our Team",
      );
    });

    it("shows reviews with count and average unless hidden, up to the site's Google reviews count", async () => {
      const harbour = homeBlock((await get("harbour-auto-group", "/")).body, "reviews")!;
      expect(harbour).toMatch(/Rated 4\.\d out of 5 stars from \d+ reviews/);
      expect((harbour.match(/aria-label="Review by /g) ?? []).length).toBe(12);
      expect(harbour).toContain("Reply from the dealer");
      expect(harbour).toContain("without a comment");
      const loneStar = homeBlock((await get("lone-star-autos", "/")).body, "reviews")!;
      expect((loneStar.match(/aria-label="Review by /g) ?? []).length).toBe(6);
      expect(homeBlock((await get("outback-campers", "/")).body, "reviews")).not.toContain(
        "Review by",
      );
    });

    it("shows special offer cards with the LATEST OFFERS link", async () => {
      const block = homeBlock((await get("coastal-kia", "/")).body, "specials")!;
      expect(block).toContain('href="/special-offers"');
      expect(block).toContain("LATEST OFFERS");
      // Coastal has two offers; the block shows up to three.
      expect((block.match(/<article/g) ?? []).length).toBe(2);
      expect(block).toContain("Kia");
    });
  });

  describe("special offers", () => {
    it("filters by make, model, body and keyword", async () => {
      const all = decode((await get("harbour-auto-group", "/special-offers")).body);
      expect(all).toContain("6 offers");
      const mazda = decode((await get("harbour-auto-group", "/special-offers?make=Mazda")).body);
      expect(mazda).toContain("2 offers");
      expect(mazda).toContain("Mazda CX-5 drive away offer");
      expect(mazda).not.toContain("Toyota Corolla drive away offer");
      expect(head(mazda).canonical).toBe(`${origin("harbour-auto-group")}/special-offers`);
      expect(mazda).toContain('content="noindex, follow"');
      const model = decode(
        (await get("harbour-auto-group", "/special-offers?make=Toyota&model=Camry")).body,
      );
      expect(model).toContain("1 offer");
      const keyword = decode(
        (await get("harbour-auto-group", "/special-offers?query=ranger")).body,
      );
      expect(keyword).toContain("Ford Ranger drive away offer");
      expect(keyword).toContain("1 offer");
      const none = decode((await get("harbour-auto-group", "/special-offers?make=%22Kia%22")).body);
      expect(none).toContain("No offers match");
    });
  });

  describe("content from the dealer's dashboard", () => {
    it("is sanitised: no script, handler or javascript: link reaches the page", async () => {
      const site = server.registry.all().find((s) => s.slug === "lone-star-autos")!;
      await server.database.db.insert(contentPages).values({
        siteId: site.id,
        slug: "spring-sale",
        title: "Spring Sale",
        body: `<h1>Spring</h1><p onmouseover="alert('x')">Deals</p><script>alert("x")</script><a href="javascript:alert(1)">bad</a><img src=x onerror="alert(1)"><a href="https://example.com">out</a>`,
        kind: "page",
      });
      await server.bus.publish({ kind: "content", siteId: site.id });
      const res = await get("lone-star-autos", "/pages/spring-sale");
      expect(res.status).toBe(200);
      const main = res.body.slice(res.body.indexOf("<main"), res.body.indexOf("</main>"));
      expect(main).toContain("Deals");
      expect(main).not.toMatch(/alert/);
      expect(main).not.toContain("onmouseover");
      expect(main).not.toContain("javascript:");
      expect(main).toContain(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer">out</a>',
      );
      expect(head(res.body).h1Count).toBe(1);
      await server.database.db.delete(contentPages).where(eq(contentPages.slug, "spring-sale"));
    });

    it("wins over the platform default, which fills in where the dealer wrote nothing", async () => {
      const coastal = decode((await get("coastal-kia", "/buying-online")).body);
      expect(coastal).toContain("Buy Your Kia Online");
      expect(coastal).toContain("Delivered to your door");
      const harbour = decode((await get("harbour-auto-group", "/buying-online")).body);
      expect(harbour).toContain("Buy your next vehicle from home");
      expect(harbour).toContain("Reserve it online");
    });

    it("lists news articles and renders one with Article JSON-LD; the blog path follows the site's setting", async () => {
      const list = decode((await get("harbour-auto-group", "/blog")).body);
      expect(list).toContain("Harbour opens a used car centre in Penrith");
      expect(list).toContain('href="/blog/harbour-opens-penrith-used-car-centre"');
      const article = await get(
        "harbour-auto-group",
        "/blog/harbour-opens-penrith-used-car-centre",
      );
      expect(article.status).toBe(200);
      expect(jsonLd(article.body)[0]).toMatchObject({
        "@type": "Article",
        headline: "Harbour opens a used car centre in Penrith",
      });
      expect(article.body).toContain('rel="noopener noreferrer"');
      const southern = decode((await get("southern-motors", "/news")).body);
      expect(southern).toContain('href="/news/southern-motors-turns-40"');
      expect((await get("southern-motors", "/news/no-such-article")).status).toBe(404);
    });

    it("shows open positions, or says there are none", async () => {
      const harbour = decode((await get("harbour-auto-group", "/current-positions")).body);
      expect(harbour).toContain("Sales Consultant, Harbour Toyota Parramatta");
      expect(harbour).toContain("Apprentice Technician, Harbour Ford Newcastle");
      expect(decode((await get("coastal-kia", "/current-positions")).body)).toContain(
        "There are no open positions right now",
      );
    });

    it("has a history page with eight decade tabs, the dealer's decades and defaults for the rest", async () => {
      const html = decode((await get("harbour-auto-group", "/our-history")).body);
      const tabs = [...html.matchAll(/role="tab"[^>]*>([^<]+)</g)].map((m) => m[1]);
      expect(tabs).toEqual([
        "1950s",
        "1960s",
        "1970s",
        "1980s",
        "1990s",
        "2000s",
        "2010s",
        "2020s",
      ]);
      expect(html).toContain("1958: the Harbour family opens a used car yard");
      expect(html).toContain("Motoring becomes part of everyday life");
    });
  });

  it("lists every content page at its canonical path for the sitemap, and each of them answers 200", async () => {
    const site = server.registry.all().find((s) => s.slug === "southern-motors")!;
    const entries = await contentSitemapEntries(server.database.db, site);
    const paths = entries.map((e) => e.path);
    expect(paths).toContain("/news/southern-motors-turns-40");
    expect(paths).toContain("/our-location/southern-motors-dunedin");
    expect(paths).toContain("/about-us");
    expect(paths).toContain("/pages/careers");
    expect(paths).not.toContain("/blog");
    for (const path of paths) expect((await get("southern-motors", path)).status, path).toBe(200);
  });

  it("searches parts by keyword and category", async () => {
    const html = decode((await get("harbour-auto-group", "/parts/search?query=floor")).body);
    expect(html).toContain("1 part");
    expect(html).toContain("Toyota Floor Mats");
    const category = decode(
      (await get("harbour-auto-group", "/parts/search?category=Car+Care")).body,
    );
    expect(category).toContain("3 parts");
    expect(category).not.toContain("Toyota Floor Mats");
  });
});
