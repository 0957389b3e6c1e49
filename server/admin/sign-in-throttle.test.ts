/**
 * The sign-in lock-out (docs/product/back-office.md, "Signing in"): attempts counted before the
 * password check, atomically, so parallel attempts get no more checks than the limits; per
 * client, per account and client, per known device; reset requests on counters of their own;
 * shared by every node through Redis (TEST_REDIS_URL, else that case is skipped with a notice).
 */
import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { createSignInThrottle, RESET_LIMITS, SIGN_IN_LIMITS } from "./sign-in-throttle";
import type { SignInThrottle } from "./sign-in-throttle";

const allowedOf = async (
  throttle: SignInThrottle,
  attempts: Parameters<SignInThrottle["attempt"]>[0][],
) => (await Promise.all(attempts.map((a) => throttle.attempt(a)))).filter((r) => r.allowed).length;

const times = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));

function sharedCases(make: () => SignInThrottle) {
  it("lets through at most the account's limit of parallel attempts from one client", async () => {
    const throttle = make();
    const allowed = await allowedOf(
      throttle,
      times(30, () => ({ email: "a@example.com", clientIp: "10.0.0.1", deviceId: null })),
    );
    expect(allowed).toBe(SIGN_IN_LIMITS.accountPerClient);
    // The same account from another client, and from a known device, is not locked.
    expect(
      (await throttle.attempt({ email: "A@example.com", clientIp: "10.0.0.2", deviceId: null }))
        .allowed,
    ).toBe(true);
    expect(
      (await throttle.attempt({ email: "a@example.com", clientIp: "10.0.0.1", deviceId: "dev" }))
        .allowed,
    ).toBe(true);
  });

  it("lets through at most the client's limit of parallel attempts across accounts", async () => {
    const throttle = make();
    const allowed = await allowedOf(
      throttle,
      times(30, (i) => ({ email: `user${i}@example.com`, clientIp: "192.0.2.1", deviceId: null })),
    );
    expect(allowed).toBe(SIGN_IN_LIMITS.client);
    expect(
      (await throttle.attempt({ email: "x@example.com", clientIp: "192.0.2.2", deviceId: null }))
        .allowed,
    ).toBe(true);
  });

  it("gives a success's count back, and keeps reset requests apart from sign-in", async () => {
    const throttle = make();
    const who = { email: "b@example.com", clientIp: "198.51.100.1", deviceId: null };
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < SIGN_IN_LIMITS.accountPerClient - 1; i++)
        expect((await throttle.attempt(who)).allowed).toBe(true);
      const last = await throttle.attempt(who);
      expect(last.allowed).toBe(true);
      if (last.allowed) await last.succeeded();
    }
    const resets = await Promise.all(
      times(30, () => throttle.resetRequest("b@example.com", "198.51.100.1")),
    );
    expect(resets.filter(Boolean).length).toBe(RESET_LIMITS.account);
    expect((await throttle.attempt(who)).allowed).toBe(true);
  });
}

describe("Signing in (back-office.md): the lock-out", () => {
  sharedCases(() => createSignInThrottle(null));
});

const REDIS_URL = process.env.TEST_REDIS_URL;
if (!REDIS_URL)
  console.warn("Skipping the lock-out in Redis: set TEST_REDIS_URL (redis://127.0.0.1:6379)");

describe.skipIf(!REDIS_URL)("Signing in (back-office.md): the lock-out in Redis", () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const client of clients) client.disconnect();
  });
  const node = async (prefix: string) => {
    const redis = new Redis(REDIS_URL!, { maxRetriesPerRequest: 1 });
    clients.push(redis);
    await redis.ping();
    return createSignInThrottle(redis, prefix);
  };

  it("is shared by two nodes: parallel attempts on both get the limit once", async () => {
    const prefix = `test-${randomBytes(4).toString("hex")}:`;
    const [one, two] = [await node(prefix), await node(prefix)];
    const attempts = times(30, (i) => ({
      node: i % 2 ? one : two,
      attempt: { email: "shared@example.com", clientIp: "10.1.0.1", deviceId: null },
    }));
    const results = await Promise.all(attempts.map((a) => a.node.attempt(a.attempt)));
    expect(results.filter((r) => r.allowed).length).toBe(SIGN_IN_LIMITS.accountPerClient);
  });
});
