/**
 * Copies what a site's remote data source answers into this platform's database, so that every
 * page, the search index and the page cache read it exactly as they read local data (decision
 * 022). Only what differs from the local source is written:
 *
 * - configuration, dealerships, locations and holiday hours in one transaction, then one
 *   `settings` change on the bus (the registry reloads the site, its pages' version moves on);
 * - each changed car through the stock write path (`saveVehicle`), each car gone from the
 *   remote through `deleteVehicle`: both announce the change, so the search index follows.
 *
 * A failed copy leaves the last good data in place; the next refresh converges (every write is an
 * upsert keyed by slug).
 */
import { isDeepStrictEqual } from "node:util";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { LOCALES, TEMPLATES, type SiteSettingsInput } from "~/domain/site-settings";
import type { Database } from "../db/client";
import { dealerships, locations, manufacturers, sites, specialHours } from "../db/schema";
import type { ChangeBus } from "../events/change-bus";
import type { DashboardCar, DashboardLocation, WebsiteSessionData } from "../dashboard/shapes";
import { createSiteScope, type SiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import { deleteVehicle, saveVehicle, type VehicleInsert } from "../stock/vehicle-store";
import type { SiteDataSource } from "./site-data-source";

export type MirrorResult = {
  configChanged: boolean;
  carsWritten: number;
  carsRemoved: number;
  /** Remote cars left out: their dealership is not one of the site's. */
  carsSkipped: number;
};

type Snapshot = { session: WebsiteSessionData; stock: DashboardCar[] };

export async function readSnapshot(source: SiteDataSource): Promise<Snapshot> {
  const [session, stock] = await Promise.all([source.sessionData(), source.stock()]);
  return { session, stock };
}

export async function mirrorSiteData(
  deps: { db: Database; bus: ChangeBus; site: Site },
  local: SiteDataSource,
  remote: Snapshot,
): Promise<MirrorResult> {
  const { db, bus, site } = deps;
  const before = await readSnapshot(local);

  const configChanged = !sameJson(configOf(before.session), configOf(remote.session));
  if (configChanged) await writeConfig(db, site, remote.session);
  try {
    return { configChanged, ...(await mirrorStock(deps, before, remote, configChanged)) };
  } finally {
    // The registry reloads the site (its dealerships too) and its pages' version moves on.
    if (configChanged) await bus.publish({ kind: "settings", siteId: site.id });
  }
}

async function mirrorStock(
  deps: { db: Database; bus: ChangeBus; site: Site },
  before: Snapshot,
  remote: Snapshot,
  configChanged: boolean,
): Promise<Omit<MirrorResult, "configChanged">> {
  const { db, bus, site } = deps;

  // Local ids of the dealerships and locations the remote cars name (by slug).
  const scope = createSiteScope(db, site.id);
  const bySlug = (rows: { id: number; slug: string }[]) => new Map(rows.map((r) => [r.slug, r.id]));
  const dealershipIds = bySlug(await scope.findMany(dealerships));
  const locationIds = bySlug(await scope.findMany(locations));
  const ids = { siteId: site.id, dealershipIds, locationIds };
  const localCars = new Map(before.stock.map((car) => [car.slug, car]));
  let carsWritten = 0;
  let carsSkipped = 0;
  for (const car of remote.stock) {
    const values = vehicleValues(car, ids);
    if (!values) {
      carsSkipped += 1;
      continue;
    }
    const current = localCars.get(car.slug);
    const currentValues = current ? vehicleValues(current, ids) : null;
    if (currentValues && sameJson(currentValues, values)) continue;
    await saveVehicle(db, bus, values);
    carsWritten += 1;
  }
  const remoteSlugs = new Set(remote.stock.map((car) => car.slug));
  let carsRemoved = 0;
  for (const car of before.stock) {
    if (remoteSlugs.has(car.slug)) continue;
    await deleteVehicle(db, bus, site.id, car.id);
    carsRemoved += 1;
  }
  if (configChanged) await removeMissing(db, scope, remote.session);
  return { carsWritten, carsRemoved, carsSkipped };
}

/** Equal as JSON, whatever the order of object keys (PostgreSQL's jsonb keeps its own). */
function sameJson(a: unknown, b: unknown): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}

