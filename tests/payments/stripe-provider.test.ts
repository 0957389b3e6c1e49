/**
 * The Stripe adapter through the official SDK against a local server answering like Stripe's
 * API: create (idempotent), confirm, decline, refund, webhooks signed Stripe's way; then a whole
 * reservation on a Stripe site, paid by webhook.
 */
import Stripe from "stripe";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerships, reservations } from "~/server/db/schema";
import { PaymentProviderError, WebhookSignatureError } from "~/server/payments/provider";
import { createStripeProvider } from "~/server/payments/stripe-provider";
import { CAR_COLLECTION } from "~/server/search";
import type { RunningServer } from "~/server/start";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { FakeStripe } from "./fake-stripe";

const SECRET_KEY = "sk_test_fake_0123456789";
const WEBHOOK_SECRET = "whsec_fake_0123456789";
const fake = new FakeStripe(SECRET_KEY);

beforeAll(() => fake.start());
afterAll(() => fake.stop());

const provider = () =>
  createStripeProvider({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: fake.url });

const input = (reference: string) => ({
  amountCents: 20_000,
  currency: "AUD",
  reference,
  idempotencyKey: `reservation-${reference}`,
  description: "Deposit for 2022 Toyota Corolla",
  returnUrl: `https://dealer.example/reservations/${reference}`,
  siteHost: "dealer.example",
  publishableKey: "pk_test_dealer",
});

function signed(body: string, secret = WEBHOOK_SECRET) {
  return Stripe.webhooks.generateTestHeaderString({ payload: body, secret });
}

