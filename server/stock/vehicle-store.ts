/**
 * Reading and writing stock. Writes announce the change on the change bus so the search index,
 * the page cache and (on PostgreSQL) every other server process see it.
 */
import { SQL, and, eq, getTableColumns, is, sql } from "drizzle-orm";
import { readStoredSiteSettings } from "~/domain/site-settings";
import type { SiteSettings } from "~/domain/site-settings";
import type { Vehicle } from "~/domain/vehicle";
import type { Database } from "../db/client";
import { vehicles, type VehicleRow } from "../db/schema";
import type { ChangeBus } from "../events/change-bus";
import { queueStockAlerts } from "../garage/alerts";
import {
  VehicleDocumentBuilder,
  locationDocument,
  type DealershipContext,
  type LocationContext,
  type VehicleSource,
} from "./vehicle-document";

/** Rows read per statement: bounds the memory a full load holds besides the documents. */
const BATCH_ROWS = 10_000;

/**
 * The columns of a vehicle's document, named as `VehicleSource` names them. Timestamps come as
 * the document keeps them (the database writes the ISO string) and JSON lists as text, so that
 * no row needs a date parse or a parse of a list seen before.
 */
const VEHICLE_COLUMNS = sql.raw(
  [
    "id",
    'site_id AS "siteId"',
    'dealership_id AS "dealershipId"',
    'location_id AS "locationId"',
    "slug",
    "name",
    "make",
    "model",
    "year",
    "km",
    "badge",
    "series",
    "price",
    'price_type AS "priceType"',
    'before_price AS "beforePrice"',
    'subscription_price AS "subscriptionPrice"',
    'weekly_price AS "weeklyPrice"',
    "preorder",
    "status",
    'car_type AS "carType"',
    'item_type AS "itemType"',
    "certified",
    "reserved",
    'payment_processors::text AS "paymentProcessors"',
    "stocknum",
    "vin",
    'simple_fuel AS "simpleFuel"',
    'simple_body AS "simpleBody"',
    'simple_drive AS "simpleDrive"',
    'simple_transmission AS "simpleTransmission"',
    "colour",
    "seats",
    "engine",
    "categories::text AS categories",
    "features::text AS features",
    "tag",
    'custom_rank AS "customRank"',
    "images::text AS images",
    'history_report_url AS "historyReportUrl"',
    'autograb_data AS "autograbData"',
    'show_on_dealer_website AS "showOnDealerWebsite"',
    "description",
    `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "createdAtIso"`,
    'floor(extract(epoch FROM sold_at) * 1000)::float8 AS "soldAtMs"',
    'created_at_timestamp::float8 AS "createdAtTimestamp"',
  ].join(", "),
);

type SiteContext = { manufacturer: string | null; settings: SiteSettings };

/** Rows of a raw statement (PGlite and node-postgres both answer `{ rows }`). */
async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function idList(ids: Iterable<number>): SQL {
  return sql.join(
    [...ids].map((id) => sql`${id}`),
    sql`, `,
  );
}

/**
 * Search documents of every vehicle (or one site's, or the given ids), with dealership and
 * location. Read in batches by id, in id order, each batch as one JSON text (PGlite hands over a
 * result value by value, which cost five times the JSON's parse); sites, dealerships and
 * locations are read once each and shared by their vehicles' documents. `builder` shares
 * repeated values with documents built before (the search index keeps one for its life).
 */
export async function loadVehicleDocuments(
  db: Database,
  only: { siteId?: number; ids?: readonly number[] } = {},
  builder = new VehicleDocumentBuilder(),
): Promise<Vehicle[]> {
  const documents: Vehicle[] = [];
  for await (const batch of vehicleDocumentBatches(db, only, builder)) documents.push(...batch);
  return documents;
}

/** Vehicles of the whole stock, for a load that reads them in batches. */
export async function countVehicles(db: Database): Promise<number> {
  const [row] = await rowsOf<{ count: number }>(
    db,
    sql`SELECT count(*)::int AS count FROM vehicles`,
  );
  return row?.count ?? 0;
}

/**
 * The documents of `loadVehicleDocuments`, batch by batch (10,000): a full load that indexes each
 * batch before it reads the next never holds every document as an object.
 */
