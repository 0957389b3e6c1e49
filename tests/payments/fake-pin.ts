/**
 * A local HTTP server answering like Pin Payments' API for the calls the adapter makes
 * (https://pinpayments.com/developers/api-reference): HTTP Basic auth with the secret key and
 * an empty password, `{ response: ... }` bodies, charges with a card token (Pin's test cards:
 * 4200 0000 0000 0000 succeeds, 4100 0000 0000 0001 is declined), charge reads, refunds, Pin's
 * error shape, and webhooks signed with `Pin-Signature` as Pin sends them.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pinSignature } from "~/server/payments/pin-provider";

type Charge = {
  token: string;
  success: boolean;
  amount: number;
  currency: string;
  description: string;
  email: string;
  ip_address: string;
  status_message: string;
  error_message: string | null;
  amount_refunded: number;
  captured: boolean;
  metadata: Record<string, string>;
  created_at: string;
};

const token = (prefix: string) => `${prefix}_${randomBytes(12).toString("base64url")}`;

export class FakePin {
  readonly charges = new Map<string, Charge>();
  /** Card tokens as Hosted Fields would give them, by the card number typed. */
  readonly #cards = new Map<string, string>();
  readonly refunds: Array<{ token: string; charge: string; amount: number }> = [];
  #server: Server | null = null;
  url = "";

  constructor(
    readonly secretKey: string,
    readonly signingKey: string,
  ) {}

  async start(): Promise<void> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, "127.0.0.1", () => resolve()));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
  }

  /** What Hosted Fields does in the browser: the card goes to Pin, a one-use token comes back. */
  cardToken(number: string): string {
    const t = token("card");
    this.#cards.set(t, number.replace(/\s/g, ""));
    return t;
  }

  /** Pin's webhook for a charge event, signed with the endpoint's signing key. */
  webhook(
    type: string,
    chargeToken: string,
    options: { key?: string; at?: number; eventToken?: string } = {},
  ) {
    const body = JSON.stringify({
      token: options.eventToken ?? token("evt"),
      type,
      data: this.charges.get(chargeToken) ?? { token: chargeToken },
      created_at: new Date().toISOString(),
    });
    const at = options.at ?? Math.floor(Date.now() / 1000);
    return { body, signature: pinSignature(options.key ?? this.signingKey, at, body) };
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const expected = `Basic ${Buffer.from(`${this.secretKey}:`).toString("base64")}`;
    if (req.headers.authorization !== expected)
      return send(401, {
        error: "unauthenticated",
        error_description: "Not authorised. (Check API Key)",
      });
    const path = new URL(req.url ?? "/", "http://pin").pathname;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};

    if (req.method === "POST" && path === "/1/charges") {
      const number = this.#cards.get(String(body.card_token));
      const missing = ["email", "description", "amount", "ip_address"].filter((k) => !body[k]);
      if (missing.length > 0 || typeof body.amount !== "number" || body.amount < 100)
        return send(422, {
          error: "invalid_resource",
          error_description: "One or more parameters were missing or invalid",
          messages: missing.map((param) => ({ param, code: `${param}_invalid` })),
        });
      if (!number)
        return send(422, {
          error: "invalid_resource",
          error_description: "One or more parameters were missing or invalid",
          messages: [{ param: "card_token", code: "card_token_invalid" }],
        });
      this.#cards.delete(String(body.card_token));
      const declined = number !== "4200000000000000";
      const charge: Charge = {
        token: token("ch"),
        success: !declined,
        amount: body.amount,
        currency: String(body.currency ?? "AUD"),
        description: String(body.description),
        email: String(body.email),
        ip_address: String(body.ip_address),
        status_message: declined ? "Declined" : "Success",
        error_message: declined ? "The card was declined" : null,
        amount_refunded: 0,
        captured: !declined,
        metadata: (body.metadata as Record<string, string>) ?? {},
        created_at: new Date().toISOString(),
      };
      this.charges.set(charge.token, charge);
      if (declined)
        return send(422, {
          error: "card_declined",
          error_description: "The card was declined",
          charge_token: charge.token,
        });
      return send(201, { response: charge });
    }
    const read = /^\/1\/charges\/([^/]+)$/.exec(path);
    if (req.method === "GET" && read) {
      const charge = this.charges.get(read[1]!);
      if (!charge)
        return send(404, {
          error: "resource_not_found",
          error_description: "No resource was found at this URL.",
        });
      return send(200, { response: charge });
    }
    const refund = /^\/1\/charges\/([^/]+)\/refunds$/.exec(path);
    if (req.method === "POST" && refund) {
      const charge = this.charges.get(refund[1]!);
      if (!charge)
        return send(404, {
          error: "resource_not_found",
          error_description: "No resource was found at this URL.",
        });
      const amount = typeof body.amount === "number" ? body.amount : charge.amount;
      if (!charge.success || amount > charge.amount - charge.amount_refunded)
        return send(422, {
          error: "insufficient_pin_balance",
          error_description: "Refund amount is more than your available Pin Payments balance.",
        });
      charge.amount_refunded += amount;
      const made = { token: token("rf"), charge: charge.token, amount };
      this.refunds.push(made);
      return send(201, {
        response: {
          token: made.token,
          success: null,
          amount,
          currency: charge.currency,
          charge: charge.token,
          created_at: new Date().toISOString(),
          error_message: null,
          status_message: "Pending",
        },
      });
    }
    send(404, {
      error: "resource_not_found",
      error_description: "No resource was found at this URL.",
    });
  }
}
