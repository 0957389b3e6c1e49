/**
 * Reservations in the back office over HTTP, signed in as demo staff: the list and detail show
 * a dealership's reservations only; "Cancel and refund" refunds a paid deposit through the test
 * provider, frees the vehicle, is audited with before and after; sales staff read but cannot
 * cancel; another group's or dealership's reservation by URL or form answers 404 and changes
 * nothing.
 */
import { randomUUID } from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, reservations, testProviderPayments, vehicles } from "~/server/db/schema";
import { CAR_COLLECTION } from "~/server/search";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aVehicle, published } from "../support/factories";
import { signInAs, type StaffClient } from "../support/staff";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
let harbour: Site;
let coastal: Site;
let manager: StaffClient;
let sales: StaffClient;

const site = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;
const db = () => server.database.db;
const deposit = [
  { authorization_type: "deposit", authorization_key: "pk_test", deposit_amount: null },
];

async function reservationRow(id: string) {
  return (await db().select().from(reservations).where(eq(reservations.id, id)))[0]!;
}

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const value = await read();
    if (ok(value)) return value;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error("condition never met");
}

/** A reservable car of the dealership, reserved and paid on the test provider. */
async function aPaidReservation(on: Site, dealershipId: number) {
  const car = await aVehicle(server, on, { dealershipId, paymentProcessors: deposit });
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  const host = `${on.slug}.localhost`;
  const started = await fetchWithHost(server, host, "/api/reservations", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      car_id: car.slug,
      first_name: "Alex",
      last_name: "Buyer",
      email: "alex.desk@example.com",
      phone: "0412345678",
    }),
  });
  expect(started.status, started.body).toBe(201);
  const json = JSON.parse(started.body) as { reservation: { id: string }; payment_url: string };
  await fetchWithHost(server, host, json.payment_url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      number: "4242424242424242",
      expiry: "12 / 34",
      cvc: "123",
      name: "Alex Buyer",
    }).toString(),
  });
  const id = json.reservation.id;
  await until(
    () => reservationRow(id),
    (r) => r.status === "paid",
  );
  return { id, car };
}

/** A held reservation row, written directly (no provider is asked for it in these tests). */
async function aHeldRow(on: Site, dealershipId: number) {
  const car = await aVehicle(server, on, { dealershipId });
  const id = randomUUID();
  await db()
    .insert(reservations)
    .values({
      id,
      siteId: on.id,
      vehicleId: car.id,
      dealershipId,
      kind: "reserve",
      status: "held",
      provider: "test",
      amountCents: 20_000,
      currency: "AUD",
      vehiclePrice: 25_000,
      expiresAt: new Date(Date.now() + 600_000),
      shopper: { firstName: "Other", lastName: "Shopper", email: "o@example.com", phone: "0" },
    });
  return id;
}

let toyotaId: number;
let otherDealershipId: number;

beforeAll(async () => {
  server = await startTestServer({ LEAD_POLL_MS: "50", LEAD_RATE_LIMIT: "100000" });
  harbour = site("harbour-auto-group");
  coastal = site("coastal-kia");
  toyotaId = harbour.dealerships.find((d) => d.slug === "harbour-toyota")!.id;
  otherDealershipId = harbour.dealerships.find((d) => d.id !== toyotaId)!.id;
  manager = await signInAs(server, "dealership_manager", { dealershipSlug: "harbour-toyota" });
  sales = await signInAs(server, "sales_staff", { dealershipSlug: "harbour-toyota" });
});
afterAll(async () => {
  await server?.close();
});

