/**
 * Rules of the vehicle detail page (docs/product/vehicle-card-and-page.md, "The vehicle page") that `vehicle-actions.ts`,
 * `vehicle-price.ts` and `vehicle-tags.ts` do not already cover: the lookup by slug, similar
 * vehicles, the 'Find Me Something Similar' search, and the schema.org values of the page's
 * structured data.
 */
import { compare, toFilterString } from "./filter-expression";
import { carsQuery, type SearchQuery } from "./search-query";
import { buildSearchUrl, EMPTY_SEARCH_STATE } from "./search-url";
import type { Locale } from "./site-settings";
import { similarSearchRanges } from "./similar-vehicles";
import { isPreorder } from "./vehicle-price";
import { vehicleLookupSlug } from "./vehicle-paths";
import { isSold, type Vehicle } from "./vehicle";

/** The heading of the sidebar block that holds the vehicle's actions (vehicle-actions.ts). */
export const VEHICLE_PAGE_TEXT = { interested: "Interested in this vehicle?" } as const;

/**
 * The lookup of one vehicle by its slug (docs/product/vehicle-card-and-page.md, "Vehicle slug"): like the single vehicle by
 * id, a slug equality with limit 1. The site's base filter is forced by the site's search, so a
 * vehicle the site does not list is not found. An invalid slug gives no query (no vehicle).
 */
export function buildVehicleBySlugQuery(slug: string | null | undefined): SearchQuery | null {
  const valid = vehicleLookupSlug(slug);
  if (valid === null) return null;
  return carsQuery(toFilterString(compare("slug", "=", valid)), { limit: 1 });
}

/** 'year make model badge series', the page's heading. */
export function vehicleHeading(
  vehicle: Pick<Vehicle, "year" | "make" | "model" | "badge" | "series">,
): string {
  return [vehicle.year, vehicle.make, vehicle.model, vehicle.badge, vehicle.series]
    .map((part) => (part === null || part === undefined ? "" : String(part).trim()))
    .filter((part) => part !== "")
    .join(" ");
}

/** Similar-search links by base path, make, model, price and year (bounded: emptied when full). */
const similarSearchPaths = new Map<string, string>();
const SIMILAR_SEARCH_PATHS_MAX = 5_000;

/**
 * 'Find Me Something Similar' (docs/product/vehicle-card-and-page.md): the search for the same make and model near
 * the vehicle's price and year (when known), through the search URL codec.
 */
export function findSimilarSearchPath(
  vehicle: Pick<Vehicle, "make" | "make_model"> & Partial<Pick<Vehicle, "price" | "year">>,
  basePath = "/search",
): string {
  // Every card links here: the same few makes, models, prices and years on every search page.
  const key = `${basePath}\u0000${vehicle.make}\u0000${vehicle.make_model}\u0000${vehicle.price}\u0000${vehicle.year}`;
  let path = similarSearchPaths.get(key);
  if (path === undefined) {
    path = buildSearchUrl(
      {
        ...EMPTY_SEARCH_STATE,
        filters: {
          make: [vehicle.make],
          make_model: [vehicle.make_model],
          ...similarSearchRanges(vehicle),
        },
      },
      { basePath },
    );
    if (similarSearchPaths.size >= SIMILAR_SEARCH_PATHS_MAX) similarSearchPaths.clear();
    similarSearchPaths.set(key, path);
  }
  return path;
}

/** The search of one make (the breadcrumb between the stock search and the vehicle). */
export function makeSearchPath(vehicle: Pick<Vehicle, "make">, basePath = "/search"): string {
  return buildSearchUrl({ ...EMPTY_SEARCH_STATE, filters: { make: [vehicle.make] } }, { basePath });
}

/** schema.org availability of the vehicle's offer, from its status. */
export function offerAvailability(
  vehicle: Pick<Vehicle, "status" | "sold" | "reserved" | "preorder" | "tag">,
): string {
  if (isSold(vehicle)) return "https://schema.org/SoldOut";
  if (isPreorder(vehicle)) return "https://schema.org/PreOrder";
  if (vehicle.status === "coming_soon") return "https://schema.org/PreSale";
  if (vehicle.reserved) return "https://schema.org/LimitedAvailability";
  return "https://schema.org/InStock";
}

/**
 * schema.org itemCondition: new vehicles are new; used and demo vehicles (registered and driven
 * by the dealer) are used, as search engines' vehicle listings expect.
 */
export function offerItemCondition(vehicle: Pick<Vehicle, "car_type">): string {
  return vehicle.car_type === "new"
    ? "https://schema.org/NewCondition"
    : "https://schema.org/UsedCondition";
}

/** ISO 4217 currency of a site's prices: every locale shows '$', but they are not one dollar. */
export const LOCALE_CURRENCY: Readonly<Record<Locale, string>> = {
  "en-AU": "AUD",
  "en-NZ": "NZD",
  "en-US": "USD",
};

/** UN/CEFACT unit of the odometer reading (US stock reports miles: docs/product/sites-and-settings.md). */
export function odometerUnitCode(locale: Locale): "KMT" | "SMI" {
  return locale === "en-US" ? "SMI" : "KMT";
}
