import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BoundedCache } from "./bounded-cache";

describe("BoundedCache", () => {
  it("never holds more bytes or entries than its budget, whatever is stored", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 50 }),
        fc.array(fc.tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 2_000 }))),
        (maxBytes, maxEntries, writes) => {
          const cache = new BoundedCache<number, string>(maxBytes, maxEntries);
          for (const [key, bytes] of writes) {
            cache.set(key, "x", bytes);
            expect(cache.bytes).toBeLessThanOrEqual(maxBytes);
            expect(cache.size).toBeLessThanOrEqual(maxEntries);
          }
        },
      ),
    );
  });

  it("drops the least recently used entry first", () => {
    const cache = new BoundedCache<string, number>(30);
    cache.set("a", 1, 10);
    cache.set("b", 2, 10);
    cache.set("c", 3, 10);
    cache.get("a");
    cache.set("d", 4, 10);
    expect(cache.peek("b")).toBeUndefined();
    expect([cache.peek("a"), cache.peek("c"), cache.peek("d")]).toEqual([1, 3, 4]);
    cache.resize("a", 25);
    expect(cache.bytes).toBeLessThanOrEqual(30);
    expect(cache.stats()).toMatchObject({ hits: 1, evictions: 3 });
  });
});
