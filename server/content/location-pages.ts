/**
 * Data of the location pages: /our-locations, /dealerships, /our-location/{slug} and
 * /locations/{dealership or location slug}. Their AutoDealer JSON-LD is built in the routes' meta
 * from these views (app/components/content/structured-data.ts).
 */
import { LOCATION_TYPES, locationType } from "~/domain/locations";
import type { LocationType } from "~/domain/locations";
import type { RequestContext } from "../http/load-context";
import { loadLocationBySlug, loadSiteLocations, locationsToShow } from "./locations";
import type { LocationView } from "./locations";
import { loadReviews } from "./reviews";
import type { ReviewsView } from "./reviews";

type PagesContext = Pick<RequestContext, "site" | "scope">;

const todayOf = (now: Date) => now.toISOString().slice(0, 10);

export type LocationPageData = {
  location: LocationView;
  reviews: ReviewsView | null;
  others: Array<{ name: string; slug: string }>;
  today: string;
};

/** /our-location/{slug}: one location, its reviews, and links to the others. Null = 404. */
export async function loadLocationPage(
  context: PagesContext,
  slug: string,
  now = new Date(),
): Promise<LocationPageData | null> {
  const location = await loadLocationBySlug(context, slug, now);
  if (!location) return null;
  const [all, reviews] = await Promise.all([
    loadSiteLocations(context, now),
    loadReviews(
      context,
      { count: location.reviewCount, average: location.averageRating },
      { locationId: location.id, now },
    ),
  ]);
  return {
    location,
    reviews,
    others: locationsToShow(all, context.site.settings)
      .filter((other) => other.id !== location.id)
      .map((other) => ({ name: other.name, slug: other.slug })),
    today: todayOf(now),
  };
}

export type LocationsIndexData = {
  locations: LocationView[];
  /** Location types present (for the type filter), and the one chosen. */
  types: LocationType[];
  type: LocationType | null;
  today: string;
};

/** /our-locations: every location the site shows, optionally of one type (?type=service). */
export async function loadLocationsIndex(
  context: PagesContext,
  requestedType: string | null,
  now = new Date(),
): Promise<LocationsIndexData> {
  const all = locationsToShow(await loadSiteLocations(context, now), context.site.settings);
  const types = LOCATION_TYPES.filter((type) => all.some((l) => locationType(l) === type));
  const type = (LOCATION_TYPES as readonly string[]).includes(requestedType ?? "")
    ? (requestedType as LocationType)
    : null;
  const locations = type ? locationsToShow(all, context.site.settings, { type }) : all;
  return {
    locations,
    types,
    type,
    today: todayOf(now),
  };
}

export type DealershipGroupData = {
  dealership: { name: string; slug: string; reviewCount: number; averageRating: number | null };
  locations: LocationView[];
};

/** /dealerships and /locations/{dealership_slug}: dealerships with their shown locations. */
export async function loadDealerships(
  context: PagesContext,
  onlySlug: string | null = null,
  now = new Date(),
): Promise<{ dealerships: DealershipGroupData[]; today: string } | null> {
  const dealerships = context.site.dealerships.filter(
    (d) => onlySlug === null || d.slug === onlySlug,
  );
  if (dealerships.length === 0) return null;
  const shown = locationsToShow(await loadSiteLocations(context, now), context.site.settings);
  const groups = dealerships.map((d) => ({
    dealership: {
      name: d.name,
      slug: d.slug,
      reviewCount: d.reviewCount,
      averageRating: d.averageRating,
    },
    locations: shown.filter((l) => l.dealership.id === d.id),
  }));
  return {
    dealerships: groups,
    today: todayOf(now),
  };
}
