import { describe, expect, it } from "vitest";
import {
  groupOpeningHours,
  normaliseSpecialHours,
  specialHoursText,
  upcomingSpecialHours,
  type OpeningHoursEntry,
} from "./opening-hours";

const open = (weekday: number, hours = "8:00am - 5:30pm"): OpeningHoursEntry => ({
  weekday,
  status: "Open",
  formated_hours: hours,
  open: null,
  close: null,
});
const closed = (weekday: number): OpeningHoursEntry => ({
  weekday,
  status: "Closed",
  formated_hours: null,
});

describe("Opening hours (sites-and-settings.md): Mon-Fri grouped when the five weekdays share hours", () => {
  it("groups a shared working week", () => {
    const week = [
      closed(0),
      open(1),
      open(2),
      open(3),
      open(4),
      open(5),
      open(6, "9:00am - 1:00pm"),
    ];
    expect(groupOpeningHours(week)).toEqual([
      { label: "Mon-Fri", status: "Open", hours: "8:00am - 5:30pm" },
      { label: "Sat", status: "Open", hours: "9:00am - 1:00pm" },
      { label: "Sun", status: "Closed", hours: "Closed" },
    ]);
  });

  it("lists each day when one weekday differs", () => {
    const week = [
      open(1),
      open(2),
      open(3),
      open(4, "8:00am - 8:00pm"),
      open(5),
      closed(6),
      closed(0),
    ];
    expect(groupOpeningHours(week).map((r) => r.label)).toEqual([
      "Mon",
      "Tue",
      "Wed",
      "Thu",
      "Fri",
      "Sat",
      "Sun",
    ]);
  });

  it("lists each day when a weekday is missing", () => {
    expect(groupOpeningHours([open(1), open(2), open(3), open(4)]).map((r) => r.label)).toEqual([
      "Mon",
      "Tue",
      "Wed",
      "Thu",
    ]);
  });

  it("uses open and close when there is no formatted text", () => {
    expect(
      groupOpeningHours([{ weekday: 6, status: "Open", open: "9:00", close: "12:00" }]),
    ).toEqual([{ label: "Sat", status: "Open", hours: "9:00 - 12:00" }]);
  });
});

describe("Opening hours (sites-and-settings.md): a special hours entry, start_hour/end_hour or hours.begin/hours.end", () => {
  it("reads both shapes alike", () => {
    const a = normaliseSpecialHours({
      date: "2025-12-25",
      status: "Open",
      start_hour: "10:00",
      end_hour: "14:00",
      location_id: 1,
    });
    const b = normaliseSpecialHours({
      date: "2025-12-25",
      status: "Open",
      hours: { begin: "10:00", end: "14:00" },
      location_id: 1,
    });
    expect(a).toEqual(b);
    expect(specialHoursText(a)).toBe("10:00 - 14:00");
    expect(specialHoursText(normaliseSpecialHours({ date: "2025-12-26", status: "Closed" }))).toBe(
      "Closed",
    );
  });

  it("the holiday hours of a location from today, by date", () => {
    const list = upcomingSpecialHours(
      [
        { date: "2025-12-26", status: "Closed", location_id: 1 },
        { date: "2025-12-25", status: "Closed", location_id: 2 },
        {
          date: "2025-12-24",
          status: "Open",
          start_hour: "9:00",
          end_hour: "12:00",
          location_id: 1,
        },
        { date: "2025-01-01", status: "Closed", location_id: 1 },
        { date: "2026-01-01", status: "Closed", location_id: null },
      ],
      1,
      "2025-12-20",
    );
    expect(list.map((h) => h.date)).toEqual(["2025-12-24", "2025-12-26", "2026-01-01"]);
  });
});
