/**
 * Windcave through its REST API (https://www.windcave.com/developer-e-commerce-api-rest): a
 * hosted payment page session per deposit (the shopper types the card on Windcave's page), the
 * session's transactions for its outcome, refunds as a refund transaction. Windcave's
 * notification (FPRN) names a session and carries no signature: it is verified the way Windcave
 * documents, by reading the session back from Windcave with our credentials.
 */
import {
  PaymentProviderError,
  WebhookSignatureError,
  type PaymentProvider,
  type PaymentState,
  type PaymentWebhookEvent,
} from "./provider";

type Transaction = {
  id: string;
  authorised: boolean;
  responseText: string;
  reCo?: string;
  type: string;
  amount: string;
  currency: string;
};

type Session = {
  id: string;
  state: "init" | "pending" | "processing" | "complete";
  amount?: string;
  currency?: string;
  merchantReference?: string;
  links?: Array<{ href: string; rel: string; method: string }>;
  transactions?: Transaction[];
};

const SESSION_ID = /^[0-9a-zA-Z]{10,64}$/;

const cents = (amount: string | undefined) => Math.round(Number(amount ?? "0") * 100);
const dollars = (amountCents: number) => (amountCents / 100).toFixed(2);

function stateOf(session: Session): PaymentState {
  const purchase = session.transactions?.find((t) => t.type === "purchase");
  const base = {
    id: session.id,
    amountCents: cents(session.amount ?? purchase?.amount),
    currency: (session.currency ?? purchase?.currency ?? "").toUpperCase(),
  };
  if (session.state !== "complete" || !purchase)
    return { ...base, status: "requires_payment_method", failureMessage: null };
  return purchase.authorised
    ? { ...base, status: "succeeded", failureMessage: null }
    : {
        ...base,
        status: "failed",
        failureMessage: `Your card was declined (${purchase.responseText}).`,
      };
}

export type WindcaveProvider = PaymentProvider & {
  /** Windcave's session read back (the notification's verification). */
  session(id: string): Promise<Session>;
};

export function createWindcaveProvider(options: {
  apiUrl: string;
  username: string;
  apiKey: string;
  fetch?: typeof fetch;
}): WindcaveProvider {
  const base = options.apiUrl.replace(/\/$/, "");
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.apiKey}`).toString("base64")}`;
  const http = options.fetch ?? fetch;

  async function call<T>(method: string, path: string, body?: unknown, id?: string): Promise<T> {
    const res = await http(`${base}${path}`, {
      method,
      headers: {
        authorization,
        "content-type": "application/json",
        accept: "application/json",
        // Windcave's request id: a retried request with the same id is not applied twice.
        ...(id ? { "x-id": id } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    if (!res.ok) {
      const errors = (json.errors as Array<{ message?: string; code?: string }> | undefined) ?? [];
      throw new PaymentProviderError(
        errors[0]?.message ?? `Windcave answered ${res.status}.`,
        errors[0]?.code ?? String(res.status),
      );
    }
    return json as T;
  }

  async function session(id: string): Promise<Session> {
    if (!SESSION_ID.test(id)) throw new PaymentProviderError("Not a Windcave session id.");
    return call<Session>("GET", `/api/v1/sessions/${id}`);
  }

  return {
    name: "windcave",
    displayName: "Windcave",
    async createPayment(input) {
      const back = input.returnUrl;
      const created = await call<Session>(
        "POST",
        "/api/v1/sessions",
        {
          type: "purchase",
          amount: dollars(input.amountCents),
          currency: input.currency.toUpperCase(),
          merchantReference: input.reference.slice(0, 64),
          language: "en",
          callbackUrls: { approved: back, declined: back, cancelled: back },
          notificationUrl: `${new URL(back).origin}/api/payments/webhooks/windcave`,
        },
        input.idempotencyKey,
      );
      const hpp = created.links?.find((l) => l.rel === "hpp");
      if (!hpp) throw new PaymentProviderError("Windcave gave no payment page for the session.");
      return {
        id: created.id,
        status: "requires_payment_method",
        paymentPageUrl: hpp.href,
        clientSecret: null,
      };
    },
    async getPayment(id) {
      return stateOf(await session(id));
    },
    async cancelPayment() {
      // A Windcave session cannot be cancelled: it lapses by itself. A payment made on it later
      // is a late payment (kept or refunded by the reservation rules).
    },
    async refund({ paymentId, amountCents, idempotencyKey }) {
      const purchase = (await session(paymentId)).transactions?.find(
        (t) => t.type === "purchase" && t.authorised,
      );
      if (!purchase) throw new PaymentProviderError("This payment has not been taken.");
      const refund = await call<Transaction>(
        "POST",
        "/api/v1/transactions",
        {
          type: "refund",
          amount: dollars(amountCents),
          currency: purchase.currency,
          transactionId: purchase.id,
        },
        idempotencyKey,
      );
      return { id: refund.id, status: refund.authorised ? "succeeded" : "failed" };
    },
    async parseWebhook(rawBody, _headers, query): Promise<PaymentWebhookEvent> {
      const text = rawBody.toString("utf8");
      // Windcave's notification: GET ?sessionId=..., or a POST naming it.
      let sessionId = query?.get("sessionId") ?? "";
      if (!sessionId && text) {
        sessionId = text.trim().startsWith("{")
          ? String((JSON.parse(text) as { sessionId?: unknown }).sessionId ?? "")
          : (new URLSearchParams(text).get("sessionId") ?? "");
      }
      if (!SESSION_ID.test(sessionId))
        throw new WebhookSignatureError("The notification names no Windcave session.");
      let read: Session;
      try {
        read = await session(sessionId);
      } catch (error) {
        // Windcave does not know the session: not a notification of ours.
        if (error instanceof PaymentProviderError)
          throw new WebhookSignatureError("Windcave does not know this session.");
        throw error;
      }
      const state = stateOf(read);
      const purchase = read.transactions?.find((t) => t.type === "purchase");
      const type =
        state.status === "succeeded"
          ? "payment.succeeded"
          : state.status === "failed"
            ? "payment.failed"
            : "ignored";
      return {
        id: `${read.id}:${purchase?.id ?? read.state}`,
        type,
        paymentId: read.id,
        failureMessage: state.failureMessage,
      };
    },
    session,
  };
}
