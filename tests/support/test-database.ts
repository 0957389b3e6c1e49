/**
 * Databases for tests: in-memory PGlite by default, or on the PostgreSQL server named by
 * TEST_DATABASE_URL (removed when the test closes it). `createTestDatabase` is empty and
 * migrated; `createDemoDatabase` is a private copy of the run's demo database. For tests that
 * start the server as a process: `createScratchDatabase` (PostgreSQL) and `seedDataDir` (PGlite).
 */
import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { openDatabase } from "~/server/db/client";
import type { Database, DatabaseHandle } from "~/server/db/client";
import * as schema from "~/server/db/schema";
import {
  PGLITE_EMPTY_ENV,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
  adminQuery,
  dumpPglites,
  withDatabase,
} from "./demo-template";

/** Which database this test run uses (set per vitest project). */
export const testDatabaseKind =
  process.env.TEST_DATABASE_KIND === "postgres" && process.env.TEST_DATABASE_URL
    ? "postgres"
    : "pglite";

const migrationsFolder = new URL("../../server/db/migrations", import.meta.url).pathname;
const uniqueName = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (testDatabaseKind === "pglite" || !url) {
    // The run's empty, migrated dump loads in a fraction of a new PGlite's initdb + migrations.
    const emptyPath = process.env[PGLITE_EMPTY_ENV];
    if (emptyPath) return loadPglite(new Blob([await readFile(emptyPath)]));
    const handle = await openDatabase({ dataDir: null });
    await handle.migrate();
    return handle;
  }
  const schemaName = uniqueName("test");
  const handle = await openDatabase({ url, schema: schemaName });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      await adminQuery(url, `DROP SCHEMA IF EXISTS "${schemaName}" CASCADE`);
    },
  };
}

/** A database on TEST_DATABASE_URL's server, named by its URL. */
export type ScratchDatabase = { url: string; drop(): Promise<void> };

/**
 * A database of its own on TEST_DATABASE_URL's server, for tests that start server processes
 * (they take a URL, not a schema): empty, or with `demo` a copy of the run's demo database, which
 * a process starts on without seeding it again. `drop()` removes it.
 */
export async function createScratchDatabase(
  prefix: string,
  { demo = false }: { demo?: boolean } = {},
): Promise<ScratchDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = (statement: string) => adminQuery(base, statement);
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  await admin(
    demo && template ? `CREATE DATABASE ${name} TEMPLATE "${template}"` : `CREATE DATABASE ${name}`,
  );
  return {
    url: withDatabase(base, name),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/**
 * Puts a copy of the run's demo database where a server process with this DATA_DIR keeps its
 * embedded one: the process starts on it without the initdb and the seed of a first start.
 */
export async function seedDataDir(dataDir: string): Promise<void> {
  const client = new PGlite(join(dataDir, "pglite"), { loadDataDir: await demoDump() });
  await client.waitReady;
  await client.close();
}

let localDumps: ReturnType<typeof dumpPglites> | null = null;

/**
 * A migrated database holding the demo data, copied from the run's template (made by the
 * global setup; made here once per process when a test runs without it).
 */
export async function createDemoDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  const template = process.env[POSTGRES_TEMPLATE_ENV];
  if (testDatabaseKind === "postgres" && url && template) {
    const name = uniqueName("test");
    await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
    const handle = await openDatabase({ url: withDatabase(url, name) });
    return {
      ...handle,
      async close() {
        await handle.close();
        await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      },
    };
  }
  if (testDatabaseKind === "postgres") return createTestDatabase(); // the server seeds it
  return loadPglite(await demoDump());
}

/** The run's PGlite demo dump (made here once per process when a test runs without it). */
async function demoDump(): Promise<Blob> {
  const dumpPath = process.env[PGLITE_TEMPLATE_ENV];
  return dumpPath
    ? new Blob([await readFile(dumpPath)])
    : (await (localDumps ??= dumpPglites())).demo;
}

/**
 * PostgreSQL's default 128 MB of shared buffers is allocated and cleared at every start, about
 * a fifth of a test database's start; a test database of the demo's size needs a fraction of it.
 */
const TEST_POSTGRESQL_CONF = ["shared_buffers = 16MB"];

/** A PGlite of its own, loaded from a data directory dump. */
async function loadPglite(dump: Blob): Promise<DatabaseHandle> {
  const client = new PGlite({ loadDataDir: dump, postgresqlconf: TEST_POSTGRESQL_CONF });
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    kind: "pglite",
    pool: null,
    migrate: () => migrate(db as never, { migrationsFolder }),
    close: () => client.close(),
  };
}
