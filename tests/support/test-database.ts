/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a private
 * schema on the PostgreSQL server named by TEST_DATABASE_URL (dropped when the test ends).
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase } from "~/server/db/client";
import type { DatabaseHandle } from "~/server/db/client";

/** Which database this test run uses (set per vitest project). */
export const testDatabaseKind =
  process.env.TEST_DATABASE_KIND === "postgres" && process.env.TEST_DATABASE_URL
    ? "postgres"
    : "pglite";

export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (testDatabaseKind === "pglite" || !url) {
    const handle = await openDatabase({ dataDir: null });
    await handle.migrate();
    return handle;
  }
  const schema = `test_${randomBytes(6).toString("hex")}`;
  const handle = await openDatabase({ url, schema });
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

/**
 * An empty database of its own on TEST_DATABASE_URL's server, for tests that start server
 * processes (they take a URL, not a schema). `drop()` removes it.
 */
export async function createScratchDatabase(
  prefix: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("TEST_DATABASE_URL is not set");
  const name = `${prefix}_${randomBytes(4).toString("hex")}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}
