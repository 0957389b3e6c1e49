/**
 * Pin Payments through its REST API (https://pinpayments.com/developers/api-reference): the
 * shopper types the card in Pin's Hosted Fields (Pin's frames, with the dealership's publishable
 * key), which give a one-use card token; the charge is created with that token (POST
 * /1/charges), read back (GET /1/charges/{token}) and refunded (POST /1/charges/{token}/refunds).
 * Webhooks carry a `Pin-Signature: t={seconds},v1={hex HMAC-SHA256 of "t.body"}` made with the
 * endpoint's signing key, verified here the way Pin documents.
 *
 * A Pin charge exists only once the card is given, so the payment a reservation starts with is
 * a pending reference of ours (`pin_pending_...`): reading it answers 'waiting for the card',
 * cancelling it is nothing to do; `chargeCard` turns it into Pin's charge.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import {
  PaymentProviderError,
  WebhookSignatureError,
  type ChargeCardInput,
  type PaymentProvider,
  type PaymentState,
  type PaymentWebhookEvent,
} from "./provider";

/** The pending payment of a reservation before its card is charged. */
export const PIN_PENDING_PREFIX = "pin_pending_";
export const PIN_SIGNATURE_HEADER = "pin-signature";
/** Pin's Hosted Fields script on Pin's CDN (PIN_HOSTED_FIELDS_URL points elsewhere in tests). */
export const PIN_HOSTED_FIELDS_SCRIPT = "https://cdn.pinpayments.com/pin.hosted_fields.v1.js";
/** The CDN name older builds of Pin's script serve their field frames from. */
const PIN_LEGACY_CDN = "https://cdn.pin.net.au";
/** Pin's live API hosts; any other API host is Pin's test API (or a local stand-in). */
const PIN_LIVE_API_HOSTS = new Set(["api.pinpayments.com", "api.pin.net.au"]);
/** Webhooks older than this (or this far in the future) are refused: a replay of a captured one. */
const SIGNATURE_TOLERANCE_SECONDS = 300;
const CHARGE_TOKEN = /^ch_[0-9A-Za-z_-]{4,64}$/;
const CARD_TOKEN = /^(card|ps)_[0-9A-Za-z_-]{4,64}$/;

type Charge = {
  token: string;
  success: boolean;
  amount: number;
  currency: string;
  status_message?: string | null;
  error_message?: string | null;
  amount_refunded?: number;
  captured?: boolean;
  metadata?: Record<string, unknown>;
};

type PinError = { error?: string; error_description?: string; charge_token?: string };

function stateOf(charge: Charge): PaymentState {
  const base = {
    id: charge.token,
    amountCents: charge.amount,
    currency: charge.currency.toUpperCase(),
  };
  return charge.success
    ? { ...base, status: "succeeded", failureMessage: null }
    : {
        ...base,
        status: "failed",
        failureMessage: charge.error_message ?? charge.status_message ?? "The card was declined.",
      };
}

/** What our card page needs to load Pin's Hosted Fields (docs/product/payments.md). */
export type PinHostedFields = {
  /** The Hosted Fields script (Pin's CDN unless configured otherwise). */
  scriptUrl: string;
  /** Hosted Fields' `sandbox` option: tokenise against Pin's test API. */
  sandbox: boolean;
};

export type PinProvider = PaymentProvider & {
  readonly hostedFields: PinHostedFields;
  /**
   * Charges the card token; a decline answers a failed state with Pin's message (no throw).
   * Pin's charges API takes no idempotency key: the reservation's claim in our database is what
   * keeps a card to one charge, and the charge's metadata names the reservation so its webhook
   * finds it even when our process stopped before storing the answer.
   */
  chargeCard(input: ChargeCardInput): Promise<PaymentState>;
};

/** The provider of a reservation is Pin Payments with its browser-side fields. */
export function isPinProvider(
  provider: PaymentProvider | null | undefined,
): provider is PinProvider {
  return provider?.name === "pin-payments" && "hostedFields" in provider;
}

/** Pin's signature of a webhook body (what Pin sends; the tests' fake signs with it too). */
export function pinSignature(signingKey: string, timestamp: number, body: string): string {
  const v1 = createHmac("sha256", signingKey).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}

