/**
 * A card is charged once (docs/product/payments.md, "Card payments"): ten posts of one
 * reservation's card at once, for every provider, make one charge at the provider (counted at
 * its local stand-in) and the other posts are answered 409; ten staff cancels at once make one
 * refund. A charge whose process stopped mid-call does not block the reservation: its claim goes
 * stale, and a retry carries the same idempotency key (Stripe), or the provider's webhook names
 * the reservation (Pin Payments).
 */
import { and, count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentEvents, reservations, testProviderPayments } from "~/server/db/schema";
import { createPinProvider, PIN_SIGNATURE_HEADER } from "~/server/payments/pin-provider";
import { createStripeProvider } from "~/server/payments/stripe-provider";
import { CHARGE_MESSAGES, CLAIM_STALE_MS } from "~/server/reservations/reservation-service";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { FakePin } from "./fake-pin";
import { FakeStripe } from "./fake-stripe";
import { FakeWindcave } from "./fake-windcave";
import { reserveACar } from "./reserve-a-car";

const stripe = new FakeStripe("sk_test_one_charge_0123456789");
const STRIPE_WEBHOOK_SECRET = "whsec_one_charge_0123456789";
const pin = new FakePin("sk_test_pin_one_charge", "pin-signing-one-charge-0123456789");
const windcave = new FakeWindcave("one-charge-user", "one-charge-key");
let server: RunningServer;

beforeAll(async () => {
  await Promise.all([stripe.start(), pin.start(), windcave.start()]);
  // The providers take a moment to answer, as card networks do: posts sent together overlap.
  stripe.confirmDelayMs = 150;
  pin.chargeDelayMs = 150;
  server = await startTestServer({
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET,
    STRIPE_API_URL: stripe.url,
    PIN_API_URL: pin.url,
    PIN_SECRET_KEY: pin.secretKey,
    PIN_WEBHOOK_SIGNING_KEY: pin.signingKey,
    WINDCAVE_API_URL: windcave.url,
    WINDCAVE_USERNAME: windcave.username,
    WINDCAVE_API_KEY: windcave.apiKey,
    LEAD_RATE_LIMIT: "100000",
    RESERVATION_SWEEP_MS: "600000",
  });
});
afterAll(async () => {
  await server?.close();
  await Promise.all([stripe.stop(), pin.stop(), windcave.stop()]);
});

const db = () => server.database.db;

function postCard(site: Site, id: string, body: Record<string, string>) {
  return fetchWithHost(server, `${site.slug}.localhost`, `/api/reservations/${id}/card`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

const tenTimes = <T>(run: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: 10 }, (_, i) => run(i)));

