import { describe, expect, it } from "vitest";
import { dateTimeInWords, durationInWords, heldUntil } from "./deposit-terms";

describe("durationInWords", () => {
  it("says minutes, hours up to two days, then whole days", () => {
    expect(durationInWords(1)).toBe("1 minute");
    expect(durationInWords(15)).toBe("15 minutes");
    expect(durationInWords(90)).toBe("90 minutes");
    expect(durationInWords(60)).toBe("1 hour");
    expect(durationInWords(48 * 60)).toBe("48 hours");
    expect(durationInWords(72 * 60)).toBe("3 days");
    expect(durationInWords(50 * 60)).toBe("50 hours");
  });
});

describe("dateTimeInWords", () => {
  it("reads the moment in the site's zone, with the zone's summer or winter name", () => {
    const summer = new Date("2026-11-30T05:11:00Z");
    expect(dateTimeInWords(summer, "Australia/Sydney", "en-AU")).toBe(
      "Monday 30 November, 4:11 pm AEDT",
    );
    expect(dateTimeInWords(new Date("2026-06-30T05:11:00Z"), "Australia/Sydney", "en-AU")).toBe(
      "Tuesday 30 June, 3:11 pm AEST",
    );
    expect(dateTimeInWords(summer, "Pacific/Auckland", "en-NZ")).toBe(
      "Monday 30 November, 6:11 pm NZDT",
    );
  });

  it("reads an unknown zone as UTC rather than failing", () => {
    expect(dateTimeInWords(new Date("2026-11-30T05:11:00Z"), "Mars/Olympus", "en-AU")).toBe(
      "Monday 30 November, 5:11 am UTC",
    );
  });

  it("holds until the payment time plus the held hours", () => {
    expect(heldUntil(new Date("2026-11-28T05:11:00Z"), { heldHours: 48 }).toISOString()).toBe(
      "2026-11-30T05:11:00.000Z",
    );
  });
});
