/**
 * The benchmark's stock in the platform's own tables: sites, dealerships, locations and the
 * generated vehicles (fake-stock), in a private schema on PostgreSQL, so a server process can
 * build its search index from the database exactly as it does at start.
 */
import pg from "pg";
import type { Vehicle } from "~/domain/vehicle";
import { openDatabase } from "~/server/db/client";

/** Columns of `vehicles` as written here: [column, SQL type, value of a generated vehicle]. */
const VEHICLE_COLUMNS: [string, string, (v: Vehicle, locationId: number) => unknown][] = [
  ["id", "integer", (v) => v.id],
  ["site_id", "integer", (v) => v.site_id],
  ["dealership_id", "integer", (v) => v.dealership_id],
  ["location_id", "integer", (_, locationId) => locationId],
  ["slug", "text", (v) => v.slug],
  ["name", "text", (v) => v.name],
  ["make", "text", (v) => v.make],
  ["model", "text", (v) => v.model],
  ["year", "smallint", (v) => v.year],
  ["km", "integer", (v) => v.km],
  ["badge", "text", (v) => v.badge],
  ["series", "text", (v) => v.series],
  ["price", "double precision", (v) => v.price],
  ["price_type", "text", (v) => v.price_type],
  ["before_price", "double precision", (v) => v.before_price],
  ["subscription_price", "double precision", (v) => v.subscription_price],
  ["weekly_price", "double precision", (v) => v.weekly_price],
  ["preorder", "boolean", (v) => v.preorder],
  ["status", "text", (v) => v.status],
  ["car_type", "text", (v) => v.car_type],
  ["item_type", "text", (v) => v.item_type],
  ["certified", "boolean", (v) => v.certified],
  ["reserved", "boolean", (v) => v.reserved],
  [
    "payment_processors",
    "jsonb",
    (v) =>
      v.has_checkout_payment_processor
        ? [{ authorization_type: "stripe", authorization_key: "pk_bench", deposit_amount: 500 }]
        : [],
  ],
  ["stocknum", "text", (v) => v.stocknum],
  ["vin", "text", (v) => v.vin],
  ["simple_fuel", "text", (v) => v.fuel],
  ["simple_body", "text", (v) => v.body],
  ["simple_drive", "text", (v) => v.drive],
  ["simple_transmission", "text", (v) => v.transmission],
  ["colour", "text", (v) => v.colour],
  ["seats", "smallint", (v) => v.seats],
  ["engine", "text", (v) => v.engine],
  ["categories", "jsonb", (v) => v.categories],
  ["features", "jsonb", (v) => v.filtered_features],
  ["tag", "text", (v) => v.tag],
  ["custom_rank", "integer", (v) => v.custom_rank],
  ["images", "jsonb", (v) => v.images],
  ["show_on_dealer_website", "boolean", (v) => v.show_on_dealer_website],
  [
    "sold_at",
    "timestamptz",
    (v) => (v.sold_date_timestamp === null ? null : new Date(v.sold_date_timestamp).toISOString()),
  ],
  ["created_at", "timestamptz", (v) => v.created_at],
  ["updated_at", "timestamptz", (v) => v.created_at],
  ["created_at_timestamp", "bigint", (v) => v.created_at_timestamp],
];

const PLACES: readonly (readonly [string, string, string])[] = [
  ["Sydney", "NSW", "2000"],
  ["Parramatta", "NSW", "2150"],
  ["Melbourne", "VIC", "3000"],
  ["Geelong", "VIC", "3220"],
  ["Brisbane", "QLD", "4000"],
  ["Gold Coast", "QLD", "4217"],
  ["Perth", "WA", "6000"],
  ["Adelaide", "SA", "5000"],
  ["Hobart", "TAS", "7000"],
  ["Canberra", "ACT", "2600"],
];

export type StockDatabase = {
  url: string;
  schema: string;
  vehicles: number;
  /** Each site's public search key, by site id. */
  searchKeys: Map<number, string>;
  drop(): Promise<void>;
};

/**
 * Creates `schema` (migrated) on the PostgreSQL server at `url` and loads `vehicles` with their
 * sites (ids 1..sites), dealerships and locations, as fake-stock numbers them.
 */
