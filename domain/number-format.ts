/**
 * Numbers in a locale through shared Intl.NumberFormat instances. `toLocaleString` builds a
 * formatter on every call, which made price and reading texts the costliest part of rendering a
 * page; a formatter per locale and option set is built once.
 */
const formatters = new Map<string, Intl.NumberFormat>();

export function formatNumber(
  value: number,
  locale: string,
  options?: Intl.NumberFormatOptions,
): string {
  const key = options ? `${locale}|${JSON.stringify(options)}` : locale;
  let formatter = formatters.get(key);
  if (!formatter) formatters.set(key, (formatter = new Intl.NumberFormat(locale, options)));
  return formatter.format(value);
}
