/**
 * The search results page in Chromium (docs/product/search-and-urls.md, "Search page"): filter by
 * make and model, sort, page 2, back and forward, reload, all without a full page load; every
 * filter by keyboard alone; the phone drawer; the GET form without JavaScript; a bad segment is a
 * 404; axe on every demo site's results page.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "~/tests/support/test-server";
import { axeViolations } from "./support/axe";
import { browserAvailable, launchBrowser, watchForErrors } from "./support/browser";

/** The result count and the first card's title: what "the same results" means here. */
async function results(
  page: Page,
): Promise<{ heading: string; first: string | null; cards: number }> {
  // Rendered: the results on screen are those of the address bar's URL, and nothing is loading.
  await page.waitForFunction(() => {
    const shown = document.querySelector<HTMLElement>("[data-search-url]")?.dataset.searchUrl ?? "";
    const decode = (url: string) => decodeURIComponent(url.replace(/\+/g, " "));
    return (
      decode(shown) === decode(location.pathname + location.search) &&
      !document.querySelector("[aria-busy=true]")
    );
  });
  return page.evaluate(() => ({
    heading: document.getElementById("results-heading")?.textContent ?? "",
    first: document.querySelector("article h3 a")?.textContent ?? null,
    cards: document.querySelectorAll("article").length,
  }));
}

/** A marker on window survives client-side navigations and is gone after a full page load. */
const mark = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __srp: number }).__srp = 1));
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __srp?: number }).__srp === 1);

