/**
 * The garage in Chromium: save two cars from the search page (an announced toggle, counted in
 * the header), see them in the garage after a reload, remove one; on a site with garage sign-in,
 * sign in with a mobile number and the code from the dev SMS outbox, and see the watchlist in a
 * second browser context after signing in there; axe on the garage pages.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { devSms, vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { expect, hydrated, test } from "./support/fixtures";

async function saveFirstCards(page: Page, count: number): Promise<string[]> {
  // The hearts: toggle buttons named after their car.
  const buttons = page.getByRole("button", { name: /^Save / }).and(page.locator("[aria-pressed]"));
  await expect(buttons.first()).toBeVisible();
  const names: string[] = [];
  for (let i = 0; i < count; i++) {
    const button = buttons.nth(i);
    await expect(button).toHaveAttribute("aria-pressed", "false");
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    names.push(((await button.getAttribute("aria-label")) ?? "").replace(/^Save /, ""));
  }
  return names;
}

/** The code of the first SMS to `phone` after SMS number `afterId`. */
async function codeSentTo(server: RunningServer, phone: string, afterId = 0): Promise<string> {
  let code = "";
  await expect
    .poll(async () => {
      const [row] = await server.database.db
        .select({ body: devSms.body })
        .from(devSms)
        .where(and(eq(devSms.to, phone), gt(devSms.id, afterId)))
        .orderBy(desc(devSms.id))
        .limit(1);
      code = /\b(\d{6})\b/.exec(row?.body ?? "")?.[1] ?? "";
      return code;
    })
    .not.toBe("");
  return code;
}

test("saves two cars from the search page, keeps them after a reload, removes one", async ({
  page,
  siteUrl,
  axe,
}) => {
  const slug = "southern-motors";
  await page.goto(siteUrl(slug, "/search"));
  await hydrated(page);
  const before = await page.locator("main").boundingBox();
  const names = await saveFirstCards(page, 2);
  // The toggle moves nothing.
  expect(await page.locator("main").boundingBox()).toEqual(before);
  // The results' one live region announces the latest change.
  await expect(
    page.getByRole("status").filter({ hasText: `${names[1]} saved to your garage.` }),
  ).toHaveCount(1);
  await expect(page.getByRole("link", { name: /My garage, 2 saved cars/ })).toBeVisible();

  await page.getByRole("link", { name: /My garage, 2 saved cars/ }).click();
  await expect(page).toHaveURL(/\/my-garage\?tab=saved-cars/);
  await page.reload();
  await hydrated(page);
  const saved = page
    .getByRole("list", { name: "Saved cars" })
    .getByRole("listitem")
    .filter({
      has: page.getByRole("heading"),
    });
  await expect(saved).toHaveCount(2);
  for (const name of names) await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("link", { name: /Finance Quote for/ }).first()).toHaveAttribute(
    "href",
    /\/finance\?car_id=\d+#finance-form/,
  );
  // Book Service from the garage is off by default.
  await expect(page.getByRole("link", { name: /Book Service/ })).toHaveCount(0);
  expect(await axe()).toEqual([]);

  // Compare both side by side.
  await page.getByRole("checkbox", { name: `Compare ${names[0]}` }).check();
  await page.getByRole("checkbox", { name: `Compare ${names[1]}` }).check();
  await expect(page.getByRole("table", { name: "Compare saved cars" })).toBeVisible();
  expect(await axe()).toEqual([]);

  await page.getByRole("button", { name: `Remove ${names[0]}` }).click();
  await expect(saved).toHaveCount(1);
  await page.reload();
  await hydrated(page);
  await expect(saved).toHaveCount(1);
  await expect(page.getByRole("heading", { name: names[1] })).toBeVisible();
  await expect(page.getByRole("link", { name: /My garage, 1 saved car/ })).toBeVisible();
});

