/**
 * The route table, mirroring docs/product/search-and-urls.md, "Routes". Explicit on purpose: one place shows
 * every URL a dealer site answers.
 */
import type { RouteConfig } from "@react-router/dev/routes";
import { index, route } from "@react-router/dev/routes";
// A relative import: the route config is read before Vite's `~/` alias applies.
import { routePathOf, SITE_PAGES } from "../domain/site-pages";

export default [
  index("routes/home.tsx"),

  // Stock search (docs/product/search-and-urls.md, "Search URL rules"): every variant renders the same page.
  route("search/*", "routes/search.tsx", { id: "search" }),
  route("search", "routes/search.tsx", { id: "search-root" }),
  route("pre-owned/*", "routes/search.tsx", { id: "search-pre-owned" }),
  route("find/rental-cars/*", "routes/search.tsx", { id: "search-rental" }),

  // Content pages under /pages/ (the link rules); the fixed pages of domain/site-pages.ts.
  route("pages/:slug", "routes/content-page.tsx", { id: "content-page" }),
  ...SITE_PAGES.map((page) =>
    page.id
      ? route(routePathOf(page), `routes/${page.module}`, { id: page.id })
      : route(routePathOf(page), `routes/${page.module}`),
  ),
  // Locations and articles by slug.
  route("our-location/:slug", "routes/our-location.tsx"),
  route("locations/:slug", "routes/locations.tsx"),
  route("news/:slug", "routes/news-article.tsx", { id: "news-article" }),
  route("blog/:slug", "routes/news-article.tsx", { id: "blog-article" }),

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

  // The garage (docs/product/garage.md); a site's own garage path is answered by the not-found route.
  route("my-garage", "routes/garage.tsx", { id: "garage" }),
  route("my-garage/saved", "routes/garage.tsx", { id: "garage-saved" }),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
