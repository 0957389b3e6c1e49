/**
 * Reading and writing stock. Writes announce the change on the change bus so the search index,
 * the page cache and (on PostgreSQL) every other server process see it.
 */
import { eq, inArray } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { SiteSettingsSchema } from "../../domain/site-settings";
import type { SiteSettings } from "../../domain/site-settings";
import type { Vehicle } from "../../domain/vehicle";
import type { Database } from "../db/client";
import { dealerships, locations, manufacturers, sites, vehicles } from "../db/schema";
import type { ChangeBus } from "../events/change-bus";
import { toVehicleDocument } from "./vehicle-document";

const siteManufacturer = alias(manufacturers, "site_manufacturer");

/** Search documents of every vehicle (or one site's, or the given ids), with dealership and location. */
export async function loadVehicleDocuments(
  db: Database,
  only: { siteId?: number; ids?: number[] } = {},
): Promise<Vehicle[]> {
  const query = db
    .select({
      vehicle: vehicles,
      dealership: { id: dealerships.id, slug: dealerships.slug, name: dealerships.name },
      location: {
        id: locations.id,
        name: locations.name,
        slug: locations.slug,
        contactDetail: locations.contactDetail,
        address: locations.address,
      },
      manufacturer: siteManufacturer.name,
      siteSettings: sites.settings,
    })
    .from(vehicles)
    .innerJoin(dealerships, eq(dealerships.id, vehicles.dealershipId))
    .innerJoin(sites, eq(sites.id, vehicles.siteId))
    .leftJoin(locations, eq(locations.id, vehicles.locationId))
    .leftJoin(siteManufacturer, eq(siteManufacturer.id, sites.manufacturerId))
    .$dynamic();
  const rows = only.ids
    ? await query.where(inArray(vehicles.id, only.ids))
    : only.siteId !== undefined
      ? await query.where(eq(vehicles.siteId, only.siteId))
      : await query;
  // Settings are parsed once per site, not once per vehicle.
  const settingsBySite = new Map<number, SiteSettings>();
  const settingsOf = (siteId: number, raw: unknown) => {
    let parsed = settingsBySite.get(siteId);
    if (!parsed) settingsBySite.set(siteId, (parsed = SiteSettingsSchema.parse(raw)));
    return parsed;
  };
  return rows.map((r) =>
    toVehicleDocument(r.vehicle, {
      dealership: r.dealership,
      location: r.location,
      manufacturer: r.manufacturer,
      settings: settingsOf(r.vehicle.siteId, r.siteSettings),
    }),
  );
}

export type VehicleInsert = typeof vehicles.$inferInsert;

/** Inserts or updates a vehicle (by site and slug) and announces the change. */
export async function saveVehicle(db: Database, bus: ChangeBus, input: VehicleInsert): Promise<number> {
  const [row] = await db
    .insert(vehicles)
    .values(input)
    .onConflictDoUpdate({
      target: [vehicles.siteId, vehicles.slug],
      set: { ...input, updatedAt: new Date() },
    })
    .returning({ id: vehicles.id });
  if (!row) throw new Error("vehicle was not saved");
  await bus.publish({ kind: "vehicle", siteId: input.siteId, ids: [row.id] });
  return row.id;
}

export async function deleteVehicle(db: Database, bus: ChangeBus, siteId: number, id: number) {
  await db.delete(vehicles).where(eq(vehicles.id, id));
  await bus.publish({ kind: "vehicle", siteId, ids: [id], deleted: true });
}
