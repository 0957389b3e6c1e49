/**
 * The one code path of a stock feed import, whichever way the feed came in (CLI, HTTP, the
 * scheduled pull): read and validate the feed, match each vehicle to the site's stock by stock
 * number, then VIN, apply the difference in one transaction through the stock write path, record
 * the import, then announce the change (search on every node, the site's page cache).
 * See docs/stock-feeds.md and docs/decisions/021-stock-feed-import.md.
 */
import { slugify } from "~/domain/slug";
import { desc, eq, sql } from "drizzle-orm";
import { feedIdentity, removalShare, type FeedRowError, type FeedVehicle } from "./feed-vehicle";
import type { Database } from "../db/client";
import { dealerships, locations, sites, stockImports, type VehicleRow } from "../db/schema";
import type { ChangeBus } from "../events/change-bus";
import { createSiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import { FeedRefusedError, parseStockFeed, type FeedFormat } from "./stock-feed";
import {
  announceVehicleChanges,
  readSiteVehicles,
  writeVehicles,
  type VehicleInsert,
} from "./vehicle-store";

export const IMPORT_SOURCES = ["cli", "http", "pull"] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];
export const IMPORT_MODES = ["full", "partial"] as const;
export type ImportMode = (typeof IMPORT_MODES)[number];

/** Row errors kept with an import record; `rejected` counts them all. */
const KEPT_ROW_ERRORS = 1000;

export type StockImportReport = {
  id: number;
  website_id: number;
  source: ImportSource;
  mode: ImportMode;
  format: FeedFormat | null;
  status: "applied" | "refused";
  error: string | null;
  rows: number;
  added: number;
  updated: number;
  unchanged: number;
  sold: number;
  rejected: number;
  row_errors: FeedRowError[];
  started_at: string;
  finished_at: string;
};

export type StockImportInput = {
  site: Pick<Site, "id" | "dealershipId" | "settings">;
  source: ImportSource;
  mode: ImportMode;
  format: FeedFormat | null;
  bytes: Uint8Array;
};

type Counts = { rows: number; added: number; updated: number; unchanged: number; sold: number };

export async function importStock(
  deps: { db: Database; bus: ChangeBus },
  input: StockImportInput,
): Promise<StockImportReport> {
  const { db, bus } = deps;
  const { site } = input;
  const startedAt = new Date();
  const record = (
    status: "applied" | "refused",
    counts: Counts,
    errors: FeedRowError[],
    error: string | null,
  ) => ({
    siteId: site.id,
    source: input.source,
    mode: input.mode,
    format: input.format,
    status,
    error,
    ...counts,
    rejected: errors.length,
    rowErrors: errors.slice(0, KEPT_ROW_ERRORS),
    startedAt,
    finishedAt: new Date(),
  });
  const refuse = async (message: string, rows = 0, errors: FeedRowError[] = []) => {
    const [row] = await db
      .insert(stockImports)
      .values(
        record("refused", { rows, added: 0, updated: 0, unchanged: 0, sold: 0 }, errors, message),
      )
      .returning();
    return reportOf(row!);
  };

  if (input.format === null)
    return refuse("A stock feed is CSV (text/csv) or JSON (application/json): send one of those.");
  let feed;
  try {
    feed = parseStockFeed(input.bytes, input.format, site.settings.stockFeed.columns);
  } catch (error) {
    if (error instanceof FeedRefusedError) return refuse(error.message);
    throw error;
  }

  let changedIds: number[] = [];
  let report: StockImportReport;
  try {
    report = await db.transaction(async (tx) => {
      // One import per site at a time: a second one waits for this one's commit.
      await tx.execute(sql`SELECT id FROM ${sites} WHERE ${sites.id} = ${site.id} FOR UPDATE`);
      const plan = await planImport(tx as unknown as Database, site, input.mode, feed, startedAt);
      const ids = await writeVehicles(tx as unknown as Database, plan.writes);
      changedIds = ids;
      const [row] = await tx
        .insert(stockImports)
        .values(record("applied", plan.counts, [...feed.errors, ...plan.errors], null))
        .returning();
      return reportOf(row!);
    });
  } catch (error) {
    if (error instanceof FeedRefusedError) return refuse(error.message, feed.rowCount, feed.errors);
    throw error;
  }
  await announceVehicleChanges(bus, site.id, changedIds);
  return report;
}

