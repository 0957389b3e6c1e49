/**
 * Reservations in the back office, in Chromium (docs/product/back-office.md, "Reservations"): a
 * shopper reserves a car on the built-in test card provider; the dealership manager finds the
 * reservation, cancels and refunds it behind the confirmation step, and the car's page offers
 * "Reserve Now" again. axe finds nothing on the list, detail and confirmation pages.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { reservations } from "~/server/db/schema";
import { CAR_COLLECTION } from "~/server/search";
import { aVehicle, published } from "~/tests/support/factories";
import { expect, hydrated, test } from "./support/fixtures";
import { adminUrl, signInAs } from "./support/staff";
import { vehiclePagePath } from "~/domain/vehicle-paths";

const DEPOSIT = [
  { authorization_type: "deposit", authorization_key: "pk_demo", deposit_amount: null },
];

test("a dealership manager cancels and refunds a paid reservation; the car is reservable again", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  axe,
  pageErrors,
}) => {
  test.setTimeout(120_000);
  const site = siteBySlug("harbour-auto-group");
  const toyota = site.dealerships.find((d) => d.slug === "harbour-toyota")!;
  const model = `Refundia${randomBytes(3).toString("hex")}`;
  const car = await aVehicle(server, site, {
    dealershipId: toyota.id,
    model,
    name: `2022 Toyota ${model}`,
    paymentProcessors: DEPOSIT,
    price: 29_990,
  });
  await published(() => server.search.engine.get(CAR_COLLECTION, car.id) ?? null);
  const vdp = siteUrl(site.slug, vehiclePagePath(car.slug, site.settings));
  const reserveLink = () =>
    page
      .getByRole("region", { name: "Interested in this vehicle?" })
      .getByRole("link", { name: /Reserve Now/ });

  // The shopper reserves and pays with the test card.
  await page.goto(vdp);
  await hydrated(page);
  await reserveLink().click();
  const form = page.locator("#reserve-form");
  await form.getByLabel("First name").fill("Robin");
  await form.getByLabel("Last name").fill("Refund");
  await form.getByLabel("Email").fill("robin.refund@example.com");
  await form.getByLabel("Phone").fill("0412345678");
  await form.getByLabel(/I agree to pay a \$[\d,]+ deposit/).check();
  await form.getByRole("button", { name: /Continue to pay the \$200 deposit/ }).click();
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/_test-payments/pay/"));
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("Security code (CVC)").fill("123");
  await page.getByLabel("Name on card").fill("Robin Refund");
  await page.getByRole("button", { name: "Pay $200" }).click();
  await expect(page.getByRole("heading", { name: "Your reservation is confirmed" })).toBeVisible();
  const [row] = await server.database.db
    .select()
    .from(reservations)
    .where(eq(reservations.vehicleId, car.id));
  expect(row!.status).toBe("paid");

  // The dealership manager finds it in the back office.
  await signInAs(page, server, "dealership_manager", {
    dealershipSlug: "harbour-toyota",
    next: "/admin/reservations",
  });
  await expect(page.getByRole("heading", { name: "Reservations" })).toBeVisible();
  const line = page.getByRole("row", { name: /Robin Refund/ });
  await expect(line).toContainText(row!.paymentId!);
  await expect(line).toContainText("Paid");
  expect(await axe()).toEqual([]);
  await line.getByRole("link", { name: "Robin Refund" }).click();
  await expect(
    page.getByRole("heading", { name: `Reservation of 2022 Toyota ${model}` }),
  ).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.getByRole("link", { name: "Cancel and refund" }).click();
  await expect(
    page.getByRole("heading", { name: "Cancel and refund this reservation?" }),
  ).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.getByRole("button", { name: "Yes, cancel and refund" }).click();
  await expect(page.getByRole("status")).toContainText("Cancelled and refunded.");
  await expect(page.getByText("Refunded", { exact: true })).toBeVisible();
  expect(page.url()).toBe(adminUrl(server, `/admin/reservations/${row!.id}?cancelled`));

  // The car's page offers it again.
  await page.goto(vdp);
  await hydrated(page);
  await expect(reserveLink()).toBeVisible();
  expect(pageErrors).toEqual([]);
});
