import { describe, expect, it } from "vitest";
import {
  adPixelEvent,
  ANALYTICS_EVENTS,
  analyticsEvent,
  chatMessageEventId,
  isFormSubmissionEvent,
  multiStepEventName,
  pageTypeForPath,
} from "./analytics-events";

describe("Events and their ids (analytics.md)", () => {
  it("there are 61 numbered event types, ids 1 to 61", () => {
    expect(ANALYTICS_EVENTS).toHaveLength(61);
    expect(ANALYTICS_EVENTS.map((e) => e.id)).toEqual(Array.from({ length: 61 }, (_, i) => i + 1));
    expect(analyticsEvent(0)).toBeNull();
    expect(analyticsEvent(62)).toBeNull();
  });

  it("the named ids", () => {
    expect(analyticsEvent(25)?.name).toBe("Click on Phone");
    expect(analyticsEvent(48)?.name).toBe("Test Drive");
  });

  it("ids the product reference leaves unnamed are named by their id", () => {
    expect(analyticsEvent(26)?.name).toBe("Event 26");
    expect(analyticsEvent(61)?.name).toBe("Event 61");
    expect(analyticsEvent(7)?.name).toBe("Virtual Page View 7");
  });

  it("virtual page views are 1 to 13", () => {
    expect(ANALYTICS_EVENTS.filter((e) => e.virtualPageView).map((e) => e.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13,
    ]);
  });

  it("form submissions are 14 to 24, 27, 28, 40, 42, 44 to 48, 51 and 56, reported to the ad pixel as Lead", () => {
    const expected = [
      14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 27, 28, 40, 42, 44, 45, 46, 47, 48, 51, 56,
    ];
    for (const event of ANALYTICS_EVENTS) {
      expect(isFormSubmissionEvent(event.id)).toBe(expected.includes(event.id));
      expect(adPixelEvent(event.id)).toBe(expected.includes(event.id) ? "Lead" : null);
    }
  });

  it("multi-step event names end in ' - Step {n}'", () => {
    expect(multiStepEventName("Finance Application", 2)).toBe("Finance Application - Step 2");
  });

  it("Chat events: a live chat message is counted only within 10 s (55 first, 57 later)", () => {
    expect(chatMessageEventId(true, 0)).toBe(55);
    expect(chatMessageEventId(false, 10_000)).toBe(57);
    expect(chatMessageEventId(true, 10_001)).toBeNull();
  });

  it("tracked page types", () => {
    expect(pageTypeForPath("/")).toBe("Home");
    expect(pageTypeForPath("/search/used-cars?make=Kia")).toBe("Vehicle Inventory Listing");
    expect(pageTypeForPath("/cars/abc")).toBe("New and Used Vehicle Inventory Details");
    expect(pageTypeForPath("/motorcycles/abc", "motorcycles")).toBe(
      "New and Used Vehicle Inventory Details",
    );
    expect(pageTypeForPath("/special-offers")).toBe("Special Offers");
    expect(pageTypeForPath("/pages/book-a-service")).toBe("Service");
    expect(pageTypeForPath("/finance")).toBe("Finance");
    expect(pageTypeForPath("/contact-us/sydney")).toBe("Contact");
    expect(pageTypeForPath("/about-us")).toBe("About/Information");
  });
});
