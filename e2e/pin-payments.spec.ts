/**
 * Reserving a vehicle in Chromium on a demo site whose deposits Pin Payments takes (set by the
 * site's `paymentProvider` setting and this deployment's PIN_* environment, pointed at a local
 * server answering like Pin's API and CDN). The card is typed into Hosted Fields frames of
 * another origin than the site's, tokenised there against the fake cards API; our page and our
 * server only ever see the card token. A succeeding card ends on the confirmation page; a
 * declined one shows Pin's message; a card Pin will not tokenise shows Pin's words on the page.
 */
import { randomBytes } from "node:crypto";
import type { Page, Request } from "@playwright/test";
import { eq } from "drizzle-orm";
import { reservations } from "~/server/db/schema";
import { CAR_COLLECTION } from "~/server/search";
import { aVehicle, published } from "~/tests/support/factories";
import { expect, hydrated, test } from "./support/fixtures";
import type { Pin } from "./support/fixtures";
import { vehiclePagePath } from "~/domain/vehicle-paths";

// One worker takes this file's tests in turn, so one Pin server and platform start, not one per
// worker (a failure still leaves the others to run).
test.describe.configure({ mode: "default" });

const CARD = "4200 0000 0000 0000";
const DECLINED = "4100 0000 0000 0001";

async function reserveACar(page: Page, pin: Pin, email: string) {
  const model = `Pinnia${randomBytes(3).toString("hex")}`;
  const car = await aVehicle(pin.server, pin.site, {
    model,
    name: `2022 Toyota ${model}`,
    paymentProcessors: [
      { authorization_type: "deposit", authorization_key: "pin", deposit_amount: null },
    ],
    price: 31_990,
  });
  await published(() => pin.server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  await page.goto(pin.url(vehiclePagePath(car.slug, pin.site.settings)));
  await hydrated(page);
  await page
    .getByRole("region", { name: "Interested in this vehicle?" })
    .getByRole("link", { name: /Reserve Now/ })
    .click();
  const form = page.locator("#reserve-form");
  await form.getByLabel("First name").fill("Jo");
  await form.getByLabel("Last name").fill("Shopper");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("0412345678");
  await form.getByLabel(/I agree to pay a \$[\d,]+ deposit/).check();
  await form.getByRole("button", { name: /Continue to pay the \$200 deposit/ }).click();
  await expect(page).toHaveURL((url) => /^\/reservations\/[0-9a-f-]{36}\/pay$/.test(url.pathname));
  await expect(page.getByRole("heading", { name: "Pay the $200 deposit" })).toBeVisible();
  return car;
}

/** Types the card into Pin's frames and the billing address into the page. */
async function typeCard(page: Page, number: string) {
  const frame = (name: string) => page.frameLocator(`#pin-card-${name} iframe`);
  await frame("number").getByLabel("Card number").fill(number);
  await frame("expiry").getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await frame("cvc").getByLabel("Security code (CVC)").fill("123");
  await frame("name").getByLabel("Name on card").fill("Jo Shopper");
  await page.getByLabel("Billing address").fill("42 Sevenoaks St");
  await page.getByLabel("Town or city").fill("Lathlain");
  await page.getByLabel("Postcode").fill("6454");
}

/** Every request the page sent to the site's own origin, with its body. */
function siteRequests(page: Page, origin: string): Request[] {
  const seen: Request[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).origin === origin) seen.push(request);
  });
  return seen;
}

