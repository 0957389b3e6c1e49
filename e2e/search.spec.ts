/**
 * The search results page in Chromium: filter by make and model, sort, page 2, back and
 * forward, reload, all without a full page load; every filter by keyboard alone; the phone
 * drawer; the GET form without JavaScript; a bad segment is a 404; axe on the phone's drawer
 * and dialog (every demo site's results page is checked by axe in storefront-polish.spec.ts).
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

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
  const cards = page.getByRole("article");
  return {
    heading: (await page.locator("#results-heading").textContent()) ?? "",
    first: (await cards.count())
      ? await cards.first().getByRole("heading").getByRole("link").textContent()
      : null,
    cards: await cards.count(),
  };
}

/** A marker on window survives client-side navigations and is gone after a full page load. */
const mark = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __srp: number }).__srp = 1));
const stillMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __srp?: number }).__srp === 1);

test("filters by make and model, sorts, pages, goes back and forward and reloads to the same results", async ({
  page,
  siteUrl,
  pageErrors,
}) => {
  await page.goto(siteUrl("harbour-auto-group", "/search"));
  await hydrated(page);
  await mark(page);
  const all = await results(page);

  await page.getByRole("checkbox", { name: /^Toyota\b/ }).check({ force: true });
  await expect(page).toHaveURL(/\/search\/make\/Toyota$/);
  const toyota = await results(page);
  expect(toyota.heading).not.toBe(all.heading);
  await expect(page.getByText("Make: Toyota")).toBeVisible();

  await page.getByText("Select models").click();
  const model = page.locator('input[name="make_model"]').first();
  const modelValue = (await model.getAttribute("value"))!;
  await model.check();
  await expect(page).toHaveURL((url) =>
    decodeURIComponent(url.pathname).endsWith(`/make/Toyota/${modelValue}`),
  );
  const withModel = await results(page);

  await page.getByLabel("Sort by").selectOption("price:desc");
  await expect(page).toHaveURL(/sortBy=price:desc/);
  const sorted = await results(page);
  // Each card's first amount is its price.
  const prices = await page.getByRole("article").allInnerTexts();
  const amounts = prices
    .map((text) => Number(/\$([\d,]+)/.exec(text)?.[1]?.replace(/,/g, "") ?? 0))
    .filter((n) => n > 0);
  expect(amounts.length).toBeGreaterThan(0);
  expect(amounts).toEqual([...amounts].sort((a, b) => b - a));

  // Page 2 of all Toyotas (the model may fit on one page): clear the model chip first.
  await page.getByRole("link", { name: /^Model: .*remove$/ }).click();
  await expect(page).toHaveURL((url) => !url.pathname.includes(modelValue));
  await results(page);
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  const page2 = await results(page);
  expect(page2.first).not.toBe(sorted.first);
  await expect(page.locator("#results-heading")).toBeFocused();

  await page.goBack();
  await expect(page).toHaveURL((url) => !url.search.includes("page=2"));
  await page.goBack();
  await expect(page).toHaveURL((url) =>
    decodeURIComponent(url.pathname).endsWith(`/${modelValue}`),
  );
  expect(await results(page)).toEqual(sorted);
  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/page=2/);
  expect(await results(page)).toEqual(page2);
  expect(await stillMarked(page)).toBe(true); // every step so far was client-side

  await page.reload();
  await hydrated(page);
  expect(await results(page)).toEqual(page2);
  expect(withModel.cards).toBeGreaterThan(0);
  expect(pageErrors).toEqual([]);
});

