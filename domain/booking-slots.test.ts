import { describe, expect, it } from "vitest";
import {
  availableSlots,
  calendarWeeks,
  checkSlot,
  clockLabel,
  describeSlot,
  hoursOn,
  parseClockTime,
  zonedInstant,
  type SlotInput,
} from "./booking-slots";
import type { OpeningHoursEntry } from "./opening-hours";

const weekdays = (
  open: string,
  close: string,
  saturday: [string, string] | null = null,
): OpeningHoursEntry[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => {
    const hours = weekday === 0 ? null : weekday === 6 ? saturday : [open, close];
    return hours
      ? { weekday, status: "Open" as const, open: hours[0], close: hours[1] }
      : { weekday, status: "Closed" as const, open: null, close: null };
  });

// Monday 23 November 2026, 08:00 in Sydney (UTC+11 in summer) = Sunday 21:00 UTC.
const mondayMorningSydney = Date.UTC(2026, 10, 22, 21, 0);

function input(overrides: Partial<SlotInput> = {}): SlotInput {
  return {
    openingHours: weekdays("09:00", "12:00"),
    specialHours: [],
    taken: [],
    now: mondayMorningSydney,
    rules: {
      slotMinutes: 60,
      capacity: 1,
      daysAhead: 7,
      noticeMinutes: 0,
      timeZone: "Australia/Sydney",
    },
    ...overrides,
  };
}

describe("clock times", () => {
  it.each([
    ["08:30", 510],
    ["8:30", 510],
    ["8:30am", 510],
    ["5:30 pm", 1050],
    ["12:00am", 0],
    ["12:15pm", 735],
    ["24:00", 1440],
    ["25:00", null],
    ["later", null],
    ["", null],
  ])("reads %s as %s minutes", (text, minutes) => {
    expect(parseClockTime(text)).toBe(minutes);
  });

  it("labels times the way the site shows them", () => {
    expect(clockLabel(540)).toBe("9:00am");
    expect(clockLabel(750)).toBe("12:30pm");
    expect(clockLabel(0)).toBe("12:00am");
  });
});

describe("time zones", () => {
  it("turns a Sydney wall-clock time into its instant across daylight saving", () => {
    // Summer (AEDT, UTC+11) and winter (AEST, UTC+10).
    expect(new Date(zonedInstant("2026-11-23", 9 * 60, "Australia/Sydney")).toISOString()).toBe(
      "2026-11-22T22:00:00.000Z",
    );
    expect(new Date(zonedInstant("2026-06-15", 9 * 60, "Australia/Sydney")).toISOString()).toBe(
      "2026-06-14T23:00:00.000Z",
    );
    // Daylight saving starts on Sunday 4 October 2026 at 2am in Sydney.
    expect(new Date(zonedInstant("2026-10-04", 10 * 60, "Australia/Sydney")).toISOString()).toBe(
      "2026-10-03T23:00:00.000Z",
    );
    expect(new Date(zonedInstant("2026-11-23", 9 * 60, "America/Chicago")).toISOString()).toBe(
      "2026-11-23T15:00:00.000Z",
    );
    expect(new Date(zonedInstant("2026-11-23", 9 * 60, "Pacific/Auckland")).toISOString()).toBe(
      "2026-11-22T20:00:00.000Z",
    );
  });

  it("describes a slot in the location's time zone", () => {
    expect(describeSlot("2026-11-22T22:00:00.000Z", "Australia/Sydney")).toMatch(
      /Monday,? 23 November 2026 at 9:00am/,
    );
  });
});

describe("opening hours of a date", () => {
  const hours = weekdays("08:30", "17:30", ["09:00", "16:00"]);
  it.each([
    ["a weekday uses its entry", "2026-11-23", [], { open: 510, close: 1050 }],
    ["Sunday is closed", "2026-11-22", [], null],
    ["a special closed day wins", "2026-12-25", [{ date: "2026-12-25", status: "Closed" }], null],
    [
      "special hours as start_hour/end_hour",
      "2026-12-24",
      [{ date: "2026-12-24", status: "Open", start_hour: "09:00", end_hour: "13:00" }],
      { open: 540, close: 780 },
    ],
    [
      "special hours as hours.begin/hours.end",
      "2026-12-24",
      [{ date: "2026-12-24", status: "Open", hours: { begin: "10:00", end: "12:00" } }],
      { open: 600, close: 720 },
    ],
    [
      "special hours of another date do not apply",
      "2026-12-23",
      [{ date: "2026-12-24", status: "Closed" }],
      { open: 510, close: 1050 },
    ],
  ])("%s", (_name, date, special, expected) => {
    expect(hoursOn(date, hours, special)).toEqual(expected);
  });
});

