/**
 * The vehicle page's loader work: find the vehicle by slug through the site's search (so the
 * site's base filter decides what exists), its location, similar vehicles, and the page's SEO
 * and the facts of its structured data (vehicle-json-ld.ts builds it). Server-only.
 */
import { data, redirect } from "react-router";
import { formatOdometer, localiseText } from "~/domain/locale";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import { offerAvailability } from "~/domain/vehicle-page";
import { rankSimilarVehicles, similarVehiclesQueries } from "~/domain/similar-vehicles";
import type { Vehicle } from "~/domain/vehicle";
import type { RequestContext } from "~/server/http/load-context";
import { findListedVehicleBySlug } from "~/server/stock/listed-vehicle";
import { loadLocationBySlug, type LocationView } from "~/server/content/locations";
import type { Site } from "~/server/sites/site";
import { packedCardOf, type PackedCard } from "~/app/components/vehicle-card/card-vehicle";
import { memoFormat } from "~/app/components/vehicle-card/format-cache";
import {
  vehicleSchemaFacts,
  type VehicleSchemaFacts,
} from "~/app/components/vehicle-page/vehicle-json-ld";
import {
  buildVehiclePageModel,
  type VehiclePageModel,
} from "~/app/components/vehicle-page/vehicle-page-model";

export type VehiclePageData = {
  page: VehiclePageModel;
  /** Card data of the similar vehicles, packed as on the search page (`unpackCard` reads them). */
  similar: PackedCard[];
  /**
   * The meta description; the title, canonical URL and image the route's meta makes from the page
   * model and the root's origin (the route's `vehicleSeo`), so they are not sent twice.
   */
  description: string;
  /** What the page's structured data says beyond the page model (built in the route's meta). */
  schema: VehicleSchemaFacts;
};

/** A 404 the route's error boundary turns into the site's not-found page with its search. */
function notFound(): never {
  throw data({ reason: "vehicle-not-found" }, { status: 404 });
}

export function findVehicle(
  context: Pick<RequestContext, "search">,
  slug: string | undefined,
): Vehicle | null {
  return findListedVehicleBySlug(context.search, slug);
}

function findSimilar(context: Pick<RequestContext, "search">, vehicle: Vehicle): Vehicle[] {
  const answers = context.search
    .multiSearch(similarVehiclesQueries(vehicle))
    .results.map((result) => result.hits as Vehicle[]);
  // One multi-search of bounded candidates; the ranking is in memory.
  return rankSimilarVehicles(vehicle, answers);
}

/**
 * The listed vehicle a vehicle path names, or a thrown 404 (the site's other prefixes, an invalid
 * or unknown slug, a vehicle the site does not list) or 301 (the slug in another case). `suffix`
 * is the rest of the path after the slug ('' for the page, '/checkout', '/buy-online').
 */
export function requireListedVehicle(
  context: Pick<RequestContext, "site" | "search">,
  request: Request,
  slug: string | undefined,
  suffix = "",
): Vehicle {
  const { site } = context;
  const url = new URL(request.url);
  // /cars, /motorcycles and /campers all reach these routes; a site answers on its own only.
  if (url.pathname.split("/")[1] !== site.settings.vehiclePath) notFound();
  const vehicle = findVehicle(context, slug);
  if (!vehicle) notFound();
  // One address per vehicle: a slug typed in another case goes to the canonical one.
  const canonicalPath = `${vehiclePagePath(vehicle.slug, site.settings)}${suffix}`;
  if (url.pathname !== canonicalPath) throw redirect(`${canonicalPath}${url.search}`, 301);
  return vehicle;
}

export async function loadVehiclePage(
  context: RequestContext,
  request: Request,
  slug: string | undefined,
): Promise<VehiclePageData> {
  const { site } = context;
  const vehicle = requireListedVehicle(context, request, slug);

  const location = vehicle.location ? await vehicleLocation(context, vehicle.location.slug) : null;
  const page = buildVehiclePageModel({ vehicle, site, location, nowMs: Date.now() });
  // Card data only, as rows of values as on the search page: what a card does not read is not
  // sent for hydration, and the stream writes no field names.
  const similar = findSimilar(context, vehicle).map(packedCardOf);

  return {
    page,
    similar,
    description: metaDescription(vehicle, page, site),
    schema: vehicleSchemaFacts(vehicle, offerAvailability(vehicle), site, location),
  };
}

/**
 * Locations change far less often than stock is viewed: a location's view is kept per site
 * version (any content, settings or stock change moves it on) and day (holiday hours), so a
 * vehicle page costs no database round trip once its location has been shown.
 */
const locationCache = new Map<string, Promise<LocationView | null>>();
const LOCATION_CACHE_MAX = 500;

function vehicleLocation(context: RequestContext, slug: string): Promise<LocationView | null> {
  const key = `${context.site.id}:${context.site.version}:${new Date().toISOString().slice(0, 10)}:${slug}`;
  let view = locationCache.get(key);
  if (!view) {
    if (locationCache.size >= LOCATION_CACHE_MAX) locationCache.clear();
    view = loadLocationBySlug(context, slug);
    locationCache.set(key, view);
    // A failed read is not kept: the next request tries again.
    view.catch(() => locationCache.delete(key));
  }
  return view;
}

function metaDescription(vehicle: Vehicle, page: VehiclePageModel, site: Site): string {
  const price =
    page.price.kind === "price"
      ? `${page.price.text}${page.priceType ? ` ${page.priceType}` : ""}`
      : page.price.text;
  const details = [
    memoFormat(`km:${site.locale}:${vehicle.km}`, () => formatOdometer(vehicle.km, site.locale)),
    vehicle.transmission,
    vehicle.fuel,
    vehicle.body,
    vehicle.colour,
  ].filter((part): part is string => Boolean(part && part.trim()));
  const where = page.location?.name ? ` at ${page.location.name}` : ` at ${site.name}`;
  const stock = vehicle.stocknum ? ` Stock ${vehicle.stocknum}.` : "";
  return localiseText(
    `${page.condition} ${page.heading}${where}: ${price}. ${details.join(", ")}.${stock}`,
    site.locale,
  );
}