type Plan = { writes: VehicleInsert[]; counts: Counts; errors: FeedRowError[] };

async function planImport(
  db: Database,
  site: StockImportInput["site"],
  mode: ImportMode,
  feed: ReturnType<typeof parseStockFeed>,
  now: Date,
): Promise<Plan> {
  const scope = createSiteScope(db, site.id);
  // One after another: a transaction is one connection.
  const existing = await readSiteVehicles(db, site.id);
  const siteDealerships = await scope.findMany(dealerships);
  const siteLocations = await scope.findMany(locations);
  const defaultDealershipId = site.dealershipId ?? siteDealerships[0]?.id;
  if (defaultDealershipId === undefined)
    throw new FeedRefusedError(
      "The site has no dealership to list vehicles under yet: add one before importing stock.",
    );
  const dealershipBySlug = new Map(siteDealerships.map((d) => [d.slug, d.id]));
  const locationBySlug = new Map(siteLocations.map((l) => [l.slug, l]));

  const byIdentity = new Map<string, VehicleRow>();
  for (const row of existing) {
    // Stock number first, then VIN: both are keys a later feed may find the vehicle by.
    for (const key of [feedIdentity({ vin: row.vin }), feedIdentity({ stocknum: row.stocknum })])
      if (key) byIdentity.set(key, row);
  }
  const slugs = new Set(existing.map((row) => row.slug));
  const seen = new Set<number>();
  const writes: VehicleInsert[] = [];
  const errors: FeedRowError[] = [];
  const counts: Counts = { rows: feed.rowCount, added: 0, updated: 0, unchanged: 0, sold: 0 };

  for (const { line, vehicle } of feed.vehicles) {
    const current =
      (vehicle.stocknum
        ? byIdentity.get(feedIdentity({ stocknum: vehicle.stocknum })!)
        : undefined) ??
      (vehicle.vin ? byIdentity.get(feedIdentity({ vin: vehicle.vin })!) : undefined);
    if (current && seen.has(current.id)) {
      errors.push({
        line,
        field: "vin",
        message: `This vehicle's stock number and VIN match a vehicle already given on another line: each vehicle must appear once in a feed.`,
      });
      continue;
    }
    const dealershipId = vehicle.dealership_slug
      ? dealershipBySlug.get(vehicle.dealership_slug)
      : undefined;
    if (vehicle.dealership_slug && dealershipId === undefined) {
      errors.push({
        line,
        field: "dealership_slug",
        message: `dealership_slug '${vehicle.dealership_slug}' is not a dealership of this site (known: ${[...dealershipBySlug.keys()].join(", ")}).`,
      });
      continue;
    }
    const location = vehicle.location_slug ? locationBySlug.get(vehicle.location_slug) : undefined;
    if (vehicle.location_slug && location === undefined) {
      errors.push({
        line,
        field: "location_slug",
        message: `location_slug '${vehicle.location_slug}' is not a location of this site.`,
      });
      continue;
    }
    const fields = feedFields(vehicle, {
      dealershipId:
        dealershipId ?? location?.dealershipId ?? current?.dealershipId ?? defaultDealershipId,
      locationId: location?.id ?? (vehicle.dealership_slug ? null : (current?.locationId ?? null)),
      soldAt: vehicle.status === "sold" ? (current?.soldAt ?? now) : null,
    });
    if (current) {
      seen.add(current.id);
      if (sameFields(current, fields)) {
        counts.unchanged += 1;
        continue;
      }
      writes.push({ ...current, ...fields });
      counts.updated += 1;
    } else {
      const slug = uniqueSlug(vehicle, slugs);
      writes.push({
        ...fields,
        siteId: site.id,
        slug,
        createdAt: now,
        createdAtTimestamp: now.getTime(),
      });
      counts.added += 1;
    }
  }

  if (mode === "full") {
    const listed = existing.filter((row) => row.status !== "sold");
    const gone = listed.filter((row) => {
      if (seen.has(row.id)) return false;
      const keys = [feedIdentity({ stocknum: row.stocknum }), feedIdentity({ vin: row.vin })];
      return !keys.some((key) => key && feed.identities.has(key));
    });
    const share = removalShare(listed.length, gone.length);
    const limit = site.settings.stockFeed.maxRemovalShare;
    if (share > limit)
      throw new FeedRefusedError(
        `This full feed would mark ${gone.length} of the ${listed.length} listed vehicles as sold (${Math.round(share * 100)}%), more than the site allows in one import (${Math.round(limit * 100)}%). If that is right, send those removals in smaller steps or ask for the site's limit (stockFeed.maxRemovalShare) to be raised; if not, check that the feed is complete.`,
      );
    for (const row of gone) writes.push({ ...row, status: "sold", soldAt: now });
    counts.sold = gone.length;
  }
  return { writes, counts, errors };
}