const rowOf = async (id: string) =>
  (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;

const statuses = (answers: Array<{ status: number }>) => answers.map((a) => a.status).sort();

describe("one charge per reservation, whatever the provider", () => {
  it("Pin Payments: ten card posts at once charge once; the others hear the card is being charged", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "pin-payments" } });
    const { reservation } = await reserveACar(server, site, "pk_test_pin");
    const answers = await tenTimes(() =>
      postCard(site, reservation.id, { card_token: pin.cardToken("4200000000000000") }),
    );
    expect(statuses(answers)).toEqual([200, ...Array(9).fill(409)]);
    // Refused while the first is charging, or once it has paid.
    for (const refused of answers.filter((a) => a.status === 409))
      expect([CHARGE_MESSAGES.underWay, "This reservation is already paid."]).toContain(
        JSON.parse(refused.body).error,
      );
    const charges = [...pin.charges.values()].filter(
      (c) => c.metadata.reservation === reservation.id,
    );
    expect(charges).toHaveLength(1);
    const row = await rowOf(reservation.id);
    expect(row).toMatchObject({ status: "paid", paymentId: charges[0]!.token, claimedAt: null });

    // Ten staff cancels at once: one refund; the others are told it is under way.
    const cancels = await tenTimes(() => server.reservations.cancel(site.id, reservation.id));
    expect(cancels.filter((c) => c.ok)).toHaveLength(1);
    expect(pin.refunds.filter((r) => r.charge === charges[0]!.token)).toHaveLength(1);
  });

  it("Stripe: ten payment-method posts at once confirm once, with an idempotency key", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "stripe" } });
    const { reservation } = await reserveACar(server, site, "pk_test_stripe");
    const answers = await tenTimes(() =>
      postCard(site, reservation.id, { payment_method: "pm_card_visa" }),
    );
    expect(statuses(answers)).toEqual([200, ...Array(9).fill(409)]);
    const row = await rowOf(reservation.id);
    expect(row.status).toBe("paid");
    expect(stripe.charges.filter((c) => c.payment_intent === row.paymentId)).toHaveLength(1);
    const confirms = stripe.requests.filter(
      (r) => r.path === `/v1/payment_intents/${row.paymentId}/confirm`,
    );
    expect(confirms).toHaveLength(1);
    expect(confirms[0]!.idempotencyKey).toBe(`reservation-charge-${reservation.id}-1`);

    const cancels = await tenTimes(() => server.reservations.cancel(site.id, reservation.id));
    expect(cancels.filter((c) => c.ok)).toHaveLength(1);
    expect(stripe.refunds.filter((r) => r.payment_intent === row.paymentId)).toHaveLength(1);
  });

  it("Windcave: the card is taken on Windcave's page (posts here charge nothing); the return and the notification ten times at once pay once; ten cancels refund once", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "windcave" } });
    const { reservation } = await reserveACar(server, site, "pk_test_windcave");
    const posts = await tenTimes(() =>
      postCard(site, reservation.id, { card_token: pin.cardToken("4200000000000000") }),
    );
    expect(new Set(statuses(posts))).toEqual(new Set([409]));
    const sessionId = reservation.payment_reference;
    windcave.pay(sessionId, true);
    const host = `${site.slug}.localhost`;
    await tenTimes((i) =>
      i % 2
        ? fetchWithHost(server, host, `/reservations/${reservation.id}`)
        : fetchWithHost(server, host, `/api/payments/webhooks/windcave?sessionId=${sessionId}`),
    );
    const row = await rowOf(reservation.id);
    expect(row.status).toBe("paid");
    expect(windcave.sessions.get(sessionId)!.transactions).toHaveLength(1);

    const cancels = await tenTimes(() => server.reservations.cancel(site.id, reservation.id));
    expect(cancels.filter((c) => c.ok)).toHaveLength(1);
    expect(windcave.refunds).toHaveLength(1);
  });

  it("the test card provider: ten posts of its card page at once take one payment; the others get 409", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "test" } });
    const started = await reserveACar(server, site, "pk_test");
    const host = `${site.slug}.localhost`;
    const answers = await tenTimes(() =>
      fetchWithHost(server, host, started.payment_url, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          number: "4242 4242 4242 4242",
          expiry: "12 / 34",
          cvc: "123",
          name: "Ari Ng",
        }).toString(),
      }),
    );
    expect(statuses(answers)).toEqual([303, ...Array(9).fill(409)]);
    const row = await expect
      .poll(async () => (await rowOf(started.reservation.id)).status)
      .toBe("paid")
      .then(() => rowOf(started.reservation.id));
    const [succeeded] = await db()
      .select({ n: count() })
      .from(paymentEvents)
      .where(
        and(
          eq(paymentEvents.paymentId, row.paymentId!),
          eq(paymentEvents.type, "payment.succeeded"),
        ),
      );
    expect(succeeded!.n).toBe(1);

    const cancels = await tenTimes(() => server.reservations.cancel(site.id, row.id));
    expect(cancels.filter((c) => c.ok)).toHaveLength(1);
    const [refunded] = await db()
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, row.paymentId!));
    expect(refunded!.refundedCents).toBe(row.amountCents);
  });
});