test("pays the deposit in Pin's Hosted Fields: the card stays in Pin's frames, the token is charged", async ({
  page,
  pin,
  axe,
  pageErrors,
}) => {
  const origin = new URL(pin.url("/")).origin;
  const sent = siteRequests(page, origin);
  const car = await reserveACar(page, pin, "jo.pin@example.com");
  // Pin's fields are frames of Pin's (here: the fake's) origin, not the site's.
  for (const name of ["number", "expiry", "cvc", "name"]) {
    const src = await page.locator(`#pin-card-${name} iframe`).getAttribute("src");
    expect(new URL(src!).origin).toBe(pin.fake.url);
    expect(new URL(src!).origin).not.toBe(origin);
  }
  await expect(page.getByRole("button", { name: "Pay $200" })).toBeEnabled();
  expect(await axe()).toEqual([]);
  await typeCard(page, CARD);
  // The page's own document never holds the card number.
  expect(await page.evaluate(() => document.documentElement.outerHTML)).not.toContain("4200");
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll("input")].map((input) => input.value).join(" "),
    ),
  ).not.toContain("4200");
  await page.getByRole("button", { name: "Pay $200" }).click();

  await expect(page.getByRole("heading", { name: "Your reservation is confirmed" })).toBeVisible();
  await expect(page.getByText(/Payment reference: ch_/)).toBeVisible();
  const [row] = await pin.server.database.db
    .select()
    .from(reservations)
    .where(eq(reservations.vehicleId, car.id));
  expect(row!.status).toBe("paid");
  expect(pin.fake.charges.get(row!.paymentId!)).toMatchObject({ success: true, amount: 20_000 });
  // Pin's cards API got the card with the dealership's publishable key...
  expect(pin.fake.tokenised.at(-1)).toMatchObject({
    number: "4200000000000000",
    publishableKey: pin.fake.publishableKey,
    address_line1: "42 Sevenoaks St",
  });
  // ...and our server only ever got the token.
  const bodies = sent.map((request) => request.postData() ?? "").join("\n");
  expect(bodies).toMatch(/"card_token":"card_/);
  expect(bodies).not.toMatch(/4200|Sevenoaks/);
  expect(pageErrors).toEqual([]);
});

test("a declined card shows Pin's message; a card Pin will not take shows Pin's words on the page", async ({
  page,
  pin,
}) => {
  const car = await reserveACar(page, pin, "jo.pin.declined@example.com");
  await typeCard(page, "1234");
  await page.getByRole("button", { name: "Pay $200" }).click();
  await expect(page.locator("#pin-card-message")).toHaveText(
    "Number is not a valid credit card number",
  );
  await expect(page).toHaveURL((url) => url.pathname.endsWith("/pay"));

  await page.frameLocator("#pin-card-number iframe").getByLabel("Card number").fill(DECLINED);
  await page.getByRole("button", { name: "Pay $200" }).click();
  // Straight back to the shopper's form, filled in as sent, with Pin's message beside it.
  await expect(page.getByRole("heading", { name: "Your card was not accepted" })).toBeVisible();
  await expect(page.getByRole("alert")).toContainText("The card was declined");
  await expect(page.getByLabel("Email")).toHaveValue("jo.pin.declined@example.com");
  const [row] = await pin.server.database.db
    .select()
    .from(reservations)
    .where(eq(reservations.vehicleId, car.id));
  expect(row!.status).toBe("declined");
});

test("without JavaScript the card page says that paying by card needs it", async ({
  browser,
  pin,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const car = await aVehicle(pin.server, pin.site, {
    paymentProcessors: [
      { authorization_type: "deposit", authorization_key: "pin", deposit_amount: null },
    ],
  });
  await published(() => pin.server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  const started = await pin.server.reservations.start({
    site: pin.site,
    carId: car.id,
    kind: "reserve",
    shopper: {
      firstName: "No",
      lastName: "Script",
      email: "no.js@example.com",
      phone: "0412345678",
    },
    origin: new URL(pin.url("/")).origin,
    siteHost: new URL(pin.url("/")).host,
  });
  if (!started.ok) throw new Error(started.message);
  await page.goto(pin.url(`/reservations/${started.reservation.id}/pay`));
  await expect(page.getByText(/Paying by card needs JavaScript/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Pay $200" })).toBeDisabled();
  await context.close();
});
