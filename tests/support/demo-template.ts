/**
 * The demo database made once per test run: migrated and seeded here, then copied for every
 * server a test starts (see createDemoDatabase), instead of each test file seeding its own.
 * On PGlite the copy is a dump of the data directory; on PostgreSQL a template database.
 * On PGlite the empty, migrated database is dumped too (before the seed): loading it costs a
 * fraction of a new PGlite's initdb and the migrations (createTestDatabase).
 * The run's demo photos are kept beside it (DEMO_PHOTO_DIR_ENV).
 * The global setups of vitest and Playwright call prepareDemoTemplate and pass its location to
 * the workers through the environment. `npm test` (cli/test-all.ts) makes it once for both,
 * while the checks run: a global setup then finds it in the environment and keeps it.
 */
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "~/server/db/client";
import { seedDemoData } from "~/server/db/seed/seed-demo";

/** Path of the PGlite data directory dump (a tar file). */
export const PGLITE_TEMPLATE_ENV = "TEST_DEMO_PGLITE_DUMP";
/** Path of the dump of an empty, migrated PGlite. */
export const PGLITE_EMPTY_ENV = "TEST_EMPTY_PGLITE_DUMP";
/**
 * Directory where the run's servers keep the demo photos they draw (`DEMO_PHOTO_DIR`): each is
 * drawn once per run instead of once per server and again after its cache let it go.
 */
export const DEMO_PHOTO_DIR_ENV = "TEST_DEMO_PHOTO_DIR";
/** Name of the PostgreSQL template database on TEST_DATABASE_URL's server. */
export const POSTGRES_TEMPLATE_ENV = "TEST_DEMO_POSTGRES_TEMPLATE";

/** An in-memory PGlite dumped once migrated (`empty`) and again seeded (`demo`). */
export async function dumpPglites(): Promise<{ empty: Blob; demo: Blob }> {
  const handle = await openDatabase({ dataDir: null });
  await handle.migrate();
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const empty = await client.dumpDataDir("none");
  await seedDemoData(handle.db);
  const demo = await client.dumpDataDir("none");
  await handle.close();
  return { empty, demo };
}

/** `url` with another database name. */
export function withDatabase(url: string, name: string): string {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
}

export async function adminQuery(url: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/**
 * Makes the run's templates and sets their locations in process.env; returns their cleanup.
 * Templates the environment already names (made by the caller's parent) are kept, and left to it
 * to remove.
 */
export async function prepareDemoTemplate(): Promise<() => Promise<void>> {
  const made = [process.env[PGLITE_TEMPLATE_ENV], process.env[PGLITE_EMPTY_ENV]];
  const postgresMade = !process.env.TEST_DATABASE_URL || process.env[POSTGRES_TEMPLATE_ENV];
  if (made.every((path) => path && existsSync(path)) && postgresMade) return async () => {};
  const dir = await mkdtemp(join(tmpdir(), "dealer-sites-demo-"));
  const dumpPath = join(dir, "pglite.tar");
  const emptyPath = join(dir, "pglite-empty.tar");
  const cleanups: Array<() => Promise<void>> = [() => rm(dir, { recursive: true, force: true })];
  const url = process.env.TEST_DATABASE_URL;
  const [dumps] = await Promise.all([
    dumpPglites(),
    url
      ? (async () => {
          const name = `demo_template_${randomBytes(6).toString("hex")}`;
          await adminQuery(url, `CREATE DATABASE "${name}"`);
          cleanups.push(() => adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
          const handle = await openDatabase({ url: withDatabase(url, name) });
          await handle.migrate();
          await seedDemoData(handle.db);
          await handle.close();
          process.env[POSTGRES_TEMPLATE_ENV] = name;
        })()
      : null,
  ]);
  await writeFile(dumpPath, Buffer.from(await dumps.demo.arrayBuffer()));
  await writeFile(emptyPath, Buffer.from(await dumps.empty.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = dumpPath;
  process.env[PGLITE_EMPTY_ENV] = emptyPath;
  process.env[DEMO_PHOTO_DIR_ENV] = join(dir, "demo-photos");
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
