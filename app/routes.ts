/**
 * The route table, mirroring docs/product/search-and-urls.md, "Routes". Explicit on purpose: one
 * place shows every URL a dealer site answers.
 */
import type { RouteConfig } from "@react-router/dev/routes";
import { index, route } from "@react-router/dev/routes";

const contentPages = [
  "about-us",
  "careers",
  "terms-and-conditions",
  "privacy-policy",
  "stealstopper",
];

export default [
  index("routes/home.tsx"),

  // Stock search ("Search URL rules"): every variant renders the same page.
  route("search/*", "routes/search.tsx", { id: "search" }),
  route("search", "routes/search.tsx", { id: "search-root" }),
  route("pre-owned/*", "routes/search.tsx", { id: "search-pre-owned" }),
  route("find/rental-cars/*", "routes/search.tsx", { id: "search-rental" }),

  // Content pages, with and without the /pages/ prefix ("Link rules").
  route("pages/:slug", "routes/content-page.tsx", { id: "content-page" }),
  ...contentPages.map((slug) => route(slug, "routes/content-page.tsx", { id: `content-${slug}` })),

  // Locations, offers, parts, information and company pages.
  route("dealerships", "routes/dealerships.tsx"),
  route("our-locations", "routes/our-locations.tsx"),
  route("our-location/:slug", "routes/our-location.tsx"),
  route("locations/:slug", "routes/locations.tsx"),
  route("special-offers", "routes/special-offers.tsx"),
  route("vehicle-parts-and-accessories", "routes/parts-and-accessories.tsx", { id: "parts" }),
  route("pages/vehicle-parts-and-accessories", "routes/parts-and-accessories.tsx", {
    id: "pages-parts",
  }),
  route("parts/search", "routes/parts-search.tsx"),
  ...[
    "aftermarket",
    "buying-online",
    "online-payment",
    "electric-and-hybrid-cars",
    "explore-more-brands",
  ].map((slug) => route(slug, "routes/info-page.tsx", { id: `info-${slug}` })),
  route("current-positions", "routes/current-positions.tsx"),
  route("news", "routes/news.tsx", { id: "news" }),
  route("blog", "routes/news.tsx", { id: "blog" }),
  route("news/:slug", "routes/news-article.tsx", { id: "news-article" }),
  route("blog/:slug", "routes/news-article.tsx", { id: "blog-article" }),
  route("our-history", "routes/our-history.tsx"),

  // Vehicle detail pages: one module; a site answers on its own vehiclePath only.
  route("cars/:slug", "routes/vehicle.tsx", { id: "vehicle-cars" }),
  route("motorcycles/:slug", "routes/vehicle.tsx", { id: "vehicle-motorcycles" }),
  route("campers/:slug", "routes/vehicle.tsx", { id: "vehicle-campers" }),
  // Reserve (checkout) and buy online, on the same prefixes.
  ...["cars", "motorcycles", "campers"].flatMap((prefix) => [
    route(`${prefix}/:slug/checkout`, "routes/vehicle-checkout.tsx", {
      id: `vehicle-checkout-${prefix}`,
    }),
    route(`${prefix}/:slug/buy-online`, "routes/vehicle-checkout.tsx", {
      id: `vehicle-buy-online-${prefix}`,
    }),
  ]),

  // Leads: enquiry, booking, finance and valuation forms, and the success page.
  route("contact", "routes/contact.tsx", { id: "contact" }),
  route("contact-us/:slug", "routes/contact.tsx", { id: "contact-us-location" }),
  route("success", "routes/success.tsx"),
  route("book-test-drive", "routes/book-test-drive.tsx"),
  route("service", "routes/service.tsx", { id: "service" }),
  route("pages/book-a-service", "routes/service.tsx", { id: "pages-book-a-service" }),
  route("why-service-with-us", "routes/service.tsx", { id: "why-service-with-us" }),
  route("finance", "routes/finance.tsx", { id: "finance" }),
  route("finance-enquiry", "routes/finance.tsx", { id: "finance-enquiry" }),
  route("apply-for-finance", "routes/finance.tsx", { id: "apply-for-finance" }),
  route("trade-in", "routes/trade-in.tsx", { id: "trade-in" }),
  route("cars/trade-in", "routes/trade-in.tsx", { id: "cars-trade-in" }),
  route("sell-your-car", "routes/trade-in.tsx", { id: "sell-your-car" }),
  route("sell-my-car", "routes/trade-in.tsx", { id: "sell-my-car" }),
  route("fleet", "routes/fleet.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