/** What of the session data is copied: everything but the local ids and the stock counts. */
function configOf(session: WebsiteSessionData) {
  // Not copied: the site's own identity here (id, slug, address) and what is derived (stock).
  const {
    id: _id,
    slug: _slug,
    url: _url,
    domain_name: _domain,
    stock: _stock,
    dealership_group: _group,
    manufacturer,
    dealership_id,
    ...website
  } = session.website;
  const dealershipSlug = new Map(session.dealerships.map((d) => [d.id, d.slug]));
  const locationSlug = new Map(session.locations.map((l) => [l.id, l.slug]));
  const bySlug = (a: { slug: string }, b: { slug: string }) => a.slug.localeCompare(b.slug);
  return {
    website: {
      ...website,
      primary_dealership: dealershipSlug.get(dealership_id ?? -1) ?? null,
      manufacturer: manufacturer?.slug ?? null,
    },
    dealerships: session.dealerships.map(({ id: _d, ...d }) => d).sort(bySlug),
    navigation: session.navigation,
    locations: session.locations.map(({ id: _l, dealership_id: _d, ...l }) => l).sort(bySlug),
    special_hours: session.special_hours
      .map(({ location_id, ...h }) => ({ ...h, location: locationSlug.get(location_id) ?? "" }))
      .sort((a, b) => `${a.date} ${a.location}`.localeCompare(`${b.date} ${b.location}`)),
  };
}

async function writeConfig(db: Database, site: Site, session: WebsiteSessionData) {
  const { website } = session;
  const primarySlug = session.dealerships.find((d) => d.id === website.dealership_id)?.slug;
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(sites).where(eq(sites.id, site.id));
    if (!row) return;
    const [manufacturer] = website.manufacturer
      ? await tx
          .select({ id: manufacturers.id })
          .from(manufacturers)
          .where(eq(manufacturers.slug, website.manufacturer.slug))
      : [];
    const settings: SiteSettingsInput = {
      ...row.settings,
      defaultSearchPath: website.default_search_path,
      ...(website.include_sold_cars_days === null
        ? {}
        : { includeSoldCarsDays: website.include_sold_cars_days }),
      justArrivedDays: website.specifications.just_arrived_days,
      justArrivedTagName: website.specifications.just_arrived_tag_name,
      soldTagName: website.specifications.sold_tag_name,
      offersSubscription: website.offers_subscription,
      garageEnabled: website.garage_enabled,
      gtmId: website.gtm_id,
    };

    const dealershipIds = new Map<string, number>();
    for (const d of session.dealerships) {
      const values = {
        siteId: site.id,
        name: d.name,
        slug: d.slug,
        reviewCount: d.review_count,
        averageRating: d.average_rating,
        manufacturers: d.manufacturers,
      };
      const [saved] = await tx
        .insert(dealerships)
        .values(values)
        .onConflictDoUpdate({ target: [dealerships.siteId, dealerships.slug], set: values })
        .returning({ id: dealerships.id });
      dealershipIds.set(d.slug, saved!.id);
    }

    await tx
      .update(sites)
      .set({
        name: website.name,
        template: (TEMPLATES as readonly string[]).includes(website.template)
          ? website.template
          : row.template,
        locale: (LOCALES as readonly string[]).includes(website.locale)
          ? website.locale
          : row.locale,
        logo: website.logo,
        city: website.city,
        state: website.state,
        navigation: session.navigation,
        contactDetails: website.contact_details,
        dealershipId:
          (primarySlug ? dealershipIds.get(primarySlug) : undefined) ?? row.dealershipId,
        manufacturerId: manufacturer?.id ?? (website.manufacturer ? row.manufacturerId : null),
        settings,
        updatedAt: new Date(),
      })
      .where(eq(sites.id, site.id));

    const remoteLocationSlug = new Map<number, string>();
    const locationIds = new Map<string, number>();
    for (const location of session.locations) {
      const dealershipId = dealershipIds.get(location.dealership_slug);
      if (dealershipId === undefined) continue;
      const values = locationValues(location, site.id, dealershipId);
      const [saved] = await tx
        .insert(locations)
        .values(values)
        .onConflictDoUpdate({ target: [locations.siteId, locations.slug], set: values })
        .returning({ id: locations.id });
      remoteLocationSlug.set(location.id, location.slug);
      locationIds.set(location.slug, saved!.id);
    }

    await tx.delete(specialHours).where(eq(specialHours.siteId, site.id));
    const holidays = session.special_hours.flatMap((h) => {
      const locationId = locationIds.get(remoteLocationSlug.get(h.location_id) ?? "");
      return locationId === undefined
        ? []
        : [
            {
              siteId: site.id,
              locationId,
              date: h.date,
              status: h.status,
              startHour: h.start_hour,
              endHour: h.end_hour,
              label: h.label,
            },
          ];
    });
    if (holidays.length > 0) await tx.insert(specialHours).values(holidays);
  });
}

