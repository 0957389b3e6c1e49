/**
 * Many rows inserted as ONE parameter: the rows travel as a JSON array that the database expands
 * with `jsonb_to_recordset`, in their order. Drizzle's multi-row insert sends one parameter per
 * value (a batch of a hundred leads is some 2,700), and building, sending and parsing those was
 * a large share of a lead burst's CPU (decision 036). The statement is the same
 * insert: same columns, same casts, the table's defaults for the columns the rows leave out.
 *
 * Every row must set the same columns (a column some rows set and others leave to its default
 * cannot be said in one column list): `recordsetInsertable` tells, and the caller uses Drizzle's
 * insert otherwise.
 */
import { getTableColumns, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

type Row = Record<string, unknown>;
/** A transaction or database: anything that runs a statement. */
type Executor = { execute: (query: SQL) => PromiseLike<unknown> };

/** The table's columns the rows set, or null when the rows do not all set the same ones. */
function columnsOf(table: PgTable, rows: readonly Row[]): Array<[string, PgColumn]> | null {
  const all = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(all).filter((key) => rows[0]![key] !== undefined);
  for (const row of rows) {
    let set = 0;
    for (const key in row) {
      if (row[key] === undefined) continue;
      if (!(key in all)) return null;
      set += 1;
    }
    if (set !== keys.length || keys.some((key) => row[key] === undefined)) return null;
  }
  return keys.map((key) => [key, all[key]!]);
}

/** Whether these rows can be inserted as one recordset (they all set the same columns). */
export function recordsetInsertable(table: PgTable, rows: readonly Row[]): boolean {
  return rows.length > 0 && columnsOf(table, rows) !== null;
}

/** How a column's values go into the recordset's JSON: JSON columns as themselves, others as the driver takes them. */
function toJson(column: PgColumn): (value: unknown) => unknown {
  const type = column.getSQLType();
  if (type === "jsonb" || type === "json") return (value) => value;
  return (value) => (value === null ? null : column.mapToDriverValue(value));
}

/**
 * `INSERT INTO table (columns) SELECT … FROM jsonb_to_recordset($1)` in the rows' order;
 * `onConflict` is appended as written (e.g. `ON CONFLICT DO NOTHING`), and the named columns
 * are returned (by their database names).
 */
export async function insertRecordset<Returned extends Row>(
  tx: Executor,
  table: PgTable,
  rows: readonly Row[],
  options: { onConflict?: SQL; returning?: readonly PgColumn[] } = {},
): Promise<Returned[]> {
  const columns = columnsOf(table, rows);
  if (!columns || rows.length === 0) throw new Error("rows do not all set the same columns");
  const fields = columns.map(([key, column]) => ({
    key,
    name: column.name,
    convert: toJson(column),
  }));
  const records = rows.map((row) => {
    const record: Row = {};
    for (const { key, name, convert } of fields) record[name] = convert(row[key]);
    return record;
  });
  const names = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  const definitions = sql.raw(
    columns
      .map(([, column]) => `"${column.name.replaceAll('"', '""')}" ${column.getSQLType()}`)
      .join(", "),
  );
  const returning = options.returning?.length
    ? sql` RETURNING ${sql.join(
        options.returning.map((column) => sql.identifier(column.name)),
        sql`, `,
      )}`
    : sql``;
  const result = await tx.execute(
    sql`INSERT INTO ${table} (${names}) SELECT ${names} FROM ROWS FROM (jsonb_to_recordset(${JSON.stringify(records)}::jsonb) AS (${definitions})) WITH ORDINALITY AS r(${names}, "ordinality") ORDER BY r."ordinality"${options.onConflict ? sql` ${options.onConflict}` : sql``}${returning}`,
  );
  return (result as unknown as { rows: Returned[] }).rows;
}
