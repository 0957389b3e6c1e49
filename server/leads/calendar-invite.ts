/**
 * The calendar invite of a booking (RFC 5545): one VEVENT whose start is the slot's wall-clock
 * time in the booking time zone (DTSTART;TZID=...), with that zone described in a VTIMEZONE read
 * from the platform's time zone data, so a calendar that does not know the zone's name still puts
 * the booking at the right instant. Lines end in CRLF, are folded at 75 octets, and text values
 * are escaped.
 */

export type CalendarEvent = {
  /** Stable per booking: a calendar updates the same event when it sees it again. */
  uid: string;
  /** The slot's start (an ISO instant). */
  start: string;
  durationMinutes: number;
  /** IANA zone the booking's times are in; UTC when it is not a zone the platform knows. */
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  url: string | null;
  organizer: { name: string; email: string } | null;
  /** TENTATIVE while the dealership has still to confirm the time. */
  status: "TENTATIVE" | "CONFIRMED";
  /** When the invite was made (DTSTAMP). */
  stamp: Date;
};

const PRODUCT_ID = "-//Dealer Sites//Bookings//EN";

/** Escapes a TEXT value: backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** A parameter value (a name in CN=...): quoted, without the characters a quoted value cannot hold. */
function paramValue(value: string): string {
  return `"${value.replace(/["\r\n]/g, "")}"`;
}

/** Folds a content line at 75 octets, never inside a UTF-8 character (RFC 5545 3.1). */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, "utf8");
    // The first line holds 75 octets; each continuation starts with a space, so 74 more.
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

function utcStamp(at: Date): string {
  return (
    `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}T` +
    `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}Z`
  );
}

/** The wall-clock time of an instant in a zone, as a DATE-TIME without a zone. */
function localStamp(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "00";
  return `${part("year")}${part("month")}${part("day")}T${part("hour")}${part("minute")}${part("second")}`;
}

/** The zone's offset from UTC at an instant, in minutes. */
function offsetMinutes(instant: number, timeZone: string): number {
  const local = localStamp(instant, timeZone);
  const asUtc = Date.UTC(
    Number(local.slice(0, 4)),
    Number(local.slice(4, 6)) - 1,
    Number(local.slice(6, 8)),
    Number(local.slice(9, 11)),
    Number(local.slice(11, 13)),
    Number(local.slice(13, 15)),
  );
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${pad(abs % 60)}`;
}

function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone });
    return true;
  } catch {
    return false;
  }
}

const DAY = 86_400_000;

/**
 * The zone's rule in force at `instant`, as one observance: it began at the last change of offset
 * in the year before (found day by day, then to the minute), or a year before when none.
 */
function vtimezone(timeZone: string, instant: number): string[] {
  const offset = offsetMinutes(instant, timeZone);
  let changedAt: number | null = null;
  for (let day = 1; day <= 366 && changedAt === null; day += 1) {
    if (offsetMinutes(instant - day * DAY, timeZone) !== offset) {
      let before = instant - day * DAY;
      let after = instant - (day - 1) * DAY;
      while (after - before > 60_000) {
        const middle = before + Math.floor((after - before) / 120_000) * 60_000;
        if (offsetMinutes(middle, timeZone) === offset) after = middle;
        else before = middle;
      }
      changedAt = after;
    }
  }
  const from = changedAt === null ? offset : offsetMinutes(changedAt - 60_000, timeZone);
  const began = changedAt ?? instant - 366 * DAY;
  // Of two offsets a year holds, the larger is summer time.
  const yearOffsets = [0, 91, 182, 273].map((d) => offsetMinutes(instant - d * DAY, timeZone));
  const daylight = offset > Math.min(...yearOffsets);
  const kind = daylight ? "DAYLIGHT" : "STANDARD";
  return [
    "BEGIN:VTIMEZONE",
    `TZID:${timeZone}`,
    `BEGIN:${kind}`,
    // DTSTART of an observance is local time in the offset it ends (TZOFFSETFROM).
    `DTSTART:${utcStamp(new Date(Math.floor((began + from * 60_000) / 60_000) * 60_000)).slice(0, 15)}`,
    `TZOFFSETFROM:${offsetText(from)}`,
    `TZOFFSETTO:${offsetText(offset)}`,
    `END:${kind}`,
    "END:VTIMEZONE",
  ];
}

/** The invite as an iCalendar object (METHOD:PUBLISH: added to the shopper's calendar as is). */
export function calendarInvite(event: CalendarEvent): string {
  const instant = Date.parse(event.start);
  const zoned = event.timeZone !== "UTC" && isKnownZone(event.timeZone);
  const hours = Math.floor(event.durationMinutes / 60);
  const minutes = event.durationMinutes % 60;
  const duration = `PT${hours > 0 ? `${hours}H` : ""}${minutes > 0 || hours === 0 ? `${minutes}M` : ""}`;
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    `PRODID:${PRODUCT_ID}`,
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...(zoned ? vtimezone(event.timeZone, instant) : []),
    "BEGIN:VEVENT",
    `UID:${event.uid}`,
    `DTSTAMP:${utcStamp(event.stamp)}`,
    zoned
      ? `DTSTART;TZID=${event.timeZone}:${localStamp(instant, event.timeZone)}`
      : `DTSTART:${utcStamp(new Date(instant))}`,
    `DURATION:${duration}`,
    `SUMMARY:${escapeText(event.summary)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `LOCATION:${escapeText(event.location)}`,
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer
      ? [`ORGANIZER;CN=${paramValue(event.organizer.name)}:mailto:${event.organizer.email}`]
      : []),
    `STATUS:${event.status}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return `${lines.map(foldLine).join("\r\n")}\r\n`;
}
