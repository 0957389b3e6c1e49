import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/reservation";
import { loadReservation } from "./reservation.server";
import { FormPage, InfoBox } from "~/app/components/forms/form-page";
import { LeadForm } from "~/app/components/forms/lead-form";
import { checkoutFields } from "~/app/components/vehicle-page/checkout-fields";
import { DepositTerms, TermsLink } from "~/app/components/vehicle-page/deposit-terms";
import { useSite } from "~/app/lib/site";

/** /reservations/{id}: the reservation's confirmation (or what went wrong). */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadReservation(context, params.id, request);
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [];
  return [
    { title: `Reservation: ${data.heading} | ${data.siteName}` },
    { name: "robots", content: "noindex" },
  ];
}

/** A reservation paid through the built-in test card provider, said on every state of the page. */
function TestPaymentNotice() {
  return (
    <p
      role="note"
      className="mb-4 rounded-site border-2 border-amber-600 bg-amber-50 p-3 font-semibold"
    >
      Test payment: this deposit went through the built-in test card provider. No money was taken.
    </p>
  );
}

export default function Reservation({ loaderData: r }: Route.ComponentProps) {
  const site = useSite();
  const revalidator = useRevalidator();
  const test = r.testPayment ? <TestPaymentNotice /> : null;
  const personal = r.personal;
  // While the provider has not said yet, look again every two seconds.
  useEffect(() => {
    if (r.status !== "held") return;
    const timer = setInterval(() => void revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [r.status, revalidator]);

  if (r.status === "paid")
    return (
      <FormPage
        title="Your reservation is confirmed"
        aside={
          <InfoBox title="What happens next">
            <ol className="list-decimal space-y-1 pl-5">
              <li>
                We hold the vehicle for you
                {r.heldUntil ? ` until ${r.heldUntil}` : ""}: nobody else can reserve it.
              </li>
              <li>Our team calls you to arrange finance, trade-in, inspection and delivery.</li>
            </ol>
          </InfoBox>
        }
      >
        {test}
        <div role="status" className="space-y-3 text-lg">
          <p>
            {personal ? "Thank you. Your" : "The"} <strong>{r.deposit}</strong> deposit is paid and
            the <strong>{r.heading}</strong> is reserved{personal ? " for you" : ""}.
          </p>
          {r.heldUntil ? (
            <p data-testid="held-until">
              Held for you until <strong>{r.heldUntil}</strong>.
            </p>
          ) : null}
          {personal ? (
            <>
              <p>
                Payment reference: <strong>{personal.paymentReference}</strong>
              </p>
              <p>We have sent a receipt to {personal.email}.</p>
            </>
          ) : null}
          <p>
            <a href={r.vehiclePagePath} className="font-semibold text-brand underline">
              Back to the vehicle
            </a>
          </p>
        </div>
      </FormPage>
    );
  if (r.status === "held")
    return (
      <FormPage title="Confirming your payment">
        {test}
        <p role="status" className="text-lg">
          We are waiting for the card provider to confirm your {r.deposit} deposit for the{" "}
          {r.heading}. This page updates by itself.
        </p>
        {r.payPath ? (
          <p className="mt-3 text-lg">
            Not paid yet?{" "}
            <a href={r.payPath} className="font-semibold text-brand underline">
              {`Pay the ${r.deposit} deposit by card`}
            </a>
            .
          </p>
        ) : null}
      </FormPage>
    );
  // A declined card: the form again, as the shopper sent it, with the card's message beside it.
  if (r.retry)
    return (
      <FormPage title="Your card was not accepted">
        {test}
        <div role="alert" className="mb-4 space-y-2 text-lg">
          {personal?.failureMessage && <p className="font-semibold">{personal.failureMessage}</p>}
          <p>
            No money has been taken for the {r.heading}. Check your details and try again with this
            or another card.
          </p>
        </div>
        <DepositTerms terms={r.retry.terms} deposit={r.retry.deposit} />
        <LeadForm
          id={r.retry.formId}
          action={r.retry.action}
          fields={checkoutFields(site.settings, r.retry.deposit)}
          defaults={r.retry.values}
          submitLabel={`Continue to pay the ${r.retry.deposit} deposit`}
          afterField={{ name: "terms_conditions", node: <TermsLink terms={r.retry.terms} /> }}
        />
        <p className="mt-4">
          <a href={r.vehiclePagePath} className="font-semibold text-brand underline">
            Back to the vehicle
          </a>
        </p>
      </FormPage>
    );
  const refunded = r.status === "refunded";
  return (
    <FormPage
      title={refunded ? "Your deposit has been refunded" : "Your reservation was not completed"}
    >
      {test}
      <div role="alert" className="space-y-3 text-lg">
        {personal?.failureMessage && r.status === "declined" && <p>{personal.failureMessage}</p>}
        <p>
          {refunded
            ? `Your ${r.deposit} deposit for the ${r.heading} has been refunded to your card.`
            : r.status === "expired"
              ? `The hold on the ${r.heading} ended before the payment was made. No money has been taken.`
              : `No money has been taken for the ${r.heading}.`}
        </p>
        <p>
          <a href={r.retryPath} className="font-semibold text-brand underline">
            Try again
          </a>{" "}
          or{" "}
          <a href={r.vehiclePagePath} className="font-semibold text-brand underline">
            go back to the vehicle
          </a>
          .
        </p>
      </div>
    </FormPage>
  );
}
