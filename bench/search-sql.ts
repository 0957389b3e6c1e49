/**
 * The same search pages as SQL, for PGlite and PostgreSQL: a table of the vehicles' filter, sort
 * and card columns, and per page one statement per query, written as a SQL developer would: the
 * hits with a window count for the total, and per facet one GROUP BY (its counts; the total and,
 * for numbers, min/max follow from the groups). The facet queries' top hit, which the engine also
 * returns, is not fetched: the comparison favours SQL.
 */
import type { Vehicle } from "~/domain/vehicle";
import type { BenchPage, Refinement } from "./search-pages";

export type Sql = {
  query: (
    text: string,
    params?: unknown[],
    options?: { blob?: Blob },
  ) => Promise<{ rows: Record<string, unknown>[] }>;
};

const COLUMNS: [string, string, (v: Vehicle) => unknown][] = [
  ["id", "integer primary key", (v) => v.id],
  ["site_id", "integer not null", (v) => v.site_id],
  ["slug", "text", (v) => v.slug],
  ["name", "text", (v) => v.name],
  ["make", "text", (v) => v.make],
  ["model", "text", (v) => v.model],
  ["make_model", "text", (v) => v.make_model],
  ["badge", "text", (v) => v.badge],
  ["car_type", "text", (v) => v.car_type],
  ["status", "text", (v) => v.status],
  ["price", "double precision", (v) => v.price],
  ["price_type", "text", (v) => v.price_type],
  ["km", "double precision", (v) => v.km],
  ["year", "integer", (v) => v.year],
  ["body", "text", (v) => v.body],
  ["fuel", "text", (v) => v.fuel],
  ["transmission", "text", (v) => v.transmission],
  ["drive", "text", (v) => v.drive],
  ["seats", "integer", (v) => v.seats],
  ["colour", "text", (v) => v.colour],
  ["city", "text", (v) => v.city],
  ["dealership_name", "text", (v) => v.dealership_name],
  ["certified", "boolean", (v) => v.certified],
  ["show_on_dealer_website", "boolean", (v) => v.show_on_dealer_website],
  ["sold_date_timestamp", "bigint", (v) => v.sold_date_timestamp],
  ["created_at_timestamp", "bigint", (v) => v.created_at_timestamp],
  ["custom_rank", "integer", (v) => v.custom_rank],
  ["primary_image_url", "text", (v) => v.primary_image_url],
  ["tag", "text", (v) => v.tag],
];

/** The card columns a search results page shows. */
const CARD =
  "id, slug, name, make, model, badge, year, km, price, price_type, car_type, fuel, transmission, body, primary_image_url, tag, status";

function csvField(value: unknown): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return /[",\n\r]/.test(text) || text === "" ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * Creates and fills the table. PGlite takes the rows as a CSV blob through COPY; PostgreSQL as
 * one JSON parameter per batch (no COPY stream in `pg` without another package).
 */
export async function createVehicleTable(
  sql: Sql,
  table: string,
  vehicles: readonly Vehicle[],
  load: "copy-blob" | "json-batches",
): Promise<void> {
  await sql.query(
    `CREATE TABLE ${table} (${COLUMNS.map(([name, type]) => `${name} ${type}`).join(", ")})`,
  );
  if (load === "copy-blob") {
    const lines = vehicles.map((v) => COLUMNS.map(([, , get]) => csvField(get(v))).join(","));
    await sql.query(`COPY ${table} FROM '/dev/blob' WITH (FORMAT csv)`, [], {
      blob: new Blob([lines.join("\n")]),
    });
  } else {
    const batch = 5000;
    for (let start = 0; start < vehicles.length; start += batch) {
      const rows = vehicles.slice(start, start + batch).map((v) => {
        const row: Record<string, unknown> = {};
        for (const [name, , get] of COLUMNS) row[name] = get(v);
        return row;
      });
      await sql.query(
        `INSERT INTO ${table} SELECT * FROM json_populate_recordset(NULL::${table}, $1::json)`,
        [JSON.stringify(rows)],
      );
    }
  }
  // What a careful schema would index for these pages: the site and its listing state.
  await sql.query(`CREATE INDEX ${table}_site ON ${table} (site_id, status)`);
  await sql.query(`ANALYZE ${table}`);
}

/**
 * The site's default listing rule (docs/product/vehicle-card-and-page.md), as domain/listing writes
 * it.
 */
function listingClause(siteId: number, nowMs: number, soldDays: number): string {
  return `site_id = ${siteId} AND show_on_dealer_website AND (status IN ('in_stock', 'coming_soon') OR (status = 'sold' AND sold_date_timestamp >= ${nowMs - soldDays * 86_400_000}))`;
}

function refinementClause(r: Refinement, params: unknown[]): string {
  if (r.kind === "range") {
    const parts: string[] = [];
    if (r.min !== null) {
      params.push(r.min);
      parts.push(`${r.facet} >= $${params.length}`);
    }
    if (r.max !== null) {
      params.push(r.max);
      parts.push(`${r.facet} <= $${params.length}`);
    }
    return parts.join(" AND ");
  }
  params.push(r.values);
  return `${r.facet} = ANY($${params.length})`;
}

function where(page: BenchPage, base: string, exclude: string | null, params: unknown[]): string {
  const clauses = [
    base,
    ...page.refinements.filter((r) => r.facet !== exclude).map((r) => refinementClause(r, params)),
  ];
  return clauses.join(" AND ");
}

function orderBy(page: BenchPage): string {
  const { attribute, descending } = page.sort;
  return `${attribute} ${descending ? "DESC" : "ASC"} NULLS LAST, id`;
}

/** Runs one search page: the hits with their total, then one GROUP BY per facet. */
export async function runSqlPage(
  sql: Sql,
  table: string,
  page: BenchPage,
  options: { siteId: number; nowMs: number; soldDays: number },
): Promise<{ total: number }> {
  const base = listingClause(options.siteId, options.nowMs, options.soldDays);
  const params: unknown[] = [];
  const filter = where(page, base, null, params);
  const hits = await sql.query(
    `SELECT ${CARD}, count(*) OVER ()::int AS total FROM ${table} WHERE ${filter} ORDER BY ${orderBy(page)} LIMIT ${page.limit} OFFSET ${page.offset}`,
    params,
  );
  for (const facet of page.facets) {
    const facetParams: unknown[] = [];
    // Counts of the first 100 values, the total, and min/max of numbers all follow from the groups.
    await sql.query(
      `SELECT ${facet} AS value, count(*)::int AS n FROM ${table} WHERE ${where(page, base, facet, facetParams)} GROUP BY 1 ORDER BY 1`,
      facetParams,
    );
  }
  let total = hits.rows[0]?.total as number | undefined;
  if (total === undefined) {
    // A page past the end has no row to carry the window count.
    const count = await sql.query(
      `SELECT count(*)::int AS n FROM ${table} WHERE ${filter}`,
      params,
    );
    total = count.rows[0]!.n as number;
  }
  return { total };
}

/** Just the total of a page's hits query (to check the peers agree). */
export async function sqlTotal(
  sql: Sql,
  table: string,
  page: BenchPage,
  options: { siteId: number; nowMs: number; soldDays: number },
): Promise<number> {
  const params: unknown[] = [];
  const filter = where(
    page,
    listingClause(options.siteId, options.nowMs, options.soldDays),
    null,
    params,
  );
  const count = await sql.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${filter}`, params);
  return count.rows[0]!.n as number;
}
