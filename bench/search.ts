/**
 * Search benchmark (`npm run bench:search`): one search results page (the hits query plus one
 * query per facet, as the search page sends it) on a 2,000-vehicle site in a 200,000-vehicle
 * corpus of 100 sites, side by side in one run: the engine in-process, the engine over HTTP, the
 * same queries as SQL on PGlite and on PostgreSQL, and Orama 3 with the same documents.
 *
 * The index as the server holds it: the vehicles are written to the platform's tables on
 * PostgreSQL (a private schema, dropped at the end) and a server process (bench/search-server.ts)
 * starts on them, builds its index from the database and serves search pages; its build time
 * and RSS are the budget's, and a server on the same sites without vehicles gives the RSS per
 * vehicle.
 *
 * Budget (docs/performance-budgets.md): engine p50 under 1 ms, and at least 20 times faster than
 * SQL on PostgreSQL; index build from the database under 10 s; server RSS under 1 GB.
 * Environment: BENCH_VEHICLES (default 200000), BENCH_PG_URL (default
 * postgres://127.0.0.1:5432/test), BENCH_ROUNDS (default 16).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { request } from "node:http";
import os from "node:os";
import v8 from "node:v8";
import vm from "node:vm";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { PGlite } from "@electric-sql/pglite";
import express from "express";
import pg from "pg";
import { siteStockFilter } from "~/domain/listing";
import { defaultSiteSettings } from "~/domain/site-settings";
import { CAR_COLLECTION } from "~/server/search/collections";
import { SearchEngine } from "~/server/search/engine";
import { FAKE_NOW_MS, fakeVehicles } from "~/server/search/fake-stock";
import { createSearchApi } from "~/server/search/http";
import { SearchKeys, deriveSiteSearchKey } from "~/server/search/keys";
import { multiSearch } from "~/server/search/service";
import { createOrama, oramaTotal, runOramaPage } from "./search-orama";
import { benchPages, type BenchPage } from "./search-pages";
import type { MemoryReport, ServerReport } from "./search-server";
import { createVehicleTable, runSqlPage, sqlTotal, type Sql } from "./search-sql";
import { createStockDatabase, type StockDatabase } from "./search-stock-db";
import { serverNodeFlags } from "./support/server-node-flags";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

const VEHICLES = Number(process.env.BENCH_VEHICLES ?? 200_000);
const SITES = 100;
const SITE_ID = 1;
const SITE_VEHICLES = 2_000;
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://127.0.0.1:5432/test";
/** The trust-auth URL names no user: PostgreSQL's default superuser, unless PGUSER says. */
const PG_USER = process.env.PGUSER || "postgres";
const MASTER_KEY = "bench-master-key-0123456789abcdef";

type Row = { name: string; pages: number; p50: number; p99: number; note?: string };

/** One peer: how to run a page, how many pages per round, what to note in the table. */
type Peer = {
  name: string;
  pages: readonly BenchPage[];
  perRound: number;
  run: (page: BenchPage) => unknown;
  note?: string;
  before?: () => void;
  after?: () => void;
  times: number[];
  next: number;
};

/** JS heap plus typed array storage (the engine's columns and token pool), after a full GC. */
function heapUsed(): number {
  gc();
  gc();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

function load(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");
}

function mb(bytes: number): string {
  return `${(bytes / 1e6).toFixed(0)} MB`;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * (sorted.length - 1)))]!;
}

/**
 * Runs the peers in interleaved rounds (a block of pages of each in turn), so a change in the
 * machine's load during the run affects every peer alike.
 */
