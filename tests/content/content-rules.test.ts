/**
 * Content safety and defaults: content comes from per-site pages in the database as safe rich
 * text (no script injection from content), with sensible defaults per template.
 */
import { describe, expect, it } from "vitest";
import { defaultDecade, defaultPage, HISTORY_DECADES } from "~/server/content/defaults";
import type { DefaultSiteFacts } from "~/server/content/defaults";
import { autoDealerJsonLd } from "~/app/components/content/structured-data";
import type { LocationView } from "~/server/content/locations";
import { dateInWords } from "~/server/content/reviews";
import { plainText, sanitizeContentHtml } from "~/server/content/sanitize";
import { summariseStock } from "~/server/content/stock-summary";

describe("sanitizeContentHtml: dashboard content cannot inject script", () => {
  it.each([
    ["script element", `<p>a<script>alert(1)</script>b</p>`, "<p>ab</p>"],
    ["event handler", `<p onclick="alert(1)">x</p>`, "<p>x</p>"],
    ["javascript: link", `<a href="javascript:alert(1)">x</a>`, "<a>x</a>"],
    ["mixed-case javascript: link", `<a href=" JaVaScRiPt:alert(1)">x</a>`, "<a>x</a>"],
    ["iframe", `<iframe src="https://evil.example"></iframe><p>ok</p>`, "<p>ok</p>"],
    ["style element", `<style>body{display:none}</style><p>ok</p>`, "<p>ok</p>"],
    ["inline style and class", `<p style="color:red" class="x">t</p>`, "<p>t</p>"],
    ["svg with onload", `<svg onload="alert(1)"><circle/></svg><p>ok</p>`, "<p>ok</p>"],
    ["data: image", `<img src="data:image/svg+xml;base64,PHN2Zz4=" alt="x">`, ""],
    [
      "img with onerror",
      `<img src="/media/a.svg" onerror="alert(1)" alt="A">`,
      '<img src="/media/a.svg" alt="A">',
    ],
  ])("removes %s", (_name, input, expected) => {
    expect(sanitizeContentHtml(input)).toBe(expected);
  });

  it("keeps formatting, demotes h1 to h2 (the page title is the only h1)", () => {
    const html =
      "<h1>Title</h1><h2>Sub</h2><ul><li><strong>a</strong></li></ul><blockquote>q</blockquote>";
    expect(sanitizeContentHtml(html)).toBe(
      "<h2>Title</h2><h2>Sub</h2><ul><li><strong>a</strong></li></ul><blockquote>q</blockquote>",
    );
  });

  it("opens links to other sites in a new tab without opener access, and leaves own links alone", () => {
    const out = sanitizeContentHtml(
      `<a href="https://example.com/x" target="_self" rel="opener">e</a><a href="/about-us" target="_blank">a</a>`,
    );
    expect(out).toBe(
      '<a href="https://example.com/x" target="_blank" rel="noopener noreferrer">e</a><a href="/about-us">a</a>',
    );
  });

  it("gives images without alt text an empty alt (decorative)", () => {
    expect(sanitizeContentHtml('<img src="https://cdn.example/a.jpg">')).toBe(
      '<img src="https://cdn.example/a.jpg" alt="">',
    );
  });

  it("plainText strips tags and entities and cuts at a word", () => {
    expect(plainText("<p>Fish &amp; <b>chips</b></p>")).toBe("Fish & chips");
    const long = plainText(`<p>${"word ".repeat(100)}</p>`, 60);
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith("…")).toBe(true);
  });
});

const facts = (over: Partial<DefaultSiteFacts> = {}): DefaultSiteFacts => ({
  name: "Test Motors",
  locale: "en-AU",
  city: "Hobart",
  template: "classic",
  phone: "03 6200 0000",
  email: "sales@test.example",
  careersUrl: null,
  ...over,
});

