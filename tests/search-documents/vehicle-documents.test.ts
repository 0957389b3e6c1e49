/**
 * The search documents the loader builds (raw rows in batches, shared strings and lists) are the
 * documents (docs/product/vehicle-card-and-page.md, "Vehicle fields") as a plain reading of the
 * rows gives them: the reference below joins the tables through Drizzle and maps each row field by
 * field.
 */
import { eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SiteSettingsSchema } from "~/domain/site-settings";
import type { CarType, ItemType, Vehicle, VehicleStatus } from "~/domain/vehicle";
import { isReservable } from "~/domain/vehicle-actions";
import type { DatabaseHandle } from "~/server/db/client";
import { dealerships, locations, manufacturers, sites, vehicles } from "~/server/db/schema";
import { seedDemoData } from "~/server/db/seed/seed-demo";
import { loadVehicleDocuments } from "~/server/stock/vehicle-store";
import { createTestDatabase } from "../support/test-database";

const NOW = Date.UTC(2026, 10, 22, 12);
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemoData(handle.db, NOW);
  // Cases the demo data may not have: microseconds, a sold date with them, a vehicle without a
  // location, lists and payment processors shared by several vehicles.
  const ids = (await handle.db.select({ id: vehicles.id }).from(vehicles).orderBy(vehicles.id)).map(
    (r) => r.id,
  );
  await handle.db
    .update(vehicles)
    .set({
      createdAt: sql`'2025-03-04 05:06:07.891234+00'::timestamptz`,
      soldAt: sql`'2025-03-05 01:02:03.999999+00'::timestamptz`,
      status: "sold",
    })
    .where(eq(vehicles.id, ids[0]!));
  await handle.db.update(vehicles).set({ locationId: null }).where(eq(vehicles.id, ids[1]!));
  await handle.db
    .update(vehicles)
    .set({
      paymentProcessors: [
        { authorization_type: "stripe", authorization_key: "pk_x", deposit_amount: 250 },
      ],
      categories: ["Family", "Towing"],
      features: ["Tow Bar", "Bluetooth"],
      images: [],
    })
    .where(inArray(vehicles.id, ids.slice(2, 5)));
});
afterAll(async () => {
  await handle?.close();
});

const siteManufacturer = alias(manufacturers, "site_manufacturer");

/** Every document as a straightforward row-by-row mapping builds it. */
async function referenceDocuments(where?: { siteId?: number; ids?: number[] }): Promise<Vehicle[]> {
  const query = handle.db
    .select({
      vehicle: vehicles,
      dealership: { id: dealerships.id, slug: dealerships.slug, name: dealerships.name },
      location: {
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
    .orderBy(vehicles.id)
    .$dynamic();
  const rows = where?.ids
    ? await query.where(inArray(vehicles.id, where.ids))
    : where?.siteId !== undefined
      ? await query.where(eq(vehicles.siteId, where.siteId))
      : await query;
  return rows.map(({ vehicle: row, dealership, location, manufacturer, siteSettings }) => {
    const settings = SiteSettingsSchema.parse(siteSettings);
    const status = row.status as VehicleStatus;
    const sold = status === "sold";
    return {
      id: row.id,
      site_id: row.siteId,
      slug: row.slug,
      name: row.name,
      make: row.make,
      model: row.model,
      make_model: `${row.make} ${row.model}`,
      year: row.year,
      km: row.km,
      badge: row.badge,
      series: row.series,
      price: row.price,
      price_type: row.priceType,
      before_price: row.beforePrice,
      subscription_price: row.subscriptionPrice,
      weekly_price: row.weeklyPrice,
      preorder: row.preorder,
      status,
      car_type: row.carType as CarType,
      item_type: row.itemType as ItemType,
      certified: row.certified,
      reserved: row.reserved,
      sold,
      reservable: isReservable({ status, sold, reserved: row.reserved, tag: row.tag }, settings),
      has_checkout_payment_processor: row.paymentProcessors.some((p) => p.deposit_amount !== null),
      payment_processors: row.paymentProcessors,
      stocknum: row.stocknum,
      vin: row.vin,
      dealership_id: dealership.id,
      dealership_slug: dealership.slug,
      dealership_name: dealership.name,
      location: location
        ? {
            name: location.name,
            phone: location.contactDetail.phone,
            slug: location.slug,
            distribution_locations: [],
          }
        : null,
      location_id: row.locationId,
      location_name: location?.name ?? null,
      city: location?.address.city ?? null,
      state: location?.address.state ?? null,
      simple_fuel: row.simpleFuel,
      simple_body: row.simpleBody,
      simple_drive: row.simpleDrive,
      simple_transmission: row.simpleTransmission,
      fuel: row.simpleFuel,
      body: row.simpleBody,
      drive: row.simpleDrive,
      transmission: row.simpleTransmission,
      colour: row.colour,
      seats: row.seats,
      engine: row.engine,
      categories: row.categories,
      filtered_features: row.features,
      tag: row.tag,
      custom_rank: row.customRank,
      created_at: row.createdAt.toISOString(),
      created_at_timestamp: row.createdAtTimestamp,
      primary_image_url: row.images[0]?.url ?? null,
      images: row.images,
      thumbnails: row.images.map((i) => i.thumb),
      photos_count: row.images.length,
      file: row.historyReportUrl,
      autograb_data: row.autograbData ?? null,
      show_on_dealer_website: row.showOnDealerWebsite,
      sold_date_timestamp: row.soldAt ? row.soldAt.getTime() : null,
      manufacturer,
      description: row.description,
    };
  });
}

describe("vehicle search documents", () => {
  it("equal the row-by-row mapping for every vehicle, in id order", async () => {
    const docs = await loadVehicleDocuments(handle.db);
    const expected = await referenceDocuments();
    expect(docs.length).toBeGreaterThan(600);
    expect(docs.map((d) => d.id)).toEqual(expected.map((d) => d.id));
    expect(docs).toStrictEqual(expected);
    const first = docs[0]!;
    expect(first.created_at).toBe("2025-03-04T05:06:07.891Z");
    expect(first.sold_date_timestamp).toBe(Date.parse("2025-03-05T01:02:03.999Z"));
    expect(docs[1]!.location).toBeNull();
  });

  it("equal it for one site and for given ids", async () => {
    const [site] = await handle.db.select({ id: sites.id }).from(sites).limit(1);
    expect(await loadVehicleDocuments(handle.db, { siteId: site!.id })).toStrictEqual(
      await referenceDocuments({ siteId: site!.id }),
    );
    const all = await referenceDocuments();
    const ids = [all[3]!.id, all[1]!.id, all.at(-1)!.id, 987_654_321];
    expect(await loadVehicleDocuments(handle.db, { ids })).toStrictEqual(
      await referenceDocuments({ ids }),
    );
    expect(await loadVehicleDocuments(handle.db, { ids: [] })).toEqual([]);
  });

  it("share repeated values between documents, frozen", async () => {
    const docs = await loadVehicleDocuments(handle.db);
    const [a, b] = docs.slice(2, 4);
    expect(a!.filtered_features).toBe(b!.filtered_features);
    expect(a!.payment_processors).toBe(b!.payment_processors);
    expect(Object.isFrozen(a!.filtered_features)).toBe(true);
    const byLocation = docs.filter((d) => d.location_id === docs[5]!.location_id);
    expect(byLocation.length).toBeGreaterThan(1);
    expect(byLocation.every((d) => d.location === byLocation[0]!.location)).toBe(true);
    expect(Object.isFrozen(byLocation[0]!.location)).toBe(true);
  });
});
