import { describe, expect, it } from "vitest";
import { backoffDelay } from "./backoff";

describe("backoff", () => {
  it("doubles from the base with each retry, up to the longest wait", () => {
    const middle = () => 0.5;
    expect(backoffDelay(1, { baseMs: 30_000 }, middle)).toBe(30_000);
    expect(backoffDelay(2, { baseMs: 30_000 }, middle)).toBe(60_000);
    expect(backoffDelay(5, { baseMs: 30_000 }, middle)).toBe(480_000);
    expect(backoffDelay(20, { baseMs: 30_000 }, middle)).toBe(3_600_000);
    expect(backoffDelay(7, { baseMs: 100, maxMs: 5_000, jitter: 0 })).toBe(5_000);
  });

  it("spreads each wait by the jitter either way", () => {
    expect(backoffDelay(1, { baseMs: 30_000 }, () => 0)).toBe(24_000);
    expect(backoffDelay(1, { baseMs: 30_000 }, () => 1)).toBe(36_000);
    expect(backoffDelay(1, { baseMs: 100, jitter: 0 }, () => 1)).toBe(100);
  });
});
