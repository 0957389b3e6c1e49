import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryRateLimiter, RedisRateLimiter, rateLimiterFactory } from "./rate-limiter";

describe("MemoryRateLimiter", () => {
  it("limits a key per window, and each window starts afresh", async () => {
    const limiter = new MemoryRateLimiter(2, 1000);
    const allowed = async (key: string, now: number) => (await limiter.hit(key, now)).allowed;
    expect([await allowed("a", 0), await allowed("a", 1), await allowed("a", 2)]).toEqual([
      true,
      true,
      false,
    ]);
    expect(await allowed("b", 2)).toBe(true);
    expect(await allowed("a", 1001)).toBe(true);
    expect((await limiter.hit("a", 1500)).retryAfterSeconds).toBe(1);
  });

  it("is what a process without Redis uses", () => {
    expect(rateLimiterFactory(null)("leads", 5, 60_000)).toBeInstanceOf(MemoryRateLimiter);
  });
});

describe("RedisRateLimiter with Redis unreachable", () => {
  // Nothing listens on port 1: every command fails at once (no offline queue).
  const redis = new Redis("redis://127.0.0.1:1", {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: true,
  });
  redis.on("error", () => {});
  afterAll(() => redis.disconnect());

  it("counts in this process instead, so requests are neither refused nor failed", async () => {
    const limiter = new RedisRateLimiter(redis, "test:unreachable", 2, 60_000);
    const hits = [
      await limiter.hit("client"),
      await limiter.hit("client"),
      await limiter.hit("client"),
    ];
    expect(hits.map((h) => h.allowed)).toEqual([true, true, false]);
    expect(hits[2]!.retryAfterSeconds).toBeGreaterThan(0);
    expect(hits[2]!.retryAfterSeconds).toBeLessThanOrEqual(60);
  });
});
