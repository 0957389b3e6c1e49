import type { Route } from "./+types/vehicle-checkout";
import { checkoutAction, loadCheckout } from "./vehicle-checkout.server";
import { PAYMENT_METHODS, PAYMENTS_HEADING } from "~/domain/ui-constants";
import { FormPage, InfoBox, VehicleSummaryCard } from "~/app/components/forms/form-page";
import { LeadForm } from "~/app/components/forms/lead-form";
import { checkoutFields } from "~/app/components/vehicle-page/checkout-fields";
import { useSite } from "~/app/lib/site";
import { DriveAwayBreakdown } from "~/app/components/vehicle-page/drive-away";
import { DepositTerms, TermsLink } from "~/app/components/vehicle-page/deposit-terms";

/** /{vehiclePath}/{slug}/checkout (Reserve Now) and /{vehiclePath}/{slug}/buy-online. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadCheckout(context, request, params.slug);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return checkoutAction(context, request, params.slug);
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  const what = data.kind === "reserve" ? "Reserve" : "Buy online";
  return [
    { title: `${what}: ${data.heading} | ${data.siteName}` },
    { name: "robots", content: "noindex" },
  ];
}

export default function VehicleCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const site = useSite();
  const { kind, vehicle, deposit, provider, terms } = loaderData;
  const reserve = kind === "reserve";
  return (
    <FormPage
      title={reserve ? "Reserve this vehicle" : "Buy this vehicle online"}
      intro={
        <p>
          {reserve
            ? `Secure the ${loaderData.heading} with a ${deposit} deposit by debit or credit card. We hold it for you and call you to arrange the rest.`
            : `Start buying the ${loaderData.heading} online with a ${deposit} deposit by debit or credit card. We call you to finalise the price, any trade-in and delivery.`}
        </p>
      }
      aside={
        <>
          <VehicleSummaryCard
            vehicle={vehicle}
            heading={reserve ? "You are reserving" : "You are buying"}
          />
          <InfoBox title="What happens next">
            <ol className="list-decimal space-y-1 pl-5">
              <li>You pay the {deposit} deposit by card on the provider&rsquo;s secure page.</li>
              <li>We hold the vehicle for you for {terms.heldFor} and confirm by e-mail.</li>
              <li>Our team calls you to arrange finance, trade-in, inspection and delivery.</li>
            </ol>
          </InfoBox>
          <InfoBox title={PAYMENTS_HEADING}>
            <p>{PAYMENT_METHODS.join(", ")}</p>
          </InfoBox>
          <p>
            <a href={loaderData.vehiclePagePath} className="font-semibold text-brand underline">
              Back to the vehicle
            </a>
          </p>
        </>
      }
    >
      <p className="mb-4 text-lg">
        Deposit: <strong>{deposit}</strong>{" "}
        <span className="text-slate-700">(vehicle price {loaderData.price})</span>
      </p>
      <p className="mb-4" data-testid="payment-provider">
        Payment: <strong>{provider}</strong>
      </p>
      {loaderData.testPayment && (
        <p
          role="note"
          className="mb-4 rounded-site border-2 border-amber-600 bg-amber-50 p-3 font-semibold"
        >
          This site takes test payments: no card is charged and the vehicle is not reserved for a
          paying customer.
        </p>
      )}
      <DepositTerms terms={terms} deposit={deposit} />
      {loaderData.driveAway && (
        <div className="mb-6">
          <DriveAwayBreakdown driveAway={loaderData.driveAway} />
        </div>
      )}
      <LeadForm
        id={reserve ? "reserve-form" : "buy-online-form"}
        fields={checkoutFields(site.settings, deposit)}
        actionData={actionData}
        submitLabel={`Continue to pay the ${deposit} deposit`}
        afterField={{ name: "terms_conditions", node: <TermsLink terms={terms} /> }}
      />
    </FormPage>
  );
}