export function createPinProvider(options: {
  /** https://api.pinpayments.com (live) or https://test-api.pinpayments.com (test). */
  apiUrl: string;
  secretKey: string;
  webhookSigningKey: string;
  /** Pin's Hosted Fields script; Pin's CDN by default. */
  hostedFieldsUrl?: string;
  fetch?: typeof fetch;
  now?: () => number;
}): PinProvider {
  const base = options.apiUrl.replace(/\/$/, "");
  const authorization = `Basic ${Buffer.from(`${options.secretKey}:`).toString("base64")}`;
  const http = options.fetch ?? fetch;
  const nowSeconds = () => Math.floor((options.now?.() ?? Date.now()) / 1000);

  async function call<T>(
    method: string,
    path: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; json: { response?: T } & PinError }> {
    const res = await http(`${base}/1${path}`, {
      method,
      headers: {
        authorization,
        accept: "application/json",
        ...(body ? { "content-type": "application/json" } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    let json: { response?: T } & PinError = {};
    try {
      json = text ? (JSON.parse(text) as typeof json) : {};
    } catch {
      throw new PaymentProviderError(`Pin Payments answered ${res.status} without JSON.`);
    }
    if (res.status >= 500)
      throw new Error(`Pin Payments answered ${res.status}: ${json.error ?? "server error"}`);
    return { status: res.status, json };
  }

  const refused = (json: PinError, status: number) =>
    new PaymentProviderError(
      json.error_description ?? `Pin Payments answered ${status}.`,
      json.error ?? String(status),
    );

  async function charge(token: string): Promise<Charge> {
    if (!CHARGE_TOKEN.test(token)) throw new PaymentProviderError("Not a Pin Payments charge.");
    const { status, json } = await call<Charge>("GET", `/charges/${token}`);
    if (status !== 200 || !json.response) throw refused(json, status);
    return json.response;
  }

  const scriptUrl = options.hostedFieldsUrl ?? PIN_HOSTED_FIELDS_SCRIPT;
  const scriptOrigin = new URL(scriptUrl).origin;
  // The page loads Pin's script, which draws each field in a frame of Pin's CDN; the card goes
  // from those frames to Pin, so the page itself connects to no Pin origin.
  const frameOrigins =
    scriptOrigin === new URL(PIN_HOSTED_FIELDS_SCRIPT).origin
      ? [scriptOrigin, PIN_LEGACY_CDN]
      : [scriptOrigin];

  return {
    name: "pin-payments",
    displayName: "Pin Payments",
    hostedFields: { scriptUrl, sandbox: !PIN_LIVE_API_HOSTS.has(new URL(base).hostname) },
    browserOrigins: { script: [scriptOrigin], frame: frameOrigins, connect: [] },
    async createPayment(input) {
      return {
        id: `${PIN_PENDING_PREFIX}${input.reference}`,
        status: "requires_payment_method",
        // Our own card page, on whichever host the shopper is on (like Stripe's).
        paymentPageUrl: `/reservations/${input.reference}/pay`,
        clientSecret: null,
      };
    },
    acceptsCard: (card) => CARD_TOKEN.test(card),
    async chargeCard(input) {
      if (!CARD_TOKEN.test(input.card))
        throw new PaymentProviderError("The card token is not one Pin Payments gave.");
      if (!input.paymentId.startsWith(PIN_PENDING_PREFIX))
        throw new PaymentProviderError("This payment has been charged already.");
      const { status, json } = await call<Charge>("POST", "/charges", {
        email: input.email,
        description: input.description.slice(0, 255),
        amount: input.amountCents,
        currency: input.currency.toUpperCase(),
        ip_address: input.ipAddress,
        card_token: input.card,
        capture: true,
        metadata: { reservation: input.paymentId.slice(PIN_PENDING_PREFIX.length) },
      });
      if (status === 201 && json.response) return stateOf(json.response);
      // A decline: Pin answers 422 with the charge it made and its words for the shopper.
      if (json.error === "card_declined" || json.error === "insufficient_funds")
        return {
          id: json.charge_token ?? input.paymentId,
          status: "failed",
          amountCents: input.amountCents,
          currency: input.currency.toUpperCase(),
          failureMessage: json.error_description ?? "The card was declined.",
        };
      throw refused(json, status);
    },
    async getPayment(id) {
      if (id.startsWith(PIN_PENDING_PREFIX))
        return {
          id,
          status: "requires_payment_method",
          amountCents: 0,
          currency: "",
          failureMessage: null,
        };
      return stateOf(await charge(id));
    },
    async cancelPayment() {
      // Nothing to cancel: a Pin charge is made only with the card, and then it is taken.
    },
    async refund({ paymentId, amountCents }) {
      if (!CHARGE_TOKEN.test(paymentId))
        throw new PaymentProviderError("This payment has not been taken.");
      const { status, json } = await call<{ token: string; status_message?: string }>(
        "POST",
        `/charges/${paymentId}/refunds`,
        { amount: amountCents },
      );
      if (status !== 201 || !json.response) throw refused(json, status);
      // Pin answers 'Pending': the refund is sent to the card scheme in the next batch.
      return { id: json.response.token, status: "pending" };
    },
    parseWebhook(rawBody, headers): PaymentWebhookEvent {
      const header = headers[PIN_SIGNATURE_HEADER] ?? "";
      const parts = new Map(
        header.split(",").map((part) => {
          const at = part.indexOf("=");
          return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
        }),
      );
      const timestamp = Number(parts.get("t"));
      const given = parts.get("v1") ?? "";
      if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given))
        throw new WebhookSignatureError("The webhook carries no Pin-Signature.");
      if (Math.abs(nowSeconds() - timestamp) > SIGNATURE_TOLERANCE_SECONDS)
        throw new WebhookSignatureError("The webhook's signature is too old.");
      const body = rawBody.toString("utf8");
      const expected = createHmac("sha256", options.webhookSigningKey)
        .update(`${timestamp}.${body}`)
        .digest();
      if (!timingSafeEqual(expected, Buffer.from(given, "hex")))
        throw new WebhookSignatureError("The webhook's signature does not verify.");
      const event = JSON.parse(body) as { token?: string; type?: string; data?: Partial<Charge> };
      if (!event.token || !event.type) throw new WebhookSignatureError("Not a Pin Payments event.");
      const data = event.data ?? {};
      const chargeToken = typeof data.token === "string" ? data.token : null;
      const reference =
        typeof data.metadata?.reservation === "string" ? data.metadata.reservation : null;
      if (event.type === "charge.captured" || event.type === "charge.authorised")
        return {
          id: event.token,
          type: data.success === false ? "payment.failed" : "payment.succeeded",
          paymentId: chargeToken,
          failureMessage: data.success === false ? (data.error_message ?? null) : null,
          reference,
        };
      if (event.type === "charge.failed")
        return {
          id: event.token,
          type: "payment.failed",
          paymentId: chargeToken,
          failureMessage: data.error_message ?? data.status_message ?? "The card was declined.",
          reference,
        };
      if (event.type.startsWith("refund."))
        return { id: event.token, type: "refund", paymentId: null, failureMessage: null };
      return { id: event.token, type: "ignored", paymentId: chargeToken, failureMessage: null };
    },
  };
}