async function measureInRounds(peers: Peer[], rounds: number): Promise<Row[]> {
  for (const peer of peers) {
    // Warm-up: a round's worth of pages, not timed.
    peer.before?.();
    for (let i = 0; i < peer.perRound; i++) await peer.run(peer.pages[i % peer.pages.length]!);
    peer.after?.();
  }
  for (let round = 0; round < rounds; round++) {
    for (const peer of peers) {
      peer.before?.();
      for (let i = 0; i < peer.perRound; i++) {
        const page = peer.pages[peer.next++ % peer.pages.length]!;
        const started = performance.now();
        await peer.run(page);
        peer.times.push(performance.now() - started);
      }
      peer.after?.();
    }
  }
  return peers.map((peer) => {
    const sorted = [...peer.times].sort((a, b) => a - b);
    return {
      name: peer.name,
      pages: sorted.length,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      note: peer.note,
    };
  });
}

function peer(
  name: string,
  pages: readonly BenchPage[],
  perRound: number,
  run: (page: BenchPage) => unknown,
  extra: Partial<Pick<Peer, "note" | "before" | "after">> = {},
): Peer {
  return { name, pages, perRound, run, times: [], next: 0, ...extra };
}

/** A server process on a filled schema (bench/search-server.ts), reporting over IPC. */
type ServerProcess = {
  report: ServerReport;
  memory(): Promise<MemoryReport>;
  stop(): Promise<void>;
};

function startServerProcess(database: StockDatabase): Promise<ServerProcess> {
  const script = new URL("./search-server.ts", import.meta.url).pathname;
  const child = spawn(
    process.execPath,
    [...serverNodeFlags(), "--expose-gc", "--import", "tsx", script],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        BENCH_DATABASE_URL: database.url,
        BENCH_DATABASE_SCHEMA: database.schema,
        SEARCH_MASTER_KEY: MASTER_KEY,
      },
      stdio: ["ignore", "ignore", "pipe", "ipc"],
    },
  );
  const stderr: string[] = [];
  child.stderr?.on("data", (chunk: Buffer) => stderr.push(chunk.toString()));
  const replies: ((message: { memory?: MemoryReport }) => void)[] = [];
  return new Promise((resolve, reject) => {
    child.once("exit", (code) => {
      if (code !== 0) reject(new Error(`search server exited with ${code}\n${stderr.join("")}`));
    });
    child.on("message", (message: { ready?: ServerReport; memory?: MemoryReport }) => {
      if (message.ready) {
        resolve({
          report: message.ready,
          memory: () =>
            new Promise((done) => {
              replies.push((reply) => done(reply.memory!));
              child.send({ cmd: "memory" });
            }),
          stop: () =>
            new Promise((done) => {
              if (child.exitCode !== null) return done();
              child.once("exit", () => done());
              child.send({ cmd: "stop" });
            }),
        });
      } else replies.shift()?.(message);
    });
  });
}

