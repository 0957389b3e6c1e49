/**
 * One dictionary for the three locales (docs/product/sites-and-settings.md, "Locales"): Australian
 * and New Zealand English, and US English with miles and US words (color, inquiry, gas).
 */
import type { Locale } from "./site-settings";
import { formatNumber } from "./number-format";

export const LOCALE_TERMS = {
  distanceUnit: { "en-AU": "km", "en-NZ": "km", "en-US": "miles" },
  odometer: { "en-AU": "Kilometres", "en-NZ": "Kilometres", "en-US": "Miles" },
  colour: { "en-AU": "Colour", "en-NZ": "Colour", "en-US": "Color" },
  enquiry: { "en-AU": "Enquiry", "en-NZ": "Enquiry", "en-US": "Inquiry" },
  enquire: { "en-AU": "Enquire", "en-NZ": "Enquire", "en-US": "Inquire" },
  petrol: { "en-AU": "Petrol", "en-NZ": "Petrol", "en-US": "Gas" },
  postcode: { "en-AU": "Postcode", "en-NZ": "Postcode", "en-US": "ZIP Code" },
  state: { "en-AU": "State", "en-NZ": "Region", "en-US": "State" },
  tyres: { "en-AU": "Tyres", "en-NZ": "Tyres", "en-US": "Tires" },
  licence: { "en-AU": "Licence", "en-NZ": "Licence", "en-US": "License" },
  rego: { "en-AU": "Rego", "en-NZ": "Rego", "en-US": "Registration" },
} as const satisfies Record<string, Record<Locale, string>>;

export type LocaleTerm = keyof typeof LOCALE_TERMS;

export function term(locale: Locale, key: LocaleTerm): string {
  return LOCALE_TERMS[key][locale];
}

/** The odometer as shown: '42,000 km' or '42,000 miles' (the reading is in the site's unit). */
export function formatOdometer(reading: number, locale: Locale): string {
  return `${formatNumber(Math.round(reading), locale)} ${term(locale, "distanceUnit")}`;
}

/** Whole words changed for US English; longest first so 'enquiries' is not read as 'enquir'. */
const US_WORDS: readonly [string, string][] = [
  ["enquiries", "inquiries"],
  ["enquiry", "inquiry"],
  ["enquire", "inquire"],
  ["colours", "colors"],
  ["colour", "color"],
  ["petrol", "gas"],
  ["kilometres", "miles"],
  ["tyres", "tires"],
  ["licence", "license"],
  ["centre", "center"],
];

function matchCase(original: string, replacement: string): string {
  if (original === original.toUpperCase()) return replacement.toUpperCase();
  if (original[0] === original[0]?.toUpperCase()) {
    return replacement[0]?.toUpperCase() + replacement.slice(1);
  }
  return replacement;
}

/**
 * Fixed product text in the site's spelling: unchanged for en-AU and en-NZ; US words for en-US
 * ('Enquire Now' -> 'Inquire Now', 'Colour' -> 'Color', 'Petrol' -> 'Gas').
 */
export function localiseText(text: string, locale: Locale): string {
  if (locale !== "en-US") return text;
  let result = text;
  for (const [from, to] of US_WORDS) {
    result = result.replace(new RegExp(`\\b${from}\\b`, "gi"), (match) => matchCase(match, to));
  }
  return result;
}
