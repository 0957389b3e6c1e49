/**
 * The Pin Payments card page of a reservation, against a local server answering like Pin's API
 * and CDN: the page loads Hosted Fields from the configured script with the dealership's
 * publishable key, the site's Content-Security-Policy allows that script's origin only where Pin
 * takes the deposits, and the card token the fields give is charged once through Pin's charges
 * API (a decline keeps Pin's words). Bad posts charge nothing.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dealerships } from "~/server/db/schema";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite, published } from "../support/factories";
import { fetchWithHost } from "../support/test-server";
import { startTestServer } from "../support/test-server";
import { FakePin } from "./fake-pin";
import { reserveACar } from "./reserve-a-car";

const fake = new FakePin("sk_test_pin_page_0123", "pin-page-signing-key-0123", "pk_test_pin_page");
let server: RunningServer;

beforeAll(async () => {
  await fake.start();
  server = await startTestServer({
    PIN_API_URL: fake.url,
    PIN_SECRET_KEY: fake.secretKey,
    PIN_WEBHOOK_SIGNING_KEY: fake.signingKey,
    PIN_HOSTED_FIELDS_URL: fake.hostedFieldsUrl,
    PAYMENTS_TEST_PROVIDER: "true",
    LEAD_RATE_LIMIT: "1000",
  });
});
afterAll(async () => {
  await server?.close();
  await fake.stop();
});

/** A site whose deposits Pin takes, its dealership holding Pin's publishable key. */
async function aPinSite(): Promise<Site> {
  const site = await aSite(server, { settings: { paymentProvider: "pin-payments" } });
  await server.database.db
    .update(dealerships)
    .set({ paymentPublishableKey: fake.publishableKey })
    .where(eq(dealerships.id, site.dealerships[0]!.id));
  await server.bus.publish({ kind: "settings", siteId: site.id });
  return published(() => {
    const now = server.registry.byId(site.id);
    return now?.dealerships[0]?.paymentPublishableKey ? now : null;
  });
}

const reserve = (site: Site) => reserveACar(server, site, "pk");