describe.skipIf(!browserAvailable)("search results page in a real browser", () => {
  let server: RunningServer;
  let browser: Browser;
  const siteUrl = (slug: string, path = "/search") =>
    `http://${slug}.localhost:${server.port}${path}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("filters by make and model, sorts, pages, goes back and forward and reloads to the same results", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchForErrors(page);
    await page.goto(siteUrl("harbour-auto-group"), { waitUntil: "networkidle" });
    await mark(page);
    const all = await results(page);

    await page.locator('input[name="make"][value="Toyota"]').check({ force: true });
    await page.waitForURL(/\/search\/make\/Toyota$/);
    const toyota = await results(page);
    expect(toyota.heading).not.toBe(all.heading);
    await expect(page.getByText("Make: Toyota").isVisible()).resolves.toBe(true);

    await page.getByText("Select models").click();
    const model = page.locator('input[name="make_model"]').first();
    const modelValue = await model.getAttribute("value");
    await model.check();
    await page.waitForURL((url) =>
      decodeURIComponent(url.pathname).endsWith(`/make/Toyota/${modelValue}`),
    );
    const withModel = await results(page);

    await page.getByLabel("Sort by").selectOption("price:desc");
    await page.waitForURL(/sortBy=price:desc/);
    const sorted = await results(page);
    const prices = await page.locator("article p.text-2xl").allTextContents();
    const amounts = prices.map((p) => Number(p.replace(/[^\d.]/g, ""))).filter((n) => n > 0);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

    // Page 2 of all Toyotas (the model may fit on one page): clear the model chip first.
    await page.getByRole("link", { name: /^Model: .*remove$/ }).click();
    await page.waitForURL((url) => !url.pathname.includes(modelValue ?? "~"));
    await results(page);
    await page.getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/page=2/);
    const page2 = await results(page);
    expect(page2.first).not.toBe(sorted.first);
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe("results-heading");

    await page.goBack();
    await page.waitForURL((url) => !url.search.includes("page=2"));
    await page.goBack();
    await page.waitForURL((url) => decodeURIComponent(url.pathname).endsWith(`/${modelValue}`));
    expect(await results(page)).toEqual(sorted);
    await page.goForward();
    await page.goForward();
    await page.waitForURL(/page=2/);
    expect(await results(page)).toEqual(page2);
    expect(await stillMarked(page)).toBe(true); // every step so far was client-side

    await page.reload({ waitUntil: "networkidle" });
    expect(await results(page)).toEqual(page2);
    expect(withModel.cards).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("every filter works from the keyboard alone", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = watchForErrors(page);
    await page.goto(siteUrl("harbour-auto-group"), { waitUntil: "networkidle" });
    await mark(page);

    // A checkbox facet: Space toggles it, focus stays on it.
    await page.locator('input[name="transmission"]').first().focus();
    await page.keyboard.press("Space");
    await page.waitForURL(/transmission=/);
    await expect(
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name),
    ).resolves.toBe("transmission");

    // Keyword: type, wait for the 300 ms debounce.
    await page.locator("#search-keyword").focus();
    await page.keyboard.type("ranger");
    await page.waitForURL(/query=ranger/);

    // A make card: Tab reaches its (visually hidden) checkbox, Space selects it, focus stays.
    await page.locator('input[name="make"][value="Ford"]').focus();
    await page.keyboard.press("Space");
    await page.waitForURL(/make/);
    await expect(
      page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value),
    ).resolves.toBe("Ford");

    // A range: type a minimum price.
    await page.getByLabel("Min price").focus();
    await page.keyboard.type("1000");
    await page.waitForURL(/price=1000:/);

    // Sort with the arrow keys.
    await page.getByLabel("Sort by").focus();
    await page.keyboard.press("ArrowDown");
    await page.waitForURL(/sortBy=/);

    // Remove a chip with Enter, then 'Clear all'.
    await page.getByRole("link", { name: /^Price: .*remove$/ }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => !url.search.includes("price="));
    await page.getByRole("link", { name: "Clear all" }).focus();
    await page.keyboard.press("Enter");
    await page.waitForURL(
      (url) => !url.search.includes("query=") && !url.pathname.includes("Ford"),
    );

    // 'Show all makes' and 'Select models' are <details>: Enter opens them.
    await page.locator("summary", { hasText: "Show all makes" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Hide extra makes").isVisible()).resolves.toBe(true);
    expect(await stillMarked(page)).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("on a phone the filters are a drawer whose Apply button shows the count", async () => {
    const page = await browser.newPage({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const errors = watchForErrors(page);
    await page.goto(siteUrl("coastal-kia"), { waitUntil: "networkidle" });
    const drawer = page.locator("#search-filters");
    await expect(drawer.isVisible()).resolves.toBe(false);
    await page.getByRole("button", { name: /^Filters/ }).click();
    await expect(drawer.isVisible()).resolves.toBe(true);
    await drawer.locator('input[name="body"]').first().check();
    await page.waitForURL(/body/);
    const apply = drawer.getByRole("button", { name: /^Apply \(\d+ results?\)$/ });
    await apply.waitFor({ state: "visible" });
    const count = Number((await apply.textContent())?.replace(/\D/g, ""));
    await apply.click();
    await expect(drawer.isVisible()).resolves.toBe(false);
    const { heading } = await results(page);
    expect(Number(heading.replace(/\D.*$/, "").replace(/,/g, ""))).toBe(count);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("works without JavaScript: the filter form is a GET that lands on the canonical page", async () => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    await page.goto(siteUrl("southern-motors", "/pre-owned"));
    await page.locator('input[name="make"][value="Mazda"]').check({ force: true });
    await page.getByRole("button", { name: /^Apply/ }).click();
    await page.waitForURL(/\/pre-owned\/make\/Mazda$/);
    await expect(page.getByText("Make: Mazda").isVisible()).resolves.toBe(true);
    // The phone number reveals without script too.
    const summary = page.locator("article summary").first();
    if ((await summary.count()) > 0) {
      await summary.click();
      await expect(page.locator('article a[href^="tel:"]').first().isVisible()).resolves.toBe(true);
    }
    await context.close();
  });

  it("a URL with a bad segment is a 404 page", async () => {
    const page = await browser.newPage();
    const response = await page.goto(siteUrl("harbour-auto-group", "/search/no-such-thing"));
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" }).isVisible()).resolves.toBe(
      true,
    );
    await page.close();
  });

  it(
    "axe finds no violations on each demo site's results page (drawer and certified dialog open too)",
    { timeout: 300_000 },
    async () => {
      const found: string[] = [];
      for (const site of server.registry.all()) {
        const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
        await page.goto(siteUrl(site.slug, site.settings.defaultSearchPath), {
          waitUntil: "networkidle",
        });
        for (const v of await axeViolations(page)) found.push(`${site.slug} ${v}`);
        await page.close();
      }
      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await phone.goto(siteUrl("harbour-auto-group", "/search/used-cars"), {
        waitUntil: "networkidle",
      });
      await phone.getByRole("button", { name: /^Filters/ }).click();
      for (const v of await axeViolations(phone)) found.push(`drawer ${v}`);
      await phone.keyboard.press("Escape");
      const certified = phone.getByRole("button", { name: "Certified Pre-Owned" }).first();
      if ((await certified.count()) > 0) {
        await certified.click();
        for (const v of await axeViolations(phone)) found.push(`certified dialog ${v}`);
      }
      await phone.close();
      expect(found).toEqual([]);
    },
  );
});