export async function* vehicleDocumentBatches(
  db: Database,
  only: { siteId?: number; ids?: readonly number[] } = {},
  builder = new VehicleDocumentBuilder(),
): AsyncGenerator<Vehicle[]> {
  if (only.ids && only.ids.length === 0) return;
  const scope: SQL = only.ids
    ? // One parameter however many ids (a parameter per id costs the query builder more).
      sql`id = ANY(${`{${only.ids.map((id) => Math.trunc(id)).join(",")}}`}::int[])`
    : only.siteId !== undefined
      ? sql`site_id = ${only.siteId}`
      : sql`TRUE`;
  const sitesById = new Map<number, SiteContext>();
  const dealershipsById = new Map<number, DealershipContext>();
  const locationsById = new Map<number, LocationContext>();
  for (let after: number | null = -1; after !== null;) {
    const [batch] = await rowsOf<{ rows: string | null }>(
      db,
      sql`SELECT json_agg(v ORDER BY v.id)::text AS rows FROM (SELECT ${VEHICLE_COLUMNS} FROM vehicles
          WHERE ${scope} AND id > ${after} ORDER BY id LIMIT ${BATCH_ROWS}) v`,
    );
    const rows = JSON.parse(batch?.rows ?? "[]") as VehicleSource[];
    after = rows.length === BATCH_ROWS ? rows[rows.length - 1]!.id : null;
    await loadContext(db, rows, sitesById, dealershipsById, locationsById);
    const documents: Vehicle[] = [];
    for (const row of rows) {
      // Inner joins in SQL terms: a vehicle of a missing site or dealership has no document.
      const site = sitesById.get(row.siteId);
      const dealership = dealershipsById.get(row.dealershipId);
      if (!site || !dealership) continue;
      documents.push(
        builder.build(row, {
          dealership,
          location: row.locationId === null ? null : (locationsById.get(row.locationId) ?? null),
          manufacturer: site.manufacturer,
          settings: site.settings,
        }),
      );
    }
    yield documents;
  }
}

/** Reads the sites, dealerships and locations of `rows` not read yet. */
async function loadContext(
  db: Database,
  rows: readonly VehicleSource[],
  sitesById: Map<number, SiteContext>,
  dealershipsById: Map<number, DealershipContext>,
  locationsById: Map<number, LocationContext>,
): Promise<void> {
  const siteIds = new Set<number>();
  const dealershipIds = new Set<number>();
  const locationIds = new Set<number>();
  for (const row of rows) {
    if (!sitesById.has(row.siteId)) siteIds.add(row.siteId);
    if (!dealershipsById.has(row.dealershipId)) dealershipIds.add(row.dealershipId);
    if (row.locationId !== null && !locationsById.has(row.locationId))
      locationIds.add(row.locationId);
  }
  if (siteIds.size > 0) {
    const sites = await rowsOf<{ id: number; settings: unknown; manufacturer: string | null }>(
      db,
      sql`SELECT s.id, s.settings, m.name AS manufacturer FROM sites s
          LEFT JOIN manufacturers m ON m.id = s.manufacturer_id WHERE s.id IN (${idList(siteIds)})`,
    );
    // Settings are parsed once per site, not once per vehicle.
    for (const site of sites) {
      sitesById.set(site.id, {
        manufacturer: site.manufacturer,
        settings: readStoredSiteSettings(site.settings).value,
      });
    }
  }
  if (dealershipIds.size > 0) {
    const dealerships = await rowsOf<DealershipContext>(
      db,
      sql`SELECT id, slug, name FROM dealerships WHERE id IN (${idList(dealershipIds)})`,
    );
    for (const d of dealerships)
      dealershipsById.set(d.id, { id: d.id, slug: d.slug, name: d.name });
  }
  if (locationIds.size > 0) {
    const locations = await rowsOf<{
      id: number;
      name: string;
      slug: string;
      phone: string | null;
      city: string | null;
      state: string | null;
    }>(
      db,
      sql`SELECT id, name, slug, contact_detail->>'phone' AS phone, address->>'city' AS city,
          address->>'state' AS state FROM locations WHERE id IN (${idList(locationIds)})`,
    );
    for (const l of locations) {
      locationsById.set(l.id, {
        name: l.name,
        city: l.city,
        state: l.state,
        document: locationDocument(l),
      });
    }
  }
}

export type VehicleInsert = typeof vehicles.$inferInsert;

/** Rows per statement of `readSiteVehicles`. */
const SITE_READ_ROWS = 5000;
/** Each column's JSON key (the column's name) and whether it is a timestamp. */
const READ_COLUMNS = Object.entries(getTableColumns(vehicles)).map(([key, column]) => ({
  key,
  name: column.name,
  timestamp: column.getSQLType().startsWith("timestamp"),
}));

/**
 * Every vehicle of one site, as whole rows, in id order. Each statement answers its rows as one
 * JSON text: PGlite hands over a result value by value, and 2,000 rows x 46 columns read that way
 * cost five times the JSON's parse.
 */
