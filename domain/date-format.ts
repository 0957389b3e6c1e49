/**
 * Dates in a locale through shared Intl formatters, as domain/number-format.ts does for numbers:
 * building an `Intl.DateTimeFormat` or `Intl.RelativeTimeFormat` costs far more than formatting
 * with one, and pages format the same few kinds of date (review ages, offer expiries, holiday and
 * booking days) on every render. One formatter per locale and option set, built once.
 */
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
