/**
 * Test payments and the shopper's privacy (docs/product/payments.md):
 * - a reservation paid through the built-in test card provider is stored as a test payment and
 *   says so on the reservation page, the receipt, the dealership's lead e-mail (subject, body,
 *   ADF) and the back office desk and lead page;
 * - the reservation page shows the shopper's e-mail and payment reference only to the browser
 *   that made the reservation or the e-mailed link;
 * - a body over the limit is answered 413 on every JSON endpoint of reservations and webhooks;
 *   a reservation's extra details are bounded;
 * - with the test provider off, a site whose provider has no credentials offers no deposit, its
 *   checkout answers without an error, and the back office says deposits are off.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RESERVATION_MESSAGES } from "~/domain/reservations";
import { vehiclePagePath, checkoutPath } from "~/domain/vehicle-paths";
import { reservations, sites } from "~/server/db/schema";
import { CAR_COLLECTION } from "~/server/search";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite, aVehicle, published } from "../support/factories";
import { signInAs } from "../support/staff";
import { fetchWithHost, startTestServer, type TestResponse } from "../support/test-server";
import { SmtpSink } from "../leads/support/smtp-sink";

const deposit = [
  { authorization_type: "deposit", authorization_key: "pk_test", deposit_amount: null },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers are read field by field
type Json = Record<string, any>;

async function aDepositCar(server: RunningServer, site: Site) {
  const car = await aVehicle(server, site, { paymentProcessors: deposit });
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  return car;
}

function reserve(server: RunningServer, site: Site, body: Record<string, unknown>) {
  return fetchWithHost(server, `${site.slug}.localhost`, "/api/reservations", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      first_name: "Sam",
      last_name: "Private",
      email: "sam.private@example.com",
      phone: "0412345678",
      ...body,
    }),
  });
}

/** The `name=value` of a Set-Cookie answer, as a browser would send it back. */
function cookieOf(response: TestResponse): string {
  const cookies = response.headers["set-cookie"];
  const first = (Array.isArray(cookies) ? cookies : [cookies ?? ""])[0]!;
  return first.split(";")[0]!;
}

