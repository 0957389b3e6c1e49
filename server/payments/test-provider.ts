/**
 * The built-in test card provider (docs/product/payments.md, "The test card provider"): behaves
 * like a card provider end to end, so a reservation can be completed with `npm start` alone.
 * It serves its own card page under /_test-payments/ (our reservation endpoints never see a card
 * number), knows the usual test cards (one that succeeds, one declined, one that asks for a 3-D
 * Secure style confirmation), and reports each outcome to us by a signed webhook, like a real
 * provider. No card is ever charged. Its records live in the database, so every server process
 * answers for the same payment.
 */
import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import express from "express";
import type { NextFunction, Request, Response } from "express";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { testProviderPayments } from "../db/schema";
import { signPayload, verifySignature } from "../leads/webhook";
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CreatePaymentInput,
  type CreatedPayment,
  type PaymentProvider,
  type PaymentState,
  type PaymentStatus,
  type PaymentWebhookEvent,
} from "./provider";

export const TEST_PROVIDER_SIGNATURE_HEADER = "test-provider-signature";
export const TEST_PROVIDER_PATH = "/_test-payments";

/** The test cards, as card providers' test modes know them. */
export const TEST_CARDS = {
  succeeds: "4242424242424242",
  declined: "4000000000000002",
  insufficientFunds: "4000000000009995",
  authenticate: "4000002760003184",
} as const;

export const DECLINED_MESSAGE = "Your card was declined.";
export const INSUFFICIENT_FUNDS_MESSAGE = "Your card has insufficient funds.";
export const UNKNOWN_CARD_MESSAGE =
  "Your card was declined. This test payment page accepts test cards only.";
export const AUTHENTICATION_FAILED_MESSAGE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

type Row = typeof testProviderPayments.$inferSelect;

function stateOf(row: Row): PaymentState {
  return {
    id: row.id,
    status: row.status as PaymentStatus,
    amountCents: row.amountCents,
    currency: row.currency,
    failureMessage: row.failureMessage,
  };
}

export type TestProvider = PaymentProvider & {
  /**
   * The card page's answer to a card (used by its router). `busy`: another post of the page
   * holds the payment (or has settled it), so this one took nothing.
   */
  payWithCard(id: string, card: CardInput): Promise<{ row: Row; error?: string; busy?: boolean }>;
  authenticate(id: string, approve: boolean): Promise<Row>;
  find(id: string): Promise<Row | null>;
  /** The webhook of a payment's current status, signed; null while there is nothing to report. */
  webhookOf(row: Row): { body: string; signature: string } | null;
};

export type CardInput = { number: string; expiry: string; cvc: string; name: string };

/** Luhn check of a card number (digits only). */
function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** Field errors of a card form, in the words card pages use; empty when it can be tried. */
export function cardErrors(card: CardInput, now = new Date()): Record<string, string> {
  const errors: Record<string, string> = {};
  const digits = card.number.replace(/[\s-]/g, "");
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    errors.number = "Your card number is incorrect.";
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(card.expiry.trim());
  if (!expiry) errors.expiry = "Your card's expiry date is incomplete (MM / YY).";
  else {
    const month = Number(expiry[1]);
    const year = Number(expiry[2]!.length === 2 ? `20${expiry[2]}` : expiry[2]);
    if (month < 1 || month > 12) errors.expiry = "Your card's expiry month is invalid.";
    else if (year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1)
      errors.expiry = "Your card's expiry date is in the past.";
  }
  if (!/^\d{3,4}$/.test(card.cvc.trim())) errors.cvc = "Your card's security code is incomplete.";
  if (card.name.trim() === "") errors.name = "Please enter the name on the card.";
  return errors;
}