/** The columns a feed decides; the others (payment processors, market data...) stay as they are. */
function feedFields(
  v: FeedVehicle,
  resolved: { dealershipId: number; locationId: number | null; soldAt: Date | null },
) {
  return {
    dealershipId: resolved.dealershipId,
    locationId: resolved.locationId,
    name: v.name ?? [v.year, v.make, v.model, v.badge].filter(Boolean).join(" "),
    make: v.make,
    model: v.model,
    year: v.year,
    km: v.km,
    badge: v.badge ?? null,
    series: v.series ?? null,
    price: v.price,
    priceType: v.price_type ?? null,
    beforePrice: v.before_price ?? null,
    subscriptionPrice: v.subscription_price ?? null,
    weeklyPrice: v.weekly_price ?? null,
    preorder: v.preorder,
    status: v.status,
    carType: v.car_type,
    itemType: v.item_type,
    certified: v.certified,
    reserved: v.reserved,
    stocknum: v.stocknum ?? null,
    vin: v.vin ?? null,
    simpleFuel: v.simple_fuel ?? null,
    simpleBody: v.simple_body ?? null,
    simpleDrive: v.simple_drive ?? null,
    simpleTransmission: v.simple_transmission ?? null,
    colour: v.colour ?? null,
    seats: v.seats ?? null,
    engine: v.engine ?? null,
    categories: v.categories,
    features: v.features,
    tag: v.tag ?? null,
    customRank: v.custom_rank,
    images: v.images.map((url) => ({ url, thumb: url })),
    showOnDealerWebsite: v.show_on_dealer_website,
    description: v.description ?? null,
    soldAt: resolved.soldAt,
  } satisfies Partial<VehicleInsert>;
}

function sameFields(row: VehicleRow, fields: ReturnType<typeof feedFields>): boolean {
  for (const key in fields) {
    if (!sameValue(fields[key as keyof typeof fields], row[key as keyof VehicleRow])) return false;
  }
  return true;
}

/** Equal values: dates by their time, lists item by item, objects key by key (in any order). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date || b instanceof Date)
    return a instanceof Date && b instanceof Date && a.getTime() === b.getTime();
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameValue(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (const key of keys)
    if (!sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
      return false;
  return true;
}

/** `2021-toyota-corolla-ascent-a123`, numbered on the rare clash; never changes afterwards. */
function uniqueSlug(v: FeedVehicle, taken: Set<string>): string {
  const base = slugify(
    [v.year, v.make, v.model, v.badge, v.stocknum ?? v.vin].filter(Boolean).join(" "),
  );
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

function reportOf(row: typeof stockImports.$inferSelect): StockImportReport {
  return {
    id: row.id,
    website_id: row.siteId,
    source: row.source as ImportSource,
    mode: row.mode as ImportMode,
    format: row.format as FeedFormat | null,
    status: row.status as "applied" | "refused",
    error: row.error,
    rows: row.rows,
    added: row.added,
    updated: row.updated,
    unchanged: row.unchanged,
    sold: row.sold,
    rejected: row.rejected,
    row_errors: row.rowErrors,
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt.toISOString(),
  };
}

/** A site's imports, newest first (the stock API's list). */
export async function listStockImports(
  db: Database,
  siteId: number,
  limit = 50,
): Promise<Array<Omit<StockImportReport, "row_errors">>> {
  const rows = await createSiteScope(db, siteId).findMany(stockImports, {
    orderBy: desc(stockImports.id),
    limit,
  });
  return rows.map((row) => {
    const { row_errors: _errors, ...summary } = reportOf(row);
    return summary;
  });
}

export async function getStockImport(
  db: Database,
  siteId: number,
  id: number,
): Promise<StockImportReport | null> {
  const row = await createSiteScope(db, siteId).findFirst(stockImports, eq(stockImports.id, id));
  return row ? reportOf(row) : null;
}