export async function createStockDatabase(
  url: string,
  schema: string,
  vehicles: readonly Vehicle[],
  sites: number,
  searchKeyOf: (siteId: number) => string,
): Promise<StockDatabase> {
  const handle = await openDatabase({ url, schema });
  const drop = async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  };
  try {
    await handle.migrate();
    const pool = handle.pool!;
    const searchKeys = new Map<number, string>();
    const siteRows = Array.from({ length: sites }, (_, i) => {
      const id = i + 1;
      searchKeys.set(id, searchKeyOf(id));
      return {
        id,
        slug: `bench-site-${id}`,
        name: `Bench Site ${id}`,
        search_key: searchKeyOf(id),
        navigation: { header: [], footer: [], social: [] },
        contact_details: { phone: "0290000000", email: `site${id}@example.com`, address: null },
        settings: {},
      };
    });
    await pool.query(
      `INSERT INTO sites (id, slug, name, search_key, navigation, contact_details, settings)
       SELECT id, slug, name, search_key, navigation, contact_details, settings
       FROM jsonb_to_recordset($1::jsonb) AS t(id int, slug text, name text, search_key text,
         navigation jsonb, contact_details jsonb, settings jsonb)`,
      [JSON.stringify(siteRows)],
    );

    // Dealerships and locations as fake-stock numbers them: dealership siteId*10+i (i < 3),
    // location dealershipId*10+j (j < 2).
    const dealershipRows: object[] = [];
    const locationRows: object[] = [];
    for (let site = 1; site <= sites; site++) {
      for (let i = 0; i < 3; i++) {
        const dealershipId = site * 10 + i;
        dealershipRows.push({
          id: dealershipId,
          site_id: site,
          name: `Bench Motor Group ${site}-${i + 1}`,
          slug: `site-${site}-dealer-${i + 1}`,
        });
        for (let j = 0; j < 2; j++) {
          const id = dealershipId * 10 + j;
          const [city, state, postcode] = PLACES[(site * 7 + i * 3 + j) % PLACES.length]!;
          locationRows.push({
            id,
            site_id: site,
            dealership_id: dealershipId,
            name: `${city} ${j === 0 ? "Sales" : "Used Cars"} ${site}-${i + 1}`,
            slug: `location-${id}`,
            address: {
              street: `${id} Main Road`,
              city,
              state,
              postcode,
              lat: null,
              long: null,
              place_id: null,
              place_url: null,
              full: `${id} Main Road, ${city} ${state} ${postcode}`,
              map_key: null,
              map_url: null,
            },
            contact_detail: {
              phone: "0290000000",
              landline_phone: null,
              mobile: null,
              email: null,
              social: {},
            },
          });
        }
      }
    }
    await pool.query(
      `INSERT INTO dealerships (id, site_id, name, slug)
       SELECT id, site_id, name, slug
       FROM jsonb_to_recordset($1::jsonb) AS t(id int, site_id int, name text, slug text)`,
      [JSON.stringify(dealershipRows)],
    );
    await pool.query(
      `INSERT INTO locations (id, site_id, dealership_id, name, slug, address, contact_detail)
       SELECT id, site_id, dealership_id, name, slug, address, contact_detail
       FROM jsonb_to_recordset($1::jsonb) AS t(id int, site_id int, dealership_id int, name text,
         slug text, address jsonb, contact_detail jsonb)`,
      [JSON.stringify(locationRows)],
    );

    const names = VEHICLE_COLUMNS.map(([name]) => name).join(", ");
    const types = VEHICLE_COLUMNS.map(([name, type]) => `${name} ${type}`).join(", ");
    const batch = 5000;
    for (let start = 0; start < vehicles.length; start += batch) {
      const rows = vehicles.slice(start, start + batch).map((v) => {
        const row: Record<string, unknown> = {};
        const locationId = v.dealership_id * 10 + (v.id % 2);
        for (const [name, , get] of VEHICLE_COLUMNS) row[name] = get(v, locationId);
        return row;
      });
      await pool.query(
        `INSERT INTO vehicles (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS t(${types})`,
        [JSON.stringify(rows)],
      );
    }
    // Settled before a server reads it: no autovacuum of the fresh rows during the measurement.
    await pool.query("VACUUM (ANALYZE) vehicles, sites, dealerships, locations");
    return { url, schema, vehicles: vehicles.length, searchKeys, drop };
  } catch (error) {
    await drop().catch(() => undefined);
    throw error;
  } finally {
    await handle.close();
  }
}