describe("a charge whose process stopped mid-call", () => {
  const staleClaim = (id: string, attempt: number) =>
    db()
      .update(reservations)
      .set({ claimedAt: new Date(Date.now() - CLAIM_STALE_MS - 1000), claimAttempt: attempt })
      .where(eq(reservations.id, id));

  it("holds the card off while fresh, and lets a retry through once stale: Stripe sees the same idempotency key and charges once", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "stripe" } });
    const { reservation } = await reserveACar(server, site, "pk_test_stripe");
    // A fresh claim of another process: refused.
    await db()
      .update(reservations)
      .set({ claimedAt: new Date(), claimAttempt: 1 })
      .where(eq(reservations.id, reservation.id));
    expect((await postCard(site, reservation.id, { payment_method: "pm_card_visa" })).status).toBe(
      409,
    );
    // That process had reached Stripe with its key before it stopped.
    const adapter = createStripeProvider({
      secretKey: stripe.secretKey,
      webhookSecret: STRIPE_WEBHOOK_SECRET,
      apiUrl: stripe.url,
    });
    await adapter.chargeCard!({
      paymentId: reservation.payment_reference,
      card: "pm_card_visa",
      amountCents: 20_000,
      currency: "AUD",
      email: "ari@example.com",
      description: "Deposit",
      ipAddress: "127.0.0.1",
      returnUrl: "https://dealer.example/r",
      idempotencyKey: `reservation-charge-${reservation.id}-1`,
    });
    await staleClaim(reservation.id, 1);
    const retry = await postCard(site, reservation.id, { payment_method: "pm_card_visa" });
    expect(retry.status).toBe(200);
    expect((await rowOf(reservation.id)).status).toBe("paid");
    expect(
      stripe.charges.filter((c) => c.payment_intent === reservation.payment_reference),
    ).toHaveLength(1);
  });

  it("Pin Payments: the charge's webhook names the reservation, which takes the charge and is paid", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "pin-payments" } });
    const { reservation } = await reserveACar(server, site, "pk_test_pin");
    await db()
      .update(reservations)
      .set({ claimedAt: new Date(), claimAttempt: 1 })
      .where(eq(reservations.id, reservation.id));
    // The stopped process's charge, made at Pin, never stored here.
    const adapter = createPinProvider({
      apiUrl: pin.url,
      secretKey: pin.secretKey,
      webhookSigningKey: pin.signingKey,
    });
    const charged = await adapter.chargeCard({
      paymentId: reservation.payment_reference,
      card: pin.cardToken("4200000000000000"),
      amountCents: 20_000,
      currency: "AUD",
      email: "ari@example.com",
      description: "Deposit",
      ipAddress: "127.0.0.1",
      returnUrl: "https://dealer.example/r",
      idempotencyKey: "unused",
    });
    const event = pin.webhook("charge.captured", charged.id);
    const hook = await fetchWithHost(server, "localhost", "/api/payments/webhooks/pin-payments", {
      method: "POST",
      headers: { "content-type": "application/json", [PIN_SIGNATURE_HEADER]: event.signature },
      body: event.body,
    });
    expect(hook.status).toBe(200);
    expect(await rowOf(reservation.id)).toMatchObject({
      status: "paid",
      paymentId: charged.id,
      claimedAt: null,
    });
    // Paid: the card page sends the shopper to the confirmation, a card post charges nothing.
    expect(
      (await postCard(site, reservation.id, { card_token: pin.cardToken("4200000000000000") }))
        .status,
    ).toBe(409);
    expect(
      [...pin.charges.values()].filter((c) => c.metadata.reservation === reservation.id),
    ).toHaveLength(1);
  });

  it("while a card is being charged the card page sends the shopper to the confirmation and the hold is not cut off; once stale, the card page asks again", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "pin-payments" } });
    const { reservation, cookie } = await reserveACar(server, site, "pk_test_pin");
    const host = `${site.slug}.localhost`;
    await db()
      .update(reservations)
      .set({ claimedAt: new Date(), claimAttempt: 1, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, reservation.id));
    await server.reservations.expireDue();
    expect((await rowOf(reservation.id)).status).toBe("held");
    const pay = await fetchWithHost(server, host, `/reservations/${reservation.id}/pay`);
    expect(pay.status).toBe(303);
    expect(pay.headers.location).toBe(`/reservations/${reservation.id}`);
    const waiting = await fetchWithHost(server, host, `/reservations/${reservation.id}`, {
      headers: { cookie },
    });
    expect(waiting.body).toContain("Confirming your payment");
    expect(waiting.body).not.toContain("Pay the $200 deposit by card");

    await staleClaim(reservation.id, 1);
    await db()
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() + 600_000) })
      .where(eq(reservations.id, reservation.id));
    expect((await fetchWithHost(server, host, `/reservations/${reservation.id}/pay`)).status).toBe(
      200,
    );
    const again = await fetchWithHost(server, host, `/reservations/${reservation.id}`, {
      headers: { cookie },
    });
    expect(again.body).toContain("Pay the $200 deposit by card");
  });

  it("a stale claim on a Pin card lets the shopper pay again", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "pin-payments" } });
    const { reservation } = await reserveACar(server, site, "pk_test_pin");
    await staleClaim(reservation.id, 1);
    const paid = await postCard(site, reservation.id, {
      card_token: pin.cardToken("4200000000000000"),
    });
    expect(paid.status).toBe(200);
    const [{ attempt }] = (await db()
      .select({ attempt: sql<number>`${reservations.claimAttempt}` })
      .from(reservations)
      .where(eq(reservations.id, reservation.id))) as [{ attempt: number }];
    expect(attempt).toBe(1);
    expect((await rowOf(reservation.id)).status).toBe("paid");
  });
});
