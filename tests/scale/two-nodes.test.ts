/**
 * Two web nodes (server/main.ts as two processes) on one PostgreSQL database and one Redis, the
 * way docs/deployment.md runs N nodes behind a load balancer:
 * - a stock change and a settings change written to the database and announced on the change
 *   bus (as every writer does) show on both nodes within a second: search results and cached pages;
 * - leads posted to both nodes are delivered exactly once with both delivery workers running;
 * - the per-client lead limit is counted once between the two;
 * - a node killed with SIGKILL loses nothing: its claimed deliveries are taken over.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL (.ci/run sets both); skipped with a notice otherwise.
 */
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { eq, inArray } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client";
import { leadEvents, leads, sites, vehicles } from "~/server/db/schema";
import { ChangeBus } from "~/server/events/change-bus";
import { saveVehicle } from "~/server/stock/vehicle-store";
import { validLead } from "../leads/support/lead-client";
import { SmtpSink } from "../leads/support/smtp-sink";
import { startNode, type NodeProcess } from "../support/node-process";
import {
  createScratchDatabase,
  testDatabaseKind,
  type ScratchDatabase,
} from "../support/test-database";
import { outboxSettled } from "../leads/support/outbox";

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const enabled = Boolean(DATABASE_URL && REDIS_URL) && testDatabaseKind === "postgres";
if (!DATABASE_URL || !REDIS_URL)
  console.warn(
    "Skipping the two-node test: set TEST_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test) and TEST_REDIS_URL (redis://127.0.0.1:6379)",
  );

const SITE = "coastal-kia";
const MASTER_KEY = "two-nodes-master-key-0123456789";
const LEAD_LIMIT = 30;

type Answer = { status: number; body: string };

