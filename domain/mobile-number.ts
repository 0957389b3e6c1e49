/**
 * Mobile normalisation to E.164 for sign-in and contact forms (docs/product/garage.md,
 * "Mobile normalisation").
 */
import type { Locale } from "./site-settings";

export const MOBILE_MESSAGES = {
  australian: "Invalid Australian mobile number format (E.164 required).",
  us: "Invalid US phone number format (E.164 required).",
} as const;

export type MobileCountry = "AU" | "US";

/** US sites use US rules; Australian and New Zealand sites the Australian ones. */
export function mobileCountryFor(locale: Locale): MobileCountry {
  return locale === "en-US" ? "US" : "AU";
}

export type MobileNormalisation = { ok: true; e164: string } | { ok: false; message: string };

const E164 = /^\+\d{2,15}$/;

/**
 * Strips everything but digits and '+', then: Australia turns a leading 04 into +614; US adds +1
 * to 10 digits and + to 11 digits starting with 1. The result must be + and 2 to 15 digits.
 * '0411 222 333' -> '+61411222333'; '(123) 456-7890' -> '+11234567890'.
 */
export function normaliseMobile(input: string, country: MobileCountry): MobileNormalisation {
  let number = input.replace(/[^\d+]/g, "");
  if (country === "AU") {
    if (number.startsWith("04")) number = `+614${number.slice(2)}`;
  } else if (/^\d{10}$/.test(number)) {
    number = `+1${number}`;
  } else if (/^1\d{10}$/.test(number)) {
    number = `+${number}`;
  }
  if (E164.test(number)) return { ok: true, e164: number };
  return { ok: false, message: country === "AU" ? MOBILE_MESSAGES.australian : MOBILE_MESSAGES.us };
}
