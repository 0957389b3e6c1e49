/**
 * A burst of leads (`npm run bench:lead-burst`): 1,000 leads posted at once (over 100 keep-alive
 * connections, as from a load balancer) to the platform on embedded PGlite (on disk, as
 * `npm start` runs it) and on PostgreSQL (BENCH_PG_URL, default postgres://postgres@127.0.0.1:5432/test;
 * skipped when it does not answer). Each lead's latency is from sending to the 201, which comes
 * only after the lead is committed; the table prints p50 and p99. The peer, in the same run on the
 * same database: the same rows (lead, event, delivery job) inserted by 1,000 concurrent
 * transactions without the app. The delivery worker is off, so the burst measures intake alone.
 * A second peer isolates HTTP: a bare `node:http` server in the same process that reads each
 * lead's JSON and answers the same 201 with no database, sent the same burst by the same client.
 * On a busy machine the wall times follow its load; the CPU time the process spent on each burst
 * (client included, the same for both) does much less: the table prints the app's and the HTTP
 * peer's, and their ratio.
 *
 * Budget: p99 under 2 s on PGlite and on PostgreSQL.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { Agent, createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { pino } from "pino";
import { openDatabase, type DatabaseHandle } from "~/server/db/client";
import { leadDeliveries, leadEvents, leads, sites } from "~/server/db/schema";
import { parseEnv } from "~/server/env";
import { startServer } from "~/server/start";

const LEADS = Number(process.env.BENCH_LEADS ?? 1000);
const PG_URL = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

function post(port: number, agent: Agent, i: number): Promise<number> {
  const body = JSON.stringify({
    lead: {
      first_name: "Jane",
      last_name: "Citizen",
      email: `burst.${i}.${randomUUID().slice(0, 8)}@example.com`,
      phone: "0411 222 333",
      postcode: "4215",
      category: "General Enquiry",
      message: `Burst lead ${i}`,
    },
  });
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path: "/api/leads",
        method: "POST",
        agent,
        headers: {
          host: `coastal-kia.localhost:${port}`,
          "content-type": "application/json",
          "content-length": String(Buffer.byteLength(body)),
        },
      },
      (res) => {
        res.resume();
        res.on("end", () =>
          res.statusCode === 201
            ? resolve(performance.now() - started)
            : reject(new Error(`lead ${i}: ${res.statusCode}`)),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** The peer: the rows a lead writes, in one transaction each, all at once, without the app. */
async function peer(handle: DatabaseHandle): Promise<number[]> {
  const [site] = await handle.db.select({ id: sites.id }).from(sites).limit(1);
  return Promise.all(
    Array.from({ length: LEADS }, async (_, i) => {
      const started = performance.now();
      await handle.db.transaction(async (tx) => {
        const id = randomUUID();
        await tx.insert(leads).values({
          id,
          siteId: site!.id,
          category: "General Enquiry",
          formCompleted: true,
          deliveryStatus: "pending",
          target: "email",
          payload: { first_name: "Jane", message: `Peer lead ${i}` },
          fingerprint: id,
        });
        await tx
          .insert(leadEvents)
          .values({ leadId: id, siteId: site!.id, kind: "created", data: {} });
        await tx
          .insert(leadDeliveries)
          .values({ leadId: id, siteId: site!.id, channel: "email", target: "leads@example.com" });
      });
      return performance.now() - started;
    }),
  );
}

/** The process's CPU time since `started`, in ms. */
function cpuMs(started: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(started);
  return (user + system) / 1000;
}

/** The HTTP peer: the same burst to a bare node:http server that parses each lead and answers 201. */
async function httpPeer(): Promise<{ latencies: number[]; cpu: number }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const { lead } = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
        lead: { category: string };
      };
      const id = randomUUID();
      res.writeHead(201, {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
      });
      res.end(
        JSON.stringify({ id, lead_id: id, completed: true, success_url: `/?${lead.category}` }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const agent = new Agent({ keepAlive: true, maxSockets: 100 });
  try {
    const { port } = server.address() as AddressInfo;
    const started = process.cpuUsage();
    const latencies = await Promise.all(
      Array.from({ length: LEADS }, (_, i) => post(port, agent, i)),
    );
    return { latencies, cpu: cpuMs(started) };
  } finally {
    agent.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

async function measure(kind: string, open: () => Promise<DatabaseHandle>) {
  const server = await startServer(
    parseEnv({
      NODE_ENV: "production",
      DEMO: "true",
      PORT: "0",
      HOST: "127.0.0.1",
      LEAD_DELIVERY: "false",
      LEAD_RATE_LIMIT: "1000000",
      PAGE_CACHE: "false",
    }),
    { logger: pino({ level: "silent" }), database: await open() },
  );
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 100 });
    const started = performance.now();
    const cpuStarted = process.cpuUsage();
    const app = await Promise.all(
      Array.from({ length: LEADS }, (_, i) => post(server.port, agent, i)),
    );
    const appTotal = performance.now() - started;
    const appCpu = cpuMs(cpuStarted);
    agent.destroy();
    const peerStarted = performance.now();
    const direct = await peer(server.database);
    const peerTotal = performance.now() - peerStarted;
    const http = await httpPeer();
    return { kind, app, appTotal, appCpu, direct, peerTotal, http };
  } finally {
    await server.close();
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "lead-burst-"));
const runs = [];
try {
  runs.push(
    await measure("PGlite (disk)", () => openDatabase({ dataDir: join(dataDir, "pglite") })),
  );
  const admin = new pg.Client({ connectionString: PG_URL });
  const schema = `bench_burst_${randomUUID().slice(0, 8)}`;
  let onPostgres = false;
  try {
    await admin.connect();
    onPostgres = true;
  } catch {
    console.log(`PostgreSQL at ${PG_URL} does not answer: measured on PGlite only.`);
  }
  if (onPostgres) {
    try {
      runs.push(await measure("PostgreSQL", () => openDatabase({ url: PG_URL, schema })));
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`Lead burst: ${LEADS} leads posted at once over 100 keep-alive connections (ms)`);
console.log(
  "database          app p50  app p99  all stored   peer p50  peer p99  peer all   p99 ratio  http p99  http ratio  app cpu  http cpu  cpu ratio",
);
for (const r of runs) {
  console.log(
    [
      r.kind.padEnd(16),
      percentile(r.app, 50).toFixed(0).padStart(8),
      percentile(r.app, 99).toFixed(0).padStart(8),
      r.appTotal.toFixed(0).padStart(11),
      percentile(r.direct, 50).toFixed(0).padStart(10),
      percentile(r.direct, 99).toFixed(0).padStart(9),
      r.peerTotal.toFixed(0).padStart(9),
      (percentile(r.app, 99) / percentile(r.direct, 99)).toFixed(2).padStart(11),
      percentile(r.http.latencies, 99).toFixed(0).padStart(9),
      (percentile(r.app, 99) / percentile(r.http.latencies, 99)).toFixed(2).padStart(11),
      r.appCpu.toFixed(0).padStart(8),
      r.http.cpu.toFixed(0).padStart(9),
      (r.appCpu / r.http.cpu).toFixed(2).padStart(10),
    ].join(" "),
  );
}
