/**
 * Which vehicles a site lists (docs/product/vehicle-card-and-page.md, "Vehicle status and listing")
 * and the same rule as the site's stock filter for the search engine
 * (docs/product/search-and-urls.md, "Stock filter expression").
 *
 * Both `isListed` and `siteStockFilter` come from one rule tree (`siteStockRule`), so the vehicle
 * page, the sitemap and the search engine always agree on what a site shows.
 *
 * Timestamps (`created_at_timestamp`, `sold_date_timestamp`) are epoch milliseconds, as the
 * product's sold window of 259200000 ms implies.
 */
import {
  and,
  compare,
  isIn,
  matchesFilter,
  not,
  notIn,
  or,
  quoteFilterString,
  toFilterString,
  type FilterNode,
} from "./filter-expression";
import { makeAliases } from "./manufacturers";
import type { SiteSettings } from "./site-settings";
import type { Vehicle } from "./vehicle";

export const DAY_MS = 86_400_000;

/** What the listing rule needs to know about the site besides its settings. */
export type ListingSite = { manufacturer: string | null };

type ListingSettings = Pick<SiteSettings, "includeSoldCarsDays" | "stock">;

/** How long a sold vehicle stays listed: `include_sold_cars_days` (default 3) in ms. */
export function soldListedWindowMs(settings: Pick<SiteSettings, "includeSoldCarsDays">): number {
  return settings.includeSoldCarsDays * DAY_MS;
}

/** Every spelling of each make, so an alias in a stock feed cannot slip past a make rule. */
function makeSpellings(makes: readonly string[]): string[] {
  return [...new Set(makes.flatMap((make) => makeAliases(make)))];
}

/**
 * The listing rule as a filter tree: the default visibility, then the per-site stock rules of the
 * stock filter expression, then the manufacturer filter. `stock.searchFilters` is raw filter text
 * and is not part of the tree (see `siteStockFilter`).
 */
export function siteStockRule(
  settings: ListingSettings,
  site: ListingSite,
  nowMs: number,
): FilterNode {
  const stock = settings.stock;
  const rules: FilterNode[] = [compare("show_on_dealer_website", "=", true)];

  if (stock.inStockOnly) {
    rules.push(compare("status", "=", "in_stock"));
  } else {
    rules.push(
      or(
        isIn("status", ["in_stock", "coming_soon"]),
        and(
          compare("status", "=", "sold"),
          compare("sold_date_timestamp", ">=", nowMs - soldListedWindowMs(settings)),
        ),
      ),
    );
  }

  if (stock.usedOnly) rules.push(compare("car_type", "=", "used"));

  const excludedMakes = makeSpellings(stock.excludedMakes);
  if (excludedMakes.length > 0) rules.push(notIn("make", excludedMakes));

  if (stock.excludedStockNumbers.length > 0) {
    rules.push(notIn("stocknum", stock.excludedStockNumbers));
  }

  if (stock.freshnessDays !== null) {
    rules.push(compare("created_at_timestamp", ">=", nowMs - stock.freshnessDays * DAY_MS));
  }

  // A minimum of 0 photos would hold for every vehicle, so it adds no clause.
  if (stock.minPhotoCount !== null && stock.minPhotoCount > 0) {
    rules.push(compare("photos_count", ">=", stock.minPhotoCount));
  }

  if (stock.presetCities.length > 0) rules.push(isIn("city", stock.presetCities));

  if (stock.excludedLocationIds.length > 0) {
    rules.push(notIn("location_id", stock.excludedLocationIds));
  }

  if (stock.excludeNewAndDemoOfMake !== null) {
    rules.push(
      not(
        and(
          isIn("make", makeSpellings([stock.excludeNewAndDemoOfMake])),
          isIn("car_type", ["new", "demo"]),
        ),
      ),
    );
  }

  // The manufacturer filter comes last, as docs/product/search-and-urls.md orders the parts.
  if (stock.limitToManufacturer && site.manufacturer !== null && site.manufacturer.trim() !== "") {
    rules.push(isIn("make", makeSpellings([site.manufacturer])));
  }

  return and(...rules);
}

/**
 * Whether the site lists the vehicle (the default listing rule plus the site's stock rules).
 *
 * `settings.stock.searchFilters` are raw Meilisearch filter strings typed into the dashboard;
 * they cannot be evaluated here without a filter parser, so only the search engine applies them.
 * A vehicle that passes here may still be hidden from search by those filters.
 */
export function isListed(
  vehicle: Vehicle,
  settings: ListingSettings,
  site: ListingSite,
  nowMs: number,
): boolean {
  return matchesFilter(siteStockRule(settings, site, nowMs), vehicle);
}

/**
 * The site's stock filter for the search engine (the stock filter expression): the site's raw
 * search filters (each parenthesised, so an OR inside one cannot leak), AND the listing rule.
 */
export function siteStockFilter(
  settings: ListingSettings,
  site: ListingSite,
  nowMs: number,
): string {
  const raw = settings.stock.searchFilters
    .map((filter) => filter.trim())
    .filter((filter) => filter !== "")
    .map((filter) => `(${filter})`);
  return [...raw, toFilterString(siteStockRule(settings, site, nowMs))].join(" AND ");
}

/**
 * The base filter plus an id equality: the single-vehicle lookup of
 * docs/product/search-and-urls.md.
 */
export function vehicleByIdFilter(baseFilter: string, id: number | string): string {
  const idClause = typeof id === "number" ? `id = ${id}` : `id = ${quoteFilterString(id)}`;
  return baseFilter.trim() === "" ? idClause : `(${baseFilter}) AND ${idClause}`;
}