function send(
  node: NodeProcess,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: node.port,
        path,
        method: init.method ?? "GET",
        headers: {
          host: `${SITE}.localhost:${node.port}`,
          ...(body
            ? {
                "content-type": "application/json",
                "content-length": String(Buffer.byteLength(body)),
              }
            : {}),
          ...init.headers,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const postLead = (node: NodeProcess, message: string) =>
  send(node, "/api/leads", { method: "POST", body: { lead: validLead({ message }) } });

/** Polls `check` until it holds; the milliseconds it took from `since`. */
async function visibleAfter(
  since: number,
  what: string,
  check: () => Promise<boolean>,
): Promise<number> {
  for (;;) {
    if (await check()) return performance.now() - since;
    if (performance.now() - since > 30_000) throw new Error(`${what} never became visible`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

describe.skipIf(!enabled)("two web nodes on one PostgreSQL and one Redis", () => {
  const smtp = new SmtpSink();
  const prefix = `two-nodes-${randomUUID()}:`;
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  let bus: ChangeBus;
  let redis: Redis;
  let a: NodeProcess;
  let b: NodeProcess;
  const posted: string[] = [];

  beforeAll(async () => {
    await smtp.start();
    scratch = await createScratchDatabase("two_nodes", { demo: true });
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: REDIS_URL!,
      REDIS_KEY_PREFIX: prefix,
      SEARCH_MASTER_KEY: MASTER_KEY,
      SMTP_URL: smtp.url,
      LEAD_POLL_MS: "100",
      LEAD_RETRY_BASE_MS: "100",
      LEAD_DELIVERY_LEASE_MS: "1000",
      LEAD_RATE_LIMIT: String(LEAD_LIMIT),
    };
    // Both start on a copy of the demo database, one after the other.
    a = await startNode(env);
    b = await startNode(env);
    // A writer of its own, as the import CLI or a feed job would be.
    handle = await openDatabase({ url: scratch.url });
    bus = new ChangeBus(handle.pool);
    await bus.start();
    redis = new Redis(REDIS_URL!);
  });

  afterAll(async () => {
    await a?.stop("SIGKILL");
    await b?.stop("SIGKILL");
    await bus?.stop();
    await handle?.close();
    const keys = (await redis?.keys(`${prefix}*`)) ?? [];
    if (keys.length > 0) await redis.del(...keys);
    await redis?.quit();
    await scratch?.drop();
    await smtp.stop();
  });

  it("shows a stock change and a settings change on both nodes within a second", async () => {
    const db = handle.db;
    const [site] = await db.select().from(sites).where(eq(sites.slug, SITE));
    const sitemap = await send(b, "/sitemap.xml");
    const vdpPath = new URL(/<loc>([^<]*\/cars\/[^<]*)<\/loc>/.exec(sitemap.body)![1]!).pathname;
    const slug = vdpPath.split("/").filter(Boolean).at(-1)!;
    const [vehicle] = await db
      .select()
      .from(vehicles)
      .where(eq(vehicles.slug, slug))
      .then((rows) => rows.filter((v) => v.siteId === site!.id));
    expect(vehicle, `vehicle ${slug}`).toBeDefined();
    const stocknum = `TWONODES${randomUUID().slice(0, 6).toUpperCase()}`;

    const searchHits = async (node: NodeProcess) => {
      const answer = await send(node, "/search-api/multi-search", {
        method: "POST",
        headers: { authorization: `Bearer ${site!.searchKey}` },
        body: { queries: [{ indexUid: "Car_production", q: stocknum, limit: 5 }] },
      });
      return (JSON.parse(answer.body) as { results: Array<{ hits: Array<{ price: number }> }> })
        .results[0]!.hits;
    };

    const stock: number[] = [];
    const settings: number[] = [];
    for (let trial = 1; trial <= 5; trial += 1) {
      // Stock: a new price, searchable and on the (cached) vehicle page of both nodes.
      const price = 31_007 + trial * 100;
      const shown = price.toLocaleString("en-AU");
      for (const node of [a, b]) await send(node, vdpPath); // cache the page as it is
      const { id: _id, ...row } = vehicle!;
      const since = performance.now();
      await saveVehicle(db, bus, { ...row, stocknum, price });
      const latencies = await Promise.all(
        [a, b].map((node) =>
          visibleAfter(since, `the new price on port ${node.port}`, async () => {
            const hits = await searchHits(node);
            if (hits[0]?.price !== price) return false;
            const page = await send(node, vdpPath);
            return page.body.includes(shown);
          }),
        ),
      );
      stock.push(Math.max(...latencies));

      // Settings: a new brand colour on every (cached) page.
      const colour = `#1${trial}3a5${trial}`;
      for (const node of [a, b]) await send(node, "/");
      const started = performance.now();
      await db
        .update(sites)
        .set({
          settings: { ...site!.settings, theme: { ...site!.settings.theme, primary: colour } },
        })
        .where(eq(sites.id, site!.id));
      await bus.publish({ kind: "settings", siteId: site!.id });
      const settingLatencies = await Promise.all(
        [a, b].map((node) =>
          visibleAfter(started, `the new colour on port ${node.port}`, async () =>
            (await send(node, "/")).body.includes(colour),
          ),
        ),
      );
      settings.push(Math.max(...settingLatencies));
    }
    const round = (values: number[]) => values.map((v) => Math.round(v)).join(", ");
    console.log(
      `visible on both nodes after (ms): stock ${round(stock)} (median ${Math.round(median(stock))}); settings ${round(settings)} (median ${Math.round(median(settings))})`,
    );
    expect(median(stock)).toBeLessThan(1_000);
    expect(median(settings)).toBeLessThan(1_000);
  });

  it("delivers leads posted to both nodes exactly once", async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => postLead(i % 2 ? a : b, `Two nodes ${i}`)),
    );
    expect(answers.filter((r) => r.status !== 201).map((r) => r.body)).toEqual([]);
    const ids = answers.map((r) => (JSON.parse(r.body) as { id: string }).id);
    posted.push(...ids);
    await smtp.waitFor(() => ids.every((id) => smtp.countsByLead().has(id)), 60_000, "20 leads");
    await outboxSettled(handle.db, ids);
    const counts = smtp.countsByLead();
    expect(ids.filter((id) => counts.get(id) !== 1)).toEqual([]);
    const events = await handle.db.select().from(leadEvents).where(inArray(leadEvents.leadId, ids));
    // Both workers took part.
    const workers = new Set(
      events
        .filter((e) => e.kind === "delivery.attempt")
        .map((e) => (e.data as { worker: string }).worker.split("-")[0]),
    );
    console.log(`20 leads delivered by ${workers.size} node(s)`);
  });

  it("counts a client's leads once between the two nodes", async () => {
    // The previous test used 20 of this client's leads on this site.
    const answers: Answer[] = [];
    for (let i = 0; i < 20; i += 1) answers.push(await postLead(i % 2 ? a : b, `Limit ${i}`));
    const accepted = answers.filter((r) => r.status === 201);
    posted.push(...accepted.map((r) => (JSON.parse(r.body) as { id: string }).id));
    expect(accepted).toHaveLength(LEAD_LIMIT - 20);
    expect(answers.slice(LEAD_LIMIT - 20).map((r) => r.status)).toEqual(
      answers.slice(LEAD_LIMIT - 20).map(() => 429),
    );
  });

  it("loses nothing when a node is killed mid-delivery", async () => {
    // A new window for the limit: the keys are this test's own.
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    smtp.holdMs = 1_500;
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => postLead(a, `Before the kill ${i}`)),
    );
    expect(answers.map((r) => r.status)).toEqual(answers.map(() => 201));
    const ids = answers.map((r) => (JSON.parse(r.body) as { id: string }).id);
    await smtp.waitFor(() => smtp.inFlight > 0, 30_000, "a delivery in flight");
    await a.stop("SIGKILL");
    smtp.holdMs = 0;

    await smtp.waitFor(
      () => [...posted, ...ids].every((id) => smtp.countsByLead().has(id)),
      60_000,
      "every lead after the kill",
    );
    await expect
      .poll(
        async () =>
          (await handle.db.select().from(leads).where(inArray(leads.id, ids))).filter(
            (l) => l.deliveryStatus === "delivered",
          ).length,
        { timeout: 30_000 },
      )
      .toBe(10);
    const events = await handle.db.select().from(leadEvents).where(inArray(leadEvents.leadId, ids));
    const counts = smtp.countsByLead();
    for (const id of ids) {
      const attempts = events.filter(
        (e) => e.leadId === id && (e.kind === "delivery.attempt" || e.kind === "delivery.retry"),
      ).length;
      expect(counts.get(id), `lead ${id}: sent more often than attempted`).toBeLessThanOrEqual(
        attempts,
      );
    }
  });
});
