/**
 * The finance calculator (docs/product/leads-and-forms.md, "Finance pages"): repayments from price,
 * deposit, term, frequency, rate (the site's default, 10 unless set) and an optional balloon,
 * computed with the domain's amortisation. The result is computed while rendering, so the server
 * shows it too; without JavaScript the 'Calculate' button reloads the page with the inputs in the
 * URL. The vehicle page reuses it with the vehicle's price.
 */
import { useId, useRef, useState } from "react";
import type { ChangeEvent } from "react";
import { useSearchParams } from "react-router";
import {
  REPAYMENT_FREQUENCIES,
  defaultFinanceRate,
  repaymentSummary,
  type RepaymentFrequency,
} from "~/domain/finance-calculator";
import { formatAmount, isPriceShown } from "~/domain/vehicle-price";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { inputClass } from "~/app/components/forms/field-controls";

const TERMS_YEARS = [1, 2, 3, 4, 5, 6, 7] as const;
const FREQUENCY_LABEL: Record<RepaymentFrequency, string> = {
  weekly: "Weekly",
  fortnightly: "Fortnightly",
  monthly: "Monthly",
};
const PER: Record<RepaymentFrequency, string> = {
  weekly: "per week",
  fortnightly: "per fortnight",
  monthly: "per month",
};

type Inputs = {
  price: string;
  deposit: string;
  years: string;
  frequency: RepaymentFrequency;
  rate: string;
  balloon: string;
};

function amount(text: string): number {
  const n = Number(text.replace(/[^\d.]/g, ""));
  return Number.isFinite(n) ? n : 0;
}

export function FinanceCalculator({
  price,
  id = "finance-calculator",
  className,
  heading = "Finance calculator",
}: {
  /** The vehicle's price or the budget to start from. */
  price?: number | null;
  id?: string;
  className?: string;
  heading?: string;
}) {
  const site = useSite();
  const t = useTemplate();
  const [params] = useSearchParams();
  const uid = useId().replace(/[^A-Za-z0-9]/g, "");
  const tracked = useRef(false);
  const p = (name: string) => params.get(`calc_${name}`);
  const frequencyParam = p("frequency");
  const [inputs, setInputs] = useState<Inputs>(() => ({
    price: p("price") ?? (isPriceShown(price) ? String(Math.round(price)) : "30000"),
    deposit: p("deposit") ?? "0",
    years: p("years") ?? "5",
    frequency: (REPAYMENT_FREQUENCIES as readonly string[]).includes(frequencyParam ?? "")
      ? (frequencyParam as RepaymentFrequency)
      : "weekly",
    rate: p("rate") ?? String(defaultFinanceRate(site.settings)),
    balloon: p("balloon") ?? "0",
  }));

  const principal = Math.max(0, amount(inputs.price) - amount(inputs.deposit));
  const summary = repaymentSummary({
    principal,
    annualRatePercent: Math.min(100, amount(inputs.rate)),
    termMonths: Math.min(7, Math.max(1, amount(inputs.years))) * 12,
    frequency: inputs.frequency,
    balloon: Math.min(principal, amount(inputs.balloon)),
  });

  function onChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const { name, value } = event.currentTarget;
    setInputs((current) => ({ ...current, [name.replace(/^calc_/, "")]: value }));
    if (!tracked.current) {
      tracked.current = true;
      (window as Window & { dataLayer?: unknown[] }).dataLayer?.push({
        event: "finance_calculator",
      });
    }
  }

  const field = (name: keyof Inputs) => `${id}-${uid}-${name}`;
  return (
    <section
      id={id}
      aria-labelledby={`${id}-${uid}-heading`}
      className={cn("rounded-site border border-slate-200 p-5", className)}
    >
      <h2 id={`${id}-${uid}-heading`} className={cn("text-xl", t.heading)}>
        {heading}
      </h2>
      <form
        method="get"
        action={`#${id}`}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        onSubmit={(e) => e.preventDefault()}
      >
        {(
          [
            ["price", "Vehicle price ($)"],
            ["deposit", "Deposit or trade-in ($)"],
            ["rate", "Interest rate (% a year)"],
            ["balloon", "Balloon payment ($)"],
          ] as const
        ).map(([name, label]) => (
          <div key={name}>
            <label htmlFor={field(name)} className="block text-sm font-medium">
              {label}
            </label>
            <input
              id={field(name)}
              name={`calc_${name}`}
              inputMode="decimal"
              value={inputs[name]}
              onChange={onChange}
              className={cn(inputClass, "mt-1")}
            />
          </div>
        ))}
        <div>
          <label htmlFor={field("years")} className="block text-sm font-medium">
            Loan term
          </label>
          <select
            id={field("years")}
            name="calc_years"
            value={inputs.years}
            onChange={onChange}
            className={cn(inputClass, "mt-1")}
          >
            {TERMS_YEARS.map((y) => (
              <option key={y} value={String(y)}>
                {y} {y === 1 ? "year" : "years"}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={field("frequency")} className="block text-sm font-medium">
            Repayments
          </label>
          <select
            id={field("frequency")}
            name="calc_frequency"
            value={inputs.frequency}
            onChange={onChange}
            className={cn(inputClass, "mt-1")}
          >
            {REPAYMENT_FREQUENCIES.map((f) => (
              <option key={f} value={f}>
                {FREQUENCY_LABEL[f]}
              </option>
            ))}
          </select>
        </div>
        <noscript>
          <button
            type="submit"
            formMethod="get"
            className={cn("px-4 py-2 font-semibold", t.buttonOutline)}
          >
            Calculate
          </button>
        </noscript>
      </form>
      <div className="mt-5 rounded-site bg-slate-50 p-4" aria-live="polite">
        <p className="text-sm text-slate-600">Estimated repayment</p>
        <p className="text-3xl font-bold text-slate-900">
          {formatAmount(summary.repayment, site.locale)}{" "}
          <span className="text-base font-normal text-slate-700">{PER[inputs.frequency]}</span>
        </p>
        <p className="mt-1 text-sm text-slate-700">
          {summary.repaymentCount} repayments · total interest{" "}
          {formatAmount(summary.totalInterest, site.locale)} · total{" "}
          {formatAmount(summary.totalRepaid, site.locale)}
        </p>
        <p className="mt-2 text-xs text-slate-600">
          An estimate only, not a quote or an offer of credit. Your rate depends on your
          circumstances.
        </p>
      </div>
    </section>
  );
}
