/**
 * Constants (docs/product/constants.md) and fixed texts that are not rules of their own:
 * visitor sources, payments strip, home blocks and the like.
 */
import type { SiteSettings } from "./site-settings";

/** The 'How did you hear about us' lists. */
export const VISITOR_SOURCES = {
  default: ["Facebook", "Google", "Word of Mouth", "Other"],
  alternative: [
    "Meta",
    "Google Search/Ads",
    "Cinema",
    "Radio",
    "Outdoor/Shopping Centre",
    "Referral/Word of Mouth",
    "Other",
  ],
} as const;

export function visitorSources(settings: Pick<SiteSettings, "visitorSources">): readonly string[] {
  return VISITOR_SOURCES[settings.visitorSources];
}

/** The payments strip (docs/product/payments.md). */
export const PAYMENTS_HEADING = "We accept:";
export const PAYMENT_METHODS = [
  "Mastercard",
  "Visa",
  "Maestro",
  "Google Pay",
  "Apple Pay",
] as const;

/** The value proposition carousel. */
export const VALUE_PROPOSITIONS = [
  "Reserve Quickly Online",
  "Secure Online Payments",
  "Apply For Finance",
] as const;

/** The history page's decade tabs, 1950s to 2020s. */
export const HISTORY_DECADES = [
  "1950s",
  "1960s",
  "1970s",
  "1980s",
  "1990s",
  "2000s",
  "2010s",
  "2020s",
] as const;

export const LATEST_OFFERS_LINK_TEXT = "LATEST OFFERS";
