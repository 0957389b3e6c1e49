import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aVehicle } from "./testing/vehicle-fixture";
import { formatAmount, formatPrice, isBelowMarket, priceDisplay } from "./vehicle-price";

describe("Prices (vehicle-card-and-page.md): shown only above 10", () => {
  it.each([
    [{ price: 27990 }, "price", "$27,990.00"],
    [{ price: 11 }, "price", "$11.00"],
    [{ price: 10 }, "enquire", "Enquire for price."],
    [{ price: 0 }, "enquire", "Enquire for price."],
    [{ price: 0, preorder: true }, "preorder", "PREORDER"],
    [{ price: 5, tag: "Pre-order" }, "preorder", "PREORDER"],
    [{ price: 45000, preorder: true }, "price", "$45,000.00"],
  ])("%j -> %s %s", (overrides, kind, text) => {
    expect(priceDisplay(aVehicle(overrides))).toEqual({ kind, text });
  });
});

describe("Prices (vehicle-card-and-page.md): a $ sign and two decimals with locale grouping", () => {
  it.each([
    [1234567.5, "en-AU", "$1,234,567.50"],
    [1234567.5, "en-NZ", "$1,234,567.50"],
    [1234567.5, "en-US", "$1,234,567.50"],
    [999, "en-AU", "$999.00"],
    [0.005, "en-AU", "$0.01"],
  ] as const)("%d in %s -> %s", (amount, locale, text) => {
    expect(formatPrice(amount, locale)).toBe(text);
  });

  it("always '$', grouping every three digits and exactly two decimals", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const text = formatPrice(cents / 100);
        expect(text).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(Number(text.slice(1).replaceAll(",", ""))).toBe(cents / 100);
      }),
    );
  });
});

describe("Other amounts (vehicle-card-and-page.md): whole dollars without cents, cents when there are some", () => {
  it.each([
    [40000, "en-AU", "$40,000"],
    [40000, "en-NZ", "$40,000"],
    [40000, "en-US", "$40,000"],
    [27560, "en-AU", "$27,560"],
    [1234567.5, "en-AU", "$1,234,567.50"],
    [99.5, "en-US", "$99.50"],
    [412.37, "en-NZ", "$412.37"],
    [200, "en-AU", "$200"],
    [0, "en-AU", "$0"],
    [-1500, "en-AU", "-$1,500"],
    [1999.999, "en-AU", "$2,000"],
  ] as const)("%d in %s -> %s", (amount, locale, text) => {
    expect(formatAmount(amount, locale)).toBe(text);
  });

  it("never prints '.00', and prints two decimals whenever there are cents", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_00 }), (cents) => {
        const text = formatAmount(cents / 100);
        expect(text).toMatch(
          cents % 100 === 0 ? /^\$\d{1,3}(,\d{3})*$/ : /^\$\d{1,3}(,\d{3})*\.\d{2}$/,
        );
        expect(Number(text.slice(1).replaceAll(",", ""))).toBe(cents / 100);
      }),
    );
  });
});

describe("Prices (vehicle-card-and-page.md): below-market indicator, difference under -499", () => {
  const market = (average: number | null) => ({
    autograb_data: { average_market_price: average, state_average_market_price: null },
  });
  it.each([
    [20000, 20500, true],
    [20000, 20499, false],
    [20001, 20500, false],
    [20000, 30000, true],
    [20000, null, false],
    [0, 30000, false],
  ])("price %d, market %s -> %s", (price, average, expected) => {
    expect(isBelowMarket(aVehicle({ price, ...market(average) }))).toBe(expected);
  });

  it("a site can switch it off; no market data means no indicator", () => {
    expect(
      isBelowMarket(aVehicle({ price: 1000, ...market(5000) }), {
        showBelowMarketIndicator: false,
      }),
    ).toBe(false);
    expect(isBelowMarket(aVehicle({ autograb_data: null }))).toBe(false);
  });
});
