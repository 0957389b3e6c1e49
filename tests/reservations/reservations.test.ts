/**
 * Reservations on the built-in test card provider (docs/product/payments.md): one hold per
 * vehicle under concurrency, bad input refused before any hold or charge, the card page,
 * verified and idempotent webhooks, hold expiry, payment after expiry, staff cancel and refund.
 */
import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESERVATION_MESSAGES } from "~/domain/reservations";
import {
  leadDeliveries,
  leads,
  reservations,
  sites,
  testProviderPayments,
} from "~/server/db/schema";
import { vehicles } from "~/server/db/schema";
import { signPayload } from "~/server/leads/webhook";
import { CAR_COLLECTION } from "~/server/search";
import { createSiteApiKey } from "~/server/sites/api-keys";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { TEST_PROVIDER_SIGNATURE_HEADER } from "~/server/payments/test-provider";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost } from "../support/test-server";
import { startTestServer } from "../support/test-server";
import { SmtpSink } from "../leads/support/smtp-sink";

const WEBHOOK_SECRET = "test-webhook-secret-0123456789";
let server: RunningServer;
let site: Site;
let otherSite: Site;
const smtp = new SmtpSink();

const deposit = [
  { authorization_type: "deposit", authorization_key: "pk_test", deposit_amount: null },
];

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    LEAD_POLL_MS: "50",
    LEAD_RETRY_BASE_MS: "50",
    LEAD_RATE_LIMIT: "100000",
    TEST_PAYMENTS_WEBHOOK_SECRET: WEBHOOK_SECRET,
    RESERVATION_SWEEP_MS: "600000",
  });
  const settings = { paymentProvider: "test" as const };
  site = await aSite(server, { settings });
  otherSite = await aSite(server, { settings });
  await server.database.db
    .update(sites)
    .set({ contactDetails: { phone: null, email: "sales@dealer.test", address: null } })
    .where(eq(sites.id, site.id));
  await server.bus.publish({ kind: "settings", siteId: site.id });
  await published(() =>
    server.registry.byId(site.id)?.contactDetails.email ? server.registry.byId(site.id)! : null,
  );
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

const host = () => `${site.slug}.localhost`;
const db = () => server.database.db;

function shopper(extra: Record<string, unknown> = {}) {
  return {
    first_name: "Alex",
    last_name: "Buyer",
    email: "alex@example.com",
    phone: "0412345678",
    ...extra,
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field
type Json = Record<string, any>;

async function reserve(body: Record<string, unknown>, onHost = host()) {
  const res = await fetchWithHost(server, onHost, "/api/reservations", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: JSON.parse(res.body) as Json };
}

async function aReservableCar(overrides: Partial<typeof vehicles.$inferInsert> = {}) {
  const car = await aVehicle(server, site, { paymentProcessors: deposit, ...overrides });
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  return car;
}

async function holds(vehicleId: number) {
  const [row] = await db()
    .select({ n: count() })
    .from(reservations)
    .where(eq(reservations.vehicleId, vehicleId));
  return row!.n;
}

async function payWithCard(paymentUrl: string, number: string) {
  return fetchWithHost(server, host(), paymentUrl, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      number,
      expiry: "12 / 34",
      cvc: "123",
      name: "Alex Buyer",
    }).toString(),
  });
}

async function statusOf(id: string) {
  const [row] = await db().select().from(reservations).where(eq(reservations.id, id));
  return row!;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 200; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition never met");
}