describe("the Stripe adapter", () => {
  it("creates a PaymentIntent once per idempotency key, in cents and lower-case currency", async () => {
    const stripe = provider();
    const first = await stripe.createPayment(input("r1"));
    const again = await stripe.createPayment(input("r1"));
    expect(again.id).toBe(first.id);
    expect(first.clientSecret).toMatch(/^pi_.*_secret_/);
    expect(first.status).toBe("requires_payment_method");
    const intent = fake.intents.get(first.id)!;
    expect(intent).toMatchObject({
      amount: 20_000,
      currency: "aud",
      metadata: { reference: "r1" },
    });
    expect(fake.requests.filter((r) => r.path === "/v1/payment_intents")).toHaveLength(2);
    expect(fake.intents.size).toBe(1);
  });

  it("confirms, declines with Stripe's message, refunds, and refuses a refund beyond the payment", async () => {
    const stripe = provider();
    const ok = await stripe.createPayment(input("r2"));
    expect((await stripe.confirm(ok.id, "pm_card_visa", "https://x/r")).status).toBe("succeeded");
    expect(await stripe.getPayment(ok.id)).toMatchObject({
      status: "succeeded",
      amountCents: 20_000,
    });

    const declined = await stripe.createPayment(input("r3"));
    await expect(
      stripe.confirm(declined.id, "pm_card_chargeDeclined", "https://x/r"),
    ).rejects.toMatchObject({ message: "Your card was declined.", code: "card_declined" });
    expect(await stripe.getPayment(declined.id)).toMatchObject({
      status: "failed",
      failureMessage: "Your card was declined.",
    });

    const action = await stripe.createPayment(input("r4"));
    expect(
      (await stripe.confirm(action.id, "pm_card_authenticationRequired", "https://x/r")).status,
    ).toBe("requires_action");

    const refund = await stripe.refund({
      paymentId: ok.id,
      amountCents: 20_000,
      idempotencyKey: "re-1",
    });
    expect(refund.status).toBe("succeeded");
    await expect(
      stripe.refund({ paymentId: ok.id, amountCents: 1, idempotencyKey: "re-2" }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(
      stripe.refund({ paymentId: declined.id, amountCents: 20_000, idempotencyKey: "re-3" }),
    ).rejects.toThrow(/does not have a successful charge/);
  });

  it("reads webhooks verified with Stripe's signature, and rejects a forged or stale one", async () => {
    const stripe = provider();
    const created = await stripe.createPayment(input("r5"));
    await stripe.confirm(created.id, "pm_card_visa", "https://x/r");
    const body = fake.event("payment_intent.succeeded", fake.intents.get(created.id)!);
    const event = await stripe.parseWebhook(Buffer.from(body), {
      "stripe-signature": signed(body),
    });
    expect(event).toMatchObject({ type: "payment.succeeded", paymentId: created.id });
    expect(() =>
      stripe.parseWebhook(Buffer.from(body), { "stripe-signature": signed(body, "whsec_wrong") }),
    ).toThrow(WebhookSignatureError);
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => stripe.parseWebhook(Buffer.from(body), { "stripe-signature": stale })).toThrow(
      WebhookSignatureError,
    );
    const failed = fake.event("payment_intent.payment_failed", {
      ...fake.intents.get(created.id)!,
      last_payment_error: {
        type: "card_error",
        code: "card_declined",
        message: "Your card was declined.",
      },
    });
    expect(
      await stripe.parseWebhook(Buffer.from(failed), { "stripe-signature": signed(failed) }),
    ).toMatchObject({ type: "payment.failed", failureMessage: "Your card was declined." });
  });
});

describe("a reservation on a Stripe site", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
      LEAD_RATE_LIMIT: "1000",
    });
  });
  afterAll(() => server?.close());

  it("holds the car, takes the deposit by PaymentIntent, and is paid by the verified webhook once", async () => {
    const created = await aSite(server, { settings: { paymentProvider: "stripe" } });
    await server.database.db
      .update(dealerships)
      .set({ paymentPublishableKey: "pk_test_dealer" })
      .where(eq(dealerships.siteId, created.id));
    await server.bus.publish({ kind: "settings", siteId: created.id });
    const site = await published(() => {
      const s = server.registry.byId(created.id);
      return s?.dealerships[0]?.paymentPublishableKey ? s : null;
    });
    const car = await aVehicle(server, site, {
      paymentProcessors: [
        { authorization_type: "deposit", authorization_key: "pk", deposit_amount: 350 },
      ],
    });
    await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
    const res = await fetchWithHost(server, `${site.slug}.localhost`, "/api/reservations", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        car_id: car.slug,
        amount: 350,
        first_name: "Kim",
        last_name: "Lee",
        email: "kim@example.com",
        phone: "0412345678",
      }),
    });
    expect(res.status).toBe(201);
    const started = JSON.parse(res.body) as {
      reservation: { id: string; payment_reference: string; provider: string };
      client_secret: string;
    };
    expect(started.reservation.provider).toBe("stripe");
    expect(started.client_secret).toMatch(/_secret_/);
    const intent = fake.intents.get(started.reservation.payment_reference)!;
    expect(intent.amount).toBe(35_000);

    // Our page with Stripe's Payment Element: the client secret and key, Stripe.js allowed.
    const pay = await fetchWithHost(
      server,
      `${site.slug}.localhost`,
      `/reservations/${started.reservation.id}/pay`,
    );
    expect(pay.status).toBe(200);
    expect(pay.body).toContain(intent.client_secret);
    expect(pay.body).toContain("pk_test_dealer");
    expect(String(pay.headers["content-security-policy"])).toContain("https://js.stripe.com");

    // The browser confirms with Stripe's own fields; Stripe then posts the webhook.
    await provider().confirm(intent.id, "pm_card_visa", "https://x/r");
    const body = fake.event("payment_intent.succeeded", fake.intents.get(intent.id)!);
    const post = (signature: string) =>
      fetchWithHost(server, "localhost", "/api/payments/webhooks/stripe", {
        method: "POST",
        headers: { "content-type": "application/json", "stripe-signature": signature },
        body,
      });
    expect((await post(signed(body, "whsec_forged"))).status).toBe(400);
    const [before] = await server.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, started.reservation.id));
    expect(before!.status).toBe("held");
    expect((await post(signed(body))).status).toBe(200);
    const replay = await post(signed(body));
    expect(JSON.parse(replay.body)).toMatchObject({ duplicate: true });
    const [after] = await server.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, started.reservation.id));
    expect(after!.status).toBe("paid");
    await published(() => {
      const doc = server.search.engine.get(CAR_COLLECTION, car.id) as
        { reserved?: boolean } | undefined;
      return doc?.reserved ? doc : null;
    });
  });
});