test("signs in with a mobile number and sees the same watchlist on a second device", async ({
  page,
  browser,
  siteUrl,
  server,
  axe,
}) => {
  const slug = "coastal-kia";
  const phone = "0412 345 678";
  const e164 = "+61412345678";
  await page.goto(siteUrl(slug, "/search/new-cars"));
  await hydrated(page);
  const [name] = await saveFirstCards(page, 1);

  // The site's own garage path.
  await page.goto(siteUrl(slug, "/garage/saved"));
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "My garage" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with your mobile" }).click();
  await page.getByLabel("Mobile number").fill("12");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Invalid Australian mobile number format (E.164 required).",
  );
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await page.getByLabel("6-digit code").fill(await codeSentTo(server, e164));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.getByLabel("Email").fill("shopper@example.com");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText(/Signed in as/)).toBeVisible();
  expect(await axe()).toEqual([]);

  // A second device: nothing saved there, until it signs in.
  const other = await browser.newContext();
  try {
    const second = await other.newPage();
    await second.goto(siteUrl(slug, "/garage"));
    await hydrated(second);
    await expect(second.getByText("No saved cars yet.", { exact: false })).toBeVisible();
    await second.getByRole("button", { name: "Sign in with your mobile" }).click();
    await second.getByLabel("Mobile number").fill(phone);
    // The first code was just sent: the wait between codes applies to this number.
    // Backdated so the test need not wait out the 30 seconds.
    await server.database.db.execute(
      sql`UPDATE garage_codes SET created_at = created_at - interval '1 minute'`,
    );
    const [lastSms] = await server.database.db
      .select({ id: devSms.id })
      .from(devSms)
      .orderBy(desc(devSms.id))
      .limit(1);
    await second.getByRole("button", { name: "Send code" }).click();
    const code = await codeSentTo(server, e164, lastSms?.id ?? 0);
    await second.getByLabel("6-digit code").fill(code);
    await second.getByRole("button", { name: "Verify" }).click();
    await expect(second.getByText(/Signed in as/)).toBeVisible();
    await expect(second.getByRole("heading", { name })).toBeVisible();
  } finally {
    await other.close();
  }
});

test("saves a car without JavaScript: the form post shows it in the garage", async ({
  browser,
  siteUrl,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.goto(siteUrl("southern-motors", "/search"));
    const button = page
      .getByRole("button", { name: /^Save / })
      .and(page.locator("[aria-pressed]"))
      .first();
    const name = ((await button.getAttribute("aria-label")) ?? "").replace(/^Save /, "");
    await button.click();
    await expect(page).toHaveURL(/\/my-garage\?tab=saved-cars/);
    await expect(page.getByRole("heading", { name })).toBeVisible();
    // Removed again, still without JavaScript.
    await page.getByRole("button", { name: `Remove ${name}` }).click();
    await expect(page.getByText("No saved cars yet.", { exact: false })).toBeVisible();
  } finally {
    await context.close();
  }
});

test("keeps the details of a lead to prefill the next form, until 'not you?'", async ({
  page,
  siteUrl,
  server,
}) => {
  const slug = "coastal-kia";
  const site = server.registry.all().find((s) => s.slug === slug)!;
  const [car] = await server.database.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.siteId, site.id), eq(vehicles.status, "in_stock")))
    .limit(1);
  await page.goto(siteUrl(slug, `/contact?car_id=${car!.id}`));
  await hydrated(page);
  await page.getByLabel("First Name").fill("Priya");
  await page.getByLabel("Last Name").fill("Kumar");
  await page.getByLabel("Email").fill("priya@example.com");
  await page.getByLabel("Phone").fill("0411222333");
  await page.getByLabel("Message").fill("Do you take trade-ins?");
  await page.getByRole("button", { name: "Send enquiry" }).click();
  await expect(page).toHaveURL(/\/success/);

  await page.goto(siteUrl(slug, "/contact"));
  await hydrated(page);
  await expect(page.getByLabel("First Name")).toHaveValue("Priya");
  await expect(page.getByLabel("Email")).toHaveValue("priya@example.com");

  await page.goto(siteUrl(slug, "/garage"));
  await hydrated(page);
  await page.getByRole("button", { name: /Not you\?/ }).click();
  await page.goto(siteUrl(slug, "/contact"));
  await hydrated(page);
  await expect(page.getByLabel("First Name")).toHaveValue("");
});

test("on a phone the garage and its count are in the menu", async ({ page, siteUrl }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl("coastal-kia", "/search"));
  await hydrated(page);
  await saveFirstCards(page, 1);
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await menu.getByRole("link", { name: /My garage, 1 saved car/ }).click();
  await expect(page.getByRole("heading", { name: "My garage" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
});