describe("reservations", () => {
  it("gives 50 concurrent attempts on one car exactly one hold; the others hear someone is reserving it", async () => {
    const car = await aReservableCar();
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        reserve({ car_id: car.slug, ...shopper({ email: `shopper${i}@example.com` }) }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(49);
    for (const a of refused) {
      expect(a.status).toBe(409);
      expect(a.json.error).toBe(RESERVATION_MESSAGES.reservingNow);
    }
    expect(await holds(car.id)).toBe(1);
  });

  it("refuses bad input with a clear 4xx, without a hold or a payment", async () => {
    const paymentsBefore = (await db().select({ n: count() }).from(testProviderPayments))[0]!.n;
    const car = await aReservableCar();
    const cheap = await aReservableCar({ price: 200 });
    const sold = await aReservableCar({ status: "sold" });
    const foreign = await aVehicle(server, otherSite, { paymentProcessors: deposit });
    const cases: Array<[Record<string, unknown>, number, string | RegExp]> = [
      [{ car_id: car.slug, ...shopper(), amount: 1 }, 422, "The deposit for this vehicle is $200."],
      [{ car_id: car.slug, ...shopper(), amount: -5 }, 422, /check/],
      [{ car_id: car.slug, ...shopper({ email: "not an e-mail" }) }, 422, /check/],
      [{ car_id: foreign.id, ...shopper() }, 404, RESERVATION_MESSAGES.vehicleNotFound],
      [{ car_id: sold.slug, ...shopper() }, 409, RESERVATION_MESSAGES.sold],
      [{ car_id: cheap.slug, ...shopper() }, 422, RESERVATION_MESSAGES.priceTooLow],
    ];
    for (const [body, status, message] of cases) {
      const answer = await reserve(body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.json.error).toMatch(message);
    }
    for (const id of [car.id, cheap.id, sold.id, foreign.id]) expect(await holds(id)).toBe(0);
    const paymentsAfter = (await db().select({ n: count() }).from(testProviderPayments))[0]!.n;
    expect(paymentsAfter).toBe(paymentsBefore);
  });

  it("reserves with a succeeding card: paid by webhook, the car reserved in the index, lead and receipt sent", async () => {
    const car = await aReservableCar();
    const started = await reserve({ car_id: car.slug, ...shopper({ email: "paid@example.com" }) });
    expect(started.status).toBe(201);
    const page = await fetchWithHost(server, host(), started.json.payment_url);
    expect(page.body).toContain("Test card");
    const paid = await payWithCard(started.json.payment_url, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    const id = started.json.reservation.id as string;
    const row = await until(
      () => statusOf(id),
      (r) => r.status === "paid" && r.leadId !== null,
    );
    expect(row.lateDecision).toBeNull();
    const doc = await published(() => {
      const d = server.search.engine.get(CAR_COLLECTION, car.id) as
        { reserved?: boolean } | undefined;
      return d?.reserved ? d : null;
    });
    expect(doc.reserved).toBe(true);
    const [lead] = await db().select().from(leads).where(eq(leads.id, row.leadId!));
    expect(lead!.payload).toMatchObject({
      payment_reference: row.paymentId,
      payment_status: "paid",
      deposit_amount: 200,
    });
    await smtp.waitFor(() => smtp.messages.some((m) => m.to.includes("paid@example.com")));
    await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === row.leadId));
    // Reserved now: nobody else can start a reservation.
    const again = await reserve({ car_id: car.slug, ...shopper() });
    expect(again.status).toBe(409);
  });

  it("a declined card leaves the car free and shows the provider's message", async () => {
    const car = await aReservableCar();
    const started = await reserve({ car_id: car.slug, ...shopper() });
    const declined = await payWithCard(started.json.payment_url, "4000 0000 0000 0002");
    const id = started.json.reservation.id as string;
    // Straight back to the dealer's page, which shows the card's message.
    expect(declined.status).toBe(303);
    expect(declined.headers.location).toBe(`/reservations/${id}`);
    expect(
      (await fetchWithHost(server, host(), declined.headers.location as string)).body,
    ).toContain("No money has been taken");
    await until(
      () => statusOf(id),
      (r) => r.status === "declined",
    );
    expect((await reserve({ car_id: car.slug, ...shopper() })).status).toBe(201);
  });

  it("applies a webhook once, and rejects a bad signature without changing anything", async () => {
    const car = await aReservableCar();
    const started = await reserve({ car_id: car.slug, ...shopper() });
    const id = started.json.reservation.id as string;
    const paymentId = started.json.reservation.payment_reference as string;
    // The provider took the payment, but the shopper never came back.
    await db()
      .update(testProviderPayments)
      .set({ status: "succeeded" })
      .where(eq(testProviderPayments.id, paymentId));
    const body = JSON.stringify({
      id: `evt_manual_${paymentId}`,
      type: "payment.succeeded",
      data: { payment: { id: paymentId, failure_message: null } },
    });
    const post = (signature: string) =>
      fetchWithHost(server, host(), "/api/payments/webhooks/test", {
        method: "POST",
        headers: {
          "content-type": "application/json",
          [TEST_PROVIDER_SIGNATURE_HEADER]: signature,
        },
        body,
      });
    const now = Math.floor(Date.now() / 1000);
    const forged = await post(signPayload("not-the-secret-at-all", now, body));
    expect(forged.status).toBe(400);
    expect((await statusOf(id)).status).toBe("held");

    const first = await post(signPayload(WEBHOOK_SECRET, now, body));
    expect(first.status).toBe(200);
    const paid = await until(
      () => statusOf(id),
      (r) => r.status === "paid" && r.leadId !== null,
    );
    const replay = await post(signPayload(WEBHOOK_SECRET, now, body));
    expect(replay.status).toBe(200);
    expect(JSON.parse(replay.body)).toMatchObject({ duplicate: true });
    const after = await statusOf(id);
    expect(after.updatedAt).toEqual(paid.updatedAt);
    const n = (
      await db()
        .select({ n: count() })
        .from(leads)
        .where(and(eq(leads.siteId, site.id), eq(leads.vehicleId, car.id)))
    )[0]!.n;
    expect(n).toBe(1);
  });

  it("ends an unpaid hold after its time; the car is reservable again", async () => {
    const car = await aReservableCar();
    const first = await reserve({ car_id: car.slug, ...shopper() });
    expect((await reserve({ car_id: car.slug, ...shopper() })).status).toBe(409);
    await db()
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, first.json.reservation.id));
    expect(await server.reservations.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await statusOf(first.json.reservation.id)).status).toBe("expired");
    // The provider's payment of the ended hold is cancelled: its page takes no card.
    const [payment] = await db()
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, first.json.reservation.payment_reference));
    expect(payment!.status).toBe("cancelled");
    expect((await reserve({ car_id: car.slug, ...shopper() })).status).toBe(201);
  });

  it("keeps a payment made after its hold expired when the car is still free", async () => {
    const car = await aReservableCar();
    const started = await reserve({ car_id: car.slug, ...shopper() });
    const id = started.json.reservation.id as string;
    // Ended here while the shopper was still on the provider's page.
    await db()
      .update(reservations)
      .set({ status: "expired", expiresAt: new Date(Date.now() - 1000), endedAt: new Date() })
      .where(eq(reservations.id, id));
    await payWithCard(started.json.payment_url, "4242424242424242");
    const row = await until(
      () => statusOf(id),
      (r) => r.status === "paid",
    );
    expect(row.lateDecision).toBe("kept");
  });

  it("refunds a payment made after its hold expired when someone else holds the car", async () => {
    const car = await aReservableCar();
    const late = await reserve({ car_id: car.slug, ...shopper({ email: "late@example.com" }) });
    const id = late.json.reservation.id as string;
    await db()
      .update(reservations)
      .set({ status: "expired", expiresAt: new Date(Date.now() - 1000), endedAt: new Date() })
      .where(eq(reservations.id, id));
    expect((await reserve({ car_id: car.slug, ...shopper() })).status).toBe(201);
    await payWithCard(late.json.payment_url, "4242424242424242");
    const row = await until(
      () => statusOf(id),
      (r) => r.status === "refunded",
    );
    expect(row.lateDecision).toBe("refunded");
    const [payment] = await db()
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, row.paymentId!));
    expect(payment!.refundedCents).toBe(row.amountCents);
    // The shopper hears of the refund; the dealership gets the lead, marked refunded.
    await smtp.waitFor(() =>
      smtp.messages.some(
        (m) => m.to.includes("late@example.com") && /refunded/i.test(m.subject ?? ""),
      ),
    );
    // The reservation names its lead once the lead is stored (after the refund itself).
    const { leadId } = await statusOf(id);
    const [lead] = await db().select().from(leads).where(eq(leads.id, leadId!));
    expect(lead!.payload).toMatchObject({ payment_status: "refunded", late_payment: "refunded" });
  });

  it("sends the receipt through the outbox: retried while the mail server is down, sent once it is back", async () => {
    const car = await aReservableCar();
    const email = `outage${Date.now()}@example.com`;
    const started = await reserve({ car_id: car.slug, ...shopper({ email }) });
    const id = started.json.reservation.id as string;
    const port = smtp.port;
    await smtp.stop();
    try {
      await payWithCard(started.json.payment_url, "4242424242424242");
      const row = await until(
        () => statusOf(id),
        (r) => r.status === "paid" && r.leadId !== null,
      );
      const receiptJob = () =>
        db()
          .select()
          .from(leadDeliveries)
          .where(
            and(
              eq(leadDeliveries.leadId, row.leadId!),
              eq(leadDeliveries.channel, "reservation-receipt"),
            ),
          )
          .then((rows) => rows[0]);
      const failing = await until(receiptJob, (job) => (job?.attempts ?? 0) >= 2);
      expect(failing!.status).not.toBe("delivered");
      expect(failing!.target).toBe(email);
      expect(failing!.lastError).toBeTruthy();
    } finally {
      await smtp.start(port);
    }
    await smtp.waitFor(() => smtp.messages.some((m) => m.to.includes(email)));
    const row = await statusOf(id);
    await until(
      () =>
        db()
          .select()
          .from(leadDeliveries)
          .where(eq(leadDeliveries.leadId, row.leadId!))
          .then((rows) => rows.every((job) => job.status === "delivered")),
      (done) => done,
    );
    expect(smtp.messages.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it("lets staff cancel and refund a paid reservation with a site API key", async () => {
    const car = await aReservableCar();
    const started = await reserve({ car_id: car.slug, ...shopper() });
    const id = started.json.reservation.id as string;
    await payWithCard(started.json.payment_url, "4242424242424242");
    await until(
      () => statusOf(id),
      (r) => r.status === "paid",
    );
    const path = `/api/v1/websites/${site.id}/reservations/${id}/cancel`;
    const anonymous = await fetchWithHost(server, "localhost", path, { method: "POST" });
    expect(anonymous.status).toBe(401);
    const { key } = await createSiteApiKey(db(), {
      siteId: site.id,
      label: "staff",
      scopes: ["reservations:manage"],
    });
    const { key: otherKey } = await createSiteApiKey(db(), {
      siteId: otherSite.id,
      label: "other",
      scopes: ["reservations:manage"],
    });
    const foreign = await fetchWithHost(server, "localhost", path, {
      method: "POST",
      headers: { authorization: `Bearer ${otherKey}` },
    });
    expect(foreign.status).toBe(403);
    const cancelled = await fetchWithHost(server, "localhost", path, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(cancelled.status).toBe(200);
    expect(JSON.parse(cancelled.body).data).toMatchObject({ status: "refunded" });
    await published(() => {
      const d = server.search.engine.get(CAR_COLLECTION, car.id) as
        { reserved?: boolean } | undefined;
      return d && d.reserved === false ? d : null;
    });
    const twice = await fetchWithHost(server, "localhost", path, {
      method: "POST",
      headers: { authorization: `Bearer ${key}` },
    });
    expect(twice.status).toBe(409);
  });

  it("keeps a car with a paid deposit reserved when a stock feed says it is not, until the reservation ends", async () => {
    const stocknum = `RSV${Date.now()}`;
    const car = await aReservableCar({ stocknum, make: "Mazda", model: "CX-5", year: 2021 });
    const started = await reserve({ car_id: car.slug, ...shopper() });
    const id = started.json.reservation.id as string;
    await payWithCard(started.json.payment_url, "4242424242424242");
    await until(
      () => statusOf(id),
      (r) => r.status === "paid",
    );
    const { key } = await createSiteApiKey(db(), {
      siteId: site.id,
      label: "feed",
      scopes: ["stock:write", "reservations:manage"],
    });
    const feed = (reserved: string | null) =>
      fetchWithHost(server, "localhost", `/api/v1/websites/${site.id}/stock?mode=partial`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "text/csv" },
        body:
          reserved === null
            ? `stocknum,make,model,year,car_type,price\n${stocknum},Mazda,CX-5,2021,used,31990\n`
            : `stocknum,make,model,year,car_type,price,reserved\n${stocknum},Mazda,CX-5,2021,used,31990,${reserved}\n`,
      });
    const reservedNow = async () =>
      (await db().select().from(vehicles).where(eq(vehicles.id, car.id)))[0]!;
    for (const reserved of ["no", null]) {
      const res = await feed(reserved);
      expect(res.status).toBeLessThan(300);
      const row = await reservedNow();
      expect(row.price).toBe(31990);
      expect(row.reserved).toBe(true);
    }
    const doc = server.search.engine.get(CAR_COLLECTION, car.id) as { reserved?: boolean };
    expect(doc.reserved).toBe(true);
    // Cancelled and refunded: the car is free, and the next feed decides again.
    const cancelled = await fetchWithHost(
      server,
      "localhost",
      `/api/v1/websites/${site.id}/reservations/${id}/cancel`,
      { method: "POST", headers: { authorization: `Bearer ${key}` } },
    );
    expect(cancelled.status).toBe(200);
    expect((await reservedNow()).reserved).toBe(false);
    await feed("yes");
    expect((await reservedNow()).reserved).toBe(true);
    await feed("no");
    expect((await reservedNow()).reserved).toBe(false);
  });
});