test("every filter works from the keyboard alone", async ({ page, siteUrl, pageErrors }) => {
  await page.goto(siteUrl("harbour-auto-group", "/search"));
  await hydrated(page);
  await mark(page);

  // A checkbox facet: Space toggles it, focus stays on it.
  const transmission = page.locator('input[name="transmission"]').first();
  await transmission.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/transmission=/);
  await expect(transmission).toBeFocused();

  // Keyword: type; the search follows once typing has paused for 300 ms.
  await page.clock.install();
  await page.getByRole("searchbox").first().focus();
  await page.keyboard.type("ranger");
  await page.clock.runFor(300);
  await expect(page).toHaveURL(/query=ranger/);

  // A make card: Tab reaches its (visually hidden) checkbox, Space selects it, focus stays.
  const ford = page.getByRole("checkbox", { name: /^Ford\b/ });
  await ford.focus();
  await page.keyboard.press("Space");
  await expect(page).toHaveURL(/make/);
  await expect(ford).toBeFocused();

  // A range: type a minimum price.
  await page.getByLabel("Min price").focus();
  await page.keyboard.type("1000");
  await page.clock.runFor(300);
  await expect(page).toHaveURL(/price=1000:/);

  // Sort with the arrow keys.
  await page.getByLabel("Sort by").focus();
  await page.keyboard.press("ArrowDown");
  await expect(page).toHaveURL(/sortBy=/);

  // Remove a chip with Enter, then 'Clear all'.
  await page.getByRole("link", { name: /^Price: .*remove$/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => !url.search.includes("price="));
  await page.getByRole("link", { name: "Clear all" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(
    (url) => !url.search.includes("query=") && !url.pathname.includes("Ford"),
  );

  // 'Show all makes' and 'Select models' are <details>: Enter opens them.
  const allMakes = page.locator("summary").filter({ hasText: "Show all makes" });
  await allMakes.focus();
  await page.keyboard.press("Enter");
  await expect(allMakes.getByText("Hide extra makes")).toBeVisible();
  expect(await stillMarked(page)).toBe(true);
  expect(pageErrors).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the filters are a drawer whose Apply button shows the count", async ({
    page,
    siteUrl,
    pageErrors,
  }) => {
    await page.goto(siteUrl("coastal-kia", "/search"));
    await hydrated(page);
    const open = page.getByRole("button", { name: /^Filters/ });
    const drawer = page.locator("#search-filters");
    await expect(drawer).toBeHidden();
    await open.click();
    await expect(drawer).toBeVisible();
    await drawer.locator('input[name="body"]').first().check();
    await expect(page).toHaveURL(/body/);
    const apply = drawer.getByRole("button", { name: /^Apply \(\d+ results?\)$/ });
    await expect(apply).toBeVisible();
    const count = Number((await apply.textContent())?.replace(/\D/g, ""));
    await apply.click();
    await expect(drawer).toBeHidden();
    const { heading } = await results(page);
    expect(Number(heading.replace(/\D.*$/, "").replace(/,/g, ""))).toBe(count);
    expect(pageErrors).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form is a GET that lands on the canonical page", async ({ page, siteUrl }) => {
    await page.goto(siteUrl("southern-motors", "/pre-owned"));
    await page.getByRole("checkbox", { name: /^Mazda\b/ }).check({ force: true });
    await page.getByRole("button", { name: /^Apply/ }).click();
    await expect(page).toHaveURL(/\/pre-owned\/make\/Mazda$/);
    await expect(page.getByText("Make: Mazda")).toBeVisible();
    // The phone number reveals without script too.
    // (A card's further actions sit in its overflow menu: take a reveal in view.)
    const reveal = page.getByRole("article").locator("summary").filter({ visible: true }).first();
    if ((await reveal.count()) > 0) {
      await reveal.click();
      await expect(
        page.locator('article a[href^="tel:"]').filter({ visible: true }).first(),
      ).toBeVisible();
    }
  });
});

test("a URL with a bad segment is a 404 page", async ({ page, siteUrl }) => {
  const response = await page.goto(siteUrl("harbour-auto-group", "/search/no-such-thing"));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test.describe("on a phone, axe", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("finds no violations with the filter drawer or the certified dialog open", async ({
    page,
    siteUrl,
    axe,
  }) => {
    await page.goto(siteUrl("harbour-auto-group", "/search/used-cars"));
    await hydrated(page);
    await page.getByRole("button", { name: /^Filters/ }).click();
    const found = (await axe()).map((v) => `drawer ${v}`);
    await page.keyboard.press("Escape");
    const certified = page.getByRole("button", { name: "Certified Pre-Owned" }).first();
    await expect(certified).toBeVisible();
    await certified.click();
    await expect(page.getByRole("dialog")).toBeVisible();
    for (const v of await axe()) found.push(`certified dialog ${v}`);
    expect(found).toEqual([]);
  });
});
