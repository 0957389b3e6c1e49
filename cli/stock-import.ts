/**
 * `npm run stock:import -- --site SLUG [--mode full|partial] FILE`: imports a stock feed (CSV or
 * JSON, docs/stock-feeds.md) into a site, through the same code path as the stock API. Prints
 * the import's report; exits 1 when the feed was refused, 2 when some rows were rejected.
 *
 * The change reaches running servers on PostgreSQL through the change bus (LISTEN/NOTIFY). On
 * embedded PGlite only one process may open the database: stop the server, or use the API.
 */
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { openDatabaseFromEnv } from "~/server/db/open-from-env";
import { sites } from "~/server/db/schema";
import { parseEnv } from "~/server/env";
import { ChangeBus } from "~/server/events/change-bus";
import { SiteRegistry } from "~/server/sites/site-registry";
import { feedFormatOfFile } from "~/server/stock/stock-feed";
import { IMPORT_MODES, importStock, type ImportMode } from "~/server/stock/stock-import";

const usage = "Usage: npm run stock:import -- --site SLUG [--mode full|partial] FILE";

function fail(message: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(1);
}

let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { site: { type: "string" }, mode: { type: "string", default: "partial" } },
  });
} catch (error) {
  fail((error as Error).message);
}
const { values, positionals } = parsed;
if (!values.site) fail("--site is required.");
if (!(IMPORT_MODES as readonly string[]).includes(values.mode)) fail("--mode is full or partial.");
if (positionals.length !== 1) fail("Name one feed file.");
const file = positionals[0]!;
let bytes: Buffer;
try {
  bytes = await readFile(file);
} catch (error) {
  fail(`Cannot read ${file}: ${(error as Error).message}`);
}

const env = parseEnv(process.env);
const handle = await openDatabaseFromEnv(env);
const bus = new ChangeBus(handle.pool);
let exitCode = 0;
try {
  await handle.migrate();
  const [row] = await handle.db
    .select({ id: sites.id })
    .from(sites)
    .where(eq(sites.slug, values.site));
  if (!row) fail(`No site has the slug '${values.site}'.`);
  const registry = new SiteRegistry(handle.db);
  const site = await registry.reload(row.id);
  const report = await importStock(
    { db: handle.db, bus },
    {
      site: site!,
      source: "cli",
      mode: values.mode as ImportMode,
      format: feedFormatOfFile(file, bytes),
      bytes,
    },
  );
  console.log(JSON.stringify(report, null, 2));
  exitCode = report.status === "refused" ? 1 : report.rejected > 0 ? 2 : 0;
} finally {
  await bus.stop();
  await handle.close();
}
process.exit(exitCode);
