/**
 * The pages every site answers at a fixed path (docs/product/search-and-urls.md), apart from the
 * stock search, vehicle pages and lead forms: one table that the route table (app/routes.ts),
 * the sitemap, the information page module and the tests read.
 */

/**
 * How a crawler finds the page: `fixed` ones are listed in the sitemap at their path; `company`
 * pages by their content page slug (the site's link rules decide the path); `news` through the
 * site's news path; an `alias` is another address of a page listed under its own.
 */
export type SitePageListing = "fixed" | "company" | "news" | "alias";

export type SitePage = {
  /** The path as linked and listed. */
  path: string;
  /** The route module under app/routes/ that renders it. */
  module: string;
  /** The route id, where one module serves more than one path. */
  id?: string;
  listing: SitePageListing;
};

const company = (slug: string): SitePage => ({
  path: `/${slug}`,
  module: "content-page.tsx",
  id: `content-${slug}`,
  listing: "company",
});

const info = (slug: string): SitePage => ({
  path: `/${slug}`,
  module: "info-page.tsx",
  id: `info-${slug}`,
  listing: "fixed",
});

/** The information pages, each with its own block under the text (app/routes/info-page.tsx). */
export const INFO_PAGE_SLUGS = [
  "buying-online",
  "online-payment",
  "electric-and-hybrid-cars",
  "explore-more-brands",
  "aftermarket",
] as const;
export type InfoPageSlug = (typeof INFO_PAGE_SLUGS)[number];

/** Company pages with a platform default, served from the site's content pages. */
export const COMPANY_PAGE_SLUGS = [
  "about-us",
  "careers",
  "terms-and-conditions",
  "privacy-policy",
  "stealstopper",
] as const;

export const SITE_PAGES: readonly SitePage[] = [
  ...COMPANY_PAGE_SLUGS.map(company),
  { path: "/dealerships", module: "dealerships.tsx", listing: "fixed" },
  { path: "/our-locations/", module: "our-locations.tsx", listing: "fixed" },
  { path: "/special-offers", module: "special-offers.tsx", listing: "fixed" },
  {
    path: "/vehicle-parts-and-accessories",
    module: "parts-and-accessories.tsx",
    id: "parts",
    listing: "fixed",
  },
  {
    path: "/pages/vehicle-parts-and-accessories",
    module: "parts-and-accessories.tsx",
    id: "pages-parts",
    listing: "alias",
  },
  { path: "/parts/search", module: "parts-search.tsx", listing: "fixed" },
  ...INFO_PAGE_SLUGS.map(info),
  { path: "/current-positions", module: "current-positions.tsx", listing: "fixed" },
  { path: "/news", module: "news.tsx", id: "news", listing: "news" },
  { path: "/blog", module: "news.tsx", id: "blog", listing: "news" },
  { path: "/our-history", module: "our-history.tsx", listing: "fixed" },
];

/** The path a route table takes: no leading or trailing slash. */
export function routePathOf(page: SitePage): string {
  return page.path.replace(/^\/+|\/+$/g, "");
}

/** The paths the sitemap lists as they are. */
export const SITEMAP_FIXED_PATHS: readonly string[] = SITE_PAGES.filter(
  (page) => page.listing === "fixed",
).map((page) => page.path);