describe("reservations in the back office", () => {
  it("lists the dealership's reservations with vehicle, shopper, deposit and payment reference", async () => {
    const { id, car } = await aPaidReservation(harbour, toyotaId);
    const other = await aHeldRow(harbour, otherDealershipId);
    const foreign = await aHeldRow(coastal, coastal.dealerships[0]!.id);
    const row = await reservationRow(id);
    const list = await manager.get(`/admin/reservations?site=${harbour.id}`);
    expect(list.status).toBe(200);
    expect(list.body).toContain(`/admin/reservations/${id}`);
    expect(list.body).toContain(car.name);
    expect(list.body).toContain("Alex Buyer");
    expect(list.body).toContain(row.paymentId!);
    expect(list.body).toContain("$200");
    expect(list.body).not.toContain(other);
    expect(list.body).not.toContain(foreign);
    const paidOnly = await manager.get(`/admin/reservations?status=expired`);
    expect(paidOnly.body).not.toContain(id);
    const bad = await manager.get(`/admin/reservations?site=${coastal.id}&status=lost`);
    expect(bad.status).toBe(200);
    expect(bad.body).toContain("Choose one of the sites in the list.");
    expect(bad.body).toContain("Choose one of the statuses in the list.");
    expect(bad.body).not.toContain(foreign);
  });

  it("answers 404 for another group's or dealership's reservation, by URL and by post, and changes nothing", async () => {
    const other = await aHeldRow(harbour, otherDealershipId);
    const foreign = await aHeldRow(coastal, coastal.dealerships[0]!.id);
    for (const id of [other, foreign, randomUUID(), "not-an-id"]) {
      expect((await manager.get(`/admin/reservations/${id}`)).status).toBe(404);
      const post = await manager.post(`/admin/reservations/${id}`, {
        intent: "cancel",
        confirm: "yes",
      });
      expect(post.status).toBe(404);
    }
    expect((await reservationRow(other)).status).toBe("held");
    expect((await reservationRow(foreign)).status).toBe("held");
    // The coastal group's manager does not reach harbour's reservations either.
    const coastalManager = await signInAs(server, "dealership_manager", {
      dealershipSlug: coastal.dealerships[0]!.slug,
    });
    const own = await aHeldRow(harbour, toyotaId);
    expect((await coastalManager.get(`/admin/reservations/${own}`)).status).toBe(404);
    expect(
      (
        await coastalManager.post(`/admin/reservations/${own}`, {
          intent: "cancel",
          confirm: "yes",
        })
      ).status,
    ).toBe(404);
    expect((await reservationRow(own)).status).toBe("held");
  });

  it("lets sales staff read a reservation but not cancel it", async () => {
    const id = await aHeldRow(harbour, toyotaId);
    const page = await sales.get(`/admin/reservations/${id}`);
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("Cancel the hold");
    const post = await sales.post(`/admin/reservations/${id}`, {
      intent: "cancel",
      confirm: "yes",
    });
    expect(post.status).toBe(403);
    expect((await reservationRow(id)).status).toBe("held");
  });

  it("refuses a cancel without the confirmation, or without the session's CSRF token", async () => {
    const id = await aHeldRow(harbour, toyotaId);
    const unconfirmed = await manager.post(`/admin/reservations/${id}`, { intent: "cancel" });
    expect(unconfirmed.status).toBe(400);
    const forged = await manager.post(`/admin/reservations/${id}`, {
      _csrf: "forged",
      intent: "cancel",
      confirm: "yes",
    });
    expect(forged.status).toBe(403);
    expect((await reservationRow(id)).status).toBe("held");
  });

  it("cancels and refunds a paid reservation: the provider refunds, the car is free, the change is audited", async () => {
    const { id, car } = await aPaidReservation(harbour, toyotaId);
    await published(() => {
      const d = server.search.engine.get(CAR_COLLECTION, car.id) as
        { reserved?: boolean } | undefined;
      return d?.reserved ? d : null;
    });
    const confirm = await manager.get(`/admin/reservations/${id}?confirm`);
    expect(confirm.body).toContain("Cancel and refund this reservation?");
    const done = await manager.post(`/admin/reservations/${id}`, {
      intent: "cancel",
      confirm: "yes",
    });
    expect(done.status).toBe(302);
    const row = await reservationRow(id);
    expect(row.status).toBe("refunded");
    expect(row.refundId).toBeTruthy();
    const [payment] = await db()
      .select()
      .from(testProviderPayments)
      .where(eq(testProviderPayments.id, row.paymentId!));
    expect(payment!.refundedCents).toBe(row.amountCents);
    const [vehicle] = await db().select().from(vehicles).where(eq(vehicles.id, car.id));
    expect(vehicle!.reserved).toBe(false);
    await published(() => {
      const d = server.search.engine.get(CAR_COLLECTION, car.id) as
        { reserved?: boolean } | undefined;
      return d && d.reserved === false ? d : null;
    });
    const [entry] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.subject, `reservation ${id}`), ne(auditLog.action, "")))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({
      action: "reservations.refund",
      siteId: harbour.id,
      dealershipId: toyotaId,
      before: { status: "paid" },
      after: { status: "refunded" },
    });
    const page = await manager.get(`/admin/reservations/${id}?cancelled`);
    expect(page.body).toContain("Cancelled and refunded.");
    // Twice: nothing left to cancel.
    const again = await manager.post(`/admin/reservations/${id}`, {
      intent: "cancel",
      confirm: "yes",
    });
    expect(again.status).toBe(409);
  });
});
