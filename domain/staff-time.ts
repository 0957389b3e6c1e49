/**
 * Times on staff screens and in staff e-mails (docs/product/back-office.md, "Times"): stored in
 * UTC, read in the dealership's time zone with the zone named, so "4:11 pm AEDT" is the moment a
 * Sydney shopper pressed Send; and the days a date filter means, in that same zone.
 */
import { zonedInstant } from "./booking-slots";

export type StaffZone = { timeZone: string; locale: string };

export const UTC_ZONE: StaffZone = { timeZone: "UTC", locale: "en-AU" };

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: StaffZone, seconds: boolean): Intl.DateTimeFormat {
  const key = `${zone.locale}|${zone.timeZone}|${seconds}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(zone.locale, {
      timeZone: zone.timeZone,
      day: "numeric",
      month: "short",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      ...(seconds ? { second: "2-digit" as const } : {}),
      hour12: true,
      timeZoneName: "short",
    });
    formatters.set(key, format);
  }
  return format;
}

/** A zone this runtime knows, else UTC (a mistyped setting never breaks a staff screen). */
export function staffZone(timeZone: string | undefined, locale: string): StaffZone {
  if (!timeZone) return { ...UTC_ZONE, locale };
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return { timeZone, locale };
  } catch {
    return { ...UTC_ZONE, locale };
  }
}

/**
 * "28 Nov 2026, 4:11 pm AEDT" (en-AU, en-NZ) or "Nov 28, 2026, 4:11 pm CST" (en-US); with
 * seconds where order within a minute matters ("4:11:05 pm").
 */
export function staffTimeText(
  at: Date | string,
  zone: StaffZone,
  precision: "minute" | "second" = "minute",
): string {
  const moment = typeof at === "string" ? new Date(at) : at;
  const parts = formatter(zone, precision === "second").formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  const date =
    zone.locale === "en-US"
      ? `${part("month")} ${part("day")}, ${part("year")}`
      : `${part("day")} ${part("month")} ${part("year")}`;
  const clock = `${part("hour")}:${part("minute")}${precision === "second" ? `:${part("second")}` : ""}`;
  const period = part("dayPeriod").toLowerCase().replace(/\./g, "");
  return `${date}, ${clock} ${period} ${part("timeZoneName")}`;
}

/**
 * The instants a date filter's days cover in a zone: from midnight of `from` to midnight after
 * `to` ('YYYY-MM-DD'), so "28 November" is the dealership's 28 November, not UTC's.
 */
export function dayRange(
  days: { from?: string; to?: string },
  timeZone: string,
): { start?: Date; end?: Date } {
  const nextDay = (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    date.setUTCDate(date.getUTCDate() + 1);
    return date.toISOString().slice(0, 10);
  };
  return {
    start: days.from ? new Date(zonedInstant(days.from, 0, timeZone)) : undefined,
    end: days.to ? new Date(zonedInstant(nextDay(days.to), 0, timeZone)) : undefined,
  };
}