export async function readSiteVehicles(db: Database, siteId: number): Promise<VehicleRow[]> {
  const out: VehicleRow[] = [];
  for (let after = -1; ;) {
    const [result] = await rowsOf<{ rows: string | null }>(
      db,
      sql`SELECT json_agg(v ORDER BY v.id)::text AS rows FROM (SELECT * FROM vehicles
          WHERE site_id = ${siteId} AND id > ${after} ORDER BY id LIMIT ${SITE_READ_ROWS}) v`,
    );
    const rows = JSON.parse(result?.rows ?? "[]") as Array<Record<string, unknown>>;
    for (const json of rows) {
      const row: Record<string, unknown> = {};
      for (const c of READ_COLUMNS) {
        const value = json[c.name] ?? null;
        row[c.key] = c.timestamp && value !== null ? new Date(value as string) : value;
      }
      out.push(row as VehicleRow);
    }
    if (rows.length < SITE_READ_ROWS) return out;
    after = out[out.length - 1]!.id;
  }
}

/**
 * Rows per write statement (one JSON parameter each): each statement's rows travel, are parsed
 * and are written together, so a feed of 2,000 vehicles is one statement, and a larger one holds
 * one chunk's JSON at a time.
 */
const WRITE_BATCH_ROWS = 2000;
/** Vehicle ids per change message: a NOTIFY payload must stay under 8,000 bytes. */
const IDS_PER_CHANGE = 500;

/**
 * The upsert's columns. Rows travel as one JSON parameter read by `jsonb_to_recordset`: building
 * a statement of 500 rows x 46 parameters cost more than the database's work (decision 021).
 * A missing value takes the column's default: a plain value here, an SQL default (now(), the id
 * sequence) in the statement.
 */
const WRITE_COLUMNS = Object.entries(getTableColumns(vehicles)).map(([key, column]) => {
  const type = column.getSQLType();
  const name = `"${column.name}"`;
  const sqlDefault = is(column.default, SQL) ? column.default : null;
  const read =
    type === "serial"
      ? sql.raw(
          `COALESCE(t.${name}, nextval(pg_get_serial_sequence('vehicles', '${column.name}')))`,
        )
      : sqlDefault
        ? sql`COALESCE(t.${sql.raw(name)}, ${sqlDefault})`
        : sql.raw(`t.${name}`);
  return {
    key: key as keyof VehicleInsert,
    name,
    recordType: `${name} ${type === "serial" ? "integer" : type}`,
    read,
    valueDefault:
      column.hasDefault && !sqlDefault && type !== "serial" ? column.default : undefined,
    // Kept from the first write: the id and when the vehicle first arrived.
    updated: key !== "id" && key !== "createdAt" && key !== "createdAtTimestamp",
  };
});

const SOURCE_RECORD = sql.raw(`AS t(${WRITE_COLUMNS.map((c) => c.recordType).join(", ")})`);
const UPSERT_HEAD = sql.raw(
  `INSERT INTO vehicles (${WRITE_COLUMNS.map((c) => c.name).join(", ")}) SELECT `,
);
const UPSERT_READS = sql.join(
  WRITE_COLUMNS.map((c) => c.read),
  sql`, `,
);
/**
 * A paid reservation is the authority on `reserved` (docs/product/payments.md, "Reserved by a
 * paid deposit"): a feed or an edit that says the car is not reserved leaves it reserved while
 * the deposit stands; only cancelling the reservation frees it.
 */
const RESERVED_UPDATE = `"reserved" = excluded."reserved" OR EXISTS (SELECT 1 FROM reservations r WHERE r.vehicle_id = vehicles.id AND r.status = 'paid')`;

const UPSERT_TAIL = sql.raw(
  ` ON CONFLICT (site_id, slug) DO UPDATE SET ${WRITE_COLUMNS.filter((c) => c.updated)
    .map((c) => (c.name === '"reserved"' ? RESERVED_UPDATE : `${c.name} = excluded.${c.name}`))
    .join(", ")} RETURNING id, slug, price, price_type, status`,
);

function upsertRows(batch: VehicleInsert[], now: Date): string {
  return JSON.stringify(
    batch.map((vehicle) => {
      const row: Record<string, unknown> = {};
      for (const c of WRITE_COLUMNS) {
        const value = c.key === "updatedAt" ? now : vehicle[c.key];
        row[c.name.slice(1, -1)] = value === undefined ? (c.valueDefault ?? null) : value;
      }
      return row;
    }),
  );
}