describe("available slots", () => {
  it("offers slots from opening time that end by closing time, on open days only", () => {
    const days = availableSlots(input());
    expect(days.map((d) => d.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
    ]);
    expect(days[0]!.slots.map((s) => s.time)).toEqual(["09:00", "10:00", "11:00"]);
    expect(days[0]!.slots[0]).toEqual({
      start: "2026-11-22T22:00:00.000Z",
      date: "2026-11-23",
      time: "09:00",
      label: "9:00am",
      remaining: 1,
    });
  });

  it("no longer offers a taken slot; a slot with capacity 2 stays until both are taken", () => {
    const taken = ["2026-11-22T22:00:00.000Z"];
    expect(availableSlots(input({ taken }))[0]!.slots.map((s) => s.time)).toEqual([
      "10:00",
      "11:00",
    ]);
    expect(availableSlots(input({ taken }))[0]!.taken).toEqual([
      { start: taken[0], date: "2026-11-23", time: "09:00", label: "9:00am" },
    ]);
    const twoSeats = { ...input().rules, capacity: 2 };
    expect(availableSlots(input({ taken, rules: twoSeats }))[0]!.slots[0]).toMatchObject({
      time: "09:00",
      remaining: 1,
    });
    expect(
      availableSlots(input({ taken: [...taken, ...taken], rules: twoSeats }))[0]!.slots[0]!.time,
    ).toBe("10:00");
  });

  it("leaves out slots sooner than the notice period", () => {
    const rules = { ...input().rules, noticeMinutes: 120 };
    // 08:00 now + 2 hours notice: 10:00 is the first slot.
    expect(availableSlots(input({ rules }))[0]!.slots.map((s) => s.time)).toEqual([
      "10:00",
      "11:00",
    ]);
  });

  it("follows special hours: a holiday closes the day, a short day shortens it", () => {
    const special = [
      { date: "2026-11-24", status: "Closed" },
      { date: "2026-11-25", status: "Open", start_hour: "10:00", end_hour: "11:00" },
    ];
    const days = availableSlots(input({ specialHours: special }));
    expect(days.map((d) => d.date)).not.toContain("2026-11-24");
    expect(days.find((d) => d.date === "2026-11-25")!.slots.map((s) => s.time)).toEqual(["10:00"]);
  });
});

const everyDay = (open: string, close: string): OpeningHoursEntry[] =>
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, status: "Open" as const, open, close }));

/** The start instants (ISO) offered on one local date. */
function startsOn(overrides: Partial<SlotInput>, date: string): string[] {
  return (availableSlots(input(overrides)).find((d) => d.date === date)?.slots ?? []).map(
    (s) => s.start,
  );
}