export function createTestProvider(options: {
  db: Database;
  webhookSecret: string;
  /** This server's port: webhooks are posted back to it on the site's host. */
  port: () => number;
  onWebhookError?: (error: unknown) => void;
}): TestProvider {
  const { db, webhookSecret } = options;

  async function find(id: string): Promise<Row | null> {
    const [row] = await db
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, id));
    return row ?? null;
  }
  async function mustFind(id: string): Promise<Row> {
    const row = await find(id);
    if (!row) throw new PaymentProviderError("No such payment.", "resource_missing");
    return row;
  }

  /** Moves a payment on from a state the shopper can still act in. */
  async function settle(id: string, from: PaymentStatus[], set: Partial<Row>): Promise<Row> {
    const [row] = await db
      .update(testProviderPayments)
      .set(set)
      .where(
        sql`${testProviderPayments.id} = ${id} AND ${testProviderPayments.status} IN (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})`,
      )
      .returning();
    const now = row ?? (await mustFind(id));
    if (row) sendWebhook(now);
    return now;
  }

  function webhookOf(row: Row) {
    const type =
      row.status === "succeeded"
        ? "payment.succeeded"
        : row.status === "failed"
          ? "payment.failed"
          : row.status === "cancelled"
            ? "payment.cancelled"
            : null;
    if (!type) return null;
    const body = JSON.stringify({
      id: `evt_${row.id}_${row.status}`,
      type,
      data: { payment: { id: row.id, status: row.status, failure_message: row.failureMessage } },
    });
    return { body, signature: signPayload(webhookSecret, Math.floor(Date.now() / 1000), body) };
  }

  /** Posts the payment's webhook to this server, on the site's host; retried a few times. */
  function sendWebhook(row: Row, attempt = 1): void {
    const hook = webhookOf(row);
    if (!hook) return;
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port: options.port(),
        path: "/api/payments/webhooks/test",
        method: "POST",
        headers: {
          host: row.webhookHost,
          "content-type": "application/json",
          [TEST_PROVIDER_SIGNATURE_HEADER]: hook.signature,
        },
      },
      (res) => {
        res.resume();
        if ((res.statusCode ?? 500) >= 500 && attempt < 5)
          setTimeout(() => sendWebhook(row, attempt + 1), 200 * attempt).unref();
      },
    );
    req.on("error", (error) => {
      if (attempt < 5) setTimeout(() => sendWebhook(row, attempt + 1), 200 * attempt).unref();
      else options.onWebhookError?.(error);
    });
    req.end(hook.body);
  }

  return {
    name: "test",
    displayName: "Test payment: no card is charged",
    async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
      const id = `tp_${randomBytes(12).toString("hex")}`;
      await db
        .insert(testProviderPayments)
        .values({
          id,
          idempotencyKey: input.idempotencyKey,
          amountCents: input.amountCents,
          currency: input.currency.toUpperCase(),
          reference: input.reference,
          description: input.description,
          status: "requires_payment_method",
          returnUrl: input.returnUrl,
          webhookHost: input.siteHost,
        })
        .onConflictDoNothing({ target: testProviderPayments.idempotencyKey });
      const [row] = await db
        .select()
        .from(testProviderPayments)
        .where(eq(testProviderPayments.idempotencyKey, input.idempotencyKey));
      return {
        id: row!.id,
        status: row!.status as PaymentStatus,
        paymentPageUrl: `${TEST_PROVIDER_PATH}/pay/${row!.id}`,
        clientSecret: null,
      };
    },
    async getPayment(id) {
      return stateOf(await mustFind(id));
    },
    async cancelPayment(id) {
      await settle(id, ["requires_payment_method", "requires_action", "processing"], {
        status: "cancelled",
      });
    },
    async refund({ paymentId, amountCents }) {
      const row = await mustFind(paymentId);
      if (row.status !== "succeeded")
        throw new PaymentProviderError("This payment has not been taken.", "charge_not_captured");
      // One statement: two refunds at once cannot both pass the check.
      const [refunded] = await db
        .update(testProviderPayments)
        .set({ refundedCents: sql`${testProviderPayments.refundedCents} + ${amountCents}` })
        .where(
          sql`${testProviderPayments.id} = ${paymentId} AND ${testProviderPayments.refundedCents} + ${amountCents} <= ${testProviderPayments.amountCents}`,
        )
        .returning({ id: testProviderPayments.id });
      if (!refunded)
        throw new PaymentProviderError("Refund is more than the payment.", "amount_too_large");
      return { id: `re_${randomBytes(8).toString("hex")}`, status: "succeeded" };
    },
    parseWebhook(rawBody, headers): PaymentWebhookEvent {
      const signature = headers[TEST_PROVIDER_SIGNATURE_HEADER] ?? "";
      const body = rawBody.toString("utf8");
      if (!verifySignature(webhookSecret, signature, body))
        throw new WebhookSignatureError("The webhook signature does not match.");
      const event = JSON.parse(body) as {
        id: string;
        type: PaymentWebhookEvent["type"];
        data: { payment: { id: string; failure_message: string | null } };
      };
      return {
        id: event.id,
        type: event.type,
        paymentId: event.data.payment.id,
        failureMessage: event.data.payment.failure_message,
      };
    },
    async payWithCard(id, card) {
      const row = await mustFind(id);
      if (row.status !== "requires_payment_method") return { row, busy: true };
      const errors = cardErrors(card);
      const first = Object.values(errors)[0];
      if (first) return { row, error: first };
      // The payment is claimed before the card is decided: of two posts at once, one takes it.
      const [claimed] = await db
        .update(testProviderPayments)
        .set({ status: "processing" })
        .where(
          sql`${testProviderPayments.id} = ${id} AND ${testProviderPayments.status} = 'requires_payment_method'`,
        )
        .returning();
      if (!claimed) return { row: await mustFind(id), busy: true };
      const digits = card.number.replace(/[\s-]/g, "");
      const last4 = digits.slice(-4);
      if (digits === TEST_CARDS.succeeds)
        return {
          row: await settle(id, ["processing"], {
            status: "succeeded",
            cardLast4: last4,
          }),
        };
      if (digits === TEST_CARDS.authenticate)
        return {
          row: await settle(id, ["processing"], {
            status: "requires_action",
            cardLast4: last4,
          }),
        };
      const message =
        digits === TEST_CARDS.declined
          ? DECLINED_MESSAGE
          : digits === TEST_CARDS.insufficientFunds
            ? INSUFFICIENT_FUNDS_MESSAGE
            : UNKNOWN_CARD_MESSAGE;
      return {
        row: await settle(id, ["processing"], {
          status: "failed",
          cardLast4: last4,
          failureMessage: message,
        }),
      };
    },
    async authenticate(id, approve) {
      return settle(
        id,
        ["requires_action"],
        approve
          ? { status: "succeeded" }
          : { status: "failed", failureMessage: AUTHENTICATION_FAILED_MESSAGE },
      );
    },
    find,
    webhookOf,
  };
}

