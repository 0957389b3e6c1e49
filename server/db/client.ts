/**
 * Database connection: embedded PGlite by default, PostgreSQL when a URL is given.
 * Both drivers produce the same Drizzle query API over the same schema.
 */
import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Applies pending SQL migrations from server/db/migrations. */
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The raw PostgreSQL pool when running on PostgreSQL (for LISTEN/NOTIFY). */
  pool: pg.Pool | null;
};

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

export type DatabaseOptions =
  /** `schema` puts every table (and the migrations journal) in that PostgreSQL schema. */
  | { url: string; schema?: string }
  /** `dataDir` null keeps the database in memory (tests). */
  | { dataDir: string | null };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) {
    const searchPath = options.schema;
    const pool = new pg.Pool({
      connectionString: options.url,
      max: 10,
      ...(searchPath ? { options: `-c search_path=${searchPath}` } : {}),
    });
    // A pooled connection that breaks while idle (the server restarted, an administrator ended it):
    // the pool drops it and the next query opens a new one. Unheard, the error would end the process.
    pool.on("error", () => undefined);
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      pool,
      migrate: async () => {
        // Web nodes started together migrate one at a time: the others wait, then find nothing to do.
        const lock = await pool.connect();
        try {
          await lock.query("SELECT pg_advisory_lock(hashtext('dealer-sites:migrate'))");
          if (searchPath) await pool.query(`CREATE SCHEMA IF NOT EXISTS "${searchPath}"`);
          await migratePg(db as never, { migrationsFolder, migrationsSchema: searchPath });
        } finally {
          await lock
            .query("SELECT pg_advisory_unlock(hashtext('dealer-sites:migrate'))")
            .catch(() => undefined);
          lock.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pool: null,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
