/**
 * The sign-in lock-out (docs/product/back-office.md, "Signing in"): failures per account and
 * per client, cleared by a success; shared by every node through Redis (TEST_REDIS_URL, else
 * that case is skipped with a notice).
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createSignInThrottle, SIGN_IN_LIMITS } from "./sign-in-throttle";

describe("Signing in (back-office.md): the lock-out", () => {
  it("locks an account after its failures, from any client, until cleared", async () => {
    const throttle = createSignInThrottle(null);
    for (let i = 0; i < SIGN_IN_LIMITS.account; i++) {
      expect(await throttle.lockedFor("A@example.com", `10.0.0.${i}`)).toBe(0);
      await throttle.recordFailure("a@example.com", `10.0.0.${i}`);
    }
    expect(await throttle.lockedFor("a@example.com", "10.9.9.9")).toBeGreaterThan(0);
    expect(await throttle.lockedFor("b@example.com", "10.9.9.9")).toBe(0);
    await throttle.clear("a@example.com");
    expect(await throttle.lockedFor("a@example.com", "10.9.9.9")).toBe(0);
  });

  it("locks a client after its failures across accounts", async () => {
    const throttle = createSignInThrottle(null);
    for (let i = 0; i < SIGN_IN_LIMITS.client; i++)
      await throttle.recordFailure(`user${i}@example.com`, "192.0.2.1");
    expect(await throttle.lockedFor("fresh@example.com", "192.0.2.1")).toBeGreaterThan(0);
    expect(await throttle.lockedFor("fresh@example.com", "192.0.2.2")).toBe(0);
  });
});

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL)
  console.warn("Skipping the lock-out in Redis: set TEST_REDIS_URL (redis://127.0.0.1:6379)");

describe.skipIf(!REDIS_URL)("Signing in (back-office.md): the lock-out in Redis", () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const client of clients) client.disconnect();
  });

  it("is shared by two nodes", async () => {
    const prefix = `test-${randomBytes(4).toString("hex")}:`;
    const node = () => {
      const redis = new Redis(REDIS_URL!, { maxRetriesPerRequest: 1 });
      clients.push(redis);
      return createSignInThrottle(redis, prefix);
    };
    const [one, two] = [node(), node()];
    for (let i = 0; i < SIGN_IN_LIMITS.account; i++)
      await (i % 2 ? one : two).recordFailure("shared@example.com", `10.1.0.${i}`);
    expect(await one.lockedFor("shared@example.com", "10.1.1.1")).toBeGreaterThan(0);
    expect(await two.lockedFor("shared@example.com", "10.1.1.1")).toBeGreaterThan(0);
    await two.clear("shared@example.com");
    expect(await one.lockedFor("shared@example.com", "10.1.1.1")).toBe(0);
  });
});
