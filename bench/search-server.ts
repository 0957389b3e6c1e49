/**
 * A server process for bench/search.ts: starts the platform (the production build in BUILD_DIR,
 * or, without a build, the same database, site registry, search index and search API without
 * the pages) on the PostgreSQL schema the bench filled, so the index is built from the database
 * and held exactly as the server holds it. Reports over IPC: the index build (from the log line
 * of server/stock/search-sync.ts), CPU time and memory; answers {cmd: "memory"} (after a full
 * GC) and {cmd: "stop"}.
 *
 * Usage: node --expose-gc --import tsx bench/search-server.ts (env BENCH_DATABASE_URL,
 * BENCH_DATABASE_SCHEMA, SEARCH_MASTER_KEY).
 */
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import express from "express";
import { pino } from "pino";
import { openDatabase } from "~/server/db/client";
import { parseEnv } from "~/server/env";
import { ChangeBus } from "~/server/events/change-bus";
import { createSearchApi } from "~/server/search";
import { SiteRegistry } from "~/server/sites/site-registry";
import { startServer } from "~/server/start";
import { startSearchIndex } from "~/server/stock/search-sync";

export type ServerReport = {
  kind: "platform" | "search only";
  port: number;
  vehicles: number;
  /** From the "search index built" log line. */
  indexMs: number;
  vehiclesLoadMs: number;
  vehiclesIndexMs: number;
  /** Whole start (database, registry, index, app), wall and CPU. */
  startMs: number;
  startCpuMs: number;
  /** CPU of the whole process so far (loading modules included). */
  processCpuMs: number;
  memory: NodeJS.MemoryUsage;
};

export type MemoryReport = { memory: NodeJS.MemoryUsage; gcMemory: NodeJS.MemoryUsage };

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with --expose-gc");

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), "..");
const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");
const url = process.env.BENCH_DATABASE_URL!;
const schema = process.env.BENCH_DATABASE_SCHEMA!;
const masterKey = process.env.SEARCH_MASTER_KEY!;

type IndexLog = { ms: number; vehiclesLoadMs: number; vehiclesIndexMs: number; vehicles: number };
let indexLog = null as IndexLog | null;
const logger = pino(
  { level: "info" },
  {
    write(line: string) {
      const entry = JSON.parse(line) as { msg?: string };
      if (entry.msg === "search index built") indexLog = entry as unknown as IndexLog;
    },
  },
);

const started = performance.now();
const cpu = process.cpuUsage();
const database = await openDatabase({ url, schema });
let kind: ServerReport["kind"];
let port: number;
let close: () => Promise<void>;
if (existsSync(join(buildDir, "server", "index.js"))) {
  kind = "platform";
  const env = parseEnv({
    NODE_ENV: "production",
    PORT: "0",
    HOST: "127.0.0.1",
    SEED_DEMO: "false",
    SEARCH_MASTER_KEY: masterKey,
  });
  const server = await startServer(env, { logger, database });
  port = server.port;
  close = () => server.close();
} else {
  kind = "search only";
  const bus = new ChangeBus(database.pool);
  await bus.start();
  const registry = new SiteRegistry(database.db);
  await registry.load();
  const search = await startSearchIndex({ db: database.db, bus, registry, masterKey, logger });
  const app = express();
  app.use("/search-api", createSearchApi({ engine: search.engine, keys: search.keys }));
  const http = createServer(app);
  await new Promise<void>((done) => http.listen(0, "127.0.0.1", () => done()));
  port = (http.address() as AddressInfo).port;
  close = async () => {
    http.closeAllConnections();
    await new Promise<void>((done) => http.close(() => done()));
    search.stop();
    await bus.stop();
    await database.close();
  };
}
const startMs = performance.now() - started;
const used = process.cpuUsage(cpu);
const log = indexLog;
if (!log) throw new Error("the server did not log its search index build");
const report: ServerReport = {
  kind,
  port,
  vehicles: log.vehicles,
  indexMs: log.ms,
  vehiclesLoadMs: log.vehiclesLoadMs,
  vehiclesIndexMs: log.vehiclesIndexMs,
  startMs,
  startCpuMs: (used.user + used.system) / 1000,
  processCpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  memory: process.memoryUsage(),
};
process.send!({ ready: report });

process.on("message", (message: { cmd: string }) => {
  if (message.cmd === "memory") {
    const memory = process.memoryUsage();
    gc();
    gc();
    process.send!({ memory: { memory, gcMemory: process.memoryUsage() } satisfies MemoryReport });
  } else if (message.cmd === "stop") {
    void close().finally(() => process.exit(0));
  }
});
