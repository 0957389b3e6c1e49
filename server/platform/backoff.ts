/**
 * How long to wait before trying again: doubling from `baseMs` with each retry, at most `maxMs`,
 * spread by `jitter` either way so that workers failing together do not retry together. One
 * formula for every outbox and retry loop (lead deliveries, shopper e-mails, garage alerts, the
 * search index's updates).
 */
export type Backoff = {
  /** The wait before the first retry. */
  baseMs: number;
  /** The longest wait (an hour unless said otherwise). */
  maxMs?: number;
  /** The spread as a fraction of the wait: 0.2 is +-20% (the default); 0 is none. */
  jitter?: number;
};

/** The wait before retry number `retry` (1 = the first retry). */
export function backoffDelay(retry: number, backoff: Backoff, random = Math.random): number {
  const { baseMs, maxMs = 3_600_000, jitter = 0.2 } = backoff;
  const raw = Math.min(baseMs * 2 ** Math.max(0, retry - 1), maxMs);
  return Math.round(raw * (1 - jitter + 2 * jitter * random()));
}
