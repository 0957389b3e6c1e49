/**
 * The Pin Payments adapter against a local server answering like Pin's API: a charge made with
 * a Hosted Fields card token, a decline with Pin's message, reads, refunds, webhooks verified by
 * Pin-Signature; then a whole reservation on a Pin Payments site, paid once.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservations } from "~/server/db/schema";
import { createPinProvider, PIN_SIGNATURE_HEADER } from "~/server/payments/pin-provider";
import { PaymentProviderError, WebhookSignatureError } from "~/server/payments/provider";
import type { RunningServer } from "~/server/start";
import { aSite } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { reserveACar } from "./reserve-a-car";
import { FakePin } from "./fake-pin";

const fake = new FakePin("sk_test_pin_0123456789", "pin-signing-key-0123456789");
beforeAll(() => fake.start());
afterAll(() => fake.stop());

const provider = () =>
  createPinProvider({
    apiUrl: fake.url,
    secretKey: fake.secretKey,
    webhookSigningKey: fake.signingKey,
  });

const input = (reference: string) => ({
  amountCents: 20_000,
  currency: "aud",
  reference,
  idempotencyKey: `reservation-${reference}`,
  description: "Deposit",
  returnUrl: `https://dealer.example/reservations/${reference}`,
  siteHost: "dealer.example",
  publishableKey: "pk_test_pin",
});

const charge = (pending: string, card: string) => ({
  paymentId: pending,
  card: fake.cardToken(card),
  amountCents: 20_000,
  currency: "aud",
  email: "ari@example.com",
  description: "Deposit",
  ipAddress: "203.0.113.9",
  returnUrl: "https://dealer.example/reservations/p",
  idempotencyKey: `charge-${pending}`,
});

describe("the Pin Payments adapter", () => {
  it("starts a pending payment taken by our card page, then charges the card token once", async () => {
    const pin = provider();
    const created = await pin.createPayment(input("p1"));
    expect(created.paymentPageUrl).toBe("/reservations/p1/pay");
    expect(await pin.getPayment(created.id)).toMatchObject({ status: "requires_payment_method" });
    const paid = await pin.chargeCard(charge(created.id, "4200 0000 0000 0000"));
    expect(paid).toMatchObject({ status: "succeeded", amountCents: 20_000, currency: "AUD" });
    expect(fake.charges.get(paid.id)).toMatchObject({
      amount: 20_000,
      currency: "AUD",
      email: "ari@example.com",
      ip_address: "203.0.113.9",
      metadata: { reservation: "p1" },
    });
    expect(await pin.getPayment(paid.id)).toMatchObject({ status: "succeeded" });
  });

  it("answers a decline with Pin's message, and refuses a card token Pin never gave", async () => {
    const pin = provider();
    const created = await pin.createPayment(input("p2"));
    const declined = await pin.chargeCard(charge(created.id, "4100 0000 0000 0001"));
    expect(declined).toMatchObject({
      status: "failed",
      failureMessage: "The card was declined",
    });
    expect(await pin.getPayment(declined.id)).toMatchObject({ status: "failed" });
    await expect(
      pin.chargeCard({ ...charge(created.id, "4200000000000000"), card: "card_unknown123" }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("refunds through Pin, and refuses to refund more than was paid or what was never taken", async () => {
    const pin = provider();
    const created = await pin.createPayment(input("p3"));
    const paid = await pin.chargeCard(charge(created.id, "4200000000000000"));
    const refund = await pin.refund({
      paymentId: paid.id,
      amountCents: 20_000,
      idempotencyKey: "r",
    });
    expect(refund).toMatchObject({ status: "pending" });
    expect(fake.refunds.at(-1)).toMatchObject({ charge: paid.id, amount: 20_000 });
    await expect(
      pin.refund({ paymentId: paid.id, amountCents: 100, idempotencyKey: "r2" }),
    ).rejects.toThrow("Refund amount is more than your available Pin Payments balance.");
    await expect(
      pin.refund({ paymentId: created.id, amountCents: 100, idempotencyKey: "r3" }),
    ).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it("refuses a wrong secret key with Pin's message", async () => {
    const pin = createPinProvider({
      apiUrl: fake.url,
      secretKey: "sk_wrong",
      webhookSigningKey: fake.signingKey,
    });
    const created = await pin.createPayment(input("p4"));
    await expect(pin.chargeCard(charge(created.id, "4200000000000000"))).rejects.toThrow(
      "Not authorised. (Check API Key)",
    );
  });

  it("verifies Pin-Signature: a good one reads the event; a forged, old or missing one is refused", async () => {
    const pin = provider();
    const created = await pin.createPayment(input("p5"));
    const paid = await pin.chargeCard(charge(created.id, "4200000000000000"));
    const good = fake.webhook("charge.captured", paid.id);
    expect(
      await pin.parseWebhook(Buffer.from(good.body), { [PIN_SIGNATURE_HEADER]: good.signature }),
    ).toMatchObject({ type: "payment.succeeded", paymentId: paid.id });
    const forged = fake.webhook("charge.captured", paid.id, { key: "not-the-signing-key" });
    const old = fake.webhook("charge.captured", paid.id, {
      at: Math.floor(Date.now() / 1000) - 3600,
    });
    for (const bad of [forged, old])
      expect(() =>
        pin.parseWebhook(Buffer.from(bad.body), { [PIN_SIGNATURE_HEADER]: bad.signature }),
      ).toThrow(WebhookSignatureError);
    expect(() => pin.parseWebhook(Buffer.from(good.body), {})).toThrow(WebhookSignatureError);
    // The body changed after signing.
    expect(() =>
      pin.parseWebhook(Buffer.from(good.body.replace("true", "false")), {
        [PIN_SIGNATURE_HEADER]: good.signature,
      }),
    ).toThrow(WebhookSignatureError);
    const failed = fake.webhook("charge.failed", paid.id);
    expect(
      await pin.parseWebhook(Buffer.from(failed.body), {
        [PIN_SIGNATURE_HEADER]: failed.signature,
      }),
    ).toMatchObject({ type: "payment.failed" });
  });
});

describe("a reservation on a Pin Payments site", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startTestServer({
      PIN_API_URL: fake.url,
      PIN_SECRET_KEY: fake.secretKey,
      PIN_WEBHOOK_SIGNING_KEY: fake.signingKey,
      LEAD_RATE_LIMIT: "1000",
    });
  });
  afterAll(() => server?.close());

  const reserve = (site: Awaited<ReturnType<typeof aSite>>) =>
    reserveACar(server, site, "pk_test_pin");

  const card = (site: { slug: string }, id: string, cardToken: string) =>
    fetchWithHost(server, `${site.slug}.localhost`, `/api/reservations/${id}/card`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ card_token: cardToken }),
    });

  const rowOf = async (id: string) =>
    (await server.database.db.select().from(reservations).where(eq(reservations.id, id)))[0]!;

  it("charges the Hosted Fields card token once; Pin's webhook for it changes nothing more", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "pin-payments" } });
    const started = await reserve(site);
    expect(started.payment_url).toMatch(/\/reservations\/[0-9a-f-]{36}\/pay$/);
    expect((await card(site, started.reservation.id, "not a token")).status).toBe(422);
    const paid = await card(site, started.reservation.id, fake.cardToken("4200000000000000"));
    expect(paid.status).toBe(200);
    const row = await rowOf(started.reservation.id);
    expect(row.status).toBe("paid");
    expect(fake.charges.get(row.paymentId!)).toMatchObject({ success: true, amount: 20_000 });
    // The form sent again charges nothing.
    const again = await card(site, started.reservation.id, fake.cardToken("4200000000000000"));
    expect(again.status).toBe(409);
    expect(
      [...fake.charges.values()].filter((c) => c.metadata.reservation === row.id),
    ).toHaveLength(1);

    const event = fake.webhook("charge.captured", row.paymentId!);
    const post = (signature: string) =>
      fetchWithHost(server, "localhost", "/api/payments/webhooks/pin-payments", {
        method: "POST",
        headers: { "content-type": "application/json", [PIN_SIGNATURE_HEADER]: signature },
        body: event.body,
      });
    expect((await post(event.signature)).status).toBe(200);
    expect(JSON.parse((await post(event.signature)).body)).toMatchObject({ duplicate: true });
    const forged = fake.webhook("charge.captured", row.paymentId!, { key: "wrong-key" });
    expect((await post(forged.signature)).status).toBe(400);
    expect((await rowOf(row.id)).updatedAt).toEqual(row.updatedAt);

    // Staff refund it through Pin.
    const refundBefore = fake.refunds.length;
    const cancelled = await server.reservations.cancel(site.id, row.id);
    expect(cancelled).toMatchObject({ ok: true, reservation: { status: "refunded" } });
    expect(fake.refunds.length).toBe(refundBefore + 1);
  });

  it("a declined card ends the hold with Pin's message and leaves the car free", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "pin-payments" } });
    const started = await reserve(site);
    const declined = await card(site, started.reservation.id, fake.cardToken("4100000000000001"));
    expect(declined.status).toBe(200);
    expect(JSON.parse(declined.body)).toMatchObject({ error: "The card was declined" });
    expect((await rowOf(started.reservation.id)).status).toBe("declined");
  });
});
