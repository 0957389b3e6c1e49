/**
 * Finance at /finance, /finance-enquiry and /apply-for-finance (docs/product/leads-and-forms.md,
 * "Finance pages"): the three finance steps, 'Apply Now' to the #finance-form anchor, the
 * calculator, and the multi-step application. Query parameters preferredDealership,
 * vehiclePriceBudget, car_id, car_type and vin prefill it.
 */
import type { Route } from "./+types/finance";
import { FINANCE_APPLY_BUTTON, FINANCE_STEPS } from "~/domain/finance-calculator";
import { localiseText } from "~/domain/locale";
import { financeAction, loadFinancePage } from "~/server/leads/finance-page";
import { FinanceCalculator } from "~/app/components/finance-calculator";
import { VehicleSummaryCard } from "~/app/components/forms/form-page";
import { MultiStepLeadForm } from "~/app/components/forms/multi-step-form";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await loadFinancePage(context, url);
  return { page, siteName: context.site.name, canonical: `${context.origin}${url.pathname}` };
}

export async function action({ context, request }: Route.ActionArgs) {
  return financeAction(request, context);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `Car finance | ${loaderData?.siteName ?? ""}` },
    {
      name: "description",
      content:
        "Apply for car finance online in minutes with a rate of your own. Applying has no impact on your credit score.",
    },
    { tagName: "link", rel: "canonical", href: loaderData?.canonical ?? "" },
  ];
}

export default function Finance({ loaderData, actionData }: Route.ComponentProps) {
  const t = useTemplate();
  const { locale } = useSite();
  const { page } = loaderData;
  const budget = Number(page.defaults.vehiclePriceBudget ?? 0) || page.vehicle?.price || null;
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <section className="rounded-site bg-brand px-6 py-10 text-brand-foreground">
        <h1 className="text-3xl font-bold md:text-4xl">Finance made simple</h1>
        <p className="mt-3 max-w-2xl text-lg opacity-90">
          {localiseText(
            "Get pre-approved online with your own personalised rate. Checking your options has no impact on your credit score.",
            locale,
          )}
        </p>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {FINANCE_STEPS.map((step) => {
            const [, number, text] = /^(Step \d+)\s+(.*)$/.exec(step) ?? [step, "", step];
            return (
              <li key={step} className="rounded-site bg-white/10 p-4">
                <p className="text-sm font-semibold uppercase tracking-wide opacity-80">{number}</p>
                <p className="mt-1 text-lg font-semibold">{localiseText(text, locale)}</p>
              </li>
            );
          })}
        </ol>
        <a
          href="#finance-form"
          className="mt-8 inline-block rounded-site bg-accent px-6 py-3 font-semibold text-accent-foreground"
        >
          {FINANCE_APPLY_BUTTON}
        </a>
      </section>

      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <section aria-labelledby="apply-heading">
          <h2 id="apply-heading" className={cn("text-2xl", t.heading)}>
            Apply for finance
          </h2>
          {page.vehicle && (
            <div className="mt-4">
              <VehicleSummaryCard vehicle={page.vehicle} />
            </div>
          )}
          <div className="mt-6">
            <MultiStepLeadForm
              id="finance-form"
              steps={page.steps}
              defaults={page.defaults}
              hidden={page.hidden}
              actionData={actionData}
            />
          </div>
        </section>
        <FinanceCalculator price={budget} />
      </div>
    </div>
  );
}
