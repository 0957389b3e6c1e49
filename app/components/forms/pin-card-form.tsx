/**
 * The card form of a Pin Payments deposit (docs/product/payments.md, "Pin Payments"): Pin's
 * Hosted Fields draw the card number, expiry, CVC and name in Pin's own frames, loaded by Pin's
 * script from Pin's CDN with the dealership's publishable key. On Pay, Pin's script tokenises
 * the card (the card goes from Pin's frames to Pin, never through this page or our server) and
 * the one-use card token alone is posted to our reservation endpoint, which charges it. The
 * billing address Pin's cards API asks for is typed here: it is not card data.
 *
 * The field containers keep an empty inner HTML of their own, so hydration never touches the
 * frames Pin's script put in them. Without JavaScript the page says why it cannot take the card.
 */
import { inputClass } from "./field-controls";

export type PinCardFormProps = {
  reservationId: string;
  /** The deposit, as shown on the Pay button. */
  deposit: string;
  publishableKey: string;
  scriptUrl: string;
  sandbox: boolean;
  /** The confirmation page the shopper lands on once Pin has answered. */
  returnUrl: string;
  /** Pin's billing country for the card (Australia or New Zealand, by the deposit's currency). */
  country: string;
  nonce: string | undefined;
};

const HOSTED = [
  { name: "number", label: "Card number" },
  { name: "expiry", label: "Expiry (MM / YY)" },
  { name: "cvc", label: "Security code (CVC)" },
  { name: "name", label: "Name on card" },
] as const;

const ADDRESS = [
  { name: "address_line1", label: "Billing address", autoComplete: "billing address-line1" },
  { name: "address_city", label: "Town or city", autoComplete: "billing address-level2" },
  { name: "address_postcode", label: "Postcode", autoComplete: "billing postal-code" },
  { name: "address_country", label: "Country", autoComplete: "billing country-name" },
] as const;

const PIN_FIELD_ID = (name: string) => `pin-card-${name}`;

/** A value in the inline script: JSON that cannot close the script element. */
const js = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/** The script that wires Pin's Hosted Fields to the form (runs before hydration). */
function setupScript(p: PinCardFormProps): string {
  const fields = Object.fromEntries(
    HOSTED.map((f) => [f.name, { selector: `#${PIN_FIELD_ID(f.name)}` }]),
  );
  return `(() => {
  const form = document.getElementById("pin-card-form");
  const message = document.getElementById("pin-card-message");
  const button = document.getElementById("pin-card-pay");
  if (!form || !message || !button) return;
  if (typeof HostedFields === "undefined") {
    message.textContent = "The secure card fields could not be loaded. Please reload the page.";
    return;
  }
  const fields = HostedFields.create({ sandbox: ${js(p.sandbox)}, fields: ${js(fields)} });
  button.disabled = false;
  const say = (text) => { message.textContent = text; };
  const explain = (err) => {
    const details = Array.isArray(err && err.messages)
      ? err.messages.map((m) => m && m.message).filter(Boolean)
      : [];
    return details.length ? details.join(" ") : (err && err.error_description) || "Please check your card details.";
  };
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    button.disabled = true;
    say("");
    const value = (name) => String(form.elements.namedItem(name).value || "").trim();
    fields.tokenize(
      {
        publishable_api_key: ${js(p.publishableKey)},
        address_line1: value("address_line1"),
        address_city: value("address_city"),
        address_postcode: value("address_postcode"),
        address_country: value("address_country"),
      },
      async (err, response) => {
        if (err || !response || !response.token) {
          say(explain(err));
          button.disabled = false;
          return;
        }
        try {
          const res = await fetch(${js(`/api/reservations/${p.reservationId}/card`)}, {
            method: "POST",
            headers: { "content-type": "application/json", accept: "application/json" },
            body: JSON.stringify({ card_token: response.token }),
          });
          const body = await res.json().catch(() => ({}));
          // Paid or declined: the confirmation page says which, with Pin's words for a decline.
          // Being charged already (another tab, a second click), or no answer from Pin yet: the
          // confirmation page shows the outcome; paying again here would be refused anyway.
          if (res.ok || res.status === 409 || res.status === 503)
            return window.location.assign(${js(p.returnUrl)});
          say(body.error || "Your card was not charged. Please try again.");
        } catch {
          say("We could not reach the dealership's website. Your card was not charged; please try again.");
        }
        button.disabled = false;
      },
    );
  });
})();`;
}

export function PinCardForm(props: PinCardFormProps) {
  return (
    <>
      <noscript>
        <p role="alert" className="mb-4 rounded-site border border-red-300 bg-red-50 p-4">
          Paying by card needs JavaScript: your card is typed into Pin Payments&rsquo; secure
          fields, which run in your browser so that the card goes to Pin Payments only. Please turn
          JavaScript on and reload this page, or call the dealership to pay the deposit.
        </p>
      </noscript>
      <form id="pin-card-form" className="max-w-md space-y-4">
        <fieldset className="space-y-4">
          <legend className="font-semibold text-slate-900">Card details</legend>
          {HOSTED.map((f) => (
            <div key={f.name}>
              <label
                id={`${PIN_FIELD_ID(f.name)}-label`}
                htmlFor={PIN_FIELD_ID(f.name)}
                className="block font-medium text-slate-900"
              >
                {f.label}
              </label>
              <div
                id={PIN_FIELD_ID(f.name)}
                role="group"
                aria-labelledby={`${PIN_FIELD_ID(f.name)}-label`}
                className="mt-1 h-11 rounded-site border border-slate-400 bg-white px-2"
                // Pin's frames go in here; hydration leaves the inside alone.
                dangerouslySetInnerHTML={{ __html: "" }}
              />
            </div>
          ))}
        </fieldset>
        <fieldset className="space-y-4">
          <legend className="font-semibold text-slate-900">Billing address</legend>
          {ADDRESS.map((f) => (
            <div key={f.name}>
              <label htmlFor={`pin-${f.name}`} className="block font-medium text-slate-900">
                {f.label}
              </label>
              <input
                id={`pin-${f.name}`}
                name={f.name}
                required={f.name !== "address_postcode"}
                autoComplete={f.autoComplete}
                defaultValue={f.name === "address_country" ? props.country : undefined}
                className={`mt-1 ${inputClass}`}
              />
            </div>
          ))}
        </fieldset>
        <p id="pin-card-message" role="alert" className="font-semibold text-red-700" />
        <button
          id="pin-card-pay"
          type="submit"
          disabled
          className="rounded-site bg-brand px-5 py-3 font-semibold text-brand-foreground disabled:opacity-60"
        >
          Pay {props.deposit}
        </button>
        <p className="text-sm text-slate-600">
          Your card is handled by Pin Payments: its details go to Pin Payments only.
        </p>
      </form>
      <script nonce={props.nonce} src={props.scriptUrl} />
      <script nonce={props.nonce} dangerouslySetInnerHTML={{ __html: setupScript(props) }} />
    </>
  );
}
