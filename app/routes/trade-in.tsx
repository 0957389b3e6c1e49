/**
 * Trade-in valuation (/trade-in, /cars/trade-in?car_id={id}) and Value My Car (/sell-your-car,
 * /sell-my-car): look the vehicle up by its registration, then send it with the contact details.
 * With JavaScript the lookup calls POST /api/rego-lookup and fills the fields in place; without
 * it, the same button asks the page's action.
 */
import { useState } from "react";
import type { MouseEvent } from "react";
import type { Route } from "./+types/trade-in";
import { tradeInFormFields } from "~/domain/lead-forms";
import { localiseText, term } from "~/domain/locale";
import { lookupNotice } from "~/domain/registration";
import { formatAmount } from "~/domain/vehicle-price";
import { loadTradeInPage, tradeInAction } from "~/server/leads/trade-in-page";
import { FormPage, InfoBox, VehicleSummaryCard } from "~/app/components/forms/form-page";
import { LeadForm } from "~/app/components/forms/lead-form";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = await loadTradeInPage(context, url);
  return { page, siteName: context.site.name, canonical: `${context.origin}${url.pathname}` };
}

export async function action({ context, request }: Route.ActionArgs) {
  return tradeInAction(request, context);
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  const title = loaderData?.page.kind === "trade-in" ? "Trade-in valuation" : "Value my car";
  return [
    { title: `${title} | ${loaderData?.siteName ?? ""}` },
    {
      name: "description",
      content:
        "Get a fast, free valuation of your car. Enter its registration and we'll do the rest.",
    },
    { tagName: "link", rel: "canonical", href: loaderData?.canonical ?? "" },
  ];
}

type LookupAnswer = {
  vehicle?: { year: number; make: string; model: string; badge: string | null };
  valuation?: { low: number; high: number } | null;
  error?: string;
  errors?: Record<string, string>;
};

function setValue(form: HTMLFormElement, name: string, value: string) {
  const input = form.elements.namedItem(name);
  if (input instanceof HTMLInputElement) input.value = value;
}

export default function TradeIn({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const { page } = loaderData;
  const t = useTemplate();
  const fields = tradeInFormFields({ states: page.states }, site.settings);
  const plate = term(site.locale, "rego").toLowerCase();
  const lookupLabel = `Look up my ${plate}`;
  const [lookup, setLookup] = useState<{
    notice: string | null;
    errors: Record<string, string>;
    busy: boolean;
  }>({ notice: null, errors: {}, busy: false });

  async function onLookup(event: MouseEvent<HTMLButtonElement>) {
    const form = event.currentTarget.form;
    if (!form) return;
    event.preventDefault();
    const data = new FormData(form);
    setLookup({ notice: null, errors: {}, busy: true });
    try {
      const response = await fetch("/api/rego-lookup", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          rego: data.get("Rego") ?? "",
          regoState: data.get("regoState") ?? "",
          km: data.get("trade_in_km") ?? "",
        }),
      });
      const answer = (await response.json().catch(() => ({}))) as LookupAnswer;
      if (response.ok && answer.vehicle) {
        const v = answer.vehicle;
        setValue(form, "trade_in_year", String(v.year));
        setValue(form, "trade_in_make", v.make);
        setValue(form, "trade_in_model", [v.model, v.badge].filter(Boolean).join(" "));
        setLookup({
          notice: lookupNotice(v, answer.valuation ?? null, (n) => formatAmount(n, site.locale)),
          errors: {},
          busy: false,
        });
        form.querySelector<HTMLInputElement>('[name="trade_in_km"]')?.focus();
        return;
      }
      const errors = answer.errors
        ? Object.fromEntries(
            Object.entries(answer.errors).map(([k, v]) => [k === "rego" ? "Rego" : k, v]),
          )
        : {
            Rego:
              answer.error ??
              "The registration lookup did not answer. Please enter your vehicle's details.",
          };
      setLookup({ notice: null, errors, busy: false });
      form.querySelector<HTMLInputElement>('[name="Rego"]')?.focus();
    } catch {
      setLookup({
        notice: null,
        errors: {
          Rego: "The registration lookup did not answer. Please enter your vehicle's details.",
        },
        busy: false,
      });
    }
  }

  return (
    <FormPage
      title={page.kind === "trade-in" ? "Trade-in valuation" : "Value my car"}
      intro={`Enter your ${plate} and we'll fill in your vehicle's details. Then tell us how to reach you with your valuation.`}
      aside={
        <InfoBox title="How it works">
          <ol className="list-decimal space-y-1 pl-5">
            <li>Look up your vehicle by its registration.</li>
            <li>Check its details and condition.</li>
            <li>
              {localiseText(
                "We come back to you with a valuation, free and with no obligation.",
                site.locale,
              )}
            </li>
          </ol>
        </InfoBox>
      }
    >
      {page.vehicle && <VehicleSummaryCard vehicle={page.vehicle} heading="Trading in for" />}
      <LeadForm
        id="trade-in-form"
        className="mt-6"
        fields={fields}
        actionData={actionData}
        extraErrors={lookup.errors}
        onValuesChange={() => {
          if (Object.keys(lookup.errors).length > 0)
            setLookup((current) => ({ ...current, errors: {} }));
        }}
        submitLabel="Get my valuation"
        afterField={{
          name: fields.some((field) => field.name === "regoState") ? "regoState" : "Rego",
          node: (
            <div className="rounded-site border border-slate-300 bg-slate-50 p-4">
              <button
                type="submit"
                name="intent"
                value="lookup"
                formNoValidate
                onClick={onLookup}
                disabled={lookup.busy}
                aria-controls="rego-lookup-result"
                aria-describedby="rego-lookup-help"
                className={cn(
                  "inline-flex items-center gap-2 px-5 py-3 font-semibold disabled:opacity-60",
                  t.button,
                )}
              >
                <svg viewBox="0 0 20 20" className="size-5" aria-hidden="true" focusable="false">
                  <path
                    fill="currentColor"
                    d="M8.5 2a6.5 6.5 0 0 1 5.2 10.4l4 4-1.4 1.4-4-4A6.5 6.5 0 1 1 8.5 2zm0 2a4.5 4.5 0 1 0 0 9 4.5 4.5 0 0 0 0-9z"
                  />
                </svg>
                {lookup.busy ? "Looking up…" : lookupLabel}
              </button>
              <p id="rego-lookup-help" className="mt-2 text-sm text-slate-700">
                {`We fill in the year, make and model below from your ${plate}. You can also type them yourself.`}
              </p>
              <p
                id="rego-lookup-result"
                role="status"
                aria-live="polite"
                className="mt-2 font-semibold text-slate-900 empty:hidden"
              >
                {lookup.notice ?? lookup.errors.Rego ?? ""}
              </p>
            </div>
          ),
        }}
      />
    </FormPage>
  );
}
