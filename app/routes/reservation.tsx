import { useEffect } from "react";
import { useRevalidator } from "react-router";
import type { Route } from "./+types/reservation";
import { loadReservation } from "./reservation.server";
import { FormPage, InfoBox } from "~/app/components/forms/form-page";

/** /reservations/{id}: the reservation's confirmation (or what went wrong). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadReservation(context, params.id);
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

export default function Reservation({ loaderData: r }: Route.ComponentProps) {
  const revalidator = useRevalidator();
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
              <li>We hold the vehicle for you: nobody else can reserve it.</li>
              <li>Our team calls you to arrange finance, trade-in, inspection and delivery.</li>
            </ol>
          </InfoBox>
        }
      >
        <div role="status" className="space-y-3 text-lg">
          <p>
            Thank you. Your <strong>{r.deposit}</strong> deposit is paid and the{" "}
            <strong>{r.heading}</strong> is reserved for you.
          </p>
          <p>
            Payment reference: <strong>{r.paymentReference}</strong>
          </p>
          <p>We have sent a receipt to {r.email}.</p>
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
        <p role="status" className="text-lg">
          We are waiting for the card provider to confirm your {r.deposit} deposit for the{" "}
          {r.heading}. This page updates by itself.
        </p>
      </FormPage>
    );
  const refunded = r.status === "refunded";
  return (
    <FormPage
      title={refunded ? "Your deposit has been refunded" : "Your reservation was not completed"}
    >
      <div role="alert" className="space-y-3 text-lg">
        {r.failureMessage && r.status === "declined" && <p>{r.failureMessage}</p>}
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
