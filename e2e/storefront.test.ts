/**
 * What a shopper meets on the storefront, in Chromium at the widths shoppers use: the search
 * page's state after Back, the price order of unpriced vehicles, reviews under the site's minimum
 * rating, the header (phone number, one row with overflow into 'More', a phone menu without
 * JavaScript), the phone results toolbar, and popular makes from the site's own stock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "~/tests/support/test-server";
import { axeViolations } from "./support/axe";
import { browserAvailable, launchBrowser, watchForErrors } from "./support/browser";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const desktop = (width: number) => ({ viewport: { width, height: 900 } });

/** The results shown are the address bar's, and nothing is loading. */
async function resultsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const shown = document.querySelector<HTMLElement>("[data-search-url]")?.dataset.searchUrl ?? "";
    const decode = (url: string) => decodeURIComponent(url.replace(/\+/g, " "));
    return (
      decode(shown) === decode(location.pathname + location.search) &&
      !document.querySelector("[aria-busy=true]")
    );
  });
}

describe.skipIf(!browserAvailable)("the storefront a shopper sees", () => {
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

  it("after a sort and Back, the results are the earlier ones, no longer busy, with the earlier sort", async () => {
    for (const options of [desktop(1366), PHONE]) {
      const page = await browser.newPage(options);
      const errors = watchForErrors(page);
      await page.goto(siteUrl("harbour-auto-group", "/search"), { waitUntil: "networkidle" });
      const sort = page.getByLabel("Sort by");
      const before = await sort.inputValue();
      const heading = page.locator("#results-heading");
      const firstBefore = await page.getByRole("article").first().textContent();

      await sort.selectOption("price:desc");
      await page.waitForURL(/sortBy=price:desc/);
      await resultsSettled(page);

      await page.goBack();
      await page.waitForURL((url) => !url.search.includes("sortBy"));
      // Busy until the results of the URL are in; then not busy, whatever the history did.
      await page.locator("[aria-busy=true]").waitFor({ state: "detached" });
      await expect(page.getByText("Updating results…").count()).resolves.toBe(0);
      expect(await sort.inputValue()).toBe(before);
      expect(await page.getByRole("article").first().textContent()).toBe(firstBefore);
      await expect(heading.textContent()).resolves.toMatch(/vehicles/);
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it("puts unpriced vehicles ('Enquire for price.') last under either price order", async () => {
    const page = await browser.newPage(desktop(1366));
    for (const order of ["price:asc", "price:desc"]) {
      await page.goto(siteUrl("harbour-auto-group", `/search?sortBy=${order}`));
      const prices = await page
        .getByRole("article")
        .evaluateAll((cards) => cards.map((card) => card.textContent ?? ""));
      expect(prices.length, order).toBeGreaterThan(1);
      expect(
        prices.filter((text) => text.includes("Enquire for price.") || text.includes("PREORDER")),
        order,
      ).toEqual([]);
    }
    // The last page ends with them.
    await page.goto(siteUrl("harbour-auto-group", "/search?sortBy=price:asc"));
    const last = page.getByRole("link", { name: /^Page \d+$/ }).last();
    await page.goto(new URL((await last.getAttribute("href")) ?? "", page.url()).href);
    await expect(page.getByRole("article").last().textContent()).resolves.toMatch(
      /Enquire for price\.|PREORDER/,
    );
    await page.close();
  });

  it("shows no review under the site's minimum rating (4), on the home page and every location page, and the reviews differ", async () => {
    const page = await browser.newPage(desktop(1366));
    const reviewRatings = () =>
      page
        .locator('[aria-label^="Review by "]')
        .evaluateAll((reviews) =>
          reviews.map((review) =>
            Number(/Rated ([\d.]+) out of 5/.exec(review.textContent ?? "")?.[1] ?? NaN),
          ),
        );
    await page.goto(siteUrl("harbour-auto-group"));
    const home = await reviewRatings();
    expect(home.length).toBeGreaterThan(3);
    expect(home.filter((rating) => !(rating >= 4))).toEqual([]);
    // The reviews' own words (not the reply, not 'Rated 4 out of 5 without a comment.').
    const texts = (
      await page.locator('article[aria-label^="Review by "] > p:not(:has(span))').allTextContents()
    ).filter((text) => !text.startsWith("Rated "));
    expect(texts.length).toBeGreaterThan(3);
    expect(new Set(texts).size).toBe(texts.length);

    await page.goto(siteUrl("harbour-auto-group", "/our-locations"));
    const locations = await page
      .locator('a[href*="/our-location/"]')
      .evaluateAll((links) => [...new Set(links.map((a) => (a as HTMLAnchorElement).pathname))]);
    expect(locations.length).toBeGreaterThan(0);
    let seen = 0;
    for (const path of locations) {
      await page.goto(siteUrl("harbour-auto-group", path));
      const ratings = await reviewRatings();
      seen += ratings.length;
      expect(
        ratings.filter((rating) => !(rating >= 4)),
        path,
      ).toEqual([]);
    }
    expect(seen).toBeGreaterThan(0);
    expect(await axeViolations(page, { contentOnly: true })).toEqual([]);
    await page.close();
  });

  it("every site's header carries its phone number as a call link, on desktop and phone", async () => {
    for (const options of [desktop(1366), PHONE]) {
      const page = await browser.newPage(options);
      for (const site of server.registry.all()) {
        const phone = site.contactDetails.phone;
        if (!phone) continue;
        await page.goto(siteUrl(site.slug));
        const call = page
          .getByRole("banner")
          .getByRole("link", { name: `Call ${phone}` })
          .first();
        await expect(call.isVisible(), `${site.slug} ${options.viewport.width}`).resolves.toBe(
          true,
        );
        await expect(call.getAttribute("href")).resolves.toBe(
          `tel:${phone.replace(/[^\d+]/g, "")}`,
        );
        const scroll = await page.getByRole("banner").evaluate((header) => header.scrollWidth);
        expect(scroll, `${site.slug} ${options.viewport.width}`).toBeLessThanOrEqual(
          options.viewport.width,
        );
      }
      await page.close();
    }
  });

  it("the header menu is one row at 1024, 1366 and 1920 px, the rest under a 'More pages' disclosure", async () => {
    for (const width of [1024, 1366, 1920]) {
      const page = await browser.newPage(desktop(width));
      for (const site of server.registry.all()) {
        await page.goto(siteUrl(site.slug), { waitUntil: "networkidle" });
        const where = `${site.slug} at ${width}`;
        // A site's promo popup opens once per browser after hydration: close it.
        const popup = page.getByRole("dialog");
        if ((await popup.count()) > 0) {
          await page.keyboard.press("Escape");
          await popup.waitFor({ state: "hidden" });
        }
        const nav = page.getByRole("navigation", { name: "Main" });
        const tops = await nav
          .locator(":scope > ul > li")
          .evaluateAll((items) =>
            items
              .filter((item) => item.getClientRects().length > 0)
              .map((item) => Math.round(item.getBoundingClientRect().top)),
          );
        expect(new Set(tops).size, where).toBe(1);
        const scroll = await page.getByRole("banner").evaluate((header) => header.scrollWidth);
        expect(scroll, where).toBeLessThanOrEqual(width);
        // Every item is in the row or, once 'More pages' is open, in its list.
        const more = nav.getByRole("button", { name: "More pages" });
        await more.click();
        await expect(more.getAttribute("aria-expanded")).resolves.toBe("true");
        for (const item of site.navigation.header) {
          if (item.name === "More") continue;
          const names = [item.name, ...(item.dropdownItems ?? []).map((child) => child.name)];
          const shown = await Promise.all(
            names.map(async (name) =>
              nav.getByText(name, { exact: true }).filter({ visible: true }).count(),
            ),
          );
          expect(shown.some(Boolean), `${where}: ${item.name}`).toBe(true);
        }
        await page.keyboard.press("Escape");
        await expect(page.getByRole("link", { name: "More", exact: true }).count()).resolves.toBe(
          0,
        );
      }
      if (width === 1024) expect(await axeViolations(page)).toEqual([]);
      await page.close();
    }
  });

  it("the phone 'Menu' opens without JavaScript, and no link is named only 'More'", async () => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const page = await context.newPage();
    for (const slug of ["harbour-auto-group", "coastal-kia"]) {
      await page.goto(siteUrl(slug));
      const mobile = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobile.isVisible()).resolves.toBe(false);
      await page.getByText("Menu", { exact: true }).click();
      await mobile.getByRole("link", { name: "Finance" }).waitFor();
      await expect(page.getByRole("link", { name: "More", exact: true }).count()).resolves.toBe(0);
    }
    await context.close();
    const phone = await browser.newPage(PHONE);
    await phone.goto(siteUrl("coastal-kia"), { waitUntil: "networkidle" });
    await phone.getByRole("button", { name: "Menu" }).click();
    await phone
      .getByRole("navigation", { name: "Mobile" })
      .getByRole("link", { name: "Finance" })
      .waitFor();
    expect(await axeViolations(phone)).toEqual([]);
    await phone.close();
  });

  it("the phone results page does not scroll sideways, with or without a filter, with or without JavaScript", async () => {
    const pages = [
      ["coastal-kia", "/search/new-cars"],
      ["harbour-auto-group", "/search/used-cars?transmission=Automatic&sortBy=km:desc"],
      ["lone-star-autos", "/search?fuel=Petrol"],
    ] as const;
    for (const javaScriptEnabled of [true, false]) {
      const context = await browser.newContext({ ...PHONE, javaScriptEnabled });
      const page = await context.newPage();
      for (const [slug, path] of pages) {
        await page.goto(siteUrl(slug, path));
        const where = `${slug}${path} ${javaScriptEnabled ? "with" : "without"} JavaScript`;
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, where).toBeLessThanOrEqual(390);
        const sort = javaScriptEnabled
          ? page.getByLabel("Sort by")
          : page.getByRole("button", { name: "Sort", exact: true });
        const box = await sort.boundingBox();
        expect(box && box.x + box.width, where).toBeLessThanOrEqual(390);
      }
      await context.close();
    }
  });

  it("the makes shown before 'Show all makes' are the site's own most stocked makes", async () => {
    const page = await browser.newPage(desktop(1366));
    const cases = [
      ["lone-star-autos", ["Chevrolet"]],
      ["outback-campers", ["Jayco", "Winnebago"]],
    ] as const;
    for (const [slug, makes] of cases) {
      const site = server.registry.all().find((s) => s.slug === slug);
      await page.goto(siteUrl(slug, site?.settings.defaultSearchPath ?? "/search"));
      const makePanel = page.getByRole("group", { name: "Make" }).first();
      const shown = await makePanel
        .locator('input[name="make"]:not(details input)')
        .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
      for (const make of makes) expect(shown, slug).toContain(make);
      expect(shown.length, slug).toBeLessThanOrEqual(7);
    }
    expect(await axeViolations(page, { contentOnly: true })).toEqual([]);
    await page.close();
  });
});