// ---- The card page ----

/**
 * The return address as a path: the card page is served on the host the shopper is on, so the
 * way back stays on it (the site's configured origin may name another host, e.g. in development).
 */
function returnPath(row: Row): string {
  const url = new URL(row.returnUrl, "http://return.invalid");
  return `${url.pathname}${url.search}`;
}

const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!,
  );

function money(row: Row): string {
  const amount = row.amountCents / 100;
  return new Intl.NumberFormat("en-AU", {
    style: "currency",
    currency: row.currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

const STYLE = `
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f6f8fa;color:#1a1f36}
main{max-width:28rem;margin:3rem auto;background:#fff;border:1px solid #d8dee4;border-radius:.75rem;padding:2rem}
h1{font-size:1.25rem;margin:0 0 .25rem}
.amount{font-size:2rem;font-weight:700;margin:.5rem 0 1.5rem}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;box-sizing:border-box;font-size:1rem;padding:.6rem;border:1px solid #6b7280;border-radius:.4rem}
.row{display:flex;gap:1rem}.row>div{flex:1}
button,.button{display:block;width:100%;margin-top:1.5rem;padding:.75rem;font-size:1rem;font-weight:700;color:#fff;background:#3a3fbf;border:0;border-radius:.4rem;cursor:pointer;text-align:center;text-decoration:none}
button.secondary{background:#fff;color:#1a1f36;border:1px solid #6b7280}
.error{color:#b00020;font-weight:600}
.hint{margin-top:1.5rem;font-size:.875rem;color:#4b5563;border-top:1px solid #e5e7eb;padding-top:1rem}
.secure{font-size:.875rem;color:#4b5563}
`;

function page(title: string, body: string, nonce: string | undefined): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>${escape(title)}</title><style${nonce ? ` nonce="${escape(nonce)}"` : ""}>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

function cardForm(row: Row, error: string | null, values: Partial<CardInput>): string {
  const field = (name: keyof CardInput, label: string, autocomplete: string, extra = "") =>
    `<div><label for="${name}">${label}</label><input id="${name}" name="${name}" autocomplete="${autocomplete}" required value="${escape(values[name] ?? "")}"${extra}${error ? ` aria-describedby="card-error"` : ""}></div>`;
  return `
<h1>Pay ${escape(row.description)}</h1>
<p class="amount">${money(row)}</p>
${error ? `<p id="card-error" class="error" role="alert">${escape(error)}</p>` : ""}
<form method="post" action="${TEST_PROVIDER_PATH}/pay/${escape(row.id)}" novalidate>
${field("number", "Card number", "cc-number", ' inputmode="numeric" placeholder="1234 1234 1234 1234"')}
<div class="row">${field("expiry", "Expiry (MM / YY)", "cc-exp", ' placeholder="MM / YY"')}${field("cvc", "Security code (CVC)", "cc-csc", ' inputmode="numeric" placeholder="CVC"')}</div>
${field("name", "Name on card", "cc-name")}
<button type="submit">Pay ${money(row)}</button>
</form>
<p class="secure">Card details are handled by the payment provider; the dealer never sees them.</p>
<p class="hint">Test card: 4242 4242 4242 4242, any future expiry and any CVC. Declined: 4000 0000 0000 0002. Needs confirmation: 4000 0027 6000 3184.</p>`;
}

function outcomePage(row: Row): string {
  if (row.status === "processing")
    return `<h1>Payment in progress</h1><p>This payment is being taken already. Please wait a moment, then return to the dealer.</p><a class="button" href="${escape(returnPath(row))}">Return to the dealer</a>`;
  if (row.status === "failed")
    return `<h1>Payment not taken</h1><p class="error" role="alert">${escape(row.failureMessage ?? DECLINED_MESSAGE)}</p><p>No money has been taken.</p><a class="button" href="${escape(returnPath(row))}">Return to the dealer</a>`;
  if (row.status === "cancelled")
    return `<h1>Payment cancelled</h1><p>This payment was cancelled; no money has been taken.</p><a class="button" href="${escape(returnPath(row))}">Return to the dealer</a>`;
  return `<h1>Payment complete</h1><p>${money(row)} paid.</p><a class="button" href="${escape(returnPath(row))}">Return to the dealer</a>`;
}

export function createTestProviderRouter(provider: TestProvider) {
  const router = express.Router();
  const form = express.urlencoded({ extended: false, limit: "8kb" });
  const nonceOf = (res: Response) => (res.locals as { cspNonce?: string }).cspNonce;
  const send = (res: Response, status: number, title: string, body: string) =>
    res
      .status(status)
      .set("Cache-Control", "no-store")
      .type("html")
      .send(page(title, body, nonceOf(res)));
  const notFound = (res: Response) =>
    send(
      res,
      404,
      "Payment not found",
      "<h1>Payment not found</h1><p>This payment link is not valid.</p>",
    );
  const ID = /^tp_[0-9a-f]{24}$/;

  router.get(`${TEST_PROVIDER_PATH}/pay/:id`, async (req, res, next: NextFunction) => {
    try {
      const id = String(req.params.id);
      const row = ID.test(id) ? await provider.find(id) : null;
      if (!row) return notFound(res);
      if (row.status === "requires_action")
        return res.redirect(303, `${TEST_PROVIDER_PATH}/pay/${row.id}/authenticate`);
      if (row.status !== "requires_payment_method")
        return send(res, 200, "Payment", outcomePage(row));
      send(res, 200, "Pay by card", cardForm(row, null, {}));
    } catch (error) {
      next(error);
    }
  });

  router.post(`${TEST_PROVIDER_PATH}/pay/:id`, form, async (req: Request, res, next) => {
    try {
      const id = String(req.params.id);
      if (!ID.test(id) || !(await provider.find(id))) return notFound(res);
      const body = (req.body ?? {}) as Record<string, unknown>;
      const text = (key: string) => (typeof body[key] === "string" ? (body[key] as string) : "");
      const card = {
        number: text("number"),
        expiry: text("expiry"),
        cvc: text("cvc"),
        name: text("name"),
      };
      const { row, error, busy } = await provider.payWithCard(id, card);
      // Sent again while (or after) the first post took the payment: nothing more is taken.
      if (busy) return send(res, 409, "Payment", outcomePage(row));
      if (error)
        return send(
          res,
          422,
          "Pay by card",
          cardForm(row, error, { ...card, cvc: "", number: "" }),
        );
      if (row.status === "requires_action")
        return res.redirect(303, `${TEST_PROVIDER_PATH}/pay/${row.id}/authenticate`);
      // Paid or declined, the shopper goes straight back to the dealer's page, which shows the
      // outcome (a decline: the dealer's form again, as the shopper filled it in).
      if (row.status === "succeeded" || row.status === "failed")
        return res.redirect(303, returnPath(row));
      send(res, 200, "Payment", outcomePage(row));
    } catch (error) {
      next(error);
    }
  });

  router.get(`${TEST_PROVIDER_PATH}/pay/:id/authenticate`, async (req, res, next) => {
    try {
      const id = String(req.params.id);
      const row = ID.test(id) ? await provider.find(id) : null;
      if (!row) return notFound(res);
      if (row.status !== "requires_action") return send(res, 200, "Payment", outcomePage(row));
      send(
        res,
        200,
        "Confirm your payment",
        `<h1>Confirm your payment</h1><p>Your bank asks you to confirm this payment of ${money(row)} with the card ending ${escape(row.cardLast4 ?? "")}.</p>
<form method="post" action="${TEST_PROVIDER_PATH}/pay/${escape(row.id)}/authenticate"><button type="submit" name="decision" value="approve">Confirm payment</button><button type="submit" class="secondary" name="decision" value="fail">Fail confirmation</button></form>
<p class="hint">Test bank confirmation: no code is needed.</p>`,
      );
    } catch (error) {
      next(error);
    }
  });

  router.post(
    `${TEST_PROVIDER_PATH}/pay/:id/authenticate`,
    form,
    async (req: Request, res, next) => {
      try {
        const id = String(req.params.id);
        if (!ID.test(id) || !(await provider.find(id))) return notFound(res);
        const decision = (req.body as Record<string, unknown> | undefined)?.decision;
        const row = await provider.authenticate(id, decision === "approve");
        if (row.status === "succeeded" || row.status === "failed")
          return res.redirect(303, returnPath(row));
        send(res, 200, "Payment", outcomePage(row));
      } catch (error) {
        next(error);
      }
    },
  );

  return router;
}
