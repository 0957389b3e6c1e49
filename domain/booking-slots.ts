/**
 * Booking slots for test drives and services (docs/product/bookings.md; the slot calls are
 * `available_appointment_bookings.json` and `available_service_bookings.json`): the times a
 * location can take a booking, from its opening hours, its special (holiday) hours and the
 * bookings already taken. Times are the location's wall-clock times in the site's time zone;
 * slots are identified by their instant (ISO, UTC), so a booking names exactly one slot.
 */
import { dateTimeFormat } from "./number-format";
import {
  normaliseSpecialHours,
  type OpeningHoursEntry,
  type SpecialHoursInput,
} from "./opening-hours";

export const BOOKING_KINDS = ["test_drive", "service"] as const;
export type BookingKind = (typeof BOOKING_KINDS)[number];

export type SlotRules = {
  /** Length of a slot in minutes; slots start at opening time and end by closing time. */
  slotMinutes: number;
  /** Bookings one slot takes (1: a taken slot is no longer offered). */
  capacity: number;
  /** Days offered, today included. */
  daysAhead: number;
  /** The earliest slot starts at least this many minutes from now. */
  noticeMinutes: number;
  /** IANA time zone of the location's hours, e.g. 'Australia/Sydney'. */
  timeZone: string;
};

export type Slot = {
  /** The slot's instant, ISO 8601 in UTC: what a booking sends back. */
  start: string;
  /** Local date 'YYYY-MM-DD' and time 'HH:MM' at the location. */
  date: string;
  time: string;
  /** '9:30am'. */
  label: string;
  /** Bookings the slot can still take. */
  remaining: number;
};

/** A time within the day's hours whose every seat is booked: shown as taken, never offered. */
export type TakenSlot = Omit<Slot, "remaining">;

/**
 * An open day within the booking horizon: its free slots and its taken ones, each in time order
 * (times already past, or sooner than the notice period, are in neither).
 */
export type SlotDay = { date: string; weekday: number; slots: Slot[]; taken: TakenSlot[] };

const MINUTE = 60_000;

/** 'HH:MM', 'H:MM', '8:30am', '5:30 pm' -> minutes after midnight; null when unreadable. */
export function parseClockTime(value: string | null | undefined): number | null {
  if (!value) return null;
  const match = /^\s*(\d{1,2})(?::(\d{2}))?\s*([ap]\.?m\.?)?\s*$/i.exec(value);
  if (!match) return null;
  let hours = Number(match[1]);
  const minutes = Number(match[2] ?? "0");
  const meridiem = match[3]?.toLowerCase().replace(/\./g, "");
  if (meridiem === "pm" && hours < 12) hours += 12;
  if (meridiem === "am" && hours === 12) hours = 0;
  if (hours > 24 || minutes > 59 || (hours === 24 && minutes > 0)) return null;
  return hours * 60 + minutes;
}

function pad(n: number): string {
  return String(n).padStart(2, "0");
}