/**
 * One chunk's write as one statement: the rows as they were (`old`, read from the statement's
 * snapshot, so before the upsert), the upsert, and a price history row for each vehicle that is
 * new or whose price or price type changed. Answers each written row with its price and status
 * before, for the alerts.
 */
function writeStatement(siteId: number, rowsJson: string, now: Date): SQL {
  return sql`WITH src AS MATERIALIZED (SELECT * FROM jsonb_to_recordset(${rowsJson}::jsonb) ${SOURCE_RECORD}),
old AS (SELECT v.slug, v.price, v.price_type, v.status FROM vehicles v
        WHERE v.site_id = ${siteId} AND v.slug IN (SELECT slug FROM src)),
up AS (${UPSERT_HEAD}${UPSERT_READS} FROM src AS t${UPSERT_TAIL}),
history AS (INSERT INTO vehicle_price_history (site_id, vehicle_id, price, price_type, changed_at)
        SELECT ${siteId}, up.id, up.price, up.price_type, ${now.toISOString()}::timestamptz
        FROM up LEFT JOIN old ON old.slug = up.slug
        WHERE old.slug IS NULL OR old.price IS DISTINCT FROM up.price
           OR old.price_type IS DISTINCT FROM up.price_type)
SELECT up.id, up.slug, up.price, up.status, old.price AS "oldPrice", old.status AS "oldStatus"
FROM up LEFT JOIN old ON old.slug = up.slug`;
}

/**
 * The one write path of stock: inserts or updates one site's vehicles (by site and slug) and
 * keeps each vehicle's price history (a new price or price type adds a row). Runs inside the
 * caller's transaction when given one; announces nothing (see `announceVehicleChanges`).
 * Answers the ids in the order of `inputs`.
 */
export async function writeVehicles(db: Database, inputs: VehicleInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < inputs.length; i += WRITE_BATCH_ROWS) {
    const batch = inputs.slice(i, i + WRITE_BATCH_ROWS);
    const siteId = batch[0]!.siteId;
    if (batch.some((v) => v.siteId !== siteId)) throw new Error("one site per write");
    const now = new Date();
    const rows = await rowsOf<{
      id: number;
      slug: string;
      price: number;
      status: string;
      oldPrice: number | null;
      oldStatus: string | null;
    }>(db, writeStatement(siteId, upsertRows(batch, now), now));
    const written = new Map(rows.map((row) => [row.slug, row]));
    // Watchers of a car that sold or got cheaper hear of it (server/garage/alerts.ts).
    await queueStockAlerts(
      db,
      siteId,
      rows.map((row) => ({
        vehicleId: Number(row.id),
        before:
          row.oldStatus === null ? null : { price: Number(row.oldPrice), status: row.oldStatus },
        after: { price: Number(row.price), status: row.status },
      })),
      now,
    );
    for (const v of batch) ids.push(Number(written.get(v.slug)!.id));
  }
  return ids;
}

/** Tells the search index, the page cache and every other server process what changed. */
export async function announceVehicleChanges(
  bus: ChangeBus,
  siteId: number,
  ids: readonly number[],
): Promise<void> {
  for (let i = 0; i < ids.length; i += IDS_PER_CHANGE)
    await bus.publish({ kind: "vehicle", siteId, ids: ids.slice(i, i + IDS_PER_CHANGE) });
}

/** Inserts or updates a vehicle (by site and slug) and announces the change. */
export async function saveVehicle(
  db: Database,
  bus: ChangeBus,
  input: VehicleInsert,
): Promise<number> {
  const [id] = await writeVehicles(db, [input]);
  await announceVehicleChanges(bus, input.siteId, [id!]);
  return id!;
}

export async function deleteVehicle(db: Database, bus: ChangeBus, siteId: number, id: number) {
  await db.delete(vehicles).where(eq(vehicles.id, id));
  await bus.publish({ kind: "vehicle", siteId, ids: [id], deleted: true });
}

/**
 * Marks a vehicle reserved (a paid deposit) or free again (a cancelled reservation) and
 * announces it: the search index, the page cache and every other server process see it.
 */
export async function setVehicleReserved(
  db: Database,
  bus: ChangeBus,
  siteId: number,
  vehicleId: number,
  reserved: boolean,
): Promise<void> {
  await db
    .update(vehicles)
    .set({ reserved, updatedAt: new Date() })
    .where(and(eq(vehicles.siteId, siteId), eq(vehicles.id, vehicleId)));
  await announceVehicleChanges(bus, siteId, [vehicleId]);
}
