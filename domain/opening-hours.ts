/**
 * Opening hours (docs/product/sites-and-settings.md, "Opening hours"): the weekday entries grouped for display, and special
 * (holiday) hours in both shapes the backend sends.
 */

/** Weekday 0 is Sunday, 6 Saturday. */
export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
export const WEEKDAY_SHORT_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

export type OpeningStatus = "Open" | "Closed";

/** An opening hours entry (formated_hours is the backend's spelling). */
export type OpeningHoursEntry = {
  weekday: number;
  status: OpeningStatus;
  formated_hours?: string | null;
  open?: string | null;
  close?: string | null;
};

export type OpeningHoursRow = { label: string; status: OpeningStatus; hours: string };

export const CLOSED_TEXT = "Closed";
export const MONDAY_TO_FRIDAY_LABEL = "Mon-Fri";

const WEEKDAYS = [1, 2, 3, 4, 5] as const;

/** The hours text of a day: 'Closed', the backend's formatted hours, or 'open - close'. */
export function hoursText(entry: OpeningHoursEntry): string {
  if (entry.status === "Closed") return CLOSED_TEXT;
  if (entry.formated_hours && entry.formated_hours.trim() !== "")
    return entry.formated_hours.trim();
  if (entry.open && entry.close) return `${entry.open} - ${entry.close}`;
  return "";
}

/**
 * The rows of a location card: one 'Mon-Fri' row when the five weekdays share hours, otherwise
 * one row per day; Saturday and Sunday follow. Days without an entry are left out.
 */
export function groupOpeningHours(entries: readonly OpeningHoursEntry[]): OpeningHoursRow[] {
  const byDay = new Map(entries.map((entry) => [entry.weekday, entry]));
  const row = (day: number): OpeningHoursRow | null => {
    const entry = byDay.get(day);
    if (!entry) return null;
    return {
      label: WEEKDAY_SHORT_NAMES[day] ?? String(day),
      status: entry.status,
      hours: hoursText(entry),
    };
  };
  const weekdayRows = WEEKDAYS.map(row);
  const first = weekdayRows[0];
  const shared =
    first !== null &&
    first !== undefined &&
    weekdayRows.every((r) => r !== null && r.status === first.status && r.hours === first.hours);
  const rows: OpeningHoursRow[] = shared
    ? [{ label: MONDAY_TO_FRIDAY_LABEL, status: first.status, hours: first.hours }]
    : weekdayRows.filter((r): r is OpeningHoursRow => r !== null);
  for (const day of [6, 0]) {
    const r = row(day);
    if (r) rows.push(r);
  }
  return rows;
}

/** A special hours entry, in either of its two shapes. */
export type SpecialHoursInput = {
  date: string;
  status: OpeningStatus | string;
  location_id?: number | null;
  start_hour?: string | null;
  end_hour?: string | null;
  hours?: { begin?: string | null; end?: string | null } | null;
};

export type SpecialHours = {
  date: string;
  status: OpeningStatus;
  start: string | null;
  end: string | null;
  locationId: number | null;
};

/** One shape for special hours: start_hour/end_hour or hours.begin/hours.end. */
export function normaliseSpecialHours(entry: SpecialHoursInput): SpecialHours {
  const start = entry.start_hour ?? entry.hours?.begin ?? null;
  const end = entry.end_hour ?? entry.hours?.end ?? null;
  return {
    date: entry.date,
    status: entry.status === "Open" ? "Open" : "Closed",
    start: start && start.trim() !== "" ? start : null,
    end: end && end.trim() !== "" ? end : null,
    locationId: entry.location_id ?? null,
  };
}

export function specialHoursText(hours: SpecialHours): string {
  if (hours.status === "Closed") return CLOSED_TEXT;
  return hours.start && hours.end ? `${hours.start} - ${hours.end}` : "";
}

/**
 * The 'View Holiday Hours' list of a location: its special hours (and the site-wide ones without
 * a location) from today on, by date. Dates are ISO 'YYYY-MM-DD', so text order is date order.
 */
export function upcomingSpecialHours(
  entries: readonly SpecialHoursInput[],
  locationId: number | null,
  todayIsoDate: string,
): SpecialHours[] {
  return entries
    .map(normaliseSpecialHours)
    .filter((h) => h.locationId === null || h.locationId === locationId)
    .filter((h) => h.date.slice(0, 10) >= todayIsoDate.slice(0, 10))
    .sort((a, b) => a.date.localeCompare(b.date));
}
