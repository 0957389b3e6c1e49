/**
 * A local HTTP server answering like Pin Payments' API for the calls the adapter makes
 * (https://pinpayments.com/developers/api-reference): HTTP Basic auth with the secret key and
 * an empty password, `{ response: ... }` bodies, charges with a card token (Pin's test cards:
 * 4200 0000 0000 0000 succeeds, 4100 0000 0000 0001 is declined), charge reads, refunds, Pin's
 * error shape, and webhooks signed with `Pin-Signature` as Pin sends them.
 *
 * For the browser it also plays Pin's CDN: a Hosted Fields script with the API Pin documents
 * (`HostedFields.create({ sandbox, fields: { name, number, cvc, expiry } })`, then
 * `tokenize(params, callback(err, response))`) whose fields are frames of this server, another
 * origin than the site's; a hidden frame of this server reads them and posts the card to this
 * server's cards API (POST /1/cards with the publishable key), so the page never holds the card.
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
  /** Charges wait this long before answering (a card network's time), so posts overlap. */
  chargeDelayMs = 0;
  #server: Server | null = null;
  url = "";

  /** Every card the cards API was given (the test reads what reached "Pin"). */
  readonly tokenised: Array<{ number: string; publishableKey: string; address_line1: string }> = [];

  constructor(
    readonly secretKey: string,
    readonly signingKey: string,
    readonly publishableKey = "pk_test_pin_page",
  ) {}

  /** The Hosted Fields script's address on this server. */
  get hostedFieldsUrl(): string {
    return `${this.url}/pin.hosted_fields.v1.js`;
  }

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

  /** POST /1/cards with the publishable key, as Pin's cards API takes it from a browser. */
  #card(raw: string, send: (status: number, body: unknown) => void): void {
    const body = Object.fromEntries(new URLSearchParams(raw));
    if (body.publishable_api_key !== this.publishableKey)
      return send(401, {
        error: "unauthenticated",
        error_description: "Not authorised. (Check API Key)",
      });
    const number = (body.number ?? "").replace(/\s/g, "");
    const messages: Array<{ code: string; message: string; param: string }> = [];
    if (!/^\d{12,19}$/.test(number))
      messages.push({
        code: "number_invalid",
        message: "Number is not a valid credit card number",
        param: "number",
      });
    if (!/^\d{1,2}$/.test(body.expiry_month ?? "") || !/^\d{2,4}$/.test(body.expiry_year ?? ""))
      messages.push({ code: "expiry_invalid", message: "Expiry is invalid", param: "expiry" });
    if (!/^\d{3,4}$/.test(body.cvc ?? ""))
      messages.push({ code: "cvc_invalid", message: "CVC is invalid", param: "cvc" });
    for (const param of ["name", "address_line1", "address_city", "address_country"])
      if (!body[param])
        messages.push({ code: `${param}_invalid`, message: `${param} can't be blank`, param });
    if (messages.length > 0)
      return send(422, {
        error: "invalid_resource",
        error_description: "One or more parameters were missing or invalid",
        messages,
      });
    this.tokenised.push({
      number,
      publishableKey: body.publishable_api_key,
      address_line1: body.address_line1 ?? "",
    });
    const made = this.cardToken(number);
    send(201, {
      response: {
        token: made,
        scheme: number.startsWith("4") ? "visa" : "master",
        display_number: `XXXX-XXXX-XXXX-${number.slice(-4)}`,
        name: body.name,
        address_line1: body.address_line1,
        address_city: body.address_city,
        address_country: body.address_country,
      },
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    const path0 = new URL(req.url ?? "/", "http://pin").pathname;
    const page = (type: string, text: string) => {
      res.writeHead(200, { "content-type": type, "cache-control": "no-store" });
      res.end(text);
    };
    if (req.method === "GET" && path0 === "/pin.hosted_fields.v1.js")
      return page("text/javascript", HOSTED_FIELDS_SCRIPT.replace("__ORIGIN__", this.url));
    if (req.method === "GET" && path0 === "/hosted_fields/field.html")
      return page("text/html", FIELD_FRAME);
    if (req.method === "GET" && path0 === "/hosted_fields/control.html")
      return page("text/html", CONTROL_FRAME);
    if (req.method === "POST" && path0 === "/1/cards") return this.#card(raw, send);
    const expected = `Basic ${Buffer.from(`${this.secretKey}:`).toString("base64")}`;
    if (req.headers.authorization !== expected)
      return send(401, {
        error: "unauthenticated",
        error_description: "Not authorised. (Check API Key)",
      });
    const path = new URL(req.url ?? "/", "http://pin").pathname;
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};

    if (req.method === "POST" && path === "/1/charges") {
      if (this.chargeDelayMs > 0) await new Promise((r) => setTimeout(r, this.chargeDelayMs));
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

/**
 * The page's side of Hosted Fields: one frame of this server per field in the container each
 * selector names, a hidden control frame, and `tokenize` asking the control frame by message.
 */
const HOSTED_FIELDS_SCRIPT = `(() => {
  const ORIGIN = "__ORIGIN__";
  const NAMES = ["name", "number", "cvc", "expiry"];
  const LABELS = { name: "Name on card", number: "Card number", cvc: "CVC", expiry: "Expiry" };
  window.HostedFields = {
    create(options) {
      if (!options || !options.fields) throw "options.fields is required";
      NAMES.forEach((name) => {
        const field = options.fields[name];
        if (!field || typeof field.selector !== "string")
          throw "options.fields must contain key :: " + name;
        const matches = document.querySelectorAll(field.selector);
        if (matches.length !== 1)
          throw "Selector for field '" + name + "' matches " + matches.length + " elements, must match exactly 1 element";
      });
      const instance = Math.random().toString(16).slice(2);
      const listeners = {};
      let control = null;
      let requests = 0;
      const queue = [];
      const frame = document.createElement("iframe");
      frame.src = ORIGIN + "/hosted_fields/control.html?instance_identifier=" + instance;
      frame.style.cssText = "display: none;";
      frame.setAttribute("aria-hidden", "true");
      frame.addEventListener("load", () => {
        control = frame;
        queue.splice(0).forEach((message) => control.contentWindow.postMessage(JSON.stringify(message), ORIGIN));
      });
      document.body.appendChild(frame);
      NAMES.forEach((name) => {
        const field = document.createElement("iframe");
        field.id = "pin." + name;
        field.name = "pin." + name;
        field.title = LABELS[name];
        field.src = ORIGIN + "/hosted_fields/field.html?field_name=" + name + "&instance_identifier=" + instance;
        field.style.cssText = "border: none; width: 100%; height: 100%; float: left; overflow: hidden;";
        document.querySelector(options.fields[name].selector).appendChild(field);
      });
      window.addEventListener("message", (event) => {
        if (event.origin !== ORIGIN) return;
        const data = JSON.parse(event.data);
        (listeners[data.type === "tokenizeResponse" ? "tokenize." + data.requestId : data.type] || [])
          .forEach((callback) => data.type === "tokenizeResponse" ? callback(data.err, data.response) : callback(data));
      });
      return {
        on(type, callback) { (listeners[type] = listeners[type] || []).push(callback); },
        tokenize(params, callback) {
          if (!params || params.constructor !== Object) throw "Params must be a hash";
          if (typeof callback !== "function") throw "Tokenize callback must be a function";
          const message = { type: "tokenize", params, sandbox: Boolean(options.sandbox), requestId: ++requests };
          listeners["tokenize." + message.requestId] = [callback];
          if (control) control.contentWindow.postMessage(JSON.stringify(message), ORIGIN);
          else queue.push(message);
        },
      };
    },
  };
})();
`;

/** One card field, in a frame of "Pin's" origin. */
const FIELD_FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Card field</title>
<style>body{margin:0}input{box-sizing:border-box;width:100%;height:40px;border:0;font:16px sans-serif}</style></head>
<body><input id="field" autocomplete="off"><script>
  const name = new URLSearchParams(location.search).get("field_name");
  const labels = { name: "Name on card", number: "Card number", cvc: "Security code (CVC)", expiry: "Expiry (MM / YY)" };
  document.getElementById("field").setAttribute("aria-label", labels[name] || name);
  document.getElementById("field").name = name;
</script></body></html>`;

/**
 * The hidden frame: reads the sibling field frames (same origin as itself, not the page's) and
 * posts the card to the cards API, answering the page with the token or Pin's error.
 */
const CONTROL_FRAME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pin</title></head>
<body><script>
  const value = (name) => {
    for (let i = 0; i < parent.length; i++) {
      try {
        const input = parent[i].document.querySelector("input[name='" + name + "']");
        if (input) return input.value.trim();
      } catch (e) { /* the page's own frames are another origin */ }
    }
    return "";
  };
  window.addEventListener("message", async (event) => {
    const message = JSON.parse(event.data);
    if (message.type !== "tokenize") return;
    const expiry = value("expiry").split("/").map((part) => part.trim());
    const body = new URLSearchParams({
      ...message.params,
      number: value("number"),
      name: value("name"),
      cvc: value("cvc"),
      expiry_month: expiry[0] || "",
      expiry_year: expiry[1] ? (expiry[1].length === 2 ? "20" + expiry[1] : expiry[1]) : "",
    });
    const res = await fetch("/1/cards", { method: "POST", body });
    const json = await res.json();
    const answer = res.status === 201
      ? { type: "tokenizeResponse", requestId: message.requestId, err: null, response: json.response }
      : { type: "tokenizeResponse", requestId: message.requestId, err: json, response: null };
    event.source.postMessage(JSON.stringify(answer), event.origin);
  });
</script></body></html>`;
