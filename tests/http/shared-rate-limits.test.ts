/**
 * Per-client limits shared through Redis (REDIS_URL): two web nodes allow a client the limit
 * once between them, and a node whose Redis is down still takes leads. The shared case needs
 * the Redis of TEST_REDIS_URL (.ci/run sets it, as it sets TEST_DATABASE_URL); without it that
 * case is skipped with a notice.
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RATE_LIMITED_MESSAGE } from "~/server/leads/guard";
import { RedisRateLimiter } from "~/server/http/rate-limiter";
import type { RunningServer } from "~/server/start";
import { randomClientIp, sendJson, validLead } from "../leads/support/lead-client";
import { startTestServer } from "../support/test-server";

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL)
  console.warn("Skipping the tests against Redis: set TEST_REDIS_URL (redis://127.0.0.1:6379)");

describe.skipIf(!REDIS_URL)("per-client limits in Redis", () => {
  // Keys of this run only: test files run side by side on one Redis.
  const prefix = `test-${randomUUID()}:`;
  const clients: Redis[] = [];
  const nodes: RunningServer[] = [];

  beforeAll(async () => {
    const env = {
      REDIS_URL: REDIS_URL!,
      REDIS_KEY_PREFIX: prefix,
      LEAD_RATE_LIMIT: "3",
      LEAD_DELIVERY: "false",
    };
    nodes.push(...(await Promise.all([startTestServer(env), startTestServer(env)])));
  });
  afterAll(async () => {
    await Promise.all(nodes.map((node) => node.close()));
    const cleanup = new Redis(REDIS_URL!);
    const keys = await cleanup.keys(`${prefix}*`);
    if (keys.length > 0) await cleanup.del(...keys);
    await cleanup.quit();
    for (const client of clients) client.disconnect();
  });

  it("counts a key's hits from two connections together", async () => {
    const [a, b] = [new Redis(REDIS_URL!), new Redis(REDIS_URL!)];
    clients.push(a, b);
    // Until a connection is ready each limiter counts alone (see the unreachable case).
    await Promise.all([a.ping(), b.ping()]);
    const nodeA = new RedisRateLimiter(a, `${prefix}unit`, 3, 60_000);
    const nodeB = new RedisRateLimiter(b, `${prefix}unit`, 3, 60_000);
    const hits = [
      await nodeA.hit("k"),
      await nodeB.hit("k"),
      await nodeA.hit("k"),
      await nodeB.hit("k"),
    ];
    expect(hits.map((h) => h.allowed)).toEqual([true, true, true, false]);
    expect(hits[3]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(hits[3]!.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect((await nodeB.hit("other key")).allowed).toBe(true);
  });

  it("refuses a client's fourth lead across two nodes with the limit of 3, and lets another client in", async () => {
    const ip = randomClientIp();
    const post = (node: RunningServer, clientIp = ip) =>
      sendJson(
        node,
        "POST",
        "/api/leads",
        { lead: validLead() },
        { headers: { "x-forwarded-for": clientIp } },
      );
    const [first, second] = nodes as [RunningServer, RunningServer];
    const statuses = [
      (await post(first)).status,
      (await post(second)).status,
      (await post(first)).status,
    ];
    expect(statuses).toEqual([201, 201, 201]);
    const refused = await post(second);
    expect(refused.status).toBe(429);
    expect(refused.json.error).toBe(RATE_LIMITED_MESSAGE);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    expect((await post(second, randomClientIp())).status).toBe(201);
  });
});

describe("a node whose Redis is down", () => {
  let node: RunningServer;
  beforeAll(async () => {
    // Nothing listens on port 1.
    node = await startTestServer({
      REDIS_URL: "redis://127.0.0.1:1",
      LEAD_RATE_LIMIT: "2",
      LEAD_DELIVERY: "false",
    });
  });
  afterAll(async () => {
    await node?.close();
  });

  it("still accepts leads, and limits a client on its own", async () => {
    const headers = { "x-forwarded-for": randomClientIp() };
    const post = () => sendJson(node, "POST", "/api/leads", { lead: validLead() }, { headers });
    expect([(await post()).status, (await post()).status, (await post()).status]).toEqual([
      201, 201, 429,
    ]);
  });
});
