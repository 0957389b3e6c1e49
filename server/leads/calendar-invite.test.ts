import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { calendarInvite, escapeText, foldLine, type CalendarEvent } from "./calendar-invite";

const event = (overrides: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: "booking-1234@coastal-kia.localhost",
  // 9:30am in Sydney (AEDT, +11:00) on a Tuesday in November.
  start: "2026-11-23T22:30:00.000Z",
  durationMinutes: 30,
  timeZone: "Australia/Sydney",
  summary: "Test drive (requested): 2024 Kia Sportage at Coastal Kia",
  description:
    "Test drive requested; Coastal Kia will confirm the time with you.\nMap: https://example.com/?q=1,2",
  location: "Coastal Kia, 1 Beach Rd, Manly NSW 2095",
  url: "https://www.google.com/maps/search/?api=1&query=1%20Beach%20Rd",
  organizer: { name: "Coastal Kia", email: "sales@coastal-kia.example" },
  status: "TENTATIVE",
  stamp: new Date("2026-11-20T01:02:03Z"),
  ...overrides,
});

function parse(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const vevent = calendar.getFirstSubcomponent("vevent")!;
  for (const zone of calendar.getAllSubcomponents("vtimezone"))
    ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  return { calendar, vevent, e: new ICAL.Event(vevent) };
}

describe("calendar invite (RFC 5545)", () => {
  it("starts at the slot's wall-clock time in the booking time zone, the same instant", () => {
    const ics = calendarInvite(event());
    expect(ics).toContain("DTSTART;TZID=Australia/Sydney:20261124T093000\r\n");
    const { e, calendar } = parse(ics);
    expect(calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(e.startDate.toJSDate().toISOString()).toBe("2026-11-23T22:30:00.000Z");
    expect(e.endDate.toJSDate().toISOString()).toBe("2026-11-23T23:00:00.000Z");
    expect(e.uid).toBe("booking-1234@coastal-kia.localhost");
    expect(e.summary).toBe("Test drive (requested): 2024 Kia Sportage at Coastal Kia");
    expect(e.location).toBe("Coastal Kia, 1 Beach Rd, Manly NSW 2095");
    expect(e.description).toBe(event().description);
    expect(e.component.getFirstPropertyValue("status")).toBe("TENTATIVE");
  });

  it("describes the zone as it is at the slot: summer time in Sydney, standard time in July", () => {
    expect(calendarInvite(event())).toMatch(
      /BEGIN:DAYLIGHT\r\nDTSTART:20261004T020000\r\nTZOFFSETFROM:\+1000\r\nTZOFFSETTO:\+1100/,
    );
    const winter = calendarInvite(event({ start: "2026-07-14T23:30:00.000Z" }));
    expect(winter).toContain("DTSTART;TZID=Australia/Sydney:20260715T093000");
    expect(winter).toMatch(
      /BEGIN:STANDARD\r\nDTSTART:20260405T030000\r\nTZOFFSETFROM:\+1100\r\nTZOFFSETTO:\+1000/,
    );
    expect(parse(winter).e.startDate.toJSDate().toISOString()).toBe("2026-07-14T23:30:00.000Z");
  });

  it("works for a US zone, and for a zone without summer time", () => {
    const chicago = calendarInvite(
      event({ start: "2026-11-24T15:30:00.000Z", timeZone: "America/Chicago" }),
    );
    expect(chicago).toContain("DTSTART;TZID=America/Chicago:20261124T093000");
    expect(chicago).toContain("TZOFFSETTO:-0600");
    expect(parse(chicago).e.startDate.toJSDate().toISOString()).toBe("2026-11-24T15:30:00.000Z");
    const brisbane = calendarInvite(event({ timeZone: "Australia/Brisbane" }));
    expect(brisbane).toContain("DTSTART;TZID=Australia/Brisbane:20261124T083000");
    expect(brisbane).toMatch(/BEGIN:STANDARD[\s\S]*TZOFFSETTO:\+1000/);
  });

  it("falls back to UTC for a zone the platform does not know", () => {
    const ics = calendarInvite(event({ timeZone: "Mars/Olympus" }));
    expect(ics).toContain("DTSTART:20261123T223000Z\r\n");
    expect(ics).not.toContain("VTIMEZONE");
  });

  it("ends every line in CRLF, folds at 75 octets and escapes text", () => {
    const ics = calendarInvite(event({ summary: "Ünïcödé ".repeat(20), durationMinutes: 90 }));
    expect(ics.replace(/\r\n/g, "")).not.toContain("\n");
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics).toContain("DURATION:PT1H30M");
    expect(parse(ics).e.summary).toBe("Ünïcödé ".repeat(20));
    expect(escapeText("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
    expect(foldLine("x".repeat(80))).toBe(`${"x".repeat(75)}\r\n ${"x".repeat(5)}`);
  });
});
