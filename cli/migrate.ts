/** `npm run db:migrate`: applies pending migrations to the configured database. */
import { openDatabaseFromEnv } from "~/server/db/open-from-env";
import { parseEnv } from "~/server/env";

const env = parseEnv(process.env);
const handle = await openDatabaseFromEnv(env);
await handle.migrate();
await handle.close();
console.log(`Migrations applied (${handle.kind}).`);
