/** Entry point: `npm start` (production build) and `npm run dev` (Vite middleware). */
import { pino } from "pino";
import { EnvError, parseEnv } from "./env";
import { startServer } from "./start";
import { DEMO_STAFF_PASSWORD } from "./db/seed/seed-staff";
import { DemoPasswordAccountsError } from "./admin/demo-password-accounts";

let env;
try {
  env = parseEnv(process.env);
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = pino({ level: env.LOG_LEVEL });
let server;
try {
  server = await startServer(env, { logger, dev: env.NODE_ENV === "development" });
} catch (error) {
  if (error instanceof DemoPasswordAccountsError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const sites = server.registry.all();
logger.info({ url: server.url, sites: sites.length, database: server.database.kind }, "listening");
console.log(`\nPlatform index: ${server.url}/`);
for (const site of sites)
  console.log(`  ${site.name}: http://${site.slug}.localhost:${server.port}/`);
if (!process.env.SEARCH_MASTER_KEY)
  console.log(`Search API master key (generated): ${env.SEARCH_MASTER_KEY}`);
if (server.demoApiKeys.length > 0) {
  console.log("Demo site API keys (stock:write, dashboard:read; shown once, keep them):");
  for (const { siteSlug, siteId, key } of server.demoApiKeys)
    console.log(`  ${siteSlug} (website_id ${siteId}): ${key}`);
}
if (server.demoStaff.length > 0) {
  console.log(
    `Demo back office accounts at /admin (a demo only, never a live server; password: ${DEMO_STAFF_PASSWORD}):`,
  );
  for (const { email, role } of server.demoStaff) console.log(`  ${email} (${role})`);
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    // Graceful: /readyz says not ready, requests in flight finish, the lead worker hands back
    // its leases, then Redis and the database are closed (server/start.ts).
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), env.SHUTDOWN_DRAIN_MS + 10_000);
    force.unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
