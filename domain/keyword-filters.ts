/**
 * Price and odometer phrases in the keyword (docs/product/search-and-urls.md, "Keyword phrases").
 *
 * A shopper types 'suv under 40000' in the keyword box; the price part is a filter, not words to
 * match. The phrase is taken out of the keyword and becomes the range facet it names ('price'
 * ':40000'), so the page's URL is the canonical URL of that filter and the remaining keyword
 * ('suv'), and the filter has its chip like any other.
 *
 * Only a phrase that is plainly a bound is read: a cue word ('under', 'over', 'between', '<',
 * 'or less'...) or a range of two amounts. A bare number ('2020 camry') stays a keyword, and so
 * does an amount that reads as a model year (1900 to 2099 without '$', 'k' or a thousands comma)
 * or is under 1,000 without '$' or 'k' ('under 5 seats'). A phrase with a distance unit
 * ('under 50000 km') is the odometer filter when the site's search has one, in the site's own
 * unit; otherwise it stays in the keyword.
 */
import type { Locale, SiteSettings } from "./site-settings";
import { term } from "./locale";
import { normalizeSearchState, type SearchState } from "./search-url";

export type KeywordRange = { min: number | null; max: number | null };

export type KeywordPhrases = {
  /** The keyword without the phrases read as filters (spacing tidied). */
  keyword: string;
  /** The price bounds the keyword named, or null. */
  price: KeywordRange | null;
  /** The odometer bounds the keyword named (in the site's unit), or null. */
  odometer: KeywordRange | null;
};

export type KeywordPhraseOptions = {
  /** The site's search has a price filter. */
  price: boolean;
  /** The site's search has an odometer filter. */
  odometer: boolean;
  /** The unit odometer readings are in: phrases in the other unit are left alone. */
  distanceUnit: "km" | "miles";
};

/** Amounts smaller than this need '$' or 'k' to be read as a price ('under 5 seats'). */
export const SMALLEST_BARE_PRICE = 1000;

/** Numbers read as model years when written bare ('2020 camry', 'from 2018'). */
const YEAR_LIKE = { min: 1900, max: 2099 };

const AMOUNT = String.raw`\$?\s?\d+(?:,\d{3})*(?:\.\d+)?k?`;
const UNIT = String.raw`(?:\s*(kms?|kilometres?|kilometers?|miles?|mi)\b)?`;
const TO = String.raw`\s*(?:-|–|to|and)\s*`;
const START = String.raw`(?<![\w$.,])`;
const END = String.raw`(?![\w$]|[.,]\d)`;

const UPPER_WORDS = String.raw`under|below|less\s+than|cheaper\s+than|max(?:imum)?|up\s*to|at\s+most|no\s+more\s+than|within`;
const LOWER_WORDS = String.raw`over|above|from|min(?:imum)?|more\s+than|at\s+least|starting\s+(?:at|from)`;

type Bound = "range" | "upper" | "lower";

/** The phrase shapes, tried in this order (ranges first, so 'from 20k to 30k' is one phrase). */
const PHRASES: readonly { bound: Bound; pattern: RegExp }[] = [
  {
    bound: "range",
    pattern: new RegExp(
      String.raw`${START}(?:between|from)\s+(${AMOUNT})${TO}(${AMOUNT})${UNIT}${END}`,
      "gi",
    ),
  },
  {
    bound: "range",
    pattern: new RegExp(
      String.raw`${START}(${AMOUNT})\s*(?:-|–|to)\s*(${AMOUNT})${UNIT}${END}`,
      "gi",
    ),
  },
  {
    bound: "upper",
    pattern: new RegExp(
      String.raw`${START}(?:(?:${UPPER_WORDS})\s+|<=?\s*)(${AMOUNT})${UNIT}${END}`,
      "gi",
    ),
  },
  {
    bound: "lower",
    pattern: new RegExp(
      String.raw`${START}(?:(?:${LOWER_WORDS})\s+|>=?\s*)(${AMOUNT})${UNIT}${END}`,
      "gi",
    ),
  },
  {
    bound: "upper",
    pattern: new RegExp(
      String.raw`${START}(${AMOUNT})${UNIT}\s+(?:or\s+(?:less|under|below|cheaper)|and\s+(?:under|below|less)|max)\b`,
      "gi",
    ),
  },
  {
    bound: "lower",
    pattern: new RegExp(
      String.raw`${START}(${AMOUNT})${UNIT}(?:\+|\s+(?:or\s+(?:more|over|above)|and\s+(?:over|above|up)|plus)\b)`,
      "gi",
    ),
  },
];

