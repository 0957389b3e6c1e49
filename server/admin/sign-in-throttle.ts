/**
 * Lock-out of repeated sign-in failures, per account and per client: after SIGN_IN_LIMITS
 * failures in the window, further attempts are refused without checking the password until
 * the window ends. Counted in Redis when REDIS_URL is set (every web node sees the same
 * counts), else in this process. Only failures count; a successful sign-in clears the account's
 * count.
 */
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis } from "rate-limiter-flexible";
import type { RateLimiterAbstract } from "rate-limiter-flexible";

export const SIGN_IN_LIMITS = {
  /** Failures per account (e-mail address) in the window. */
  account: 5,
  /** Failures per client address in the window. */
  client: 20,
  windowSeconds: 15 * 60,
} as const;

export type SignInThrottle = {
  /** Seconds until an attempt is allowed again, or 0. */
  lockedFor(email: string, clientIp: string | null): Promise<number>;
  recordFailure(email: string, clientIp: string | null): Promise<void>;
  clear(email: string): Promise<void>;
};

export function createSignInThrottle(redis: Redis | null, keyPrefix = ""): SignInThrottle {
  const make = (name: string, points: number): RateLimiterAbstract => {
    const options = { points, duration: SIGN_IN_LIMITS.windowSeconds };
    return redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          keyPrefix: `${keyPrefix}sign-in:${name}`,
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  };
  const accounts = make("account", SIGN_IN_LIMITS.account);
  const clients = make("client", SIGN_IN_LIMITS.client);
  const accountKey = (email: string) => email.trim().toLowerCase();
  const clientKey = (ip: string | null) => ip ?? "unknown";

  const wait = async (limiter: RateLimiterAbstract, key: string, points: number) => {
    const res = await limiter.get(key).catch(() => null);
    return res && res.consumedPoints >= points
      ? Math.max(1, Math.ceil(res.msBeforeNext / 1000))
      : 0;
  };

  return {
    async lockedFor(email, clientIp) {
      const [a, c] = await Promise.all([
        wait(accounts, accountKey(email), SIGN_IN_LIMITS.account),
        wait(clients, clientKey(clientIp), SIGN_IN_LIMITS.client),
      ]);
      return Math.max(a, c);
    },
    async recordFailure(email, clientIp) {
      // penalty() counts without refusing: the check is lockedFor's.
      await Promise.all([
        accounts.penalty(accountKey(email), 1).catch(() => undefined),
        clients.penalty(clientKey(clientIp), 1).catch(() => undefined),
      ]);
    },
    async clear(email) {
      await accounts.delete(accountKey(email)).catch(() => undefined);
    },
  };
}
