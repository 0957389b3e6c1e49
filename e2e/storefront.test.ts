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
});
