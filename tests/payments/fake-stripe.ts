/**
 * A local HTTP server answering like Stripe's API for the calls the adapter makes
 * (https://docs.stripe.com/api/payment_intents, /api/refunds, /api/errors): form-encoded
 * requests, bearer secret key, Idempotency-Key replays, JSON objects and Stripe's error shape.
 * Confirming with the test payment methods `pm_card_visa` succeeds, `pm_card_chargeDeclined`
 * is a card_error (402), `pm_card_authenticationRequired` needs action.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Intent = {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; message: string } | null;
  latest_charge: string | null;
  amount_received: number;
};

export class FakeStripe {
  readonly intents = new Map<string, Intent>();
  readonly refunds: Array<{ id: string; payment_intent: string; amount: number }> = [];
  /** Every charge made (a confirm that took the money), as Stripe's charges list would show. */
  readonly charges: Array<{ id: string; payment_intent: string; amount: number }> = [];
  /** Confirms wait this long before answering (a card network's time), so posts overlap. */
  confirmDelayMs = 0;
  readonly requests: Array<{ method: string; path: string; idempotencyKey: string | null }> = [];
  readonly #replays = new Map<string, { status: number; body: string }>();
  readonly #inFlight = new Set<string>();
  #server: Server | null = null;
  url = "";

  constructor(readonly secretKey: string) {}

  async start(): Promise<void> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, "127.0.0.1", () => resolve()));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
    const path = (req.url ?? "").split("?")[0]!;
    const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
    this.requests.push({ method: req.method ?? "", path, idempotencyKey: key });
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      if (key && req.method === "POST") this.#replays.set(`${path}:${key}`, { status, body: text });
      res.writeHead(status, {
        "content-type": "application/json",
        "request-id": `req_${randomBytes(6).toString("hex")}`,
      });
      res.end(text);
    };
    if (req.headers.authorization !== `Bearer ${this.secretKey}`)
      return send(401, {
        error: { type: "invalid_request_error", message: "Invalid API Key provided: sk_****" },
      });
    // A key whose first request is still running: Stripe answers 409 idempotency_key_in_use.
    if (key && req.method === "POST" && this.#inFlight.has(`${path}:${key}`)) {
      res.writeHead(409, { "content-type": "application/json" });
      return res.end(
        JSON.stringify({
          error: {
            type: "idempotency_error",
            code: "idempotency_key_in_use",
            message: "There is currently another in-progress request using this Idempotent Key.",
          },
        }),
      );
    }
    const replay = key && req.method === "POST" ? this.#replays.get(`${path}:${key}`) : undefined;
    if (replay) {
      res.writeHead(replay.status, {
        "content-type": "application/json",
        "idempotent-replayed": "true",
      });
      return res.end(replay.body);
    }
    if (key && req.method === "POST") {
      const slot = `${path}:${key}`;
      this.#inFlight.add(slot);
      res.on("finish", () => this.#inFlight.delete(slot));
    }
    const missing = (id: string) =>
      send(404, {
        error: {
          type: "invalid_request_error",
          code: "resource_missing",
          message: `No such payment_intent: '${id}'`,
        },
      });

    if (req.method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(form.get("amount"));
      if (!Number.isInteger(amount) || amount < 50)
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "amount_too_small",
            param: "amount",
            message: "Amount must be at least $0.50 aud",
          },
        });
      const id = `pi_${randomBytes(12).toString("hex")}`;
      const intent: Intent = {
        id,
        object: "payment_intent",
        amount,
        currency: form.get("currency") ?? "aud",
        status: "requires_payment_method",
        client_secret: `${id}_secret_${randomBytes(8).toString("hex")}`,
        description: form.get("description"),
        metadata: { reference: form.get("metadata[reference]") ?? "" },
        last_payment_error: null,
        latest_charge: null,
        amount_received: 0,
      };
      this.intents.set(id, intent);
      return send(200, intent);
    }
    const match = /^\/v1\/payment_intents\/([^/]+)(?:\/(confirm|cancel))?$/.exec(path);
    if (match) {
      const intent = this.intents.get(match[1]!);
      if (!intent) return missing(match[1]!);
      if (req.method === "GET" && !match[2]) return send(200, intent);
      if (req.method === "POST" && match[2] === "cancel") {
        if (intent.status === "succeeded")
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: "You cannot cancel this PaymentIntent because it has a status of succeeded.",
            },
          });
        intent.status = "canceled";
        return send(200, intent);
      }
      if (req.method === "POST" && match[2] === "confirm") {
        if (this.confirmDelayMs > 0) await new Promise((r) => setTimeout(r, this.confirmDelayMs));
        // Stripe refuses to confirm an intent that has already succeeded.
        if (intent.status === "succeeded" || intent.status === "canceled")
          return send(400, {
            error: {
              type: "invalid_request_error",
              code: "payment_intent_unexpected_state",
              message: `You cannot confirm this PaymentIntent because it has a status of ${intent.status}.`,
            },
          });
        const method = form.get("payment_method");
        if (method === "pm_card_chargeDeclined") {
          intent.status = "requires_payment_method";
          intent.last_payment_error = {
            type: "card_error",
            code: "card_declined",
            message: "Your card was declined.",
          };
          return send(402, {
            error: {
              type: "card_error",
              code: "card_declined",
              decline_code: "generic_decline",
              message: "Your card was declined.",
              payment_intent: intent,
            },
          });
        }
        if (method === "pm_card_authenticationRequired") {
          intent.status = "requires_action";
          return send(200, intent);
        }
        intent.status = "succeeded";
        intent.last_payment_error = null;
        intent.amount_received = intent.amount;
        intent.latest_charge = `ch_${randomBytes(8).toString("hex")}`;
        this.charges.push({
          id: intent.latest_charge,
          payment_intent: intent.id,
          amount: intent.amount,
        });
        return send(200, intent);
      }
    }
    if (req.method === "POST" && path === "/v1/refunds") {
      const intent = this.intents.get(form.get("payment_intent") ?? "");
      if (!intent) return missing(form.get("payment_intent") ?? "");
      const amount = Number(form.get("amount") ?? intent.amount);
      const refunded = this.refunds
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + r.amount, 0);
      if (intent.status !== "succeeded" || refunded + amount > intent.amount_received)
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: intent.status !== "succeeded" ? "charge_not_captured" : "amount_too_large",
            message:
              intent.status !== "succeeded"
                ? "This PaymentIntent does not have a successful charge to refund."
                : `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
          },
        });
      const refund = {
        id: `re_${randomBytes(8).toString("hex")}`,
        payment_intent: intent.id,
        amount,
      };
      this.refunds.push(refund);
      return send(200, {
        ...refund,
        object: "refund",
        status: "succeeded",
        currency: intent.currency,
      });
    }
    send(404, {
      error: {
        type: "invalid_request_error",
        message: `Unrecognized request URL (${req.method}: ${path}).`,
      },
    });
  }

  /** An event as Stripe posts it to a webhook endpoint. */
  event(type: string, intent: Intent) {
    return JSON.stringify({
      id: `evt_${randomBytes(10).toString("hex")}`,
      object: "event",
      api_version: "2025-01-27.acacia",
      created: Math.floor(Date.now() / 1000),
      type,
      livemode: false,
      data: { object: intent },
    });
  }
}
