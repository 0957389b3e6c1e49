import type { Route } from "./+types/checkout-journey";
import { checkoutJourneyAction, loadCheckoutJourney } from "./checkout-journey.server";
import { FormPage, InfoBox } from "~/app/components/forms/form-page";
import { MultiStepLeadForm } from "~/app/components/forms/multi-step-form";
import { FinanceCalculator } from "~/app/components/finance-calculator";
import { DriveAwayBreakdown } from "~/app/components/vehicle-page/drive-away";
import { DepositTerms, TermsLink } from "~/app/components/vehicle-page/deposit-terms";

/** /checkout-journey?car_id={slug}: buy a vehicle online, step by step. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCheckoutJourney(context, request);
}

export async function action({ context, request }: Route.ActionArgs) {
  return checkoutJourneyAction(context, request);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: `Buy online: ${data.heading} | ${data.siteName}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function CheckoutJourney({ loaderData: d, actionData }: Route.ComponentProps) {
  return (
    <FormPage
      title={`Buy the ${d.heading} online`}
      intro={
        <p>
          Tell us about you, your trade-in, finance and delivery, then secure the vehicle with a{" "}
          {d.deposit} deposit. Your answers are saved as you go.
        </p>
      }
      aside={
        <>
          <div>
            <DepositTerms terms={d.terms} deposit={d.deposit} />
            <TermsLink terms={d.terms} />
          </div>
          {d.driveAway && (
            <InfoBox title="Price">
              <DriveAwayBreakdown driveAway={d.driveAway} />
            </InfoBox>
          )}
          <FinanceCalculator price={d.price} heading="Repayment estimate" />
          <p>
            <a href={d.vehiclePagePath} className="font-semibold text-brand underline">
              Back to the vehicle
            </a>
          </p>
        </>
      }
    >
      <MultiStepLeadForm
        id="checkout-journey"
        steps={d.steps}
        defaults={d.resumed?.values ?? {}}
        hidden={d.hidden}
        stepActions={{ "Trade-In": { intent: "lookup", label: "Look up the registration" } }}
        actionData={
          actionData ??
          (d.resumed
            ? { values: d.resumed.values, step: d.resumed.step, errors: {}, formError: null }
            : undefined)
        }
      />
    </FormPage>
  );
}
