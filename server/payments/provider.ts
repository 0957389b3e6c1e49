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
  /**
   * Our reference of the payment (the reservation id) where the provider echoes it: a charge
   * whose answer never reached us (the process stopped while charging) is still found by it.
   */
  reference?: string | null;
};

/**
 * A card given by the provider's browser-side fields, charged from our server: a one-use card
 * token (Pin Payments' Hosted Fields) or a payment method (Stripe's `pm_...`).
 */
export type ChargeCardInput = {
  /** The reservation's payment (Pin: the pending reference; Stripe: the PaymentIntent). */
  paymentId: string;
  /** The token or payment method the fields gave. */
  card: string;
  amountCents: number;
  currency: string;
  email: string;
  description: string;
  ipAddress: string;
  /** Where a 3-D Secure step sends the shopper back. */
  returnUrl: string;
  /** The same key for a retry of this charge: sent to providers whose API takes one. */
  idempotencyKey: string;
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
  /**
   * Charges a card given by the provider's fields in our page; a decline answers a failed state
   * with the provider's words (no throw), a refusal that charged nothing throws
   * PaymentProviderError. Providers whose own page takes the card have none.
   */
  chargeCard?(input: ChargeCardInput): Promise<PaymentState>;
  /** Whether a card string is of the kind this provider's fields give. */
  acceptsCard?(card: string): boolean;
  /** Browser-side card fields (Stripe): the payment's client secret. */
  clientSecret?(paymentId: string): Promise<string | null>;
  /** Verifies and reads a webhook; throws WebhookSignatureError when it does not verify. */
  parseWebhook(
    rawBody: Buffer,
    headers: Record<string, string | undefined>,
    query?: URLSearchParams,
  ): PaymentWebhookEvent | Promise<PaymentWebhookEvent>;
}
