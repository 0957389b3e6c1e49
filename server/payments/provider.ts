/**
 * The card payment provider interface (docs/product/payments.md, "Card payments"): what the
 * reservation service asks of Stripe, Windcave, Pin Payments or the built-in test provider.
 * Card data never reaches our reservation endpoints: each provider takes the card on its own
 * page or fields, and tells us the outcome by a signed webhook (and when the shopper returns).
 */
import type { PaymentProviderName } from "~/domain/site-settings";

/** Where a payment stands, in the provider-neutral words of this interface. */
export type PaymentStatus =
  /** Waiting for the shopper's card (or a retry after a decline). */
  | "requires_payment_method"
  /** The card needs the shopper's confirmation (3-D Secure). */
  | "requires_action"
  | "processing"
  | "succeeded"
  | "failed"
  | "cancelled";

export type CreatePaymentInput = {
  /** Minor units (cents). */
  amountCents: number;
  /** ISO 4217, lower or upper case as the provider wants it (adapters normalise). */
  currency: string;
  /** Our reference for the payment (the reservation id). */
  reference: string;
  /** The same key twice creates one payment. */
  idempotencyKey: string;
  description: string;
  /** Where the provider's page sends the shopper back (our confirmation page). */
  returnUrl: string;
  /** The site's host: webhooks of the built-in provider come back to it. */
  siteHost: string;
  /** The dealership's publishable key (browser-side fields use it). */
  publishableKey: string | null;
};

export type CreatedPayment = {
  id: string;
  status: PaymentStatus;
  /** Where the shopper enters the card: the provider's hosted page or our page with its fields. */
  paymentPageUrl: string;
  /** For browser-side fields (Stripe's Payment Element): the client secret. */
  clientSecret: string | null;
};

export type PaymentState = {
  id: string;
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  /** The provider's words for a decline, shown to the shopper as they are. */
  failureMessage: string | null;
};

export type Refund = { id: string; status: "succeeded" | "pending" | "failed" };

/** A verified webhook, in this interface's words. */
export type PaymentWebhookEvent = {
  id: string;
  type: "payment.succeeded" | "payment.failed" | "payment.cancelled" | "refund" | "ignored";
  paymentId: string | null;
  failureMessage: string | null;
};

/** A webhook whose signature does not verify: answered 400, nothing changes. */
export class WebhookSignatureError extends Error {}

/** The provider refused a request (a decline, a bad amount): its own message. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
  ) {
    super(message);
  }
}

/**
 * The origins a provider's browser-side card fields load from, for the Content-Security-Policy
 * of the sites whose deposits it takes.
 */
export type PaymentBrowserOrigins = {
  script: readonly string[];
  frame: readonly string[];
  connect: readonly string[];
};

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Origins of its card fields in our pages, from this deployment's configuration. */
  readonly browserOrigins?: PaymentBrowserOrigins;
  /** As shoppers know it: 'Stripe', 'Windcave', 'Pin Payments'. */
  readonly displayName: string;
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  getPayment(paymentId: string): Promise<PaymentState>;
  /** Cancels a payment not taken yet (an expired or cancelled hold). */
  cancelPayment(paymentId: string): Promise<void>;
  refund(input: {
    paymentId: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<Refund>;
  /** Browser-side card fields (Stripe): the payment's client secret. */
  clientSecret?(paymentId: string): Promise<string | null>;
  /** Verifies and reads a webhook; throws WebhookSignatureError when it does not verify. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
    query?: URLSearchParams,
  ): PaymentWebhookEvent | Promise<PaymentWebhookEvent>;
}
