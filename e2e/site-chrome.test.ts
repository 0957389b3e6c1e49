import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "~/tests/support/test-server";
import { browserAvailable, launchBrowser, watchForErrors } from "./support/browser";

describe.skipIf(!browserAvailable)("site chrome in a real browser", () => {
  let server: RunningServer;
  let browser: Browser;
  const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${server.port}${path}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("renders every demo site's home page with its own brand, navigation and footer", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchForErrors(page);
    for (const site of server.registry.all()) {
      const res = await page.goto(siteUrl(site.slug), { waitUntil: "load" });
      expect(res?.status(), site.slug).toBe(200);
      await expect(page.title()).resolves.toContain(site.name);
      const brand = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue("--brand").trim(),
      );
      expect(brand).toBe(site.settings.theme.primary);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav.isVisible()).resolves.toBe(true);
      for (const item of site.navigation.header) {
        await expect(nav.getByText(item.name, { exact: true }).first().isVisible()).resolves.toBe(
          true,
        );
      }
      await expect(page.getByRole("heading", { name: "Company" }).isVisible()).resolves.toBe(true);
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it("follows the site's own links in the app, and leaves new-tab clicks to the browser", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchForErrors(page);
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
    await page.waitForURL(/\/privacy-policy$/);
    await expect(page.getByRole("heading", { level: 1 }).textContent()).resolves.toContain(
      "Privacy",
    );
    await page.getByRole("link", { name: /home$/ }).first().click();
    await page.waitForURL(siteUrl("coastal-kia"));
    await expect(page.evaluate(() => (window as unknown as { mark?: number }).mark)).resolves.toBe(
      1,
    );
    expect(documents).toEqual([]);
    // Ctrl+click is the browser's: a new tab, and this page stays where it is.
    const [popup] = await Promise.all([
      page.context().waitForEvent("page"),
      footer
        .getByRole("link", { name: "Privacy Policy" })
        .first()
        .click({ modifiers: ["Control"] }),
    ]);
    await popup.waitForLoadState();
    expect(new URL(popup.url()).pathname).toMatch(/privacy-policy$/);
    expect(new URL(page.url()).pathname).toBe("/");
    await popup.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens every header dropdown with the keyboard, moves through it and closes it with Escape", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchForErrors(page);
    await page.goto(siteUrl("harbour-auto-group"), { waitUntil: "networkidle" });
    // The demo's promo popup is a modal dialog: dismiss it to reach the header.
    if ((await page.getByRole("dialog").count()) > 0) await page.keyboard.press("Escape");
    const nav = page.getByRole("navigation", { name: "Main" });
    const buttons = nav.locator("button[aria-expanded]");
    const count = await buttons.count();
    expect(count).toBeGreaterThanOrEqual(3);
    for (let i = 0; i < count; i++) {
      const button = buttons.nth(i);
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(button.getAttribute("aria-expanded")).resolves.toBe("true");
      const list = page.locator(
        `#${await button.getAttribute("aria-controls")}`.replace(/:/g, "\\:"),
      );
      await expect(list.isVisible()).resolves.toBe(true);
      await page.keyboard.press("ArrowDown");
      const focused = await page.evaluate(() => document.activeElement?.tagName);
      expect(focused).toBe("A");
      await page.keyboard.press("Escape");
      await expect(button.getAttribute("aria-expanded")).resolves.toBe("false");
      await expect(list.isVisible()).resolves.toBe(false);
      await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    }
    // ArrowDown on a closed dropdown opens it and focuses its first link.
    await buttons.first().focus();
    await page.keyboard.press("ArrowDown");
    await page.waitForFunction(() => document.activeElement?.tagName === "A");
    const firstLink = await page.evaluate(() => document.activeElement?.textContent);
    expect(firstLink).toBe("New Cars");
    expect(errors).toEqual([]);
    await page.close();
  });

  it("opens the mobile menu by touch on a phone", async () => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    const page = await context.newPage();
    await page.goto(siteUrl("coastal-kia"), { waitUntil: "networkidle" });
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.tap();
    await expect(menu.getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(
      page.getByRole("navigation", { name: "Mobile" }).getByText("New Kia").isVisible(),
    ).resolves.toBe(true);
    await context.close();
  });

  it("gives an unknown host a plain 404", async () => {
    const page = await browser.newPage();
    const res = await page.goto(siteUrl("no-such-dealer"));
    expect(res?.status()).toBe(404);
    await expect(page.textContent("body")).resolves.toBe("Not Found");
    await page.close();
  });
});