const postCard = (site: Site, id: string, body: unknown) =>
  fetchWithHost(server, `${site.slug}.localhost`, `/api/reservations/${id}/card`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

const directive = (csp: string, name: string) =>
  csp
    .split(";")
    .find((d) => d.trim().startsWith(`${name} `))
    ?.trim()
    .split(/\s+/)
    .slice(1) ?? [];

describe("the Pin Payments card page", () => {
  it("loads Pin's Hosted Fields with the dealership's publishable key, allowed by the site's CSP only", async () => {
    const site = await aPinSite();
    const { reservation, payment_url } = await reserve(site);
    const path = payment_url;
    expect(path).toBe(`/reservations/${reservation.id}/pay`);
    const page = await fetchWithHost(server, `${site.slug}.localhost`, path);
    expect(page.status).toBe(200);
    expect(page.headers["cache-control"]).toContain("no-store");
    // Pin's script, then our set-up with the publishable key (never the secret key).
    expect(page.body).toContain(`src="${fake.hostedFieldsUrl}"`);
    expect(page.body).toContain(`publishable_api_key: "${fake.publishableKey}"`);
    expect(page.body).toContain("HostedFields.create({ sandbox: true");
    expect(page.body).not.toContain(fake.secretKey);
    for (const [id, label] of [
      ["pin-card-number", "Card number"],
      ["pin-card-expiry", "Expiry (MM / YY)"],
      ["pin-card-cvc", "Security code (CVC)"],
      ["pin-card-name", "Name on card"],
    ])
      expect(page.body).toContain(
        `<label id="${id}-label" for="${id}" class="block font-medium text-slate-900">${label}</label>`,
      );
    expect(page.body).toMatch(/<noscript>.*Paying by card needs JavaScript/s);
    expect(page.body).toMatch(/>Pay <!-- -->\$200<\/button>/);

    const csp = String(page.headers["content-security-policy"]);
    expect(directive(csp, "script-src")).toContain(fake.url);
    expect(directive(csp, "frame-src")).toContain(fake.url);
    expect(directive(csp, "connect-src")).toEqual(["'self'"]);
    expect(csp).not.toContain("cdn.pinpayments.com");
    // A site on another provider allows no Pin origin.
    const other = await aSite(server, { settings: { paymentProvider: "test" } });
    const home = await fetchWithHost(server, `${other.slug}.localhost`, "/");
    expect(String(home.headers["content-security-policy"])).not.toContain(fake.url);
  });

  it("charges the card token once and lands on the confirmation; the page then asks no more", async () => {
    const site = await aPinSite();
    const { reservation } = await reserve(site);
    const charges = fake.charges.size;
    const paid = await postCard(site, reservation.id, {
      card_token: fake.cardToken("4200 0000 0000 0000"),
    });
    expect(paid.status).toBe(200);
    expect(JSON.parse(paid.body)).toMatchObject({ reservation: { status: "paid" } });
    expect(fake.charges.size).toBe(charges + 1);
    const pay = await fetchWithHost(
      server,
      `${site.slug}.localhost`,
      `/reservations/${reservation.id}/pay`,
    );
    expect(pay.status).toBe(303);
    expect(pay.headers.location).toBe(`/reservations/${reservation.id}`);
    const confirmation = await fetchWithHost(
      server,
      `${site.slug}.localhost`,
      `/reservations/${reservation.id}`,
    );
    expect(confirmation.body).toContain("Your reservation is confirmed");
  });

  it("a declined card shows Pin's message beside the shopper's filled-in form", async () => {
    const site = await aPinSite();
    const { reservation, cookie } = await reserve(site);
    const declined = await postCard(site, reservation.id, {
      card_token: fake.cardToken("4100 0000 0000 0001"),
    });
    expect(declined.status).toBe(200);
    expect(JSON.parse(declined.body)).toMatchObject({ error: "The card was declined" });
    const page = await fetchWithHost(
      server,
      `${site.slug}.localhost`,
      `/reservations/${reservation.id}`,
      { headers: { cookie } },
    );
    expect(page.body).toContain("The card was declined");
    // The shopper's form again, filled in as sent, to try another card at once.
    expect(page.body).toContain("Your card was not accepted");
    expect(page.body).toMatch(/name="email"[^>]*value="ari@example.com"/);
  });

  it("a missing or made-up token, or another site's reservation, gets a 4xx and charges nothing", async () => {
    const site = await aPinSite();
    const { reservation } = await reserve(site);
    const elsewhere = await aPinSite();
    const theirs = await reserve(elsewhere);
    const charges = fake.charges.size;
    for (const body of [{}, { card_token: "" }, { card_token: "4200000000000000" }]) {
      const res = await postCard(site, reservation.id, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(JSON.parse(res.body).error).toBe("Please enter your card again.");
    }
    expect((await postCard(site, reservation.id, "{not json")).status).toBe(400);
    // Well formed, but not a token Pin gave: Pin refuses it, the hold stays open for the card.
    const unknown = await postCard(site, reservation.id, { card_token: "card_notOnePinGave" });
    expect(unknown.status).toBe(422);
    expect(JSON.parse(unknown.body).error).toBe("One or more parameters were missing or invalid");
    // Another site's reservation is not found from this site, whatever the token.
    const cross = await postCard(site, theirs.reservation.id, {
      card_token: fake.cardToken("4200000000000000"),
    });
    expect(cross.status).toBe(404);
    const none = await postCard(site, "00000000-0000-4000-8000-000000000000", {
      card_token: fake.cardToken("4200000000000000"),
    });
    expect(none.status).toBe(404);
    expect(fake.charges.size).toBe(charges);
    // The hold still takes its card afterwards.
    const page = await fetchWithHost(
      server,
      `${site.slug}.localhost`,
      `/reservations/${reservation.id}/pay`,
    );
    expect(page.status).toBe(200);
  });
});
