/**
 * The one read of a single vehicle for shoppers: through the site's search, whose base filter
 * (the site's stock rules, docs/product/search-and-urls.md "Stock filter expression") is forced
 * on every query. A vehicle the site does not list (hidden, sold outside the sold window,
 * excluded by a stock rule) is not found here, whichever page or form names it.
 */
import { quoteFilterString } from "~/domain/filter-expression";
import { buildVehicleByIdQuery, carsQuery, type SearchQuery } from "~/domain/search-query";
import { buildVehicleBySlugQuery } from "~/domain/vehicle-page";
import type { Vehicle } from "~/domain/vehicle";
import type { SiteSearch } from "./site-search";

/**
 * The listed vehicle a reference names: digits are an id, anything else a slug (the vehicle
 * page's lookup). Null when the site does not list it.
 */
export function findListedVehicle(
  search: Pick<SiteSearch, "multiSearch">,
  ref: string | number | null | undefined,
): Vehicle | null {
  const text = typeof ref === "number" ? String(ref) : (ref ?? "").trim();
  const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
  if (id === null) return findListedVehicleBySlug(search, text);
  return id > 0 ? firstHit(search, buildVehicleByIdQuery("", id)) : null;
}

/** The listed vehicle a slug names (the vehicle page's lookup). */
export function findListedVehicleBySlug(
  search: Pick<SiteSearch, "multiSearch">,
  slug: string | null | undefined,
): Vehicle | null {
  const query = buildVehicleBySlugQuery(slug);
  return query ? firstHit(search, query) : null;
}

function firstHit(search: Pick<SiteSearch, "multiSearch">, query: SearchQuery): Vehicle | null {
  const [result] = search.multiSearch([query]).results;
  return (result?.hits[0] as Vehicle | undefined) ?? null;
}

/**
 * The listed vehicles a stock number names (a history report's path): normally one, but a
 * site's dealerships may each have their own numbering, so every match is answered.
 */
export function findListedVehiclesByStockNumber(
  search: Pick<SiteSearch, "multiSearch">,
  stocknum: string,
): Vehicle[] {
  const text = stocknum.trim();
  if (text === "") return [];
  const [result] = search.multiSearch([
    carsQuery(`stocknum = ${quoteFilterString(text)}`, { limit: 10 }),
  ]).results;
  return (result?.hits as Vehicle[] | undefined) ?? [];
}
