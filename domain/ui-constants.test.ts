import { describe, expect, it } from "vitest";
import {
  BREAKPOINTS,
  HISTORY_DECADES,
  PAYMENT_METHODS,
  PROMOTION_SLIDER_HEIGHT,
  TOOLTIP_DELAY_MS,
  COLLAPSE_ANIMATION_MS,
  visitorSources,
} from "./ui-constants";
import { CAROUSEL_AUTOPLAY_MS } from "./site-constants";

describe("Constants (constants.md)", () => {
  it("breakpoints xs 400, sm 576, md 768, lg 992, xl 1200, xxl 1400", () => {
    expect(BREAKPOINTS).toEqual({ xs: 400, sm: 576, md: 768, lg: 992, xl: 1200, xxl: 1400 });
  });
  it("durations: collapse 300 ms, tooltip 0, carousel 3000 to 4000 ms; slider height 531", () => {
    expect([COLLAPSE_ANIMATION_MS, TOOLTIP_DELAY_MS, PROMOTION_SLIDER_HEIGHT]).toEqual([
      300, 0, 531,
    ]);
    expect(CAROUSEL_AUTOPLAY_MS).toEqual({ min: 3000, max: 4000 });
  });
  it("visitor sources: the default list or the alternative one", () => {
    expect(visitorSources({ visitorSources: "default" })).toEqual([
      "Facebook",
      "Google",
      "Word of Mouth",
      "Other",
    ]);
    expect(visitorSources({ visitorSources: "alternative" })).toEqual([
      "Meta",
      "Google Search/Ads",
      "Cinema",
      "Radio",
      "Outdoor/Shopping Centre",
      "Referral/Word of Mouth",
      "Other",
    ]);
  });
  it("payments strip and the history page's eight decades", () => {
    expect(PAYMENT_METHODS).toEqual(["Mastercard", "Visa", "Maestro", "Google Pay", "Apple Pay"]);
    expect(HISTORY_DECADES).toHaveLength(8);
    expect([HISTORY_DECADES[0], HISTORY_DECADES[7]]).toEqual(["1950s", "2020s"]);
  });
});
