import { redirect } from "react-router";
import type { Route } from "./+types/reservation-pay";
import { FormPage } from "~/app/components/forms/form-page";
import { moneyText } from "~/server/reservations/receipt-email";

/**
 * /reservations/{id}/pay: Stripe's Payment Element for the reservation's PaymentIntent. The card
 * is typed into Stripe's own frames (js.stripe.com), confirmed by Stripe.js, and Stripe sends the
 * shopper back to the confirmation page; our server never sees the card.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const row = await context.reservations.find(context.site.id, params.id ?? "");
  if (!row) throw new Response("Not Found", { status: 404 });
  const fields = await context.reservations.cardFieldsOf(context.site, row);
  if (!fields) throw redirect(`/reservations/${row.id}`, 303);
  return {
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

export default function ReservationPay({ loaderData: d }: Route.ComponentProps) {
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
