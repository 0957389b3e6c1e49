import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isListed } from "~/domain/listing";
import { LOCALES, SiteSettingsSchema, TEMPLATES } from "~/domain/site-settings";
import type { DatabaseHandle } from "~/server/db/client";
import { locations, sites, vehicles } from "~/server/db/schema";
import { seedDemoData } from "~/server/db/seed/seed-demo";
import { createSiteScope } from "~/server/sites/scope";
import { loadVehicleDocuments } from "~/server/stock/vehicle-store";
import { createTestDatabase } from "../support/test-database";

const NOW = Date.UTC(2026, 10, 22, 12);
const DAY = 86_400_000;
let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
  await seedDemoData(handle.db, NOW);
});
afterAll(async () => {
  await handle?.close();
});

describe("demo data", () => {
  it("has sites covering every template, locale and vehicle path", async () => {
    const rows = await handle.db.select().from(sites);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.template))).toEqual(new Set(TEMPLATES));
    expect(new Set(rows.map((r) => r.locale))).toEqual(new Set(LOCALES));
    const paths = rows.map((r) => SiteSettingsSchema.parse(r.settings).vehiclePath);
    expect(paths).toContain("motorcycles");
    expect(paths).toContain("campers");
  });

  it("has a dealer group with several dealerships, 8+ locations of every type and 600+ vehicles", async () => {
    const [group] = await handle.db
      .select()
      .from(sites)
      .where(eq(sites.slug, "harbour-auto-group"));
    const scope = createSiteScope(handle.db, group!.id);
    const groupLocations = await scope.findMany(locations);
    expect(groupLocations.length).toBeGreaterThanOrEqual(8);
    expect(new Set(groupLocations.map((l) => l.locationType))).toEqual(
      new Set(["sales", "service", "parts", ""]),
    );
    expect(groupLocations.some((l) => !l.visible)).toBe(true);
    expect(await scope.count(vehicles)).toBeGreaterThanOrEqual(600);
  });

  it("stocks every vehicle type, status and special case the pages must show", async () => {
    const docs = await loadVehicleDocuments(handle.db);
    const some = (label: string, test: (v: (typeof docs)[number]) => boolean) =>
      expect(docs.some(test), label).toBe(true);
    for (const t of ["new", "used", "demo"]) some(t, (v) => v.car_type === t);
    for (const t of ["truck", "motorcycle", "caravan", "camper", "rental"])
      some(t, (v) => v.item_type === t);
    some("subscription", (v) => (v.subscription_price ?? 0) > 0);
    some("in stock", (v) => v.status === "in_stock");
    some("coming soon", (v) => v.status === "coming_soon");
    some("sold 1 day ago", (v) => v.sold_date_timestamp === NOW - DAY);
    some("sold 10 days ago", (v) => v.sold_date_timestamp === NOW - 10 * DAY);
    some("certified", (v) => v.certified);
    some("reserved", (v) => v.reserved);
    some("price 0", (v) => v.price === 0);
    some("price below 10", (v) => v.price > 0 && v.price < 10);
    some("preorder", (v) => v.preorder);
    for (const f of ["Electric", "Hybrid", "PHEV"]) some(f, (v) => v.fuel === f);
    for (const tag of ["Test Drive Only", "Special", "Pre-order"]) some(tag, (v) => v.tag === tag);
    some("market above price", (v) => (v.autograb_data?.average_market_price ?? 0) > v.price + 499);
    some(
      "market below price",
      (v) => (v.autograb_data?.average_market_price ?? Infinity) < v.price,
    );
    some("no photos", (v) => v.photos_count === 0);
    some("40 photos", (v) => v.photos_count === 40);
  });

  it("hides other makes on the franchise site through its manufacturer setting", async () => {
    const [kia] = await handle.db.select().from(sites).where(eq(sites.slug, "coastal-kia"));
    const settings = SiteSettingsSchema.parse(kia!.settings);
    const docs = await loadVehicleDocuments(handle.db, { siteId: kia!.id });
    expect(docs.some((v) => v.make !== "Kia")).toBe(true);
    const listed = docs.filter((v) => isListed(v, settings, { manufacturer: "Kia" }, NOW));
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((v) => v.make === "Kia")).toBe(true);
  });

  it("is the same on every run", async () => {
    const other = await createTestDatabase();
    try {
      await seedDemoData(other.db, NOW);
      const pick = (db: DatabaseHandle) =>
        db.db
          .select({ slug: vehicles.slug, price: vehicles.price, km: vehicles.km })
          .from(vehicles)
          .orderBy(vehicles.slug);
      expect(await pick(other)).toEqual(await pick(handle));
    } finally {
      await other.close();
    }
  });
});

describe("site scoping", () => {
  it("returns only the scoped site's rows, whatever else the query asks", async () => {
    const all = await handle.db.select({ id: sites.id }).from(sites);
    for (const { id } of all) {
      const scope = createSiteScope(handle.db, id);
      const rows = await scope.findMany(vehicles, {
        where: eq(vehicles.status, "in_stock"),
        limit: 50,
      });
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.every((r) => r.siteId === id && r.status === "in_stock")).toBe(true);
    }
  });
});
