/**
 * The deposit's terms as the shopper reads them before paying, and the end of the hold on the
 * confirmation and receipt (docs/product/payments.md, "Deposit terms").
 */

export type DepositTerms = {
  refundable: boolean;
  conditions: string;
  heldHours: number;
  financeDeclined: string;
};

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"}`;

/** A length of time in words: "15 minutes", "2 hours", "48 hours", "7 days". */
export function durationInWords(minutes: number): string {
  if (minutes < 60 || minutes % 60 !== 0) return plural(minutes, "minute");
  const hours = minutes / 60;
  if (hours <= 48 || hours % 24 !== 0) return plural(hours, "hour");
  return plural(hours / 24, "day");
}

/** When a paid deposit's hold ends: the time it was paid plus the site's held hours. */
export function heldUntil(paidAt: Date, terms: Pick<DepositTerms, "heldHours">): Date {
  return new Date(paidAt.getTime() + terms.heldHours * 3_600_000);
}

function validTimeZone(timeZone: string): string | undefined {
  try {
    new Intl.DateTimeFormat("en", { timeZone });
    return timeZone;
  } catch {
    return undefined;
  }
}

/**
 * A moment as the shopper reads it in the site's time zone and locale, with the zone's name:
 * "Sunday 30 November, 4:11 pm AEDT".
 */
export function dateTimeInWords(at: Date, timeZone: string, locale: string): string {
  const zone = validTimeZone(timeZone) ?? "UTC";
  const parts = new Intl.DateTimeFormat(locale, {
    timeZone: zone,
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
    timeZoneName: "short",
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? "";
  const dayPeriod = part("dayPeriod").toLowerCase().replace(/\./g, "");
  return `${part("weekday")} ${part("day")} ${part("month")}, ${part("hour")}:${part("minute")} ${dayPeriod} ${part("timeZoneName")}`;
}
