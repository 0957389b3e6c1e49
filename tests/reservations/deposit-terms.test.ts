/**
 * An honest checkout for a card deposit (docs/product/payments.md, "Deposit terms"): the reserve
 * page states the deposit's terms and links the site's terms page before payment, names the
 * provider as shoppers know it (the test provider says it is a test), a declined card brings the
 * shopper straight back to the form as they filled it in, and the confirmation and receipt say
 * until when the car is held, in the site's time zone.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reservations } from "~/server/db/schema";
import { CAR_COLLECTION } from "~/server/search";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { SmtpSink } from "../leads/support/smtp-sink";

let server: RunningServer;
const smtp = new SmtpSink();
const deposit = [
  { authorization_type: "deposit", authorization_key: "pk_test", deposit_amount: 500 },
];

beforeAll(async () => {
  await smtp.start();
  server = await startTestServer({
    SMTP_URL: smtp.url,
    LEAD_POLL_MS: "50",
    LEAD_RETRY_BASE_MS: "50",
    LEAD_RATE_LIMIT: "100000",
    // Stripe has credentials here (its API is never called by these pages).
    STRIPE_SECRET_KEY: "sk_test_deposit_terms",
    STRIPE_WEBHOOK_SECRET: "whsec_deposit_terms",
  });
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

const host = (site: Site) => `${site.slug}.localhost`;

/** The page's text, tags removed and entities undone, spaces collapsed. */
function text(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&rsquo;/g, "’")
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ")
    .replace(/ ([.,:;])/g, "$1");
}

async function aReservableCar(site: Site) {
  const car = await aVehicle(server, site, { paymentProcessors: deposit, price: 31_990 });
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  return car;
}

const get = (site: Site, path: string, cookie?: string) =>
  fetchWithHost(server, host(site), path, { headers: cookie ? { cookie } : {} });

const post = (site: Site, path: string, body: Record<string, string>) =>
  fetchWithHost(server, host(site), path, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: `http://${host(site)}:${server.port}`,
    },
    body: new URLSearchParams(body).toString(),
  });

const SHOPPER = {
  first_name: "Robin",
  last_name: "Declan",
  email: "robin.declan@example.com",
  phone: "0412345678",
  message: "Can I see it on Saturday morning?",
  terms_conditions: "on",
};

/** Sends the reserve form; answers the card page's path and the reservation's cookie. */
async function reserve(site: Site, checkout: string, shopper: Record<string, string>) {
  const sent = await post(site, checkout, shopper);
  expect(sent.status, sent.body.slice(0, 300)).toBe(303);
  const setCookie = sent.headers["set-cookie"];
  const cookie = (Array.isArray(setCookie) ? setCookie[0] : (setCookie ?? ""))!.split(";")[0]!;
  return { cardPage: sent.headers.location as string, cookie };
}

const payWithCard = (site: Site, cardPage: string, number: string) =>
  post(site, cardPage, { number, expiry: "12 / 34", cvc: "123", name: "Robin Declan" });

describe("the deposit's terms before payment", () => {
  it("states the deposit, its conditions, how long the car is held and finance declined, and links the terms page", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "test" } });
    const car = await aReservableCar(site);
    const res = await get(site, `${vehiclePagePath(car.slug, site.settings)}/checkout`);
    expect(res.status).toBe(200);
    const page = text(res.body);
    expect(page).toContain("Your $500 deposit");
    expect(page).toContain(
      "Refundable Refundable in full until you sign the contract of sale: call us and we cancel the reservation and refund the deposit to your card.",
    );
    expect(page).toContain(
      "While you pay, the car is held for you for 15 minutes. Once your deposit is paid, it is held for you for 48 hours.",
    );
    expect(page).toContain(
      "If your finance is declined If your finance application is declined, we cancel the reservation and refund your deposit in full.",
    );
    // The terms the box accepts are a link to the site's terms page, opened beside the form.
    expect(res.body).toMatch(
      /<a href="\/terms-and-conditions" target="_blank" rel="noopener"[^>]*>terms and conditions/,
    );
    expect((await get(site, "/terms-and-conditions")).status).toBe(200);

    // The checkout journey states the same terms beside its steps.
    const journey = await get(site, `/checkout-journey?car_id=${car.slug}`);
    expect(journey.status).toBe(200);
    expect(text(journey.body)).toContain(
      "While you pay, the car is held for you for 15 minutes. Once your deposit is paid, it is held for you for 48 hours.",
    );
    expect(journey.body).toMatch(/<a href="\/terms-and-conditions" target="_blank"/);
  });

  it("follows the site's deposit terms and hold time", async () => {
    const site = await aSite(server, {
      settings: {
        paymentProvider: "test",
        reservationHoldMinutes: 30,
        depositTerms: {
          refundable: false,
          conditions: "The deposit is kept if you decide not to buy the car.",
          heldHours: 168,
          financeDeclined: "If your finance is declined, we refund the deposit within 5 days.",
        },
      },
    });
    const car = await aReservableCar(site);
    const page = text(
      (await get(site, `${vehiclePagePath(car.slug, site.settings)}/buy-online`)).body,
    );
    expect(page).toContain("Not refundable The deposit is kept if you decide not to buy the car.");
    expect(page).toContain(
      "While you pay, the car is held for you for 30 minutes. Once your deposit is paid, it is held for you for 7 days.",
    );
    expect(page).toContain("If your finance is declined, we refund the deposit within 5 days.");
  });
});