/** Minutes after midnight -> 'HH:MM'. */
export function clockText(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** Minutes after midnight -> '9:30am'. */
export function clockLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const suffix = h >= 12 ? "pm" : "am";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${pad(minutes % 60)}${suffix}`;
}

type LocalParts = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      weekday: "short",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

const WEEKDAY_INDEX: Record<string, number> = {
  Sun: 0,
  Mon: 1,
  Tue: 2,
  Wed: 3,
  Thu: 4,
  Fri: 5,
  Sat: 6,
};

/** The wall-clock date and time of an instant in a time zone. */
export function localParts(instant: number, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(instant)))
    parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    weekday: WEEKDAY_INDEX[parts.weekday ?? "Sun"] ?? 0,
  };
}

/** Whether a string names a time zone this runtime knows. */
export function isTimeZone(value: string): boolean {
  try {
    formatterFor(value);
    return true;
  } catch {
    return false;
  }
}

/** The instant of a wall-clock time ('YYYY-MM-DD', minutes after midnight) in a time zone. */
export function zonedInstant(date: string, minutes: number, timeZone: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 0, minutes);
  // The zone's offset at a guess, then again at the corrected instant (daylight saving edges).
  let instant = wall;
  for (let i = 0; i < 2; i += 1) {
    const p = localParts(instant, timeZone);
    const seen = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute);
    instant += wall - seen;
  }
  return instant;
}

/** The local date 'YYYY-MM-DD' of an instant in a time zone. */
export function localDate(instant: number, timeZone: string): string {
  const p = localParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const next = new Date(Date.UTC(y, m - 1, d + days));
  return `${next.getUTCFullYear()}-${pad(next.getUTCMonth() + 1)}-${pad(next.getUTCDate())}`;
}

function weekdayOf(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/**
 * Opening and closing minutes of a date: special hours for that date win (Closed, or their own
 * hours), otherwise the weekday's entry. null when closed.
 */
export function hoursOn(
  date: string,
  openingHours: readonly OpeningHoursEntry[],
  specialHours: readonly SpecialHoursInput[],
): { open: number; close: number } | null {
  const special = specialHours.map(normaliseSpecialHours).find((h) => h.date.slice(0, 10) === date);
  if (special) {
    if (special.status === "Closed") return null;
    const open = parseClockTime(special.start);
    const close = parseClockTime(special.end);
    if (open !== null && close !== null && close > open) return { open, close };
    // An 'Open' special day without hours keeps the weekday's hours.
  }
  const entry = openingHours.find((e) => e.weekday === weekdayOf(date));
  if (!entry || entry.status !== "Open") return null;
  const open = parseClockTime(entry.open);
  const close = parseClockTime(entry.close);
  return open !== null && close !== null && close > open ? { open, close } : null;
}

export type SlotInput = {
  openingHours: readonly OpeningHoursEntry[];
  specialHours: readonly SpecialHoursInput[];
  /** Start instants (ISO or ms) of the bookings already taken, one per booking. */
  taken: ReadonlyArray<string | number>;
  now: number;
  rules: SlotRules;
};

/**
 * The open days ahead (today included, closed days left out), each with its free slots and its
 * taken ones in time order.
 */
export function availableSlots(input: SlotInput): SlotDay[] {
  const { rules } = input;
  const step = Math.max(5, Math.floor(rules.slotMinutes));
  const takenCount = new Map<number, number>();
  for (const t of input.taken) {
    const at = typeof t === "number" ? t : Date.parse(t);
    if (Number.isFinite(at)) takenCount.set(at, (takenCount.get(at) ?? 0) + 1);
  }
  const earliest = input.now + rules.noticeMinutes * MINUTE;
  const today = localDate(input.now, rules.timeZone);
  const days: SlotDay[] = [];
  for (let offset = 0; offset < rules.daysAhead; offset += 1) {
    const date = addDays(today, offset);
    const hours = hoursOn(date, input.openingHours, input.specialHours);
    if (!hours) continue;
    const slots: Slot[] = [];
    const taken: TakenSlot[] = [];
    for (let start = hours.open; start + step <= hours.close; start += step) {
      const instant = zonedInstant(date, start, rules.timeZone);
      if (instant < earliest) continue;
      // A wall-clock time the zone skips (the hour daylight saving starts) is no slot.
      if (localDate(instant, rules.timeZone) !== date) continue;
      const p = localParts(instant, rules.timeZone);
      if (p.hour * 60 + p.minute !== start) continue;
      const slot = {
        start: new Date(instant).toISOString(),
        date,
        time: clockText(start),
        label: clockLabel(start),
      };
      const remaining = rules.capacity - (takenCount.get(instant) ?? 0);
      if (remaining <= 0) taken.push(slot);
      else slots.push({ ...slot, remaining });
    }
    days.push({ date, weekday: weekdayOf(date), slots, taken });
  }
  return days;
}

export type SlotCheck =
  | { status: "free"; slot: Slot }
  | { status: "taken" }
  /** Not a slot of the location: outside its hours, on a closed day, too soon, or past the horizon. */
  | { status: "unavailable" };

/** Whether a booking may take the slot starting at `start` (an ISO instant). */
export function checkSlot(input: SlotInput, start: string): SlotCheck {
  const at = Date.parse(start);
  if (!Number.isFinite(at)) return { status: "unavailable" };
  for (const day of availableSlots(input)) {
    const slot = day.slots.find((s) => Date.parse(s.start) === at);
    if (slot) return { status: "free", slot };
    if (day.taken.some((s) => Date.parse(s.start) === at)) return { status: "taken" };
  }
  return { status: "unavailable" };
}

/** One date of the booking calendar. */
export type CalendarDay = {
  date: string;
  weekday: number;
  /** open: the location takes bookings that day; closed: it does not; beyond: past the horizon. */
  state: "open" | "closed" | "beyond";
  /** Free and taken times together, in time order. */
  times: Array<TakenSlot & { taken: boolean }>;
};

/**
 * The weeks of the booking calendar: seven days each, the first starting today (no day before
 * today is shown), as many as the horizon needs; days past the horizon are 'beyond'.
 */
export function calendarWeeks(
  days: readonly SlotDay[],
  today: string,
  daysAhead: number,
): CalendarDay[][] {
  const byDate = new Map(days.map((d) => [d.date, d]));
  const weeks: CalendarDay[][] = [];
  const count = Math.max(1, Math.ceil(daysAhead / 7));
  for (let w = 0; w < count; w += 1) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i += 1) {
      const offset = w * 7 + i;
      const date = addDays(today, offset);
      const day = byDate.get(date);
      const times = day
        ? [
            ...day.slots.map(({ start, date, time, label }) => ({
              start,
              date,
              time,
              label,
              taken: false,
            })),
            ...day.taken.map((s) => ({ ...s, taken: true })),
          ].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))
        : [];
      week.push({
        date,
        weekday: weekdayOf(date),
        state: offset >= daysAhead ? "beyond" : day ? "open" : "closed",
        times,
      });
    }
    weeks.push(week);
  }
  return weeks;
}

/** 'Tuesday 24 November 2026 at 9:30am' in the location's time zone, for e-mail and pages. */
export function describeSlot(start: string, timeZone: string, locale = "en-AU"): string {
  const instant = Date.parse(start);
  const date = dateTimeFormat(locale, {
    timeZone,
    weekday: "long",
    day: "numeric",
    month: "long",
    year: "numeric",
  }).format(new Date(instant));
  const p = localParts(instant, timeZone);
  return `${date} at ${clockLabel(p.hour * 60 + p.minute)}`;
}
