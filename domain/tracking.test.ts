import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addVisitedPage, mergeTrackingParams, pickTrackingParams, trackingEvent } from "./tracking";

describe("Tracking parameters (analytics.md) kept: gclid, fbclid, utm_source, utm_medium, utm_campaign", () => {
  it("keeps exactly those five", () => {
    expect(
      pickTrackingParams(
        "https://x.example/search?gclid=G&fbclid=F&utm_source=s&utm_medium=m&utm_campaign=c&utm_term=t&make=Kia#x",
      ),
    ).toEqual({ gclid: "G", fbclid: "F", utm_source: "s", utm_medium: "m", utm_campaign: "c" });
    expect(pickTrackingParams("?utm_source=&make=Kia")).toEqual({});
  });

  it("a newer landing updates what is stored", () => {
    expect(mergeTrackingParams({ gclid: "old", utm_source: "a" }, { gclid: "new" })).toEqual({
      gclid: "new",
      utm_source: "a",
    });
  });
});

describe("Ids and visited pages (analytics.md): visited pages are kept, capped at 50", () => {
  it("never more than 50, the newest page last, a reload not counted twice", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom("/", "/a", "/b", "/c"), { maxLength: 120 }),
        (visits) => {
          let pages: string[] = [];
          for (const url of visits) {
            pages = addVisitedPage(pages, url);
            expect(pages.length).toBeLessThanOrEqual(50);
            expect(pages.at(-1)).toBe(url);
            expect(pages.some((p, i) => i > 0 && pages[i - 1] === p)).toBe(false);
          }
        },
      ),
    );
  });
});

describe("Tracking event (analytics.md)", () => {
  it("has the product's fields", () => {
    expect(
      trackingEvent({ website_slug: "s", url: "/", category: "c", anon_id: "a", session_id: "x" }),
    ).toEqual({
      event: {
        website_slug: "s",
        url: "/",
        category: "c",
        lead_id: null,
        anon_id: "a",
        session_id: "x",
        error_message: null,
        event_properties: {},
      },
    });
  });
});
