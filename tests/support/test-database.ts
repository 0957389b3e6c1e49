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