describe("with the test card provider standing in (a demo)", () => {
  const smtp = new SmtpSink();
  let server: RunningServer;
  let site: Site;
  beforeAll(async () => {
    await smtp.start();
    server = await startTestServer({
      SMTP_URL: smtp.url,
      LEAD_POLL_MS: "50",
      LEAD_RETRY_BASE_MS: "50",
      LEAD_RATE_LIMIT: "100000",
      RESERVATION_SWEEP_MS: "600000",
    });
    // A Stripe site without Stripe credentials here: the test provider takes its deposits.
    site = await aSite(server, { settings: { paymentProvider: "stripe" } });
    // The dealership's lead e-mail goes to the site's address.
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

  it("marks a test payment as such on the page, the receipt, the lead e-mail and its ADF, and the back office", async () => {
    const car = await aDepositCar(server, site);
    const started = await reserve(server, site, { car_id: car.id, email: "tester@example.com" });
    expect(started.status).toBe(201);
    const json = JSON.parse(started.body) as Json;
    expect(json.reservation.test_payment).toBe(true);
    const paid = await fetchWithHost(server, host(), json.payment_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "number=4242424242424242&expiry=12%2F34&cvc=123&name=Tester",
    });
    expect(paid.status).toBe(303);
    const id = json.reservation.id as string;
    await expect
      .poll(async () => {
        const [row] = await server.database.db
          .select()
          .from(reservations)
          .where(eq(reservations.id, id));
        return row?.status === "paid" && row.leadId !== null;
      })
      .toBe(true);
    const [row] = await server.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.id, id));
    expect(row!.testPayment).toBe(true);

    const page = await fetchWithHost(server, host(), `/reservations/${id}`);
    expect(page.body).toContain(
      "Test payment: this deposit went through the built-in test card provider",
    );

    await smtp.waitFor(() => smtp.messages.some((m) => m.to.includes("tester@example.com")));
    const receipt = smtp.messages.find((m) => m.to.includes("tester@example.com"))!;
    expect(receipt.subject).toMatch(/^\[TEST PAYMENT\] Your deposit receipt/);
    expect(bodyText(receipt.raw)).toContain(
      "TEST PAYMENT: this deposit was paid through the built-in",
    );

    await smtp.waitFor(() => smtp.messages.some((m) => m.leadId === row!.leadId));
    const leadMail = smtp.messages.find((m) => m.leadId === row!.leadId)!;
    expect(leadMail.subject).toMatch(/^\[TEST PAYMENT\] /);
    expect(leadMail.raw).toContain("X-Lead-Test-Payment: true");
    expect(bodyText(leadMail.raw)).toContain(
      "TEST PAYMENT: this deposit was paid through the built-in",
    );
    // The ADF travels base64-encoded as an attachment: its comments say it first.
    const adf = adfOf(leadMail.raw);
    expect(adf).toMatch(/<comments>TEST PAYMENT: no money was taken/);

    const staff = await signInAs(server, "platform_admin");
    const desk = await staff.get(`/admin/reservations?site=${site.id}`);
    expect(desk.body).toContain("Test payment: no money taken");
    const detail = await staff.get(`/admin/reservations/${id}`);
    expect(detail.body).toContain("Test payment: no money taken");
    const lead = await staff.get(`/admin/leads/${row!.leadId}`);
    expect(lead.status).toBe(200);
    expect(lead.body).toContain("Test payment: no money taken");
  });

  it("shows the e-mail and payment reference only to the browser that reserved, or the e-mailed link", async () => {
    const car = await aDepositCar(server, site);
    const started = await reserve(server, site, {
      car_id: car.id,
      email: "sam.private@example.com",
    });
    expect(started.status).toBe(201);
    const cookie = cookieOf(started);
    expect(String(started.headers["set-cookie"])).toMatch(/HttpOnly/);
    const json = JSON.parse(started.body) as Json;
    const id = json.reservation.id as string;
    await fetchWithHost(server, host(), json.payment_url, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "number=4242424242424242&expiry=12%2F34&cvc=123&name=Sam",
    });
    const reference = json.reservation.payment_reference as string;
    await expect
      .poll(async () => (await fetchWithHost(server, host(), `/reservations/${id}`)).body)
      .toContain("Your reservation is confirmed");

    const stranger = await fetchWithHost(server, host(), `/reservations/${id}`);
    expect(stranger.body).not.toContain("sam.private@example.com");
    expect(stranger.body).not.toContain(reference);
    expect(stranger.body).toContain(car.name ?? "");
    const forged = await fetchWithHost(server, host(), `/reservations/${id}?key=not-the-key`, {
      headers: { cookie: `${cookie.split("=")[0]}=not-the-key` },
    });
    expect(forged.body).not.toContain("sam.private@example.com");

    const mine = await fetchWithHost(server, host(), `/reservations/${id}`, {
      headers: { cookie },
    });
    expect(mine.body).toContain("sam.private@example.com");
    expect(mine.body).toContain(reference);

    // The receipt's link opens the same page in another browser.
    await smtp.waitFor(() => smtp.messages.some((m) => m.to.includes("sam.private@example.com")));
    const receipt = smtp.messages.find((m) => m.to.includes("sam.private@example.com"))!;
    const link = /\/reservations\/[0-9a-f-]{36}\?key=[A-Za-z0-9_%-]+/.exec(bodyText(receipt.raw));
    expect(link).not.toBeNull();
    const fromMail = await fetchWithHost(server, host(), link![0]);
    expect(fromMail.body).toContain("sam.private@example.com");
  });

  it("the checkout form gives the shopper's browser the reservation's cookie, as a document post and through the app's own fetch", async () => {
    const settings = server.registry.byId(site.id)!.settings;
    for (const suffix of ["", ".data"]) {
      const car = await aDepositCar(server, site);
      const sent = await fetchWithHost(
        server,
        host(),
        `${checkoutPath(car.slug, settings)}${suffix}`,
        {
          method: "POST",
          headers: {
            "content-type": "application/x-www-form-urlencoded",
            origin: `http://${host()}:${server.port}`,
          },
          body: new URLSearchParams({
            first_name: "Sam",
            last_name: "Form",
            email: "sam.form@example.com",
            phone: "0412345678",
            terms_conditions: "on",
          }).toString(),
        },
      );
      expect(sent.status, suffix).toBeLessThan(400);
      const [held] = await server.database.db
        .select()
        .from(reservations)
        .where(eq(reservations.vehicleId, car.id));
      expect(held, suffix).toBeDefined();
      const cookie = cookieOf(sent);
      expect(cookie, suffix).toMatch(/^reservation_[0-9a-f]{32}=/);
      const mine = await fetchWithHost(server, host(), `/reservations/${held!.id}`, {
        headers: { cookie },
      });
      expect(mine.body, suffix).toContain("sam.form@example.com");
    }
  });

  it("answers 413 to a body over the limit on every reservation and webhook endpoint, and bounds the extra details", async () => {
    const big = JSON.stringify({ padding: "x".repeat(300_000) });
    const post = (path: string, onHost = host()) =>
      fetchWithHost(server, onHost, path, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: big,
      });
    for (const provider of ["test", "stripe", "windcave", "pin-payments", "unknown"]) {
      const res = await post(`/api/payments/webhooks/${provider}`);
      expect(res.status, provider).toBe(413);
      expect(JSON.parse(res.body).error).toMatch(/too large/);
    }
    expect((await post("/api/reservations")).status).toBe(413);
    expect((await post(`/api/reservations/${crypto.randomUUID()}/card`)).status).toBe(413);

    const car = await aDepositCar(server, site);
    const many = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, "v"]));
    const tooMany = await reserve(server, site, { car_id: car.id, extra: many });
    expect(tooMany.status).toBe(422);
    expect(JSON.parse(tooMany.body).errors.extra).toMatch(/at most 60/);
    const long = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [`k${i}`, "v".repeat(1500)]),
    );
    const tooLong = await reserve(server, site, { car_id: car.id, extra: long });
    expect(tooLong.status).toBe(422);
    expect(JSON.parse(tooLong.body).errors.extra).toMatch(/too long/);
    const [held] = await server.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.vehicleId, car.id));
    expect(held).toBeUndefined();
  });
});

