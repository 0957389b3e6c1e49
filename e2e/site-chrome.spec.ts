/** The site chrome (header, navigation, footer) of every demo site in Chromium. */
import { expect, test } from "./support/fixtures";

test("renders every demo site's home page with its own brand, navigation and footer", async ({
  page,
  server,
  siteUrl,
  pageErrors,
}) => {
  for (const site of server.registry.all()) {
    const res = await page.goto(siteUrl(site.slug));
    expect(res?.status(), site.slug).toBe(200);
    await expect(page).toHaveTitle(new RegExp(site.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await expect(page.locator("html")).toHaveCSS("--brand", site.settings.theme.primary);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav).toBeVisible();
    for (const item of site.navigation.header) {
      await expect(nav.getByText(item.name, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Company" })).toBeVisible();
  }
  expect(pageErrors).toEqual([]);
});

test("follows the site's own links in the app, and leaves new-tab clicks to the browser", async ({
  page,
  siteUrl,
  pageErrors,
}) => {
  await page.goto(siteUrl("coastal-kia", "/about-us"), { waitUntil: "networkidle" });
  // A full page load would lose this mark; app navigation keeps the document.
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  const footer = page.getByRole("contentinfo");
  const privacy = footer.getByRole("link", { name: "Privacy Policy" }).first();
  await privacy.click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Privacy");
  await page.getByRole("link", { name: /home$/ }).first().click();
  await expect(page).toHaveURL(siteUrl("coastal-kia"));
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  expect(documents).toEqual([]);
  // Ctrl+click is the browser's: a new tab, and this page stays where it is.
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    privacy.click({ modifiers: ["Control"] }),
  ]);
  await expect(popup).toHaveURL(/\/privacy-policy$/);
  expect(new URL(page.url()).pathname).toBe("/");
  await popup.close();
  expect(pageErrors).toEqual([]);
});

test("opens every header dropdown with the keyboard, moves through it and closes it with Escape", async ({
  page,
  siteUrl,
  pageErrors,
}) => {
  await page.goto(siteUrl("harbour-auto-group"), { waitUntil: "networkidle" });
  // The demo's promo popup is a modal dialog: dismiss it to reach the header.
  await expect(page.getByRole("dialog")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Main" });
  const names = await nav.getByRole("button", { expanded: false }).allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(3);
  for (const name of names) {
    const button = nav.getByRole("button", { name, exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const list = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(list).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(list.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
  }
  // ArrowDown on a closed dropdown opens it and focuses its first link.
  await nav.getByRole("button", { name: names[0], exact: true }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(":focus")).toHaveText("New Cars");
  expect(pageErrors).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("opens the mobile menu by touch", async ({ page, siteUrl }) => {
    await page.goto(siteUrl("coastal-kia"), { waitUntil: "networkidle" });
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.tap();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByRole("navigation", { name: "Mobile" }).getByText("New Kia"),
    ).toBeVisible();
  });
});

test("gives an unknown host a plain 404", async ({ page, siteUrl }) => {
  const res = await page.goto(siteUrl("no-such-dealer"));
  expect(res?.status()).toBe(404);
  await expect(page.locator("body")).toHaveText("Not Found");
});
