/**
 * Mobile numbers for sign-in (docs/product/garage.md, "Mobile normalisation"): a full-length
 * mobile number of one of the site's countries, in E.164. Numbers are read with libphonenumber's
 * numbering plans, so a short number, another country's number or a premium, satellite or
 * shared-cost range is refused: codes are sent by SMS, and only to the numbers a site serves.
 */
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import type { Locale } from "./site-settings";

export const MOBILE_MESSAGES = {
  australian: "Invalid Australian mobile number format (E.164 required).",
  us: "Invalid US phone number format (E.164 required).",
} as const;

export const MOBILE_COUNTRIES = ["AU", "NZ", "US"] as const;
export type MobileCountry = (typeof MOBILE_COUNTRIES)[number];

/** The country of a site's locale: en-US is the US, en-NZ New Zealand, every other Australia. */
export function mobileCountryFor(locale: Locale): MobileCountry {
  return locale === "en-US" ? "US" : locale === "en-NZ" ? "NZ" : "AU";
}

/**
 * The countries whose numbers a site takes: its setting, else its locale's country. The first is
 * the one a number written without a country code (0412 345 678) is read in.
 */
export function mobileCountriesOf(
  locale: Locale,
  configured: readonly MobileCountry[] | null | undefined,
): MobileCountry[] {
  const own = mobileCountryFor(locale);
  if (!configured || configured.length === 0) return [own];
  return configured.includes(own) ? [own, ...configured.filter((c) => c !== own)] : [...configured];
}

export type MobileNormalisation = { ok: true; e164: string } | { ok: false; message: string };

/** Number types a text message reaches (US numbering does not tell mobiles from landlines). */
const MOBILE_TYPES = new Set(["MOBILE", "FIXED_LINE_OR_MOBILE"]);

/**
 * Reads a mobile number written the way people write them ('0411 222 333', '+61 411 222 333',
 * '(212) 555-0123') in the site's countries: the number must be a valid, full-length mobile
 * number of one of them. '0411 222 333' (AU) -> '+61411222333'; '(212) 555-0123' (US) ->
 * '+12125550123'. A failure gets the US message on a US site, the Australian one elsewhere.
 */
export function normaliseMobile(
  input: string,
  countries: MobileCountry | readonly MobileCountry[],
): MobileNormalisation {
  const allowed: readonly MobileCountry[] = typeof countries === "string" ? [countries] : countries;
  const home = allowed[0] ?? "AU";
  const text = input.replace(/[^\d+]/g, "");
  const number = /^\+?\d{2,17}$/.test(text) ? parsePhoneNumberFromString(text, home) : undefined;
  if (
    number?.isValid() &&
    (allowed as readonly string[]).includes(number.country ?? "") &&
    MOBILE_TYPES.has(number.getType() ?? "")
  )
    return { ok: true, e164: number.number };
  return { ok: false, message: home === "US" ? MOBILE_MESSAGES.us : MOBILE_MESSAGES.australian };
}
