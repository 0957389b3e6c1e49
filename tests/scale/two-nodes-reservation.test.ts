/**
 * A paid reservation on one of two web nodes (server/main.ts as two processes on one PostgreSQL
 * and one Redis): both nodes show the vehicle reserved, in search and on its (cached) vehicle
 * page without the Reserve button, within a second of the payment.
 * Needs TEST_DATABASE_URL and TEST_REDIS_URL, like the two-node test; skipped otherwise.
 */
import { randomUUID } from "node:crypto";
import { request } from "node:http";
import { and, eq } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "~/server/db/client";
import { sites, vehicles } from "~/server/db/schema";
import { ChangeBus } from "~/server/events/change-bus";
import { saveVehicle } from "~/server/stock/vehicle-store";
import { startNode, type NodeProcess } from "../support/node-process";
import {
  createScratchDatabase,
  testDatabaseKind,
  type ScratchDatabase,
} from "../support/test-database";

const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL;
const enabled = Boolean(DATABASE_URL && REDIS_URL) && testDatabaseKind === "postgres";

const SITE = "coastal-kia";

type Answer = { status: number; body: string; location?: string };

function send(
  node: NodeProcess,
  path: string,
  init: { method?: string; body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: node.port,
        path,
        method: init.method ?? "GET",
        headers: {
          host: `${SITE}.localhost:${node.port}`,
          ...(init.body ? { "content-length": String(Buffer.byteLength(init.body)) } : {}),
          ...init.headers,
        },
      },
      (res) => {
        let text = "";
        res.on("data", (c: Buffer) => (text += c.toString()));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            location: res.headers.location,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(init.body);
  });
}

describe.skipIf(!enabled)("a reservation paid on one of two web nodes", () => {
  const prefix = `two-nodes-reservation-${randomUUID()}:`;
  let scratch: ScratchDatabase;
  let handle: DatabaseHandle;
  let bus: ChangeBus;
  let a: NodeProcess;
  let b: NodeProcess;

  beforeAll(async () => {
    scratch = await createScratchDatabase("two_nodes_reservation", { demo: true });
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: REDIS_URL!,
      REDIS_KEY_PREFIX: prefix,
      SEARCH_MASTER_KEY: "two-nodes-master-key-0123456789",
      LEAD_RATE_LIMIT: "1000",
      PAYMENTS_TEST_PROVIDER: "true",
    };
    a = await startNode(env);
    b = await startNode(env);
    handle = await openDatabase({ url: scratch.url });
    bus = new ChangeBus(handle.pool);
    await bus.start();
  });

  afterAll(async () => {
    await a?.stop("SIGKILL");
    await b?.stop("SIGKILL");
    await bus?.stop();
    await handle?.close();
    const redis = new Redis(REDIS_URL!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    await scratch?.drop();
  });

  it("shows the car reserved on both nodes within a second of the payment", async () => {
    const db = handle.db;
    const [site] = await db.select().from(sites).where(eq(sites.slug, SITE));
    // The site takes deposits with the built-in test provider; one of its cars can be reserved.
    await db
      .update(sites)
      .set({ settings: { ...site!.settings, paymentProvider: "test" } })
      .where(eq(sites.id, site!.id));
    await bus.publish({ kind: "settings", siteId: site!.id });
    const sitemap = await send(b, "/sitemap.xml");
    const vdpPath = new URL(/<loc>([^<]*\/cars\/[^<]*)<\/loc>/.exec(sitemap.body)![1]!).pathname;
    const slug = vdpPath.split("/").filter(Boolean).at(-1)!;
    const [vehicle] = await db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.siteId, site!.id), eq(vehicles.slug, slug)));
    const stocknum = `RSV${randomUUID().slice(0, 6).toUpperCase()}`;
    const { id: _id, ...row } = vehicle!;
    await saveVehicle(db, bus, {
      ...row,
      stocknum,
      price: 30_000,
      status: "in_stock",
      tag: null,
      reserved: false,
      showOnDealerWebsite: true,
      paymentProcessors: [
        { authorization_type: "deposit", authorization_key: "pk_test", deposit_amount: null },
      ],
    });

    const reservedIn = async (node: NodeProcess) => {
      const answer = await send(node, "/search-api/multi-search", {
        method: "POST",
        headers: {
          authorization: `Bearer ${site!.searchKey}`,
          "content-type": "application/json",
        },
        body: JSON.stringify({ queries: [{ indexUid: "Car_production", q: stocknum, limit: 1 }] }),
      });
      const hits = (
        JSON.parse(answer.body) as { results: Array<{ hits: Array<{ reserved?: boolean }> }> }
      ).results[0]!.hits;
      return hits[0]?.reserved;
    };
    // The page's own Reserve Now link (similar cars on the page have theirs).
    const offersReserve = async (node: NodeProcess) =>
      (await send(node, vdpPath)).body.includes(`href="${vdpPath}/checkout"`);
    // Both nodes know the car as reservable (and have its page cached).
    for (const node of [a, b])
      for (let i = 0; !(await offersReserve(node)) || (await reservedIn(node)) !== false; i++) {
        if (i > 300) throw new Error(`port ${node.port} never offered the reservation`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }

    const started = await send(a, "/api/reservations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        car_id: slug,
        first_name: "Sam",
        last_name: "Two",
        email: "sam@example.com",
        phone: "0412345678",
      }),
    });
    expect(started.status, started.body).toBe(201);
    const paymentPath = new URL(
      (JSON.parse(started.body) as { payment_url: string }).payment_url,
      "http://x",
    ).pathname;
    const paid = await send(a, paymentPath, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        number: "4242 4242 4242 4242",
        expiry: "12 / 34",
        cvc: "123",
        name: "Sam Two",
      }).toString(),
    });
    expect(paid.status).toBe(303);
    const since = performance.now();
    const latencies = await Promise.all(
      [a, b].map(async (node) => {
        for (;;) {
          if ((await reservedIn(node)) === true && !(await offersReserve(node)))
            return performance.now() - since;
          if (performance.now() - since > 10_000)
            throw new Error(
              `port ${node.port} never showed the car reserved: search ${String(await reservedIn(node))}, page ${String(await offersReserve(node))}`,
            );
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
      }),
    );
    console.log(`reserved on both nodes after ${latencies.map(Math.round).join(", ")} ms`);
    expect(Math.max(...latencies)).toBeLessThan(1_000);
  });
});
