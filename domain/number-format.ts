/**
 * Numbers in a locale through shared Intl.NumberFormat instances. `toLocaleString` builds a
 * formatter on every call, which made price and reading texts the costliest part of rendering a
 * page; a formatter per locale and option set is built once.
 *
 * Dates the same way (`dateTimeFormat`, `relativeTimeFormat`): building an Intl date formatter
 * costs far more than formatting with one, and pages format the same few kinds of date (review
 * ages, offer expiries, holiday and booking days) on every render. Kept in this module so every
 * page's shared formatting chunk stays one file.
 */
const formatters = new Map<string, Intl.NumberFormat>();
/** The same, found by the options object itself when a caller passes a constant one. */
const formattersByOptions = new WeakMap<Intl.NumberFormatOptions, Map<string, Intl.NumberFormat>>();

export function formatNumber(
  value: number,
  locale: string,
  options?: Intl.NumberFormatOptions,
): string {
  let byLocale = options ? formattersByOptions.get(options) : formatters;
  let formatter = byLocale?.get(locale);
  if (!formatter) {
    const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
    formatter = formatters.get(key) ?? new Intl.NumberFormat(locale, options);
    formatters.set(key, formatter);
    if (options) {
      if (!byLocale) formattersByOptions.set(options, (byLocale = new Map()));
      byLocale.set(locale, formatter);
    }
  }
  return formatter.format(value);
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();

/** A shared `Intl.DateTimeFormat` for this locale and these options. */
export function dateTimeFormat(
  locale: string,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A shared `Intl.RelativeTimeFormat` for this locale and these options. */
export function relativeTimeFormat(
  locale: string,
  options: Intl.RelativeTimeFormatOptions,
): Intl.RelativeTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = relativeFormats.get(key);
  if (!format) relativeFormats.set(key, (format = new Intl.RelativeTimeFormat(locale, options)));
  return format;
}
