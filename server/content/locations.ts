/**
 * Locations as the location cards, carousel and location pages show them: the database rows
 * of docs/product/sites-and-settings.md ("Locations", "Opening hours") with the
 * dealership they belong to and their coming holiday hours. The product rules (visibility,
 * order, filters, hours grouping) are the domain's; this module only reads.
 */
import { memoForSiteVersion } from "../sites/site-memo";
import { and, asc, eq, gte } from "drizzle-orm";
import { locationsForDisplay } from "~/domain/locations";
import type { LocationType } from "~/domain/locations";
import type { RequestContext } from "../http/load-context";
import { locations, specialHours } from "../db/schema";
import type { LocationRow, OpeningHoursEntry } from "../db/schema";

type LocationsContext = Pick<RequestContext, "site" | "scope">;

/** A special hours entry, as the browser receives it. */
export type SpecialHoursView = {
  date: string;
  status: string;
  start_hour: string | null;
  end_hour: string | null;
  location_id: number;
  label: string | null;
};

export type LocationView = {
  id: number;
  name: string;
  slug: string;
  /** As stored: sales, service, parts, or empty (which means sales). */
  location_type: string;
  location_subtype: string[];
  manufacturers: string[];
  position: number;
  primary: boolean;
  visible: boolean;
  dealership: { id: number; name: string; slug: string };
  image: { url: string; thumbUrl: string } | null;
  averageRating: number | null;
  reviewCount: number;
  address: LocationRow["address"];
  phone: string | null;
  landline: string | null;
  email: string | null;
  openingHours: OpeningHoursEntry[];
  serviceOpeningHours: OpeningHoursEntry[] | null;
  specialHours: SpecialHoursView[];
  dealerLicenseNumber: string | null;
  motorVehicleRepairer: string | null;
};

function toSummary(row: LocationRow) {
  return { name: row.name, slug: row.slug, location_type: row.locationType, visible: row.visible };
}

function toView(
  row: LocationRow,
  site: LocationsContext["site"],
  holidays: SpecialHoursView[],
): LocationView {
  const dealership = site.dealerships.find((d) => d.id === row.dealershipId);
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    location_type: row.locationType,
    location_subtype: row.locationSubtype,
    manufacturers: row.manufacturers,
    position: row.position,
    primary: row.primary,
    visible: row.visible,
    dealership: dealership
      ? { id: dealership.id, name: dealership.name, slug: dealership.slug }
      : { id: row.dealershipId, name: site.name, slug: site.slug },
    image: row.image ? { url: row.image.url, thumbUrl: row.image.thumb.url } : null,
    averageRating: row.averageRating,
    reviewCount: row.reviewCount,
    address: row.address,
    phone: row.contactDetail.phone,
    landline: row.contactDetail.landline_phone,
    email: row.contactDetail.email,
    openingHours: row.openingHours,
    serviceOpeningHours: site.settings.separateSalesServiceHours ? row.serviceOpeningHours : null,
    specialHours: holidays,
    dealerLicenseNumber: row.dealerLicenseNumber,
    motorVehicleRepairer: row.motorVehicleRepairer,
  };
}

/** Today's date (YYYY-MM-DD) in UTC: holiday hours from today on are shown. */
function today(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Every location of the site (visible or not: the caller applies the domain's rules), with its
 * dealership and holiday hours from today on.
 */
export function loadSiteLocations(
  context: LocationsContext,
  now = new Date(),
): Promise<LocationView[]> {
  const day = today(now);
  return memoForSiteVersion(context.site, `locations:${day}`, () =>
    readSiteLocations(context, day),
  );
}

async function readSiteLocations(context: LocationsContext, day: string): Promise<LocationView[]> {
  const [rows, holidays] = await Promise.all([
    context.scope.findMany(locations, { orderBy: [asc(locations.position), asc(locations.id)] }),
    context.scope.findMany(specialHours, {
      where: gte(specialHours.date, day),
      orderBy: [asc(specialHours.date)],
    }),
  ]);
  const byLocation = new Map<number, SpecialHoursView[]>();
  for (const h of holidays) {
    const list = byLocation.get(h.locationId) ?? [];
    list.push({
      date: h.date,
      status: h.status,
      start_hour: h.startHour,
      end_hour: h.endHour,
      location_id: h.locationId,
      label: h.label,
    });
    byLocation.set(h.locationId, list);
  }
  return rows.map((row) => toView(row, context.site, byLocation.get(row.id) ?? []));
}

/**
 * One location by slug, if the site shows it (the domain's display rules: a hidden location
 * has no page).
 */
export async function loadLocationBySlug(
  context: LocationsContext,
  slug: string,
  now = new Date(),
): Promise<LocationView | null> {
  const row = await context.scope.findFirst(locations, eq(locations.slug, slug));
  if (!row || locationsForDisplay([toSummary(row)], context.site.settings).length === 0)
    return null;
  const holidays = await context.scope.findMany(specialHours, {
    where: and(eq(specialHours.locationId, row.id), gte(specialHours.date, today(now))),
    orderBy: [asc(specialHours.date)],
  });
  return toView(
    row,
    context.site,
    holidays.map((h) => ({
      date: h.date,
      status: h.status,
      start_hour: h.startHour,
      end_hour: h.endHour,
      location_id: h.locationId,
      label: h.label,
    })),
  );
}

/**
 * The locations a list or carousel shows, by the domain's rules (visible only, hidden names
 * left out, custom order or by name), optionally narrowed by the site's carousel filter.
 */
export function locationsToShow(
  all: readonly LocationView[],
  settings: LocationsContext["site"]["settings"],
  filter: { slugs?: readonly string[] | null; type?: LocationType | null } | null = null,
): LocationView[] {
  return locationsForDisplay(all, settings, {
    ...(filter?.slugs ? { slugs: filter.slugs } : {}),
    ...(filter?.type ? { type: filter.type } : {}),
  });
}