/** POSTs a multi-search to a server process under a site's host (as a browser would). */
function postMultiSearch(port: number, key: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        method: "POST",
        path: "/search-api/multi-search",
        headers: {
          host: "bench-site-1.localhost",
          authorization: `Bearer ${key}`,
          "content-type": "application/json",
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

type ServerMeasure = {
  report: ServerReport;
  /** After start, after the search pages, and after a full GC then. */
  started: NodeJS.MemoryUsage;
  served: NodeJS.MemoryUsage;
  collected: NodeJS.MemoryUsage;
  baseline: { report: ServerReport; served: NodeJS.MemoryUsage };
  pagesServed: number;
  /** Load average when the server process started. */
  load: string;
  /** CPU seconds other processes (PostgreSQL included) used while the server started. */
  othersCpuSeconds: number | null;
};

/** CPU seconds the whole machine has been busy (Linux /proc/stat), NaN elsewhere. */
function machineBusySeconds(): number {
  try {
    const [, ...ticks] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = ticks.map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return NaN;
  }
}

/**
 * The index as the server holds it: vehicles in the platform's tables on PostgreSQL, a server
 * process that builds its index from them and serves search pages of ten sites; then the same
 * with no vehicles, for the RSS a vehicle costs.
 */
async function measureServer(
  url: string,
  vehicles: readonly ReturnType<typeof fakeVehicles>[number][],
  pages: readonly BenchPage[],
): Promise<ServerMeasure> {
  const keyOf = (siteId: number) => deriveSiteSearchKey(MASTER_KEY, siteId);
  const suffix = `${process.pid}_${Date.now()}`;
  const started = performance.now();
  const full = await createStockDatabase(url, `bench_index_${suffix}`, vehicles, SITES, keyOf);
  let empty: StockDatabase | null = null;
  try {
    console.log(
      `  PostgreSQL: schema ${full.schema} (sites, dealerships, locations, ${VEHICLES.toLocaleString("en-AU")} vehicles) loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    empty = await createStockDatabase(url, `bench_empty_${suffix}`, [], SITES, keyOf);
    const serve = async (server: ServerProcess) => {
      let served = 0;
      for (let site = 1; site <= 10; site++) {
        for (const page of pages) {
          await postMultiSearch(
            server.report.port,
            keyOf(site),
            JSON.stringify({ queries: page.queries }),
          );
          served++;
        }
      }
      return served;
    };
    const baselineServer = await startServerProcess(empty);
    let baseline: ServerMeasure["baseline"];
    try {
      await serve(baselineServer);
      baseline = { report: baselineServer.report, served: (await baselineServer.memory()).memory };
    } finally {
      await baselineServer.stop();
    }
    // This process holds the generated stock and the engine: collect now, so that its garbage
    // collector does not run beside the server's start.
    heapUsed();
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const loadAtStart = load();
    const busyBefore = machineBusySeconds();
    const benchCpu = process.cpuUsage();
    const server = await startServerProcess(full);
    const busy = machineBusySeconds() - busyBefore;
    const benchCpuUsed = process.cpuUsage(benchCpu);
    try {
      const pagesServed = await serve(server);
      const { memory: served, gcMemory: collected } = await server.memory();
      return {
        report: server.report,
        started: server.report.memory,
        served,
        collected,
        baseline,
        pagesServed,
        load: loadAtStart,
        othersCpuSeconds: Number.isNaN(busy)
          ? null
          : busy -
            server.report.processCpuMs / 1000 -
            (benchCpuUsed.user + benchCpuUsed.system) / 1e6,
      };
    } finally {
      await server.stop();
    }
  } finally {
    await full.drop();
    await empty?.drop();
  }
}

function ms(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(3);
}

async function main(): Promise<void> {
  console.log(
    `Search benchmark: ${VEHICLES.toLocaleString("en-AU")} vehicles, ${SITES} sites; site ${SITE_ID} has ${SITE_VEHICLES.toLocaleString("en-AU")}.`,
  );
  const startLoad = load();
  console.log(
    `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load average ${startLoad}.\n`,
  );

  const heapBefore = heapUsed();
  const vehicles = fakeVehicles({
    vehicles: VEHICLES,
    sites: SITES,
    firstSiteVehicles: SITE_VEHICLES,
    nowMs: FAKE_NOW_MS,
  });
  const heapDocs = heapUsed();

  const engine = new SearchEngine({ resultsCacheLimit: 0 });
  const buildStarted = performance.now();
  const cpuBefore = process.cpuUsage();
  engine.replaceAll(CAR_COLLECTION, vehicles);
  const buildCpu = process.cpuUsage(cpuBefore);
  const buildMs = performance.now() - buildStarted;
  const buildLoad = load();
  const heapEngine = heapUsed();
  const docBytes = (heapDocs - heapBefore) / VEHICLES;
  const engineBytes = (heapEngine - heapDocs) / VEHICLES;
  console.log(
    `Engine only (generated documents already in memory): index built in ${(buildMs / 1000).toFixed(2)} s (CPU ${(buildCpu.user / 1e6).toFixed(2)} s user + ${(buildCpu.system / 1e6).toFixed(2)} s system, GC threads included);`,
  );
  console.log(
    `  per vehicle: engine ${engineBytes.toFixed(0)} B (columns, dictionaries, keyword index), generated document ${docBytes.toFixed(0)} B.\n`,
  );

  const settings = defaultSiteSettings();
  const keys = new SearchKeys({ masterKey: MASTER_KEY, engine, now: () => FAKE_NOW_MS });
  const siteKey = deriveSiteSearchKey(MASTER_KEY, SITE_ID);
  keys.setSites([
    {
      siteId: SITE_ID,
      slug: "bench-site",
      searchKey: siteKey,
      baseFilter: (nowMs) => siteStockFilter(settings, { manufacturer: null }, nowMs),
    },
  ]);
  const pages = benchPages(64, settings);
  const options = { siteId: SITE_ID, nowMs: FAKE_NOW_MS, soldDays: settings.includeSoldCarsDays };
  const queriesPerPage = pages[0]!.queries.length;
  console.log(
    `One page = ${queriesPerPage} queries (hits + ${queriesPerPage - 1} facets: ${pages[0]!.facets.join(", ")}); ${pages.length} distinct pages replayed.\n`,
  );

  const engineTotals = pages.map((page) => {
    const outcome = multiSearch(engine, keys, { siteId: SITE_ID }, { queries: page.queries });
    if (!outcome.ok) throw new Error(outcome.body.message);
    return outcome.body.results[0]!.estimatedTotalHits!;
  });

  const peers: Peer[] = [
    peer(
      "engine, in-process",
      pages,
      150,
      (page) => multiSearch(engine, keys, { siteId: SITE_ID }, { queries: page.queries }),
      {
        note: "results cache off",
      },
    ),
  ];
  const keywordPages = benchPages(64, settings, 8, true);
  peers.push(
    peer(
      "engine, in-process, keyword pages",
      keywordPages,
      80,
      (page) => multiSearch(engine, keys, { siteId: SITE_ID }, { queries: page.queries }),
      {
        note: "q typed (prefix, typos), highlighted; engine only",
      },
    ),
    peer(
      "engine, in-process, results cache on",
      pages,
      150,
      (page) => multiSearch(engine, keys, { siteId: SITE_ID }, { queries: page.queries }),
      {
        note: "repeat pages served from the cache",
        before: () => engine.resultsCache.setLimit(1000),
        after: () => engine.resultsCache.setLimit(0),
      },
    ),
  );

  const app = express();
  app.use("/search-api", createSearchApi({ engine, keys }));
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  // Rounds of other peers can idle the connection longer than Node's 5 s keep-alive default.
  server.keepAliveTimeout = 10 * 60_000;
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/search-api/multi-search`;
  peers.push(
    peer(
      "engine over HTTP (loopback, keep-alive)",
      pages,
      80,
      async (page) => {
        const response = await fetch(url, {
          method: "POST",
          headers: { Authorization: `Bearer ${siteKey}`, "Content-Type": "application/json" },
          body: JSON.stringify({ queries: page.queries }),
        });
        if (response.status !== 200) throw new Error(`HTTP ${response.status}`);
        await response.arrayBuffer();
      },
      { note: "fetch → Express → same code path, results cache off" },
    ),
  );

  // The index as the server holds it (built from the database, in its own process).
  let serverMeasure: ServerMeasure | null = null;
  let serverSkipped = "";
  {
    const pgUrl = new URL(PG_URL);
    if (pgUrl.username === "") pgUrl.username = PG_USER;
    console.log("The index as the server holds it:");
    const probe = new pg.Client({
      connectionString: pgUrl.toString(),
      connectionTimeoutMillis: 3000,
    });
    let reachable = false;
    try {
      await probe.connect();
      reachable = true;
    } catch (error) {
      serverSkipped = `PostgreSQL at ${PG_URL} is unreachable (${(error as Error).message})`;
      console.log(`  ${serverSkipped}: skipped.`);
    } finally {
      await probe.end().catch(() => undefined);
    }
    if (reachable) {
      serverMeasure = await measureServer(pgUrl.toString(), vehicles, pages);
      const { report, baseline } = serverMeasure;
      const perVehicle =
        (serverMeasure.served.rss - baseline.served.rss) / Math.max(1, report.vehicles);
      console.log(
        `  ${report.kind === "platform" ? "Platform server (production build)" : "Search server (no production build: database, sites, index and search API)"}: ${report.vehicles.toLocaleString("en-AU")} vehicles indexed from the database in ${(report.indexMs / 1000).toFixed(2)} s (rows to documents ${(report.vehiclesLoadMs / 1000).toFixed(2)} s, indexing ${(report.vehiclesIndexMs / 1000).toFixed(2)} s); whole start ${(report.startMs / 1000).toFixed(2)} s, CPU ${(report.startCpuMs / 1000).toFixed(2)} s.`,
      );
      if (serverMeasure.othersCpuSeconds !== null) {
        console.log(
          `  Meanwhile the rest of the machine (PostgreSQL serving the rows, other processes) used ${serverMeasure.othersCpuSeconds.toFixed(1)} s of CPU (load average then ${serverMeasure.load}).`,
        );
      }
      console.log(
        `  RSS ${mb(serverMeasure.started.rss)} after start, ${mb(serverMeasure.served.rss)} after ${serverMeasure.pagesServed} search pages over HTTP (${mb(serverMeasure.collected.rss)} after a full GC; heap ${mb(serverMeasure.collected.heapUsed)}, typed arrays ${mb(serverMeasure.collected.arrayBuffers)}).`,
      );
      console.log(
        `  The same server without vehicles: RSS ${mb(baseline.served.rss)} after the same pages; so ${perVehicle.toFixed(0)} B of RSS per vehicle.\n`,
      );
    }
  }

  const checkTotals = async (label: string, total: (page: BenchPage) => Promise<number>) => {
    let agree = 0;
    for (const [i, page] of pages.entries()) if ((await total(page)) === engineTotals[i]) agree++;
    console.log(
      `  ${label}: result counts agree with the engine on ${agree}/${pages.length} pages`,
    );
  };

  console.log("Loading the peers:");
  // PGlite (in-memory)
  const pglite = new PGlite();
  await pglite.waitReady;
  const pgliteSql = pglite as unknown as Sql;
  const pgliteTable = "bench_vehicles";
  const pgliteStarted = performance.now();
  await createVehicleTable(pgliteSql, pgliteTable, vehicles, "copy-blob");
  console.log(
    `  PGlite: table loaded in ${((performance.now() - pgliteStarted) / 1000).toFixed(1)} s`,
  );
  await checkTotals("PGlite", (page) => sqlTotal(pgliteSql, pgliteTable, page, options));
  peers.push(
    peer("SQL on PGlite (in-memory)", pages, 4, (page) =>
      runSqlPage(pgliteSql, pgliteTable, page, options),
    ),
  );

  // PostgreSQL
  const pgUrl = new URL(PG_URL);
  if (pgUrl.username === "") pgUrl.username = PG_USER;
  const pool = new pg.Pool({
    connectionString: pgUrl.toString(),
    max: 1,
    connectionTimeoutMillis: 3000,
  });
  const pgTable = `bench_search_${process.pid}_${Date.now()}`;
  let pgLoaded = false;
  // An interrupted run still drops its table.
  const dropOnExit = () => {
    void pool.query(`DROP TABLE IF EXISTS ${pgTable}`).finally(() => process.exit(130));
  };
  try {
    await pool.query("SELECT 1");
    process.once("SIGINT", dropOnExit);
    process.once("SIGTERM", dropOnExit);
    const started = performance.now();
    await createVehicleTable(pool, pgTable, vehicles, "json-batches");
    pgLoaded = true;
    console.log(
      `  PostgreSQL: table ${pgTable} loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    await checkTotals("PostgreSQL", (page) => sqlTotal(pool, pgTable, page, options));
    peers.push(
      peer("SQL on PostgreSQL (loopback)", pages, 8, (page) =>
        runSqlPage(pool, pgTable, page, options),
      ),
    );
  } catch (error) {
    if (pgLoaded) throw error;
    console.log(
      `  PostgreSQL at ${PG_URL} is unreachable or refused the table (${(error as Error).message}): skipped.`,
    );
  }

  // Orama
  const oramaStarted = performance.now();
  const orama = await createOrama(vehicles);
  console.log(
    `  Orama: ${VEHICLES.toLocaleString("en-AU")} documents inserted in ${((performance.now() - oramaStarted) / 1000).toFixed(1)} s`,
  );
  await checkTotals("Orama", (page) => oramaTotal(orama, page, options));
  peers.push(
    peer("Orama 3 (in-process)", pages, 1, (page) => runOramaPage(orama, page, options), {
      note: "numeric facets as range buckets",
    }),
  );

  const rounds = Number(process.env.BENCH_ROUNDS ?? 16);
  console.log(
    `\nMeasuring in ${rounds} interleaved rounds (${peers.map((p) => `${p.perRound} ${p.name}`).join(", ")} pages per round)...`,
  );
  let rows: Row[];
  try {
    rows = await measureInRounds(peers, rounds);
  } finally {
    server.closeAllConnections();
    server.close();
    await pglite.close();
    await pool.query(`DROP TABLE IF EXISTS ${pgTable}`).catch(() => undefined);
    process.off("SIGINT", dropOnExit);
    process.off("SIGTERM", dropOnExit);
    await pool.end();
  }

  // Table
  console.log(
    `Load average at the end: ${load()} (other processes share the machine; ratios are measured in the same rounds).`,
  );
  const engineRow = rows[0]!;
  console.log(
    `\nOne search results page (hits + one query per facet), site of ${SITE_VEHICLES.toLocaleString("en-AU")} vehicles in ${VEHICLES.toLocaleString("en-AU")}:\n`,
  );
  const header = ["peer", "pages", "p50 ms", "p99 ms", "p50 vs engine", "note"];
  const lines = rows.map((r) => [
    r.name,
    String(r.pages),
    ms(r.p50),
    ms(r.p99),
    r === engineRow
      ? "1×"
      : `${(r.p50 / engineRow.p50).toFixed(r.p50 / engineRow.p50 < 10 ? 2 : 0)}×`,
    r.note ?? "",
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    `| ${cells.map((c, i) => (i === 0 || i === 5 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
  console.log(format(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 || i === 5 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`,
  );
  for (const line of lines) console.log(format(line));

  const pgRow = rows.find((r) => r.name.startsWith("SQL on PostgreSQL"));
  const underOneMs = engineRow.p50 < 1;
  const ratio = pgRow ? pgRow.p50 / engineRow.p50 : null;
  console.log("\nBudget:");
  console.log(`  engine p50 ${ms(engineRow.p50)} ms < 1 ms: ${underOneMs ? "PASS" : "FAIL"}`);
  console.log(
    ratio === null
      ? "  ≥ 20× faster than SQL on PostgreSQL: not measured (PostgreSQL unreachable)"
      : `  ${ratio.toFixed(0)}× faster than SQL on PostgreSQL (≥ 20×): ${ratio >= 20 ? "PASS" : "FAIL"}`,
  );
  if (serverMeasure) {
    const { report } = serverMeasure;
    console.log(
      `  index build from the database ${(report.indexMs / 1000).toFixed(2)} s (server start CPU ${(report.startCpuMs / 1000).toFixed(2)} s; load average then ${serverMeasure.load}) < 10 s: ${report.indexMs < 10_000 ? "PASS" : "FAIL"}`,
    );
    console.log(
      `  server RSS ${mb(serverMeasure.served.rss)} with ${report.vehicles.toLocaleString("en-AU")} vehicles indexed < 1 GB: ${serverMeasure.served.rss < 1e9 ? "PASS" : "FAIL"}`,
    );
  } else {
    console.log(`  index build from the database and server RSS: not measured (${serverSkipped})`);
  }
  console.log(
    `  (engine-only index build of the generated documents: ${(buildMs / 1000).toFixed(2)} s wall, ${((buildCpu.user + buildCpu.system) / 1e6).toFixed(2)} s CPU, load average then ${buildLoad})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
