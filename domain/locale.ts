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
  rego: { "en-AU": "Rego", "en-NZ": "Rego", "en-US": "License plate" },
} as const satisfies Record<string, Record<Locale, string>>;

export type LocaleTerm = keyof typeof LOCALE_TERMS;

export function term(locale: Locale, key: LocaleTerm): string {
  return LOCALE_TERMS[key][locale];
}

/** The odometer as shown: '42,000 km' or '42,000 miles' (the reading is in the site's unit). */
export function formatOdometer(reading: number, locale: Locale): string {
  return `${formatNumber(Math.round(reading), locale)} ${term(locale, "distanceUnit")}`;
}

/**
 * Words and phrases each market says its own way, applied to every fixed text a page shows and to
 * the price types and body types stock feeds send (which are written the Australian way).
 * Phrases come before the words inside them, longer words before their stems.
 */
const MARKET_WORDS: Record<Locale, readonly (readonly [string, string])[]> = {
  "en-AU": [],
  "en-NZ": [
    ["excl. govt. charges", "plus on-road costs"],
    ["excl. govt charges", "plus on-road costs"],
    ["govt. charges", "on-road costs"],
    ["govt charges", "on-road costs"],
    ["stamp duty", "on-road costs"],
    ["roadworthy certificate", "warrant of fitness"],
    ["roadworthy", "warrant of fitness"],
  ],
  "en-US": [
    ["excl. govt. charges", "plus tax, title & license"],
    ["excl. govt charges", "plus tax, title & license"],
    ["govt. charges", "tax, title & license"],
    ["govt charges", "tax, title & license"],
    ["drive away", "out the door"],
    ["driveaway", "out the door"],
    ["stamp duty", "sales tax"],
    ["roadworthy certificate", "state inspection"],
    ["roadworthy", "state inspection"],
    ["number plate", "license plate"],
    ["rego", "license plate"],
    ["postcode", "ZIP code"],
    ["utes", "pickups"],
    ["ute", "pickup"],
    ["enquiries", "inquiries"],
    ["enquiry", "inquiry"],
    ["enquired", "inquired"],
    ["enquire", "inquire"],
    ["colours", "colors"],
    ["colour", "color"],
    ["petrol", "gas"],
    ["kilometres", "miles"],
    ["tyres", "tires"],
    ["licence", "license"],
    ["centres", "centers"],
    ["centre", "center"],
    ["favourites", "favorites"],
    ["favourite", "favorite"],
    ["personalised", "personalized"],
    ["organised", "organized"],
    ["organise", "organize"],
    ["authorised", "authorized"],
    ["specialised", "specialized"],
    ["customised", "customized"],
    ["recognised", "recognized"],
    ["cheque", "check"],
  ],
};

/**
 * Words a page of a site in this locale never shows (the browser tests read every route of the
 * demo sites for them): Australian words that the market says otherwise.
 */
export const AU_ONLY_WORDS: Record<Exclude<Locale, "en-AU">, readonly string[]> = {
  "en-NZ": ["Govt. Charges", "Govt Charges", "stamp duty", "roadworthy", "CTP", "green slip"],
  "en-US": [
    "Govt. Charges",
    "Govt Charges",
    "drive away",
    "stamp duty",
    "roadworthy",
    "rego",
    "postcode",
    "ute",
    "utes",
    "enquire",
    "enquiry",
    "enquiries",
    "colour",
    "petrol",
    "kilometres",
    "tyres",
    "licence",
    "centre",
    "favourite",
    "favourites",
    "personalised",
  ],
};

const WORD_PATTERNS = new Map(
  Object.entries(MARKET_WORDS).map(([locale, words]) => [
    locale,
    words.map(
      ([from, to]) =>
        [
          new RegExp(`\\b${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?![\\w])`, "gi"),
          to,
        ] as const,
    ),
  ]),
);

function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return replacement.toUpperCase();
  const words = original.split(" ");
  // 'Excl. Govt. Charges': every word capitalised, so every word of the replacement too.
  if (words.length > 1 && words.every((word) => word[0] === word[0]?.toUpperCase()))
    return replacement.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
  if (original[0] === original[0]?.toUpperCase())
    return replacement[0]?.toUpperCase() + replacement.slice(1);
  return replacement;
}

/**
 * Fixed product text in the market's words: unchanged for en-AU; US words for en-US ('Enquire
 * Now' -> 'Inquire Now', 'Colour' -> 'Color', 'Rego' -> 'License plate', 'Ute' -> 'Pickup') and
 * New Zealand's where they differ ('Excl. Govt. Charges' -> 'Plus On-Road Costs').
 */
export function localiseText(text: string, locale: Locale): string {
  const patterns = WORD_PATTERNS.get(locale);
  if (!patterns || patterns.length === 0) return text;
  let result = text;
  for (const [pattern, to] of patterns) {
    result = result.replace(pattern, (match) => matchCase(match, to));
  }
  return result;
}
