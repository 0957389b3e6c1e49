/**
 * Per-client limits (lead posts, registration lookups, phone reveals): fixed windows of hits per
 * key. One web node counts in its own memory; with REDIS_URL set every node counts in Redis, so
 * N nodes behind a load balancer allow a client the limit once, not N times.
 */
import type { Redis } from "ioredis";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";

export type RateLimitHit = { allowed: boolean; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts a hit; not allowed once the key is over its limit in the current window. */
  hit(key: string): Promise<RateLimitHit>;
}

/** Counters in process memory. `now` is for tests. */
export class MemoryRateLimiter implements RateLimiter {
  readonly #windows = new Map<string, { count: number; resetAt: number }>();
  #lastSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  async hit(key: string, now = Date.now()): Promise<RateLimitHit> {
    this.#sweep(now);
    let window = this.#windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.#windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.limit,
      retryAfterSeconds: Math.ceil((window.resetAt - now) / 1000),
    };
  }

  #sweep(now: number): void {
    if (now - this.#lastSweep < this.windowMs) return;
    this.#lastSweep = now;
    for (const [key, window] of this.#windows) if (window.resetAt <= now) this.#windows.delete(key);
  }
}

/**
 * Counters in Redis, shared by every node. When Redis cannot be reached the node counts in its
 * own memory until it can (the library's insurance limiter): a visitor's lead is never refused
 * because the limiter's store is down.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly #limiter: RateLimiterRedis;

  constructor(
    redis: Redis,
    /** The Redis key prefix of this limiter's counters. */
    keyPrefix: string,
    limit: number,
    windowMs: number,
  ) {
    const duration = Math.max(1, Math.ceil(windowMs / 1000));
    this.#limiter = new RateLimiterRedis({
      storeClient: redis,
      keyPrefix,
      points: limit,
      duration,
      rejectIfRedisNotReady: true,
      insuranceLimiter: new RateLimiterMemory({ points: limit, duration }),
    });
  }

  async hit(key: string): Promise<RateLimitHit> {
    try {
      const res = await this.#limiter.consume(key);
      return { allowed: true, retryAfterSeconds: Math.ceil(res.msBeforeNext / 1000) };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)),
      };
    }
  }
}

/** Makes the limiters of this process: in Redis when it has a client, else in memory. */
export type RateLimiterFactory = (name: string, limit: number, windowMs: number) => RateLimiter;

export function rateLimiterFactory(redis: Redis | null, keyPrefix = ""): RateLimiterFactory {
  return (name, limit, windowMs) =>
    redis
      ? new RedisRateLimiter(redis, `${keyPrefix}rate-limit:${name}`, limit, windowMs)
      : new MemoryRateLimiter(limit, windowMs);
}
