/**
 * `npm run db:seed`: replaces the configured database's data with the demo sites.
 * Destructive on purpose; refuses to run in production.
 */
import { openDatabaseFromEnv } from "~/server/db/open-from-env";
import { clearDatabase, seedDemoData } from "~/server/db/seed/seed-demo";
import { parseEnv } from "~/server/env";

const env = parseEnv(process.env);
if (env.NODE_ENV === "production") {
  console.error("db:seed replaces all data; it does not run with NODE_ENV=production.");
  process.exit(1);
}
const handle = await openDatabaseFromEnv(env);
await handle.migrate();
await clearDatabase(handle.db);
const summary = await seedDemoData(handle.db);
await handle.close();
console.log(
  `Demo data loaded (${handle.kind}): ${summary.sites} sites, ${summary.vehicles} vehicles.`,
);