/** Words that lead into a phrase and mean nothing without it ('suv for under 40k'). */
const LEAD_IN = /(?:^|\s)(?:for|priced|price|costing|cost|budget|at|with|odometer|done)\s*$/i;

type Amount = { value: number; money: boolean };

function readAmount(text: string): Amount | null {
  const clean = text.replace(/\s/g, "").toLowerCase();
  const dollar = clean.startsWith("$");
  const thousands = clean.endsWith("k");
  const digits = clean.replace(/^\$/, "").replace(/k$/, "");
  const comma = digits.includes(",");
  const number = Number(digits.replaceAll(",", ""));
  if (!Number.isFinite(number)) return null;
  return {
    value: Math.round(thousands ? number * 1000 : number),
    money: dollar || thousands || comma,
  };
}

/** Whether a bare amount reads as something other than a price (a year, a seat count...). */
function isPrice(amount: Amount): boolean {
  if (amount.money) return true;
  if (!Number.isInteger(amount.value)) return false;
  if (amount.value >= YEAR_LIKE.min && amount.value <= YEAR_LIKE.max) return false;
  return amount.value >= SMALLEST_BARE_PRICE;
}

function unitOf(word: string | undefined): "km" | "miles" | null {
  if (!word) return null;
  return /^mi/i.test(word) ? "miles" : "km";
}

function merge(current: KeywordRange | null, next: KeywordRange): KeywordRange {
  return { min: next.min ?? current?.min ?? null, max: next.max ?? current?.max ?? null };
}

/** Reads the price and odometer phrases of a keyword; what is left is the keyword. */
export function parseKeywordPhrases(text: string, options: KeywordPhraseOptions): KeywordPhrases {
  let rest = text;
  let price: KeywordRange | null = null;
  let odometer: KeywordRange | null = null;

  for (const { bound, pattern } of PHRASES) {
    rest = rest.replace(pattern, (match: string, ...groups: unknown[]) => {
      const [first, second, unitWord] =
        bound === "range"
          ? (groups.slice(0, 3) as (string | undefined)[])
          : [groups[0] as string, undefined, groups[1] as string | undefined];
      const a = readAmount(first ?? "");
      const b = second === undefined ? null : readAmount(second);
      if (!a || (second !== undefined && !b)) return match;
      // '20-30k': the 'k' of the upper amount is the lower one's too.
      if (b && !a.money && /k$/i.test(second ?? "") && a.value < 1000) {
        a.value *= 1000;
        a.money = true;
      }
      let range: KeywordRange =
        bound === "range"
          ? { min: Math.min(a.value, b!.value), max: Math.max(a.value, b!.value) }
          : bound === "upper"
            ? { min: null, max: a.value }
            : { min: a.value, max: null };
      const unit = unitOf(unitWord);
      if (unit !== null) {
        if (!options.odometer || unit !== options.distanceUnit) return match;
        odometer = merge(odometer, range);
      } else {
        if (!options.price || !isPrice(a) || (b && !isPrice(b))) return match;
        // A lower bound of nothing bounds nothing ('0-40000' is 'up to $40,000').
        if (range.min === 0) range = { ...range, min: null };
        price = merge(price, range);
      }
      // A mark where the phrase was: its lead-in word goes with it ('suv for under 40k').
      return " \u0000 ";
    });
  }

  const keyword = rest
    .split("\u0000")
    .map((part, index, parts) => (index < parts.length - 1 ? part.replace(LEAD_IN, " ") : part))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
  return { keyword, price, odometer };
}

function rangeValue(range: KeywordRange): string {
  return `${range.min ?? ""}:${range.max ?? ""}`;
}

/**
 * The search state with its keyword's phrases as filters: the price phrase sets the price
 * filter (replacing one already chosen: the shopper just typed it), the odometer phrase the
 * 'km' filter, and the rest stays the keyword. The same state when the keyword has none.
 */
export function keywordPhrasesAsFilters(
  state: SearchState,
  settings: Pick<SiteSettings, "enabledFacets">,
  locale: Locale,
): SearchState {
  if (!/\d/.test(state.query)) return state;
  const parsed = parseKeywordPhrases(state.query, {
    price: settings.enabledFacets.includes("price"),
    odometer: settings.enabledFacets.includes("km"),
    distanceUnit: term(locale, "distanceUnit") === "miles" ? "miles" : "km",
  });
  if (parsed.price === null && parsed.odometer === null) return state;
  const filters = { ...state.filters };
  if (parsed.price) filters.price = [rangeValue(parsed.price)];
  if (parsed.odometer) filters.km = [rangeValue(parsed.odometer)];
  return normalizeSearchState({ ...state, filters, query: parsed.keyword, page: 1 });
}