describe("slot rules, case by case", () => {
  const sydney = input().rules;
  const newYork = { ...sydney, timeZone: "America/New_York" };
  it.each([
    {
      rule: "a weekday's hours make its slots",
      overrides: {},
      date: "2026-11-24",
      starts: ["2026-11-23T22:00:00.000Z", "2026-11-23T23:00:00.000Z", "2026-11-24T00:00:00.000Z"],
    },
    { rule: "a closed weekday (Sunday) has none", overrides: {}, date: "2026-11-29", starts: [] },
    {
      rule: "a special closed day (holiday) has none",
      overrides: { specialHours: [{ date: "2026-11-24", status: "Closed" }] },
      date: "2026-11-24",
      starts: [],
    },
    {
      rule: "a shortened special day ends early",
      overrides: {
        specialHours: [
          { date: "2026-11-24", status: "Open", start_hour: "09:00", end_hour: "10:00" },
        ],
      },
      date: "2026-11-24",
      starts: ["2026-11-23T22:00:00.000Z"],
    },
    {
      rule: "a special day opens a usually closed Sunday",
      overrides: {
        specialHours: [
          { date: "2026-11-29", status: "Open", hours: { begin: "10:00", end: "11:00" } },
        ],
      },
      date: "2026-11-29",
      starts: ["2026-11-28T23:00:00.000Z"],
    },
    {
      rule: "past slots of today are not offered (now 10:30 in Sydney)",
      overrides: { now: Date.UTC(2026, 10, 22, 23, 30) },
      date: "2026-11-23",
      starts: ["2026-11-23T00:00:00.000Z"],
    },
    {
      rule: "a taken slot is not offered",
      overrides: { taken: ["2026-11-23T23:00:00.000Z"] },
      date: "2026-11-24",
      starts: ["2026-11-23T22:00:00.000Z", "2026-11-24T00:00:00.000Z"],
    },
    {
      rule: "Sydney's daylight saving start: 9am is UTC+10 the day before, UTC+11 on the day",
      overrides: {
        openingHours: everyDay("09:00", "10:00"),
        now: Date.UTC(2026, 9, 1, 0, 0),
      },
      date: "2026-10-03",
      starts: ["2026-10-02T23:00:00.000Z"],
    },
    {
      rule: "Sydney's daylight saving start, on the day",
      overrides: {
        openingHours: everyDay("09:00", "10:00"),
        now: Date.UTC(2026, 9, 1, 0, 0),
      },
      date: "2026-10-04",
      starts: ["2026-10-03T22:00:00.000Z"],
    },
    {
      rule: "the hour Sydney's clocks skip (2am to 3am) has no slot",
      overrides: {
        openingHours: everyDay("01:00", "04:00"),
        now: Date.UTC(2026, 9, 1, 0, 0),
      },
      date: "2026-10-04",
      starts: ["2026-10-03T15:00:00.000Z", "2026-10-03T16:00:00.000Z"],
    },
    {
      rule: "New York's daylight saving end: 9am is UTC-4 on Saturday",
      overrides: {
        openingHours: everyDay("09:00", "10:00"),
        now: Date.UTC(2026, 9, 30, 12, 0),
        rules: newYork,
      },
      date: "2026-10-31",
      starts: ["2026-10-31T13:00:00.000Z"],
    },
    {
      rule: "New York's daylight saving end: 9am is UTC-5 on Monday",
      overrides: {
        openingHours: everyDay("09:00", "10:00"),
        now: Date.UTC(2026, 9, 30, 12, 0),
        rules: newYork,
      },
      date: "2026-11-02",
      starts: ["2026-11-02T14:00:00.000Z"],
    },
    {
      rule: "today is the location's date, not the server's (Friday evening in New York is Saturday in UTC)",
      overrides: {
        openingHours: everyDay("09:00", "10:00"),
        now: Date.UTC(2026, 10, 28, 1, 0),
        rules: { ...newYork, daysAhead: 1 },
      },
      date: "2026-11-27",
      starts: [],
    },
  ])("$rule", ({ overrides, date, starts }) => {
    expect(startsOn(overrides as Partial<SlotInput>, date)).toEqual(starts);
  });

  it("keeps an open day whose every time is taken, with its times as taken", () => {
    const taken = [
      "2026-11-23T22:00:00.000Z",
      "2026-11-23T23:00:00.000Z",
      "2026-11-24T00:00:00.000Z",
    ];
    const day = availableSlots(input({ taken })).find((d) => d.date === "2026-11-24")!;
    expect(day.slots).toEqual([]);
    expect(day.taken.map((s) => s.time)).toEqual(["09:00", "10:00", "11:00"]);
  });
});

describe("a booking's slot", () => {
  const taken = ["2026-11-23T22:00:00.000Z"];
  it.each([
    ["a free slot", "2026-11-23T23:00:00.000Z", "free"],
    ["a taken slot", "2026-11-23T22:00:00.000Z", "taken"],
    ["outside the day's hours (8am)", "2026-11-23T21:00:00.000Z", "unavailable"],
    ["not on a slot boundary (9:15am)", "2026-11-23T22:15:00.000Z", "unavailable"],
    ["on a closed day (Sunday)", "2026-11-28T22:00:00.000Z", "unavailable"],
    ["already past", "2026-11-22T20:00:00.000Z", "unavailable"],
    ["beyond the horizon", "2026-12-07T22:00:00.000Z", "unavailable"],
    ["not a time at all", "tomorrow", "unavailable"],
  ])("%s is %s", (_name, start, status) => {
    expect(checkSlot(input({ taken }), start).status).toBe(status);
  });
});

describe("the booking calendar", () => {
  it("shows weeks of seven days from today; closed days, taken times and days past the horizon", () => {
    const rules = { ...input().rules, daysAhead: 10 };
    const days = availableSlots(input({ rules, taken: ["2026-11-22T23:00:00.000Z"] }));
    const weeks = calendarWeeks(days, "2026-11-23", 10);
    expect(weeks).toHaveLength(2);
    expect(weeks[0]!.map((d) => d.date)).toEqual([
      "2026-11-23",
      "2026-11-24",
      "2026-11-25",
      "2026-11-26",
      "2026-11-27",
      "2026-11-28",
      "2026-11-29",
    ]);
    expect(weeks[0]!.map((d) => d.state)).toEqual([
      "open",
      "open",
      "open",
      "open",
      "open",
      "closed",
      "closed",
    ]);
    expect(weeks[1]!.map((d) => d.state)).toEqual([
      "open",
      "open",
      "open",
      "beyond",
      "beyond",
      "beyond",
      "beyond",
    ]);
    expect(weeks[0]![0]!.times.map((t) => [t.time, t.taken])).toEqual([
      ["09:00", false],
      ["10:00", true],
      ["11:00", false],
    ]);
  });
});
