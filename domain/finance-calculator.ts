/**
 * The finance calculator (docs/product/leads-and-forms.md, "Finance pages"): repayments of an
 * amortising loan with the site's default rate (10 by default), weekly, fortnightly or monthly,
 * with an optional balloon.
 */
import type { SiteSettings } from "./site-settings";

export const REPAYMENT_FREQUENCIES = ["weekly", "fortnightly", "monthly"] as const;
export type RepaymentFrequency = (typeof REPAYMENT_FREQUENCIES)[number];

export const PERIODS_PER_YEAR: Readonly<Record<RepaymentFrequency, number>> = {
  weekly: 52,
  fortnightly: 26,
  monthly: 12,
};

export type LoanTerms = {
  /** Amount borrowed. */
  principal: number;
  /** Interest rate, % per year. */
  annualRatePercent: number;
  termMonths: number;
  frequency: RepaymentFrequency;
  /** Amount still owed after the last repayment (paid in one sum). */
  balloon?: number;
};

/** How many repayments a term has: weekly and fortnightly counts follow 52 and 26 a year. */
export function repaymentCount(termMonths: number, frequency: RepaymentFrequency): number {
  return Math.round((termMonths / 12) * PERIODS_PER_YEAR[frequency]);
}

/**
 * The repayment per period of an amortising loan:
 *   (P (1 + r)^n - B) * r / ((1 + r)^n - 1), or (P - B) / n without interest,
 * where r is the rate per period and n the number of repayments.
 */
export function repaymentAmount(terms: LoanTerms): number {
  const balloon = terms.balloon ?? 0;
  const n = repaymentCount(terms.termMonths, terms.frequency);
  if (n <= 0 || terms.principal <= 0) return 0;
  const r = terms.annualRatePercent / 100 / PERIODS_PER_YEAR[terms.frequency];
  // (1 + r)^n - 1 via expm1/log1p keeps precision at tiny rates, where the plain formula
  // divides by almost zero.
  const growthMinusOne = Math.expm1(n * Math.log1p(r));
  if (r === 0 || growthMinusOne === 0) return (terms.principal - balloon) / n;
  return ((terms.principal * (1 + growthMinusOne) - balloon) * r) / growthMinusOne;
}

/** Repayment rounded to cents, as shown. */
export function repaymentInCents(terms: LoanTerms): number {
  return Math.round(repaymentAmount(terms) * 100) / 100;
}

export type RepaymentSummary = {
  repayment: number;
  repaymentCount: number;
  totalRepaid: number;
  totalInterest: number;
};

/**
 * Everything the calculator shows. Totals use the repayment as shown (in cents), so the figures
 * on screen add up; they include the balloon.
 */
export function repaymentSummary(terms: LoanTerms): RepaymentSummary {
  const repayment = repaymentInCents(terms);
  const count = repaymentCount(terms.termMonths, terms.frequency);
  const totalRepaid = repayment * count + (terms.balloon ?? 0);
  return {
    repayment,
    repaymentCount: count,
    totalRepaid: Math.round(totalRepaid * 100) / 100,
    totalInterest: Math.round((totalRepaid - terms.principal) * 100) / 100,
  };
}

/** The calculator's starting rate: the site's, which defaults to 10. */
export function defaultFinanceRate(settings: Pick<SiteSettings, "financeCalculatorRate">): number {
  return settings.financeCalculatorRate;
}

/** The finance steps and button (docs/product/vehicle-card-and-page.md, "Other blocks"). */
export const FINANCE_STEPS = [
  "Step 1 Apply Online Quickly & Securely",
  "Step 2 Get Finance with your own Personalised Finance Rate",
  "Step 3 Purchase & Enjoy your New Car",
] as const;
export const FINANCE_APPLY_BUTTON = "Apply Now";