describe("default pages: a new site is complete on day one", () => {
  it.each([
    "about-us",
    "careers",
    "current-positions",
    "terms-and-conditions",
    "privacy-policy",
    "stealstopper",
    "buying-online",
    "online-payment",
    "electric-and-hybrid-cars",
    "explore-more-brands",
    "aftermarket",
    "vehicle-parts-and-accessories",
    "our-history",
    "news",
  ])("has a default %s page with a title, description and body naming the site's facts", (slug) => {
    const page = defaultPage(slug, facts());
    expect(page).not.toBeNull();
    expect(page!.title).not.toBe("");
    expect(page!.metaDescription.length).toBeGreaterThan(20);
    expect(page!.body).toMatch(/^<p>/);
  });

  it("has no default for an unknown page (a 404)", () => {
    expect(defaultPage("no-such-page", facts())).toBeNull();
  });

  it("escapes the site's own values in default HTML", () => {
    const page = defaultPage(
      "about-us",
      facts({ name: `<script>alert(1)</script>`, city: `"><img src=x onerror=alert(1)>` }),
    )!;
    expect(page.body).not.toContain("<script>");
    expect(page.body).not.toContain("<img");
    expect(page.body).toContain("&lt;script&gt;");
    // The result is as safe as sanitised content: sanitising changes nothing.
    expect(sanitizeContentHtml(page.body)).toBe(page.body);
  });

  it("speaks in the template's voice: classic and bold introductions differ", () => {
    const classic = defaultPage("buying-online", facts({ template: "classic" }))!;
    const bold = defaultPage("buying-online", facts({ template: "bold" }))!;
    expect(classic.body).not.toBe(bold.body);
    expect(classic.title).toBe(bold.title);
  });

  it("links careers to the dealer's careers site when there is one", () => {
    expect(defaultPage("careers", facts({ careersUrl: "https://jobs.example/x" }))!.body).toContain(
      'href="https://jobs.example/x"',
    );
    expect(defaultPage("careers", facts())!.body).toContain('href="/contact"');
  });

  it("uses the site's spelling: US sites read 'inquiries', not 'enquiries'", () => {
    expect(defaultDecade("2000s", facts())).toContain("enquiries");
    expect(defaultDecade("2000s", facts({ locale: "en-US" }))).toContain("inquiries");
  });

  it("has default text for each of the eight decades, 1950s to 2020s", () => {
    for (const decade of HISTORY_DECADES)
      expect(defaultDecade(decade, facts())).toContain("Test Motors");
  });
});

const location: LocationView = {
  id: 7,
  name: "Test Motors Hobart",
  slug: "test-motors-hobart",
  location_type: "sales",
  location_subtype: [],
  manufacturers: [],
  position: 0,
  primary: true,
  visible: true,
  dealership: { id: 1, name: "Test Motors", slug: "test-motors" },
  image: { url: "/media/location/x.svg", thumbUrl: "/media/location/x.svg?thumb=1" },
  averageRating: 4.56,
  reviewCount: 31,
  address: {
    street: "1 Main Road",
    city: "Hobart",
    state: "TAS",
    postcode: "7000",
    lat: -42.88,
    long: 147.33,
    place_id: null,
    place_url: "https://www.google.com/maps/search/?api=1&query=x",
    full: "1 Main Road, Hobart TAS 7000",
    map_key: null,
    map_url: null,
  },
  phone: "03 6200 0000",
  landline: null,
  email: null,
  openingHours: [
    { weekday: 0, status: "Closed", formated_hours: null, open: null, close: null },
    {
      weekday: 1,
      status: "Open",
      formated_hours: "8:30am - 5:30pm",
      open: "08:30",
      close: "17:30",
    },
  ],
  serviceOpeningHours: null,
  specialHours: [
    {
      date: "2026-12-25",
      status: "Closed",
      start_hour: null,
      end_hour: null,
      location_id: 7,
      label: "Christmas Day",
    },
    {
      date: "2026-12-24",
      status: "Open",
      start_hour: "09:00",
      end_hour: "13:00",
      location_id: 7,
      label: null,
    },
  ],
  dealerLicenseNumber: "MD1",
  motorVehicleRepairer: null,
};

