import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isTrackingParameter, splitTrackingParameters } from "./page-cache";

const trackingName = fc.constantFrom(
  "gclid",
  "fbclid",
  "msclkid",
  "gbraid",
  "wbraid",
  "dclid",
  "_ga",
  "_gl",
  "UTM_Source",
  "utm_medium",
  "utm_campaign",
  "utm_term",
  "utm_content",
  "utm_id",
);
const value = fc.string({ maxLength: 12 }).map(encodeURIComponent);
const otherName = fc
  .stringMatching(/^[a-z_][a-z0-9_]{0,9}$/)
  .filter((name) => !isTrackingParameter(name));

describe("tracking parameters and the page cache key", () => {
  it("takes every tracking parameter off, anywhere in the query, and keeps the rest as sent", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("/", "/special-offers", "/search/new-used-and-demo-cars"),
        fc.array(fc.tuple(otherName, value), { maxLength: 4 }),
        fc.array(fc.tuple(trackingName, value), { minLength: 1, maxLength: 4 }),
        fc.infiniteStream(fc.boolean()),
        (path, own, tracking, coin) => {
          const ownPairs = own.map(([n, v]) => `${n}=${v}`);
          const trackingPairs = tracking.map(([n, v]) => `${n}=${v}`);
          // Interleave the two lists in a random order.
          const pairs: string[] = [];
          const [a, b] = [[...ownPairs], [...trackingPairs]];
          for (const heads of coin) {
            if (a.length === 0 && b.length === 0) break;
            const from = (heads && a.length > 0) || b.length === 0 ? a : b;
            pairs.push(from.shift()!);
          }
          const split = splitTrackingParameters(`${path}?${pairs.join("&")}`);
          expect(split.url).toBe(ownPairs.length ? `${path}?${ownPairs.join("&")}` : path);
          expect(split.tracking).toBe(trackingPairs.join("&"));
        },
      ),
    );
  });

  it("leaves a URL without tracking parameters alone, malformed encoding included", () => {
    for (const url of ["/", "/cars/x?page=2", "/search/%?q=%ff", "/a?&&b=1", "/a?utmost=1"])
      expect(splitTrackingParameters(url)).toEqual({ url, tracking: "" });
  });
});
