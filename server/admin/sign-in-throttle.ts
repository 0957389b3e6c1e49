/**
 * Lock-out of repeated sign-in failures (docs/product/back-office.md, "Signing in"). An attempt
 * is counted before its password is checked, in one atomic step per counter (Redis when
 * REDIS_URL is set, so every web node counts together; else this process), and refused without
 * a check once a counter is full: parallel guesses get no more checks than sequential ones. A
 * successful sign-in gives its count back.
 *
 * The counters lock an account against the client guessing it, not against its owner:
 * - from a device that is not a known device of the account: per client (any accounts), per
 *   account and client, and per account across every such client (a bound on guesses spread
 *   over many addresses);
 * - from a known device of the account (a device cookie set at an earlier sign-in): that device's
 *   own counter only, so others' guesses never lock the owner out of their own browser.
 * Reset requests have counters of their own: asking for links never locks anyone out of signing in.
 */
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimiterAbstract } from "rate-limiter-flexible";

export const SIGN_IN_LIMITS = {
  /** Failures on one account from one client that is not a known device of it. */
  accountPerClient: 5,
  /** Failures on one account from every client that is not a known device of it, together. */
  accountAllClients: 50,
  /** Failures on one account from one of its known devices. */
  accountPerDevice: 5,
  /** Failures from one client, on any accounts (unknown devices). */
  client: 20,
  windowSeconds: 15 * 60,
} as const;

export const RESET_LIMITS = {
  /** Reset links asked for one address. */
  account: 5,
  /** Reset links asked from one client. */
  client: 20,
  windowSeconds: 15 * 60,
} as const;

export type SignInAttempt = {
  email: string;
  clientIp: string | null;
  /** The id of a known device of this account that the attempt comes from, or null. */
  deviceId: string | null;
};

export type CountedAttempt =
  | {
      allowed: true;
      /** The password was right: the attempt is not a failure (its count is given back). */
      succeeded(): Promise<void>;
    }
  | { allowed: false; retryAfterSeconds: number };

export type SignInThrottle = {
  /** Counts an attempt before its password is checked; refused once a counter is full. */
  attempt(attempt: SignInAttempt): Promise<CountedAttempt>;
  /** Counts a reset request; false once its address or client has asked too often. */
  resetRequest(email: string, clientIp: string | null): Promise<boolean>;
  /** A new password was chosen from a link: the account's counts for unknown devices end. */
  clearAccount(email: string, clientIp: string | null): Promise<void>;
};

type Counter = { limiter: RateLimiterAbstract; key: string };

export function createSignInThrottle(redis: Redis | null, keyPrefix = ""): SignInThrottle {
  const make = (name: string, points: number, duration: number): RateLimiterAbstract => {
    const options = { points, duration };
    return redis
      ? new RateLimiterRedis({
          ...options,
          storeClient: redis,
          keyPrefix: `${keyPrefix}sign-in:${name}`,
          rejectIfRedisNotReady: true,
          // While Redis is unreachable this node counts alone (never lets every guess through).
          insuranceLimiter: new RateLimiterMemory(options),
        })
      : new RateLimiterMemory(options);
  };
  const window = SIGN_IN_LIMITS.windowSeconds;
  const clients = make("client", SIGN_IN_LIMITS.client, window);
  const accountClients = make("account-client", SIGN_IN_LIMITS.accountPerClient, window);
  const accounts = make("account", SIGN_IN_LIMITS.accountAllClients, window);
  const devices = make("account-device", SIGN_IN_LIMITS.accountPerDevice, window);
  const resetAccounts = make("reset-account", RESET_LIMITS.account, RESET_LIMITS.windowSeconds);
  const resetClients = make("reset-client", RESET_LIMITS.client, RESET_LIMITS.windowSeconds);

  const accountKey = (email: string) => email.trim().toLowerCase();
  const clientKey = (ip: string | null) => ip ?? "unknown";

  /**
   * Takes one point of each counter in turn; at the first that is full, gives back the points
   * taken and answers how long to wait.
   */
  async function take(counters: Counter[]): Promise<number> {
    const taken: Counter[] = [];
    for (const counter of counters) {
      try {
        await counter.limiter.consume(counter.key, 1);
        taken.push(counter);
      } catch (rejection) {
        // A store error (its insurance failing too) counts nothing rather than locking everyone out.
        if (!(rejection instanceof RateLimiterRes)) continue;
        await Promise.all(taken.map((c) => c.limiter.reward(c.key, 1).catch(() => undefined)));
        return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
      }
    }
    return 0;
  }

  return {
    async attempt({ email, clientIp, deviceId }) {
      const account = accountKey(email);
      const client = clientKey(clientIp);
      const counters: Counter[] = deviceId
        ? [{ limiter: devices, key: `${account}|${deviceId}` }]
        : [
            { limiter: clients, key: client },
            { limiter: accountClients, key: `${account}|${client}` },
            { limiter: accounts, key: account },
          ];
      const wait = await take(counters);
      if (wait > 0) return { allowed: false, retryAfterSeconds: wait };
      return {
        allowed: true,
        async succeeded() {
          await Promise.all(
            counters.map(({ limiter, key }) =>
              // This client's (or device's) failures on the account end; shared counts get
              // this attempt's point back.
              (limiter === clients || limiter === accounts
                ? limiter.reward(key, 1)
                : limiter.delete(key)
              ).catch(() => undefined),
            ),
          );
        },
      };
    },
    async resetRequest(email, clientIp) {
      const wait = await take([
        { limiter: resetClients, key: clientKey(clientIp) },
        { limiter: resetAccounts, key: accountKey(email) },
      ]);
      return wait === 0;
    },
    async clearAccount(email, clientIp) {
      const account = accountKey(email);
      await Promise.all([
        accounts.delete(account).catch(() => undefined),
        accountClients.delete(`${account}|${clientKey(clientIp)}`).catch(() => undefined),
      ]);
    },
  };
}
