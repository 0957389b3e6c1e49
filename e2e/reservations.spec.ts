/**
 * Reserving a vehicle in Chromium on the built-in test card provider: a succeeding card ends on
 * the confirmation page, with the receipt and the dealer's lead e-mail sent and the vehicle
 * shown Reserved (no Reserve button) on the search and vehicle pages; a declined card brings the
 * shopper straight back to the filled-in form with the provider's message and leaves the vehicle
 * free; the checkout states the deposit's terms and links the terms page.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { leads, reservations } from "~/server/db/schema";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { CAR_COLLECTION } from "~/server/search";
import { aVehicle, published } from "~/tests/support/factories";
import { expect, hydrated, test } from "./support/fixtures";
import { vehiclePagePath } from "~/domain/vehicle-paths";

const DEPOSIT = [
  { authorization_type: "deposit", authorization_key: "pk_demo", deposit_amount: null },
];

async function aReservableCar(server: RunningServer, site: Site) {
  const model = `Reservia${randomBytes(3).toString("hex")}`;
  const car = await aVehicle(server, site, {
    model,
    name: `2022 Toyota ${model}`,
    paymentProcessors: DEPOSIT,
    price: 31_990,
  });
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  return car;
}

async function startReservation(
  page: Page,
  email: string,
  expectedDriveAway?: string,
  fromVehiclePage = true,
) {
  if (fromVehiclePage)
    await page
      .getByRole("region", { name: "Interested in this vehicle?" })
      .getByRole("link", { name: /Reserve Now/ })
      .click();
  await expect(page).toHaveURL((url) => url.pathname.endsWith("/checkout"));
  if (expectedDriveAway)
    await expect(page.getByTestId("drive-away")).toContainText(expectedDriveAway);
  const form = page.locator("#reserve-form");
  await form.getByLabel("First name").fill("Jo");
  await form.getByLabel("Last name").fill("Shopper");
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Phone").fill("0412345678");
  await form.getByLabel(/I agree to pay a \$[\d,]+ deposit/).check();
  await form.getByRole("button", { name: /Continue to pay the \$200 deposit/ }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/_test-payments/pay/"));
}

async function payWith(page: Page, card: string) {
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Jo Shopper");
  await page.getByRole("button", { name: "Pay $200" }).click();
}

test("reserves a vehicle with a succeeding test card: confirmation, receipt, lead, and Reserved everywhere", async ({
  page,
  server,
  smtp,
  siteUrl,
  siteBySlug,
  axe,
  pageErrors,
}) => {
  const site = siteBySlug("harbour-auto-group");
  const car = await aReservableCar(server, site);
  const vdp = siteUrl(site.slug, vehiclePagePath(car.slug, site.settings));
  await page.goto(vdp);
  await hydrated(page);
  // The drive-away estimate: the same figures on the vehicle page, the checkout and the lead.
  const estimate = page.getByTestId("drive-away").first();
  await expect(estimate).toContainText("Estimated drive-away price");
  const total = /Estimated drive-away price: (\S+)/.exec(await estimate.innerText())![1]!;
  await startReservation(page, "jo.paid@example.com", total);
  await expect(page.getByText(/Test card: 4242 4242 4242 4242/)).toBeVisible();
  await expect(page.getByText("no card is charged")).toHaveCount(0);
  expect(await axe()).toEqual([]);
  await payWith(page, "4242 4242 4242 4242");

  await expect(page.getByRole("heading", { name: "Your reservation is confirmed" })).toBeVisible();
  await expect(page.getByText(/Payment reference: tp_/)).toBeVisible();
  expect(await axe()).toEqual([]);

  const [row] = await server.database.db
    .select()
    .from(reservations)
    .where(eq(reservations.vehicleId, car.id));
  expect(row!.status).toBe("paid");
  await expect
    .poll(async () => {
      const [r] = await server.database.db
        .select({ leadId: reservations.leadId })
        .from(reservations)
        .where(eq(reservations.id, row!.id));
      return r!.leadId;
    })
    .not.toBeNull();
  const [withLead] = await server.database.db
    .select()
    .from(reservations)
    .where(eq(reservations.id, row!.id));
  await smtp.waitFor(
    () => smtp.messages.some((m) => m.to.includes("jo.paid@example.com")),
    30_000,
    "the receipt",
  );
  const receipt = smtp.messages.find((m) => m.to.includes("jo.paid@example.com"))!;
  expect(receipt.subject).toContain("Your deposit receipt");
  expect(receipt.raw).toContain(row!.paymentId!);
  await smtp.waitFor(
    () => smtp.messages.some((m) => m.leadId === withLead!.leadId),
    30_000,
    "the lead e-mail",
  );
  const lead = smtp.messages.find((m) => m.leadId === withLead!.leadId)!;
  expect(lead.raw).toContain(row!.paymentId!);
  expect(lead.raw).toContain(total);

  await page.goto(vdp);
  await hydrated(page);
  await expect(page.getByText("Reserved", { exact: true }).first()).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Interested in this vehicle?" }).getByRole("link", {
      name: /Reserve Now/,
    }),
  ).toHaveCount(0);

  await page.goto(siteUrl(site.slug, `/search?query=${car.model}`));
  await hydrated(page);
  const card = page.locator("article", { hasText: car.model }).first();
  await expect(card.getByText("Reserved", { exact: true })).toBeVisible();
  await expect(card.getByRole("link", { name: /Reserve Now|Buy Online/ })).toHaveCount(0);
  expect(pageErrors).toEqual([]);
});

test("a declined test card brings the shopper straight back to the filled-in form, with the card's message, and leaves the vehicle free", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  axe,
}) => {
  const site = siteBySlug("harbour-auto-group");
  const car = await aReservableCar(server, site);
  const vdp = siteUrl(site.slug, vehiclePagePath(car.slug, site.settings));
  await page.goto(vdp);
  await hydrated(page);
  await page
    .getByRole("region", { name: "Interested in this vehicle?" })
    .getByRole("link", { name: /Reserve Now/ })
    .click();
  await expect(page).toHaveURL((url) => url.pathname.endsWith("/checkout"));
  await hydrated(page);
  await page.locator("#reserve-form").getByLabel("Message").fill("Is the spare tyre new?");
  await startReservation(page, "jo.declined@example.com", undefined, false);
  await payWith(page, "4000 0000 0000 0002");

  // One step: the card page sends the shopper back to the dealer's form, as they filled it in.
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/reservations/"));
  await expect(page.getByRole("alert")).toContainText("Your card was declined.");
  const form = page.locator("#reserve-form");
  await expect(form.getByLabel("First name")).toHaveValue("Jo");
  await expect(form.getByLabel("Last name")).toHaveValue("Shopper");
  await expect(form.getByLabel("Email")).toHaveValue("jo.declined@example.com");
  await expect(form.getByLabel("Phone")).toHaveValue(/^0412 ?345 ?678$/);
  await expect(form.getByLabel("Message")).toHaveValue("Is the spare tyre new?");
  await expect(page.getByText("4000 0000 0000 0002")).toHaveCount(0);
  await hydrated(page);
  expect(await axe()).toEqual([]);

  await expect
    .poll(async () => {
      const [r] = await server.database.db
        .select({ status: reservations.status })
        .from(reservations)
        .where(eq(reservations.vehicleId, car.id));
      return r?.status;
    })
    .toBe("declined");

  // Trying again with a good card needs nothing typed but the card.
  await form.getByRole("button", { name: /Continue to pay the \$200 deposit/ }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/_test-payments/pay/"));
  await payWith(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Your reservation is confirmed" })).toBeVisible();
  await expect(page.getByTestId("held-until")).toContainText(
    /Held for you until \w+day \d{1,2} \w+, \d{1,2}:\d{2} [ap]m AE[DS]T/,
  );
});

for (const width of [390, 1440])
  test(`at ${width} px the checkout states the deposit's terms and links the terms page without losing the form`, async ({
    page,
    server,
    siteUrl,
    siteBySlug,
    axe,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const site = siteBySlug("harbour-auto-group");
    const car = await aReservableCar(server, site);
    await page.goto(siteUrl(site.slug, `${vehiclePagePath(car.slug, site.settings)}/checkout`));
    await hydrated(page);
    const terms = page.getByRole("region", { name: "Your $200 deposit" });
    await expect(terms).toBeVisible();
    await expect(terms).toContainText("Refundable");
    await expect(terms).toContainText("While you pay, the car is held for you for 15 minutes");
    await expect(terms).toContainText("it is held for you for 48 hours");
    await expect(terms).toContainText("If your finance is declined");
    await expect(page.getByText("Payment: Test payment: no card is charged")).toBeVisible();

    const form = page.locator("#reserve-form");
    await form.getByLabel("First name").fill("Jo");
    const link = form.getByRole("link", { name: "terms and conditions" });
    await expect(link).toHaveAttribute("target", "_blank");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe("/terms-and-conditions");
    await tab.close();
    await expect(form.getByLabel("First name")).toHaveValue("Jo");
    expect(await axe()).toEqual([]);
  });

test("buys online through the checkout journey: steps saved as an incomplete lead, completed by the payment", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  axe,
}) => {
  const site = siteBySlug("harbour-auto-group");
  const car = await aReservableCar(server, site);
  await page.goto(siteUrl(site.slug, `/checkout-journey?car_id=${car.slug}`));
  await hydrated(page);
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.getByLabel("First Name").fill("Robin");
  await page.getByLabel("Last Name").fill("Journey");
  await page.getByLabel("Email").fill("robin@example.com");
  await page.getByLabel("Phone").fill("0412345678");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 2 of 5")).toBeVisible();
  // Saved as the dealership's incomplete lead.
  await expect
    .poll(async () => {
      const [lead] = await server.database.db
        .select({ formCompleted: leads.formCompleted })
        .from(leads)
        .where(and(eq(leads.vehicleId, car.id), eq(leads.siteId, site.id)));
      return lead?.formCompleted;
    })
    .toBe(false);
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByText("Step 1 of 5")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("No").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 3 of 5")).toBeVisible();
  await page.getByLabel("Yes").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 4 of 5")).toBeVisible();
  await page.getByLabel("Pick up from the dealership").check();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 5 of 5")).toBeVisible();
  await page.getByLabel(/I agree to pay a \$200 deposit/).check();
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/_test-payments/pay/"));
  await payWith(page, "4242 4242 4242 4242");
  await expect(page.getByRole("heading", { name: "Your reservation is confirmed" })).toBeVisible();

  await expect
    .poll(async () => {
      const rows = await server.database.db
        .select({ formCompleted: leads.formCompleted, payload: leads.payload })
        .from(leads)
        .where(and(eq(leads.vehicleId, car.id), eq(leads.siteId, site.id)));
      return rows.map((r) => [
        r.formCompleted,
        (r.payload as Record<string, unknown>).need_finance,
      ]);
    })
    .toEqual([[true, "Yes"]]);
});

test("resumes the checkout journey in the same browser at the step after the last one saved, with the trade-in looked up", async ({
  page,
  context,
  server,
  siteUrl,
  siteBySlug,
}) => {
  const site = siteBySlug("harbour-auto-group");
  const car = await aReservableCar(server, site);
  const journey = siteUrl(site.slug, `/checkout-journey?car_id=${car.slug}`);
  await page.goto(journey);
  await hydrated(page);
  await page.getByLabel("First Name").fill("Robin");
  await page.getByLabel("Last Name").fill("Resume");
  await page.getByLabel("Email").fill("robin.resume@example.com");
  await page.getByLabel("Phone").fill("0412345678");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 2 of 5")).toBeVisible();
  await page.getByLabel("Yes").check();
  await page.getByLabel("Trade-in registration").fill("abc 123");
  await page.getByLabel("Registered in").selectOption("NSW");
  // The registration lookup the site already has fills the trade-in.
  await page.getByRole("button", { name: "Look up the registration" }).click();
  await expect(page.getByLabel("Trade-in make")).toHaveValue("Toyota");
  await expect(page.getByText("Step 2 of 5")).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Step 3 of 5")).toBeVisible();
  await page.close();

  // The shopper comes back later in the same browser.
  const again = await context.newPage();
  await again.goto(journey);
  await hydrated(again);
  await expect(again.getByText("Step 3 of 5")).toBeVisible();
  await again.getByRole("button", { name: "Back" }).click();
  await expect(again.getByText("Step 2 of 5")).toBeVisible();
  await expect(again.getByLabel("Trade-in registration")).toHaveValue("ABC123");
  await expect(again.getByLabel("Trade-in model")).toHaveValue("Corolla Ascent Sport");
  await again.getByRole("button", { name: "Back" }).click();
  await expect(again.getByText("Step 1 of 5")).toBeVisible();
  await expect(again.getByLabel("First Name")).toHaveValue("Robin");
  await expect(again.getByLabel("Email")).toHaveValue("robin.resume@example.com");
  // Still one incomplete lead: the resumed journey goes on saving the same one.
  await again.getByRole("button", { name: "Continue" }).click();
  await expect(again.getByText("Step 2 of 5")).toBeVisible();
  const rows = await server.database.db
    .select({ id: leads.id, formCompleted: leads.formCompleted })
    .from(leads)
    .where(and(eq(leads.vehicleId, car.id), eq(leads.siteId, site.id)));
  expect(rows).toHaveLength(1);
  expect(rows[0]!.formCompleted).toBe(false);
});
