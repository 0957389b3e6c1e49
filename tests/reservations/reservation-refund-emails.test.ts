/**
 * Every refund of a deposit tells the shopper (docs/product/payments.md, "Refunds"): staff
 * cancelling a paid reservation, in the back office or through the API, queue the refund e-mail
 * with the refund itself; the shopper gets it once, and no lead acknowledgement besides the
 * receipt.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { vehicles } from "~/server/db/schema";
import { leadDeliveries, reservations, sites } from "~/server/db/schema";
import { CAR_COLLECTION } from "~/server/search";
import { createSiteApiKey } from "~/server/sites/api-keys";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite, aVehicle, published } from "../support/factories";
import { signInAs } from "../support/staff";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { SmtpSink } from "../leads/support/smtp-sink";

let server: RunningServer;
let site: Site;
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
    RESERVATION_SWEEP_MS: "600000",
  });
  site = await aSite(server, { settings: { paymentProvider: "test" } });
  await server.database.db
    .update(sites)
    .set({ contactDetails: { phone: "07 5555 0100", email: "sales@dealer.test", address: null } })
    .where(eq(sites.id, site.id));
  await server.bus.publish({ kind: "settings", siteId: site.id });
  site = await published(() =>
    server.registry.byId(site.id)?.contactDetails.email ? server.registry.byId(site.id)! : null,
  );
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

const host = () => `${site.slug}.localhost`;
const db = () => server.database.db;

async function until<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  let value = await read();
  await expect.poll(async () => ok((value = await read())), { timeout: 20_000 }).toBe(true);
  return value;
}

/** A car reserved and paid by `email`, its receipt received: the reservation's id. */
async function aPaidReservation(email: string): Promise<{ id: string; car: { id: number } }> {
  const car = await aVehicle(server, site, {
    paymentProcessors: deposit,
    make: "Mazda",
    model: "CX-5",
    year: 2022,
  } satisfies Partial<typeof vehicles.$inferInsert>);
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  const started = await fetchWithHost(server, host(), "/api/reservations", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      car_id: car.slug,
      first_name: "Robin",
      last_name: "Refund",
      email,
      phone: "0412345678",
    }),
  });
  expect(started.status).toBe(201);
  const json = JSON.parse(started.body) as { reservation: { id: string }; payment_url: string };
  const paid = await fetchWithHost(server, host(), json.payment_url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      number: "4242 4242 4242 4242",
      expiry: "12 / 34",
      cvc: "123",
      name: "Robin Refund",
    }).toString(),
  });
  expect(paid.status).toBe(303);
  await until(
    () => db().select().from(reservations).where(eq(reservations.id, json.reservation.id)),
    ([r]) => r?.status === "paid" && r.leadId !== null,
  );
  await smtp.waitFor(() => mailsTo(email).some((m) => /receipt/i.test(m.subject ?? "")));
  return { id: json.reservation.id, car };
}

const mailsTo = (email: string) => smtp.messages.filter((m) => m.to.includes(email));

/** The refund e-mail to `email`, once it arrives: its decoded text. */
async function refundMailTo(email: string): Promise<string> {
  await smtp.waitFor(
    () => mailsTo(email).some((m) => m.subject?.includes("Your deposit has been refunded")),
    20_000,
    `the refund e-mail to ${email}`,
  );
  const mail = mailsTo(email).find((m) => m.subject?.includes("Your deposit has been refunded"))!;
  return mail.raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
}

describe("refund e-mails", () => {
  it("staff cancel and refund in the back office: the shopper is told, once, with the refund reference", async () => {
    const email = "robin.backoffice@example.com";
    const { id } = await aPaidReservation(email);
    const admin = await signInAs(server, "platform_admin");
    const cancelled = await admin.post(`/admin/reservations/${id}`, {
      intent: "cancel",
      confirm: "yes",
    });
    expect(cancelled.status).toBe(302);
    const [row] = await db().select().from(reservations).where(eq(reservations.id, id));
    expect(row!.status).toBe("refunded");
    const text = await refundMailTo(email);
    expect(text).toContain(
      "Your reservation of the 2022 Mazda CX-5 has been cancelled, and we have refunded your full $200 deposit to your card.",
    );
    expect(text).toContain(`Refund reference: ${row!.refundId}`);
    expect(text).not.toContain("arrived after your reservation time had ended");
    const [job] = await db()
      .select()
      .from(leadDeliveries)
      .where(
        and(
          eq(leadDeliveries.leadId, row!.leadId!),
          eq(leadDeliveries.channel, "reservation-refund"),
        ),
      );
    expect(job).toMatchObject({ target: email });
    await until(
      () => db().select().from(leadDeliveries).where(eq(leadDeliveries.id, job!.id)),
      ([j]) => j?.status === "delivered",
    );
    // The receipt and the refund; a reservation's lead gets no acknowledgement besides them.
    expect(mailsTo(email).map((m) => m.subject)).toEqual([
      expect.stringMatching(/Your deposit receipt/),
      expect.stringMatching(/Your deposit has been refunded/),
    ]);
  });

  it("staff cancel and refund through the API: the shopper is told too", async () => {
    const email = "robin.api@example.com";
    const { id } = await aPaidReservation(email);
    const { key } = await createSiteApiKey(db(), {
      siteId: site.id,
      label: "staff",
      scopes: ["reservations:manage"],
    });
    const cancelled = await fetchWithHost(
      server,
      "localhost",
      `/api/v1/websites/${site.id}/reservations/${id}/cancel`,
      { method: "POST", headers: { authorization: `Bearer ${key}` } },
    );
    expect(cancelled.status).toBe(200);
    const text = await refundMailTo(email);
    expect(text).toContain("has been cancelled, and we have refunded your full $200 deposit");
    expect(mailsTo(email)).toHaveLength(2);
  });
});
