/**
 * The demo database made once per test run: migrated and seeded here, then copied for every
 * server a test starts (see createDemoDatabase), instead of each test file seeding its own.
 * On PGlite the copy is a dump of the data directory; on PostgreSQL a template database.
 * The global setups of vitest and Playwright call prepareDemoTemplate and pass its location to
 * the workers through the environment.
 */
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase } from "~/server/db/client";
import { seedDemoData } from "~/server/db/seed/seed-demo";

/** Path of the PGlite data directory dump (a tar file). */
export const PGLITE_TEMPLATE_ENV = "TEST_DEMO_PGLITE_DUMP";
/** Name of the PostgreSQL template database on TEST_DATABASE_URL's server. */
export const POSTGRES_TEMPLATE_ENV = "TEST_DEMO_POSTGRES_TEMPLATE";

/** A seeded in-memory PGlite, dumped: what every PGlite copy starts from. */
export async function dumpSeededPglite(): Promise<Blob> {
  const handle = await openDatabase({ dataDir: null });
  await handle.migrate();
  await seedDemoData(handle.db);
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir("none");
  await handle.close();
  return dump;
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

/** Makes the run's templates and sets their locations in process.env; returns their cleanup. */
export async function prepareDemoTemplate(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), "dealer-sites-demo-"));
  const dumpPath = join(dir, "pglite.tar");
  const cleanups: Array<() => Promise<void>> = [() => rm(dir, { recursive: true, force: true })];
  const url = process.env.TEST_DATABASE_URL;
  const [dump] = await Promise.all([
    dumpSeededPglite(),
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
  await writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = dumpPath;
  return async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  };
}
