/**
 * The garage in Chromium: save two cars from the search page (an announced toggle, counted in
 * the header), see them in the garage after a reload, remove one; on a site with garage sign-in,
 * sign in with a mobile number and the code from the dev SMS outbox (the code screen names the
 * number and changes it; its message goes at sign-in), and see the watchlist in a second browser
 * context after signing in there; on a phone the saved cars come before the sign-in offer; the
 * calls to action per car and the site's settings; compare with photos and the differences
 * marked; axe on the garage pages. An Australian and the US demo site.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Locator, Page } from "@playwright/test";
import { devSms, vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { expect, hydrated, test } from "./support/fixtures";
import { withSettings } from "./support/site-settings";

/** The garage's sign-in box. */
const signInBox = (page: Page): Locator => page.locator("section[aria-labelledby=garage-sign-in]");

/**
 * Asks for a code for `typo`, sees the code screen name it, goes back with 'Change number' (the
 * number kept, to correct), asks for `phone` and signs in with the code sent to `e164`; the
 * 'code sent' message is gone once signed in.
 */
async function signInCorrectingTheNumber(
  page: Page,
  server: RunningServer,
  numbers: { typo: string; typoShown: string; phone: string; shown: string; e164: string },
): Promise<void> {
  const box = signInBox(page);
  await box.getByRole("button", { name: "Sign in with your mobile" }).click();
  await box.getByLabel("Mobile number").fill(numbers.typo);
  await box.getByRole("button", { name: "Send code" }).click();
  await expect(box.getByRole("status")).toHaveText(
    `We sent a code to ${numbers.typoShown}. It is valid for 10 minutes.`,
  );
  await expect(box.getByLabel("6-digit code")).toBeVisible();
  await expect(box.getByRole("button", { name: /^Send a new code in \d+ s$/ })).toBeDisabled();
  await box.getByRole("button", { name: "Change number" }).click();
  const number = box.getByLabel("Mobile number");
  await expect(number).toBeFocused();
  await expect(number).toHaveValue(numbers.typo);
  await expect(box.getByRole("status")).toHaveText("");
  await number.fill(numbers.phone);
  await box.getByRole("button", { name: "Send code" }).click();
  await expect(box.getByRole("status")).toHaveText(
    `We sent a code to ${numbers.shown}. It is valid for 10 minutes.`,
  );
  await box.getByLabel("6-digit code").fill(await codeSentTo(server, numbers.e164));
  await box.getByRole("button", { name: "Verify" }).click();
  await expect(box.getByRole("button", { name: "Skip" })).toBeVisible();
  await expect(box.getByRole("status")).toHaveText("");
  await expect(box.getByText(/We sent/)).toHaveCount(0);
}

/** The comparison's rows: the row header's text, the cars' values, and whether it is marked. */
async function compareRows(page: Page) {
  return page.locator("[data-compare-table] tbody tr").evaluateAll((rows) =>
    rows.map((row) => ({
      header: row.querySelector("th")?.textContent ?? "",
      values: [...row.querySelectorAll("td")].map((td) => td.textContent ?? ""),
      marked: row.querySelector("th")?.textContent?.includes("Differs") ?? false,
    })),
  );
}

async function saveFirstCards(
  page: Page,
  count: number,
  options: { withPhotos?: boolean } = {},
): Promise<string[]> {
  // The hearts: toggle buttons named after their car (on cards with a photo, when asked: other
  // tests on the same server may add cars that have none, and they can list first).
  const cards = page.locator("article.vehicle-card");
  const scope = options.withPhotos ? cards.filter({ has: page.locator("img.card-img") }) : page;
  const buttons = scope.getByRole("button", { name: /^Save / }).and(page.locator("[aria-pressed]"));
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
    /^\/finance\?.*car_id=\d+.*#finance-form$/,
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
  await page.getByLabel("Mobile number").fill("0412 345 600");
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(signInBox(page).getByRole("status")).toHaveText(
    "We sent a code to 0412 345 600. It is valid for 10 minutes.",
  );
  await page.getByRole("button", { name: "Change number" }).click();
  await expect(page.getByLabel("Mobile number")).toHaveValue("0412 345 600");
  await page.getByLabel("Mobile number").fill(phone);
  await page.getByRole("button", { name: "Send code" }).click();
  await expect(signInBox(page).getByRole("status")).toHaveText(
    "We sent a code to 0412 345 678. It is valid for 10 minutes.",
  );
  await page.getByLabel("6-digit code").fill(await codeSentTo(server, e164));
  await page.getByRole("button", { name: "Verify" }).click();
  // Signed in: the message about the code has gone.
  await expect(signInBox(page).getByRole("status")).toHaveText("");
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

test.describe("on a phone, on the US site with sign-in", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the saved cars come before the sign-in offer; sign-in names the number and changes it", async ({
    page,
    siteUrl,
    server,
    axe,
  }) => {
    const slug = "lone-star-autos";
    await withSettings(
      server,
      slug,
      (settings) => ({ garage: { ...settings.garage, signInWithMobile: true } }),
      async () => {
        await page.goto(siteUrl(slug, "/search"));
        await hydrated(page);
        const [name] = await saveFirstCards(page, 1);
        await page.goto(siteUrl(slug, "/my-garage?tab=saved-cars"));
        await hydrated(page);
        const savedCars = page.getByRole("list", { name: "Saved cars" });
        await expect(savedCars.getByRole("heading", { name })).toBeVisible();
        const signIn = signInBox(page);
        await expect(signIn).toBeVisible();
        // One column: what the shopper saved first, the offer to keep it below.
        const cars = (await savedCars.boundingBox())!;
        const offer = (await signIn.boundingBox())!;
        expect(offer.y).toBeGreaterThanOrEqual(cars.y + cars.height);
        // Nothing wider than the phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          390,
        );
        expect(await axe()).toEqual([]);

        await signInCorrectingTheNumber(page, server, {
          typo: "212 555 0140",
          typoShown: "(212) 555-0140",
          phone: "(212) 555-0141",
          shown: "(212) 555-0141",
          e164: "+12125550141",
        });
        await signIn.getByRole("button", { name: "Skip" }).click();
        await expect(signIn.getByText(/Signed in as/)).toBeVisible();
        await expect(signIn.getByRole("status")).toHaveText("");
        expect(await axe()).toEqual([]);
      },
    );
  });
});