describe("the provider as the shopper knows it", () => {
  it("names a live provider by its name, and the test provider says it is a test", async () => {
    const live = await aSite(server, { settings: { paymentProvider: "stripe" } });
    const liveCar = await aReservableCar(live);
    const livePage = text(
      (await get(live, `${vehiclePagePath(liveCar.slug, live.settings)}/checkout`)).body,
    );
    expect(livePage).toContain("Payment: Card payment by Stripe");
    expect(livePage).not.toMatch(/test payment|test card|no card is charged/i);

    // Windcave has no credentials here: the demo's test provider stands in, and says so.
    const standIn = await aSite(server, { settings: { paymentProvider: "windcave" } });
    const standInCar = await aReservableCar(standIn);
    const testPage = text(
      (await get(standIn, `${vehiclePagePath(standInCar.slug, standIn.settings)}/checkout`)).body,
    );
    expect(testPage).toContain("Payment: Test payment: no card is charged");
    expect(testPage).not.toContain("Windcave");
    expect(testPage).not.toContain("Test card payments");
  });
});

describe("a declined card", () => {
  it("brings the shopper back in one step to the form as they filled it in, with the card's message", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "test" } });
    const car = await aReservableCar(site);
    const checkout = `${vehiclePagePath(car.slug, site.settings)}/checkout`;
    const { cardPage, cookie } = await reserve(site, checkout, SHOPPER);
    expect(cardPage).toMatch(/^\/_test-payments\/pay\/tp_/);

    const declined = await payWithCard(site, cardPage, "4000 0000 0000 0002");
    expect(declined.status).toBe(303);
    const [row] = await server.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.vehicleId, car.id));
    expect(declined.headers.location).toBe(`/reservations/${row!.id}`);

    const back = await get(site, declined.headers.location as string, cookie);
    expect(back.status).toBe(200);
    const page = text(back.body);
    expect(page).toContain("Your card was declined.");
    expect(back.body).toMatch(new RegExp(`<form[^>]*action="${checkout}"`));
    for (const [name, value] of Object.entries({
      first_name: "Robin",
      last_name: "Declan",
      email: "robin.declan@example.com",
      phone: "0412345678",
    }))
      expect(back.body, name).toMatch(new RegExp(`name="${name}"[^>]*value="${value}"`));
    expect(back.body).toContain("Can I see it on Saturday morning?");
    expect(back.body).not.toContain("4000 0000 0000 0002");
    expect(back.body).not.toContain("4000000000000002");
    expect(
      (await server.database.db.select().from(reservations).where(eq(reservations.id, row!.id)))[0]!
        .status,
    ).toBe("declined");

    // Sending the form again takes a new hold and goes on to a new card page.
    const again = await reserve(site, checkout, SHOPPER);
    expect(again.cardPage).toMatch(/^\/_test-payments\/pay\/tp_/);
    expect(again.cardPage).not.toBe(cardPage);
  });

  it("shows someone else holding the reservation's id only the outcome, not the form", async () => {
    const site = await aSite(server, { settings: { paymentProvider: "test" } });
    const car = await aReservableCar(site);
    const checkout = `${vehiclePagePath(car.slug, site.settings)}/checkout`;
    const { cardPage } = await reserve(site, checkout, SHOPPER);
    const declined = await payWithCard(site, cardPage, "4000 0000 0000 0002");
    const other = await get(site, declined.headers.location as string);
    expect(other.status).toBe(200);
    expect(other.body).not.toContain("robin.declan@example.com");
    expect(text(other.body)).toContain("No money has been taken");
  });
});

describe("until when the car is held", () => {
  it("the confirmation and the receipt say it in the site's time zone", async () => {
    const site = await aSite(server, {
      settings: {
        paymentProvider: "test",
        bookingTimeZone: "Pacific/Auckland",
        depositTerms: { heldHours: 72 },
      },
    });
    const car = await aReservableCar(site);
    const checkout = `${vehiclePagePath(car.slug, site.settings)}/checkout`;
    const shopper = { ...SHOPPER, email: `held.${site.slug}@example.com` };
    const { cardPage, cookie } = await reserve(site, checkout, shopper);
    const paid = await payWithCard(site, cardPage, "4242 4242 4242 4242");
    expect(paid.status).toBe(303);
    const confirmation = await get(site, paid.headers.location as string, cookie);
    const [row] = await server.database.db
      .select()
      .from(reservations)
      .where(eq(reservations.vehicleId, car.id));
    expect(row!.status).toBe("paid");

    // 72 hours after payment, as a shopper in Auckland reads it.
    const until = new Date(row!.paidAt!.getTime() + 72 * 3_600_000);
    const part = (options: Intl.DateTimeFormatOptions) =>
      new Intl.DateTimeFormat("en-AU", { timeZone: "Pacific/Auckland", ...options }).format(until);
    const zone = part({ timeZoneName: "short" }).split(" ").pop()!;
    expect(zone).toMatch(/^NZ[DS]T$/);
    const expected = `${part({ weekday: "long" })} ${part({ day: "numeric" })} ${part({ month: "long" })}, ${part({ hour: "numeric", minute: "2-digit", hour12: true }).replace(/\s+/g, " ").replace(/\./g, "")} ${zone}`;
    expect(text(confirmation.body)).toContain(`Held for you until ${expected}.`);

    await smtp.waitFor(
      () => smtp.messages.some((m) => m.to.includes(shopper.email)),
      30_000,
      "the receipt",
    );
    const receipt = smtp.messages.find((m) => m.to.includes(shopper.email))!;
    expect(bodyText(receipt.raw)).toContain(`Held for you until ${expected}.`);
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
