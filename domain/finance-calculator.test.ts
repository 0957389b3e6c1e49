import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  defaultFinanceRate,
  PERIODS_PER_YEAR,
  repaymentAmount,
  repaymentCount,
  repaymentInCents,
  repaymentSummary,
  type LoanTerms,
  type RepaymentFrequency,
} from "./finance-calculator";
import { defaultSiteSettings } from "./site-settings";

describe("Finance pages (leads-and-forms.md): calculator default rate 10", () => {
  it("defaults to 10, or the site's rate", () => {
    expect(defaultFinanceRate(defaultSiteSettings())).toBe(10);
    expect(defaultFinanceRate({ financeCalculatorRate: 7.5 })).toBe(7.5);
  });
});

describe("Finance pages (leads-and-forms.md): the calculator's amortised repayments, known values", () => {
  it.each<[LoanTerms, number]>([
    [{ principal: 20_000, annualRatePercent: 10, termMonths: 60, frequency: "monthly" }, 424.94],
    [
      { principal: 20_000, annualRatePercent: 10, termMonths: 60, frequency: "fortnightly" },
      195.79,
    ],
    [{ principal: 20_000, annualRatePercent: 10, termMonths: 60, frequency: "weekly" }, 97.82],
    [
      {
        principal: 30_000,
        annualRatePercent: 10,
        termMonths: 60,
        frequency: "monthly",
        balloon: 9_000,
      },
      521.19,
    ],
    [{ principal: 50_000, annualRatePercent: 7.5, termMonths: 36, frequency: "monthly" }, 1555.31],
    [
      {
        principal: 45_000,
        annualRatePercent: 10,
        termMonths: 48,
        frequency: "weekly",
        balloon: 13_500,
      },
      209.85,
    ],
    [{ principal: 20_000, annualRatePercent: 0, termMonths: 60, frequency: "monthly" }, 333.33],
  ])("%j -> %d", (terms, expected) => {
    expect(repaymentInCents(terms)).toBe(expected);
  });

  it("weekly 52, fortnightly 26, monthly 12 repayments a year", () => {
    expect(repaymentCount(60, "weekly")).toBe(260);
    expect(repaymentCount(60, "fortnightly")).toBe(130);
    expect(repaymentCount(60, "monthly")).toBe(60);
  });

  it("totals: repayments plus balloon, interest the rest", () => {
    expect(
      repaymentSummary({
        principal: 20_000,
        annualRatePercent: 10,
        termMonths: 60,
        frequency: "monthly",
      }),
    ).toEqual({
      repayment: 424.94,
      repaymentCount: 60,
      totalRepaid: 25496.4,
      totalInterest: 5496.4,
    });
  });

  it("paying the repayment every period leaves exactly the balloon owing", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1_000, max: 200_000 }),
        fc.double({ min: 0, max: 25, noNaN: true }),
        fc.integer({ min: 12, max: 84 }),
        fc.constantFrom<RepaymentFrequency>("weekly", "fortnightly", "monthly"),
        fc.double({ min: 0, max: 0.5, noNaN: true }),
        (principal, rate, termMonths, frequency, balloonShare) => {
          const balloon = Math.round(principal * balloonShare);
          const terms = { principal, annualRatePercent: rate, termMonths, frequency, balloon };
          const payment = repaymentAmount(terms);
          const r = rate / 100 / PERIODS_PER_YEAR[frequency];
          let owing = principal;
          for (let i = 0; i < repaymentCount(termMonths, frequency); i += 1)
            owing = owing * (1 + r) - payment;
          expect(Math.abs(owing - balloon)).toBeLessThan(0.01);
        },
      ),
    );
  });

  it("a higher rate never lowers the repayment", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 20, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (rate, extra) => {
          const base = { principal: 25_000, termMonths: 48, frequency: "monthly" as const };
          expect(
            repaymentAmount({ ...base, annualRatePercent: rate + extra }),
          ).toBeGreaterThanOrEqual(repaymentAmount({ ...base, annualRatePercent: rate }) - 1e-9);
        },
      ),
    );
  });
});