test("the calls to action per saved car follow the site's settings", async ({
  page,
  siteUrl,
  server,
  axe,
}) => {
  const slug = "lone-star-autos";
  await page.goto(siteUrl(slug, "/search"));
  await hydrated(page);
  const [name] = await saveFirstCards(page, 1);
  await page.goto(siteUrl(slug, "/my-garage?tab=saved-cars"));
  await hydrated(page);
  const steps = page.getByRole("list", { name: `Next steps for ${name}` });
  await expect(steps.getByRole("link")).toHaveText([
    `Finance Quote for ${name}`,
    `Sell My Car for ${name}`,
  ]);
  // Booking a service from the garage is off by default.
  await expect(page.getByRole("link", { name: /Book Service/ })).toHaveCount(0);
  const carId = /car_id=(\d+)/.exec(
    (await steps.getByRole("link", { name: /^Sell My Car/ }).getAttribute("href")) ?? "",
  )?.[1];
  expect(carId).toBeDefined();

  // Finance Quote: the finance form with this car.
  await steps.getByRole("link", { name: /^Finance Quote/ }).click();
  await expect(page).toHaveURL(new RegExp(`/finance\\?.*car_id=${carId}.*#finance-form$`));
  await expect(page.getByRole("region", { name: "Your vehicle of interest" })).toBeVisible();

  // Sell My Car: the trade-in form, towards this car.
  await page.goBack();
  await hydrated(page);
  await steps.getByRole("link", { name: /^Sell My Car/ }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/trade-in\\?car_id=${carId}$`));
  await expect(page.getByRole("region", { name: "Trading in for" })).toBeVisible();

  await withSettings(
    server,
    slug,
    (settings) => ({
      garage: { ...settings.garage, bookServiceFromGarage: true },
      tradeInAllowed: false,
    }),
    async () => {
      await page.goto(siteUrl(slug, "/my-garage?tab=saved-cars"));
      await hydrated(page);
      await expect(steps.getByRole("link")).toHaveText([
        `Finance Quote for ${name}`,
        `Book Service for ${name}`,
      ]);
      expect(await axe()).toEqual([]);
      await steps.getByRole("link", { name: /^Book Service/ }).click();
      await expect(page).toHaveURL(/\/service$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    },
  );
});

for (const [slug, width] of [
  ["harbour-auto-group", 1440],
  ["lone-star-autos", 390],
] as const) {
  test(`compares three saved cars with their photos and the differences marked (${slug}, ${width} px)`, async ({
    page,
    siteUrl,
    axe,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(siteUrl(slug, "/search"));
    await hydrated(page);
    const names = await saveFirstCards(page, 3, { withPhotos: true });
    await page.goto(siteUrl(slug, "/my-garage?tab=saved-cars"));
    await hydrated(page);
    for (const name of names) await page.getByRole("checkbox", { name: `Compare ${name}` }).check();
    const table = page.getByRole("table", { name: "Compare saved cars" });
    await expect(table).toBeVisible();
    // Each car's photo over its column, loaded.
    const photos = table.locator("thead img[data-compare-photo]");
    await expect(photos).toHaveCount(3);
    for (const photo of await photos.all()) {
      await photo.scrollIntoViewIfNeeded();
      await expect
        .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBeGreaterThan(0);
    }
    for (const name of names) await expect(table.getByRole("columnheader", { name })).toBeVisible();

    // A row is marked 'Differs', in words, exactly when its values differ.
    const rows = await compareRows(page);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.marked, row.header).toBe(new Set(row.values).size > 1);
    const differing = rows.filter((r) => r.marked);
    expect(differing.length).toBeGreaterThan(0);
    await expect(
      table.getByRole("rowheader", {
        name: `${differing[0]!.header.replace("Differs", "").trim()} Differs`,
      }),
    ).toBeVisible();
    await expect(
      page.getByText(`${differing.length} of ${rows.length} details differ`),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    expect(await axe()).toEqual([]);

    // Only the differences.
    await page.getByRole("checkbox", { name: "Show only differences" }).check();
    await expect(table.locator("tbody tr")).toHaveCount(differing.length);
    expect((await compareRows(page)).every((r) => r.marked)).toBe(true);
    await page.getByRole("checkbox", { name: "Show only differences" }).uncheck();
    await expect(table.locator("tbody tr")).toHaveCount(rows.length);

    // By keyboard: the table scrolls sideways from its focused region.
    await page.getByRole("region", { name: "Compare saved cars, scrolls sideways" }).focus();
    await expect(
      page.getByRole("region", { name: "Compare saved cars, scrolls sideways" }),
    ).toBeFocused();
  });
}
