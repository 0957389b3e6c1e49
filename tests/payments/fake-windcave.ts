/**
 * A local HTTP server answering like Windcave's REST API for the calls the adapter makes
 * (https://www.windcave.com/developer-e-commerce-api-rest): Basic auth, sessions with a hosted
 * payment page link, session reads with their transactions, refund transactions, and Windcave's
 * error shape. `pay(sessionId, approved)` plays the shopper on the hosted page.
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

type Transaction = {
  id: string;
  authorised: boolean;
  responseText: string;
  reCo: string;
  type: "purchase" | "refund";
  amount: string;
  currency: string;
};

type Session = {
  id: string;
  state: "init" | "pending" | "complete";
  type: string;
  amount: string;
  currency: string;
  merchantReference: string;
  notificationUrl: string | null;
  transactions: Transaction[];
};

export class FakeWindcave {
  readonly sessions = new Map<string, Session>();
  readonly refunds: Transaction[] = [];
  readonly #byRequestId = new Map<string, { status: number; body: string }>();
  #server: Server | null = null;
  url = "";

  constructor(
    readonly username: string,
    readonly apiKey: string,
  ) {}

  async start(): Promise<void> {
    this.#server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => this.#server!.listen(0, "127.0.0.1", () => resolve()));
    this.url = `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()));
  }

  /** The shopper pays (or is declined) on the hosted payment page. */
  pay(sessionId: string, approved: boolean): void {
    const session = this.sessions.get(sessionId)!;
    session.state = "complete";
    session.transactions.push({
      id: randomBytes(8).toString("hex"),
      authorised: approved,
      responseText: approved ? "APPROVED" : "DECLINED",
      reCo: approved ? "00" : "05",
      type: "purchase",
      amount: session.amount,
      currency: session.currency,
    });
  }

  async #handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString("utf8");
    const path = (req.url ?? "").split("?")[0]!;
    const requestId = (req.headers["x-id"] as string | undefined) ?? null;
    const send = (status: number, body: unknown) => {
      const text = JSON.stringify(body);
      if (requestId && req.method === "POST")
        this.#byRequestId.set(`${path}:${requestId}`, { status, body: text });
      res.writeHead(status, { "content-type": "application/json" });
      res.end(text);
    };
    const error = (status: number, code: string, message: string) =>
      send(status, { requestId: randomBytes(8).toString("hex"), errors: [{ code, message }] });
    const expected = `Basic ${Buffer.from(`${this.username}:${this.apiKey}`).toString("base64")}`;
    if (req.headers.authorization !== expected)
      return error(401, "AuthenticationFailed", "Authentication failed");
    const replay = requestId ? this.#byRequestId.get(`${path}:${requestId}`) : undefined;
    if (replay && req.method === "POST") {
      res.writeHead(replay.status, { "content-type": "application/json" });
      return res.end(replay.body);
    }
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};

    if (req.method === "POST" && path === "/api/v1/sessions") {
      if (!/^\d+\.\d{2}$/.test(String(body.amount ?? "")))
        return error(400, "InvalidAmount", "amount must be a decimal with two places");
      const id = randomBytes(16).toString("hex");
      const session: Session = {
        id,
        state: "init",
        type: String(body.type),
        amount: String(body.amount),
        currency: String(body.currency),
        merchantReference: String(body.merchantReference ?? ""),
        notificationUrl: (body.notificationUrl as string | undefined) ?? null,
        transactions: [],
      };
      this.sessions.set(id, session);
      return send(202, {
        id,
        state: "init",
        links: [
          { href: `${this.url}/api/v1/sessions/${id}`, rel: "self", method: "GET" },
          { href: `${this.url}/pxmi3/${id.toUpperCase()}`, rel: "hpp", method: "REDIRECT" },
        ],
      });
    }
    const sessionMatch = /^\/api\/v1\/sessions\/([0-9a-zA-Z]+)$/.exec(path);
    if (req.method === "GET" && sessionMatch) {
      const session = this.sessions.get(sessionMatch[1]!);
      if (!session) return error(404, "SessionNotFound", "Session not found");
      const { notificationUrl: _n, ...shown } = session;
      return send(200, shown);
    }
    if (req.method === "POST" && path === "/api/v1/transactions" && body.type === "refund") {
      const original = [...this.sessions.values()]
        .flatMap((s) => s.transactions)
        .find((t) => t.id === body.transactionId && t.type === "purchase");
      if (!original) return error(404, "TransactionNotFound", "Transaction not found");
      const refunded = this.refunds
        .filter((r) => r.id.startsWith(`${original.id}-`))
        .reduce((sum, r) => sum + Number(r.amount), 0);
      if (refunded + Number(body.amount) > Number(original.amount))
        return error(400, "RefundAmountExceeded", "Refund amount exceeds the original amount");
      const refund: Transaction = {
        id: `${original.id}-${randomBytes(4).toString("hex")}`,
        authorised: true,
        responseText: "APPROVED",
        reCo: "00",
        type: "refund",
        amount: String(body.amount),
        currency: String(body.currency),
      };
      this.refunds.push(refund);
      return send(201, refund);
    }
    error(404, "NotFound", "Resource not found");
  }
}
