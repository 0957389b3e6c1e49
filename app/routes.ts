/**
 * The route table, mirroring docs/product/search-and-urls.md, "Routes". Explicit on purpose: one place shows
 * every URL a dealer site answers.
 */
import type { RouteConfig } from "@react-router/dev/routes";
import { index, layout, route } from "@react-router/dev/routes";
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

  // Reservations: the provider sends the shopper back here; the checkout journey's entry.
  route("reservations/:id", "routes/reservation.tsx"),
  route("reservations/:id/pay", "routes/reservation-pay.tsx"),
  route("checkout-journey", "routes/checkout-journey.tsx"),

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

  // The back office (docs/product/back-office.md): sign-in outside the shell, every other page
  // inside it (signed in by its loader).
  route("admin/sign-in", "routes/admin/sign-in.tsx"),
  route("admin/sign-out", "routes/admin/sign-out.tsx"),
  route("admin/forgot-password", "routes/admin/forgot-password.tsx"),
  route("admin/set-password", "routes/admin/set-password.tsx"),
  layout("routes/admin/layout.tsx", { id: "admin-layout" }, [
    route("admin", "routes/admin/home.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    route("admin/staff", "routes/admin/staff.tsx"),
    route("admin/leads", "routes/admin/leads.tsx"),
    route("admin/leads/export.csv", "routes/admin/leads-export.tsx"),
    route("admin/leads/:leadId", "routes/admin/lead.tsx"),
    route("admin/leads/:leadId/files/:fileId", "routes/admin/lead-file.tsx"),
    route("admin/routing", "routes/admin/routing.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/feeds", "routes/admin/feeds.tsx"),
    // Stock, settings and content editors (docs/product/back-office.md, "Stock and site editors").
    route("admin/stock", "routes/admin/editors/site-picker.tsx", { id: "admin-stock-sites" }),
    route("admin/settings", "routes/admin/editors/site-picker.tsx", { id: "admin-settings-sites" }),
    route("admin/content", "routes/admin/editors/site-picker.tsx", { id: "admin-content-sites" }),
    route("admin/stock/:siteId", "routes/admin/editors/stock.tsx"),
    route("admin/stock/:siteId/imports", "routes/admin/editors/imports.tsx"),
    route("admin/stock/:siteId/vehicles/:vehicleId", "routes/admin/editors/vehicle.tsx"),
    route("admin/settings/:siteId", "routes/admin/editors/settings.tsx"),
    route("admin/settings/:siteId/promo-popup", "routes/admin/editors/promo-popup.tsx"),
    route("admin/settings/:siteId/navigation", "routes/admin/editors/navigation.tsx"),
    route("admin/content/:siteId", "routes/admin/editors/content.tsx"),
    route("admin/content/:siteId/locations/:locationId", "routes/admin/editors/location.tsx"),
    route("admin/content/:siteId/offers/:offerId", "routes/admin/editors/offer.tsx"),
    route("admin/content/:siteId/pages/:pageId", "routes/admin/editors/page.tsx"),
    route("admin/reservations", "routes/admin/reservations.tsx"),
    route("admin/reservations/:reservationId", "routes/admin/reservation.tsx"),
    route("admin/*", "routes/admin/not-found.tsx"),
  ]),
  // The garage (docs/product/garage.md); a site's own garage path is answered by the not-found route.
  route("my-garage", "routes/garage.tsx", { id: "garage" }),
  route("my-garage/saved", "routes/garage.tsx", { id: "garage-saved" }),
  // The unsubscribe link of garage alerts: a page with a button; its POST unsubscribes.
  route("my-garage/unsubscribe", "routes/garage-unsubscribe.tsx"),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