describe("with the test card provider off (production)", () => {
  let server: RunningServer;
  let site: Site;
  beforeAll(async () => {
    server = await startTestServer({ PAYMENTS_TEST_PROVIDER: "false", LEAD_RATE_LIMIT: "100000" });
    site = await aSite(server, { settings: { paymentProvider: "stripe" } });
  });
  afterAll(() => server?.close());

  it("offers no deposit on a site whose provider has no credentials, answers its checkout without an error, and tells staff", async () => {
    const car = await aDepositCar(server, site);
    const host = `${site.slug}.localhost`;
    const settings = server.registry.byId(site.id)!.settings;
    const page = await fetchWithHost(server, host, vehiclePagePath(car.slug, settings));
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("Reserve Now");
    expect(page.body).not.toContain(checkoutPath(car.slug, settings));
    const checkout = await fetchWithHost(server, host, checkoutPath(car.slug, settings));
    expect(checkout.status).toBe(303);
    expect(checkout.headers.location).toBe(vehiclePagePath(car.slug, settings));
    const api = await reserve(server, site, { car_id: car.id });
    expect(api.status).toBe(409);
    expect(JSON.parse(api.body).error).toBe(RESERVATION_MESSAGES.noProvider);

    const staff = await signInAs(server, "platform_admin");
    for (const path of ["/admin/leads", "/admin/reservations"]) {
      const office = await staff.get(path);
      expect(office.body, path).toContain(
        "Online deposits are off: no card provider credentials on this server.",
      );
      expect(office.body, path).toContain(site.name);
    }
  });
});

/** A message's text as read (quoted-printable undone; base64 parts decoded). */
function bodyText(raw: string): string {
  const parts = raw.split(/\r?\n\r?\n/);
  const decoded = parts.map((p, i) =>
    i > 0 && /^[A-Za-z0-9+/=\r\n]+$/.test(p.trim()) && p.trim().length > 40
      ? Buffer.from(p.replace(/\s+/g, ""), "base64").toString("utf8")
      : p,
  );
  return decoded
    .join("\n\n")
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The ADF attachment of a lead e-mail, decoded. */
function adfOf(raw: string): string {
  const part = raw.split(/--[^\r\n]+\r?\n/).find((p) => /filename="?lead-[^"]*\.xml/.test(p));
  if (!part) return "";
  const [head, ...body] = part.split(/\r?\n\r?\n/);
  const content = body.join("\n\n");
  return /base64/i.test(head ?? "")
    ? Buffer.from(content.replace(/\s+/g, ""), "base64").toString("utf8")
    : content;
}