/**
 * Locations and dealerships gone from the remote, after the cars (which may have pointed at
 * them); a dealership some car still names stays.
 */
async function removeMissing(db: Database, scope: SiteScope, session: WebsiteSessionData) {
  const locationSlugs = session.locations.map((l) => l.slug);
  await db
    .delete(locations)
    .where(
      scope.own(
        locations,
        locationSlugs.length > 0 ? notInArray(locations.slug, locationSlugs) : undefined,
      ),
    );
  const dealershipSlugs = session.dealerships.map((d) => d.slug);
  await db
    .delete(dealerships)
    .where(
      scope.own(
        dealerships,
        and(
          dealershipSlugs.length > 0 ? notInArray(dealerships.slug, dealershipSlugs) : undefined,
          sql`NOT EXISTS (SELECT 1 FROM vehicles v WHERE v.dealership_id = ${dealerships.id})`,
        ),
      ),
    );
}

function locationValues(location: DashboardLocation, siteId: number, dealershipId: number) {
  const { opening_hours, ...contact } = location.contact_detail;
  return {
    siteId,
    dealershipId,
    name: location.name,
    slug: location.slug,
    locationType: location.location_type,
    locationSubtype: location.location_subtype,
    manufacturers: location.manufacturers,
    position: location.position,
    primary: location.primary,
    visible: location.visible,
    image: location.image,
    dealerLicenseNumber: location.dealer_license_number,
    motorVehicleRepairer: location.motor_vehicle_repairer,
    address: location.address,
    contactDetail: contact,
    openingHours: opening_hours,
    serviceOpeningHours: location.service_opening_hours,
    averageRating: location.average_rating,
    reviewCount: location.review_count,
    gmbProfileId: location.gmb_profile_id,
    externalIdentifiers: location.external_identifiers,
  };
}

/** The row of a car, with this site's dealership and location ids; null = unknown dealership. */
function vehicleValues(
  car: DashboardCar,
  ids: { siteId: number; dealershipIds: Map<string, number>; locationIds: Map<string, number> },
): VehicleInsert | null {
  const dealershipId = ids.dealershipIds.get(car.dealership_slug);
  if (dealershipId === undefined) return null;
  return {
    siteId: ids.siteId,
    dealershipId,
    locationId: car.location ? (ids.locationIds.get(car.location.slug) ?? null) : null,
    slug: car.slug,
    name: car.name,
    make: car.make,
    model: car.model,
    year: car.year,
    km: car.km,
    badge: car.badge,
    series: car.series,
    price: car.price,
    priceType: car.price_type,
    beforePrice: car.before_price,
    subscriptionPrice: car.subscription_price,
    weeklyPrice: car.weekly_price ?? null,
    preorder: car.preorder,
    status: car.status,
    carType: car.car_type,
    itemType: car.item_type ?? "car",
    certified: car.certified,
    reserved: car.reserved,
    paymentProcessors: car.payment_processors,
    stocknum: car.stocknum,
    vin: car.vin,
    simpleFuel: car.simple_fuel,
    simpleBody: car.simple_body,
    simpleDrive: car.simple_drive,
    simpleTransmission: car.simple_transmission,
    colour: car.colour ?? null,
    seats: car.seats ?? null,
    engine: car.engine ?? null,
    categories: car.categories ?? [],
    features: car.filtered_features ?? [],
    tag: car.tag,
    customRank: car.custom_rank,
    images: car.images,
    historyReportUrl: car.file,
    autograbData: car.autograb_data,
    showOnDealerWebsite: car.show_on_dealer_website,
    description: car.description ?? null,
    soldAt: car.sold_date_timestamp === null ? null : new Date(car.sold_date_timestamp),
    createdAt: new Date(car.created_at),
    createdAtTimestamp: car.created_at_timestamp,
  };
}
