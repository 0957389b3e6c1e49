import { describe, expect, it } from "vitest";
import { visitorSources } from "./ui-constants";

describe("Constants (constants.md)", () => {
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
});
