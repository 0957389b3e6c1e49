/**
 * The platform for bench/ssr.ts, in its own process: the production build (BUILD_DIR) on an
 * in-memory demo database, page cache on or off. Prints {"port": n} when listening.
 *
 * Usage: NODE_ENV=production node --import tsx bench/support/platform-server.ts <cache|no-cache>
 */
import { pino } from "pino";
import { parseEnv } from "~/server/env";
import { startServer } from "~/server/start";
import { createTestDatabase } from "~/tests/support/test-database";

const cache = process.argv[2] === "cache";
// Budgets and limits a bench may set (bench/memory.ts); nothing else of the environment.
const passed = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => /_MAX_BYTES$|^LEAD_RATE_LIMIT$/.test(name)),
) as Record<string, string>;
const database = await createTestDatabase();
const server = await startServer(
  parseEnv({
    ...passed,
    NODE_ENV: "production",
    DEMO: "true",
    PORT: "0",
    HOST: "127.0.0.1",
    PAGE_CACHE: String(cache),
  }),
  { logger: pino({ level: "silent" }), database },
);
console.log(JSON.stringify({ port: server.port }));
process.on("SIGTERM", () => {
  void server.close().then(() => process.exit(0));
});