describe("AutoDealer JSON-LD of a location page", () => {
  const ld = autoDealerJsonLd(location, {
    origin: "https://dealer.example",
    siteName: "Test Motors",
    pagePath: "/our-location/test-motors-hobart",
  });

  it("names the dealer with its address, geo position, phone and page", () => {
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "AutoDealer",
      name: "Test Motors Hobart",
      url: "https://dealer.example/our-location/test-motors-hobart",
      telephone: "03 6200 0000",
      address: {
        "@type": "PostalAddress",
        streetAddress: "1 Main Road",
        addressLocality: "Hobart",
        addressRegion: "TAS",
        postalCode: "7000",
      },
      geo: { "@type": "GeoCoordinates", latitude: -42.88, longitude: 147.33 },
      image: "https://dealer.example/media/location/x.svg",
      aggregateRating: { ratingValue: 4.6, reviewCount: 31 },
    });
  });

  it("lists open days only, and holiday hours with their dates (closed = midnight to midnight)", () => {
    const spec = ld.openingHoursSpecification as Array<Record<string, unknown>>;
    expect(spec).toContainEqual({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: "https://schema.org/Monday",
      opens: "08:30",
      closes: "17:30",
    });
    expect(spec.some((s) => s.dayOfWeek === "https://schema.org/Sunday")).toBe(false);
    expect(spec).toContainEqual(
      expect.objectContaining({
        validFrom: "2026-12-25",
        validThrough: "2026-12-25",
        opens: "00:00",
        closes: "00:00",
        name: "Christmas Day",
      }),
    );
    expect(spec).toContainEqual(
      expect.objectContaining({ validFrom: "2026-12-24", opens: "09:00", closes: "13:00" }),
    );
  });
});

describe("stock summary for Our Range and the brand pages", () => {
  it("counts makes and models from the stock's facets, most stocked first, with links from the search URL codec", () => {
    const summary = summariseStock(4, {
      make: { Kia: 3, "Mercedes-Benz": 1 },
      make_model: { "Kia EV6": 2, "Kia Seltos": 1, "Mercedes-Benz C300": 1 },
      fuel: { Electric: 2, Hybrid: 1, Petrol: 1 },
    });
    expect(summary.total).toBe(4);
    expect(summary.makes.map((m) => [m.make, m.count])).toEqual([
      ["Kia", 3],
      ["Mercedes-Benz", 1],
    ]);
    expect(summary.makes[0]!.href).toBe("/search/make/Kia");
    expect(summary.makes[0]!.models).toEqual([
      { name: "EV6", count: 2, href: "/search/make/Kia/Kia%20EV6" },
      { name: "Seltos", count: 1, href: "/search/make/Kia/Kia%20Seltos" },
    ]);
    // Display names come from the manufacturers catalogue (docs/product/sites-and-settings.md,
    // "Manufacturers": one make shows shorter).
    expect(summary.makes[1]!.displayName).toBe("Mercedes");
    expect(summary.makes[1]!.models.map((m) => m.name)).toEqual(["C300"]);
    expect(summary.electrified).toEqual([
      { fuel: "Electric", count: 2, href: "/search/fuel/Electric" },
      { fuel: "Hybrid", count: 1, href: "/search/fuel/Hybrid" },
    ]);
  });
});

describe("review dates in words", () => {
  const now = new Date("2026-11-22T10:00:00Z");
  it.each([
    ["2026-11-22", "today"],
    ["2026-11-21", "yesterday"],
    ["2026-11-12", "last week"],
    ["2026-10-01", "last month"],
    ["2025-06-01", "last year"],
  ])("%s reads '%s'", (date, words) => {
    expect(dateInWords(date, now, "en-AU")).toBe(words);
  });
});
