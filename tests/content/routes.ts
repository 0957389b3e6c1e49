/**
 * Every route (docs/product/search-and-urls.md) that the content pages own, as a visitor reaches it
 * (shared by tests).
 */
export const CONTENT_ROUTES = [
  "/",
  "/dealerships",
  "/our-locations/",
  "/special-offers",
  "/vehicle-parts-and-accessories",
  "/parts/search",
  "/aftermarket",
  "/buying-online",
  "/online-payment",
  "/electric-and-hybrid-cars",
  "/explore-more-brands",
  "/about-us",
  "/careers",
  "/current-positions",
  "/terms-and-conditions",
  "/privacy-policy",
  "/stealstopper",
  "/news",
  "/blog",
  "/our-history",
] as const;
