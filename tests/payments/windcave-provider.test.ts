/**
 * The Windcave adapter against a local server answering like Windcave's REST API: session and
 * hosted payment page, approved and declined payments, refunds, the notification verified by
 * reading the session back; then a whole reservation on a Windcave site.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservations } from "~/server/db/schema";
import { PaymentProviderError, WebhookSignatureError } from "~/server/payments/provider";
import { createWindcaveProvider } from "~/server/payments/windcave-provider";
import type { RunningServer } from "~/server/start";
import { aSite } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { reserveACar } from "./reserve-a-car";
import { FakeWindcave } from "./fake-windcave";

const fake = new FakeWindcave("DealerREST", "windcave-api-key-0123");
beforeAll(() => fake.start());
afterAll(() => fake.stop());

const provider = () =>
  createWindcaveProvider({ apiUrl: fake.url, username: fake.username, apiKey: fake.apiKey });

const input = (reference: string) => ({
  amountCents: 20_000,
  currency: "aud",
  reference,
  idempotencyKey: `reservation-${reference}`,
  description: "Deposit",
  returnUrl: `https://dealer.example/reservations/${reference}`,
  siteHost: "dealer.example",
  publishableKey: null,
});

describe("the Windcave adapter", () => {
  it("creates a hosted payment page session once per request id, in dollars with two places", async () => {
    const windcave = provider();
    const first = await windcave.createPayment(input("w1"));
    const again = await windcave.createPayment(input("w1"));
    expect(again.id).toBe(first.id);
    expect(first.paymentPageUrl).toBe(`${fake.url}/pxmi3/${first.id.toUpperCase()}`);
    expect(fake.sessions.get(first.id)).toMatchObject({
      amount: "200.00",
      currency: "AUD",
      notificationUrl: "https://dealer.example/api/payments/webhooks/windcave",
    });
    expect(await windcave.getPayment(first.id)).toMatchObject({
      status: "requires_payment_method",
    });
  });

  it("reads approved and declined payments, refunds once, and refuses more than was paid", async () => {
    const windcave = provider();
    const paid = await windcave.createPayment(input("w2"));
    fake.pay(paid.id, true);
    expect(await windcave.getPayment(paid.id)).toMatchObject({
      status: "succeeded",
      amountCents: 20_000,
    });
    const declined = await windcave.createPayment(input("w3"));
    fake.pay(declined.id, false);
    expect(await windcave.getPayment(declined.id)).toMatchObject({
      status: "failed",
      failureMessage: "Your card was declined (DECLINED).",
    });
    const refund = await windcave.refund({
      paymentId: paid.id,
      amountCents: 20_000,
      idempotencyKey: "r-1",
    });
    expect(refund.status).toBe("succeeded");
    await expect(
      windcave.refund({ paymentId: paid.id, amountCents: 100, idempotencyKey: "r-2" }),
    ).rejects.toMatchObject({
      message: "Refund amount exceeds the original amount",
      code: "RefundAmountExceeded",
    });
    await expect(
      windcave.refund({ paymentId: declined.id, amountCents: 100, idempotencyKey: "r-3" }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      createWindcaveProvider({ apiUrl: fake.url, username: "x", apiKey: "wrong" }).getPayment(
        paid.id,
      ),
    ).rejects.toThrow("Authentication failed");
  });

  it("verifies a notification by reading its session back; an unknown session is rejected", async () => {
    const windcave = provider();
    const paid = await windcave.createPayment(input("w4"));
    fake.pay(paid.id, true);
    const event = await windcave.parseWebhook(
      Buffer.alloc(0),
      {},
      new URLSearchParams({ sessionId: paid.id }),
    );
    expect(event).toMatchObject({ type: "payment.succeeded", paymentId: paid.id });
    await expect(
      windcave.parseWebhook(
        Buffer.alloc(0),
        {},
        new URLSearchParams({ sessionId: "0000aaaa0000bbbb" }),
      ),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(
      windcave.parseWebhook(Buffer.from("sessionId=../../etc"), {}),
    ).rejects.toBeInstanceOf(WebhookSignatureError);
  });
});

describe("a reservation on a Windcave site", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({
      WINDCAVE_API_URL: fake.url,
      WINDCAVE_USERNAME: fake.username,
      WINDCAVE_API_KEY: fake.apiKey,
      LEAD_RATE_LIMIT: "1000",
    });
  });
  afterAll(() => server?.close());

  it("sends the shopper to Windcave's page and is paid by the notification, once", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "windcave" } });
    const started = await reserveACar(server, site, "k");
    expect(started.payment_url.startsWith(`${fake.url}/pxmi3/`)).toBe(true);
    fake.pay(started.reservation.payment_reference, true);
    const notify = () =>
      fetchWithHost(
        server,
        "localhost",
        `/api/payments/webhooks/windcave?sessionId=${started.reservation.payment_reference}`,
      );
    expect((await notify()).status).toBe(200);
    expect(JSON.parse((await notify()).body)).toMatchObject({ duplicate: true });
    const [row] = await server.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, started.reservation.id));
    expect(row!.status).toBe("paid");
    const forged = await fetchWithHost(
      server,
      "localhost",
      "/api/payments/webhooks/windcave?sessionId=ffff0000ffff0000",
    );
    expect(forged.status).toBe(400);
  });
});
