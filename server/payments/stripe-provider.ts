/**
 * Stripe through its official SDK: a PaymentIntent per deposit (the browser confirms it with
 * Stripe's own card fields, so card data goes to Stripe only), refunds, and webhooks verified
 * with `stripe.webhooks.constructEvent`. The secret key and webhook secret come from the
 * environment; `apiUrl` points the SDK at another host (tests run a local server answering like
 * Stripe's API).
 */
import Stripe from "stripe";
import {
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentProvider,
  type PaymentState,
  type PaymentStatus,
} from "./provider";

const STATUS: Record<Stripe.PaymentIntent.Status, PaymentStatus> = {
  requires_payment_method: "requires_payment_method",
  requires_confirmation: "requires_payment_method",
  requires_action: "requires_action",
  processing: "processing",
  requires_capture: "processing",
  canceled: "cancelled",
  succeeded: "succeeded",
};

/** A payment method of Stripe's browser-side fields (Stripe.js `createPaymentMethod`). */
const PAYMENT_METHOD = /^pm_[0-9A-Za-z_]{4,64}$/;

function stateOf(intent: Stripe.PaymentIntent): PaymentState {
  // A decline leaves the intent waiting for another card, with the decline as its last error.
  const declined = intent.status === "requires_payment_method" && intent.last_payment_error;
  return {
    id: intent.id,
    status: declined ? "failed" : (STATUS[intent.status] ?? "processing"),
    amountCents: intent.amount,
    currency: intent.currency.toUpperCase(),
    failureMessage: intent.last_payment_error?.message ?? null,
  };
}

/** Stripe's own message for what it refused. */
async function call<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError)
      throw new PaymentProviderError(error.message, error.code ?? null);
    throw error;
  }
}

export type StripeProvider = PaymentProvider & {
  /** Confirms with a payment method (server-side confirmation; the browser's fields do it too). */
  confirm(paymentId: string, paymentMethod: string, returnUrl: string): Promise<PaymentState>;
};

export function createStripeProvider(options: {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (tests): protocol, host and port are taken from it. */
  apiUrl?: string;
}): StripeProvider {
  const api = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          protocol: api.protocol === "http:" ? ("http" as const) : ("https" as const),
          host: api.hostname,
          port: api.port || (api.protocol === "http:" ? 80 : 443),
        }
      : {}),
  });

  return {
    name: "stripe",
    displayName: "Card payment by Stripe",
    async createPayment(input) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            description: input.description,
            metadata: { reference: input.reference },
            automatic_payment_methods: { enabled: true },
          },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      return {
        id: intent.id,
        status: stateOf(intent).status,
        paymentPageUrl: `/reservations/${input.reference}/pay`,
        clientSecret: intent.client_secret,
      };
    },
    async getPayment(id) {
      return stateOf(await call(() => stripe.paymentIntents.retrieve(id)));
    },
    async clientSecret(id) {
      return (await call(() => stripe.paymentIntents.retrieve(id))).client_secret;
    },
    acceptsCard: (card) => PAYMENT_METHOD.test(card),
    async chargeCard(input) {
      if (!PAYMENT_METHOD.test(input.card))
        throw new PaymentProviderError("The payment method is not one Stripe gave.");
      try {
        // Stripe keeps the answer of a key: a retry of this charge gets it, never a second charge.
        const intent = await stripe.paymentIntents.confirm(
          input.paymentId,
          { payment_method: input.card, return_url: input.returnUrl },
          { idempotencyKey: input.idempotencyKey },
        );
        return stateOf(intent);
      } catch (error) {
        // A decline is an answer about the card, not a refusal of the request.
        if (error instanceof Stripe.errors.StripeCardError)
          return {
            id: input.paymentId,
            status: "failed",
            amountCents: input.amountCents,
            currency: input.currency.toUpperCase(),
            failureMessage: error.message,
          };
        if (error instanceof Stripe.errors.StripeInvalidRequestError)
          throw new PaymentProviderError(error.message, error.code ?? null);
        throw error;
      }
    },
    async confirm(id, paymentMethod, returnUrl) {
      return stateOf(
        await call(() =>
          stripe.paymentIntents.confirm(id, {
            payment_method: paymentMethod,
            return_url: returnUrl,
          }),
        ),
      );
    },
    async cancelPayment(id) {
      await call(() => stripe.paymentIntents.cancel(id));
    },
    async refund({ paymentId, amountCents, idempotencyKey }) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: paymentId, amount: amountCents },
          { idempotencyKey },
        ),
      );
      return {
        id: refund.id,
        status:
          refund.status === "succeeded"
            ? "succeeded"
            : refund.status === "failed" || refund.status === "canceled"
              ? "failed"
              : "pending",
      };
    },
    parseWebhook(rawBody, headers) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          headers["stripe-signature"] ?? "",
          options.webhookSecret,
        );
      } catch (error) {
        throw new WebhookSignatureError((error as Error).message);
      }
      const object = event.data.object as {
        id?: string;
        object?: string;
        payment_intent?: unknown;
      };
      const intent = object.object === "payment_intent" ? (object as Stripe.PaymentIntent) : null;
      const reference =
        typeof intent?.metadata?.reference === "string" ? intent.metadata.reference : null;
      switch (event.type) {
        case "payment_intent.succeeded":
          return {
            id: event.id,
            type: "payment.succeeded",
            paymentId: intent!.id,
            failureMessage: null,
            reference,
          };
        case "payment_intent.payment_failed":
          return {
            id: event.id,
            type: "payment.failed",
            paymentId: intent!.id,
            failureMessage: intent!.last_payment_error?.message ?? null,
            reference,
          };
        case "payment_intent.canceled":
          return {
            id: event.id,
            type: "payment.cancelled",
            paymentId: intent!.id,
            failureMessage: null,
            reference,
          };
        case "charge.refunded":
          return {
            id: event.id,
            type: "refund",
            paymentId: typeof object.payment_intent === "string" ? object.payment_intent : null,
            failureMessage: null,
          };
        default:
          return { id: event.id, type: "ignored", paymentId: null, failureMessage: null };
      }
    },
  };
}
