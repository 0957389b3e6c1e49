import { describe, expect, it } from "vitest";
import { dayRange, staffTimeText, staffZone } from "./staff-time";

const sydney = staffZone("Australia/Sydney", "en-AU");
const austin = staffZone("America/Chicago", "en-US");
const auckland = staffZone("Pacific/Auckland", "en-NZ");

describe("Times (back-office.md)", () => {
  it.each([
    ["2026-11-28T05:11:00Z", sydney, "28 Nov 2026, 4:11 pm AEDT"],
    ["2026-06-28T05:11:00Z", sydney, "28 June 2026, 3:11 pm AEST"],
    ["2026-11-28T22:11:00Z", austin, "Nov 28, 2026, 4:11 pm CST"],
    ["2026-11-28T03:11:00Z", auckland, "28 Nov 2026, 4:11 pm NZDT"],
    ["2026-11-28T05:11:00Z", staffZone(undefined, "en-AU"), "28 Nov 2026, 5:11 am UTC"],
  ])("%s in %j reads %j", (iso, zone, text) => {
    expect(staffTimeText(iso, zone)).toBe(text);
  });

  it("shows seconds where order within a minute matters", () => {
    expect(staffTimeText(new Date("2026-11-28T05:11:05Z"), sydney, "second")).toBe(
      "28 Nov 2026, 4:11:05 pm AEDT",
    );
  });

  it("reads a zone this runtime does not know as UTC, named", () => {
    expect(staffZone("Mars/Olympus", "en-AU")).toEqual({ timeZone: "UTC", locale: "en-AU" });
  });

  it("filters by the dealership's days: midnight to midnight in its zone, daylight saving included", () => {
    expect(dayRange({ from: "2026-11-28", to: "2026-11-28" }, "Australia/Sydney")).toEqual({
      start: new Date("2026-11-27T13:00:00Z"),
      end: new Date("2026-11-28T13:00:00Z"),
    });
    // Sydney's clocks go forward on 4 October 2026: that day has 23 hours.
    expect(dayRange({ from: "2026-10-04", to: "2026-10-04" }, "Australia/Sydney")).toEqual({
      start: new Date("2026-10-03T14:00:00Z"),
      end: new Date("2026-10-04T13:00:00Z"),
    });
    expect(dayRange({ to: "2026-12-31" }, "America/Chicago")).toEqual({
      start: undefined,
      end: new Date("2027-01-01T06:00:00Z"),
    });
  });
});
