/**
 * Price display and the below-market indicator (docs/product/vehicle-card-and-page.md, "Prices").
 */
import type { Locale, SiteSettings } from "./site-settings";
import { PREORDER_TAG, type Vehicle } from "./vehicle";
import { formatNumber } from "./number-format";

/** A price is shown only above this. */
export const PRICE_SHOWN_ABOVE = 10;

/** Texts instead of a price. */
export const NO_PRICE_TEXT = "Enquire for price.";
export const PREORDER_TEXT = "PREORDER";

/** The indicator shows when price minus market average is under -499. */
export const BELOW_MARKET_THRESHOLD = -499;

/** Dollars and cents with grouping; one object, so its formatter is found without a key. */
const PRICE_DIGITS: Intl.NumberFormatOptions = {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: true,
};

/** '$' with two decimals and the locale's grouping: 27990 -> '$27,990.00'. */
export function formatPrice(amount: number, locale: Locale = "en-AU"): string {
  const sign = amount < 0 ? "-" : "";
  const digits = formatNumber(Math.abs(amount), locale, PRICE_DIGITS);
  return `${sign}$${digits}`;
}

/** Up to two decimals: whole dollars print none, an amount with cents prints two. */
const WHOLE_OR_CENTS: Intl.NumberFormatOptions = {
  minimumFractionDigits: 0,
  maximumFractionDigits: 2,
  useGrouping: true,
};

/**
 * Any other sum of money (a repayment, a drive-away estimate, a saving, a deposit, a valuation, a
 * price filter's bound): '$' and the locale's grouping, whole dollars without cents and cents when
 * there are some: 40000 -> '$40,000', 99.5 -> '$99.50'. A vehicle's price itself is formatPrice.
 */
export function formatAmount(amount: number, locale: Locale = "en-AU"): string {
  const sign = amount < 0 ? "-" : "";
  const cents = Math.round(Math.abs(amount) * 100);
  const digits =
    cents % 100 === 0
      ? formatNumber(cents / 100, locale, WHOLE_OR_CENTS)
      : formatNumber(cents / 100, locale, PRICE_DIGITS);
  return `${sign}$${digits}`;
}

export type PriceDisplay =
  | { kind: "price"; text: string }
  | { kind: "preorder"; text: typeof PREORDER_TEXT }
  | { kind: "enquire"; text: typeof NO_PRICE_TEXT };

/**
 * Whether a price may be shown or sent at all: above 10 only. Every place that prints or sends a
 * vehicle's price (page, estimate, calculator, checkout, structured data, cards, e-mails, ADF,
 * feeds) asks this first; below it the vehicle's price is 'Enquire for price.'.
 */
export function isPriceShown(price: number | null | undefined): price is number {
  return typeof price === "number" && price > PRICE_SHOWN_ABOVE;
}

export function isPreorder(vehicle: Pick<Vehicle, "preorder" | "tag">): boolean {
  return vehicle.preorder || vehicle.tag?.trim() === PREORDER_TAG;
}

/** The price above 10, else PREORDER for preorder vehicles, else 'Enquire for price.'. */
export function priceDisplay(
  vehicle: Pick<Vehicle, "price" | "preorder" | "tag">,
  locale: Locale = "en-AU",
): PriceDisplay {
  if (isPriceShown(vehicle.price))
    return { kind: "price", text: formatPrice(vehicle.price, locale) };
  if (isPreorder(vehicle)) return { kind: "preorder", text: PREORDER_TEXT };
  return { kind: "enquire", text: NO_PRICE_TEXT };
}

/**
 * Below market when the price minus autograb's average market price is under
 * -499. Only for a shown price: a price of 0 is "enquire", not a bargain.
 */
export function isBelowMarket(
  vehicle: Pick<Vehicle, "price" | "autograb_data">,
  settings: Pick<SiteSettings, "showBelowMarketIndicator"> = { showBelowMarketIndicator: true },
): boolean {
  const market = vehicle.autograb_data?.average_market_price;
  if (!settings.showBelowMarketIndicator || market === null || market === undefined) return false;
  if (!isPriceShown(vehicle.price)) return false;
  return vehicle.price - market < BELOW_MARKET_THRESHOLD;
}
