import { redirect } from "react-router";
import type { Route } from "./+types/reservation-pay";
import { FormPage } from "~/app/components/forms/form-page";
import { PinCardForm } from "~/app/components/forms/pin-card-form";
import { isPinProvider, PIN_PENDING_PREFIX } from "~/server/payments/pin-provider";
import { moneyText } from "~/server/reservations/receipt-email";

/**
 * /reservations/{id}/pay: the card fields of the reservation's provider. Stripe: its Payment
 * Element for the reservation's PaymentIntent; the card is typed into Stripe's own frames
 * (js.stripe.com), confirmed by Stripe.js, and Stripe sends the shopper back to the confirmation
 * page. Pin Payments: its Hosted Fields (pin-card-form.tsx), whose card token alone comes to
 * our server. Either way our server never sees the card.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const row = await context.reservations.find(context.site.id, params.id ?? "");
  if (!row) throw new Response("Not Found", { status: 404 });
  const provider = context.reservations.providerFor(context.site);
  if (row.provider === "pin-payments" && isPinProvider(provider)) {
    // The card is asked for once: a hold being charged, paid or ended goes to its confirmation.
    if (row.status !== "held" || !row.paymentId?.startsWith(PIN_PENDING_PREFIX))
      throw redirect(`/reservations/${row.id}`, 303);
    // Being charged (another tab, a second click): its outcome shows on the confirmation page.
    if (context.reservations.chargeUnderWay(row)) throw redirect(`/reservations/${row.id}`, 303);
    const publishableKey =
      context.site.dealerships.find((d) => d.id === row.dealershipId)?.paymentPublishableKey ??
      context.site.dealerships[0]?.paymentPublishableKey ??
      null;
    return {
      kind: "pin" as const,
      reservationId: row.id,
      publishableKey,
      scriptUrl: provider.hostedFields.scriptUrl,
      sandbox: provider.hostedFields.sandbox,
      country: row.currency.toUpperCase() === "NZD" ? "New Zealand" : "Australia",
      returnUrl: `/reservations/${row.id}`,
      deposit: moneyText(row.amountCents, row.currency),
      nonce: context.cspNonce,
    };
  }
  const fields = await context.reservations.cardFieldsOf(context.site, row);
  if (!fields) throw redirect(`/reservations/${row.id}`, 303);
  return {
    kind: "stripe" as const,
    ...fields,
    returnUrl: `${context.origin}/reservations/${row.id}`,
    deposit: moneyText(row.amountCents, row.currency),
    nonce: context.cspNonce,
  };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta() {
  return [{ title: "Pay the deposit" }, { name: "robots", content: "noindex" }];
}

export default function ReservationPay({ loaderData }: Route.ComponentProps) {
  if (loaderData.kind === "pin") {
    const p = loaderData;
    return (
      <FormPage title={`Pay the ${p.deposit} deposit`}>
        {p.publishableKey ? (
          <PinCardForm {...p} publishableKey={p.publishableKey} />
        ) : (
          <p role="alert" className="text-lg">
            Card payment is not set up for this dealership yet. Please call the dealership to pay
            the deposit.
          </p>
        )}
      </FormPage>
    );
  }
  const d = loaderData;
  const setup = `(() => {
  const stripe = Stripe(${JSON.stringify(d.publishableKey)});
  const elements = stripe.elements({ clientSecret: ${JSON.stringify(d.clientSecret)} });
  elements.create("payment").mount("#payment-element");
  const form = document.getElementById("payment-form");
  const message = document.getElementById("payment-message");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    form.querySelector("button").disabled = true;
    const { error } = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: ${JSON.stringify(d.returnUrl)} },
    });
    message.textContent = error ? error.message : "";
    form.querySelector("button").disabled = false;
  });
})();`;
  return (
    <FormPage title={`Pay the ${d.deposit} deposit`}>
      <form id="payment-form" className="max-w-md space-y-4">
        <div id="payment-element" />
        <p id="payment-message" role="alert" className="font-semibold text-red-700" />
        <button
          type="submit"
          className="rounded-site bg-brand px-5 py-3 font-semibold text-brand-foreground"
        >
          Pay {d.deposit}
        </button>
      </form>
      <script nonce={d.nonce} src="https://js.stripe.com/v3/" />
      <script nonce={d.nonce} dangerouslySetInnerHTML={{ __html: setup }} />
    </FormPage>
  );
}
