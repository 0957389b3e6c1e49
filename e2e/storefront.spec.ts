/**
 * What a shopper meets on the storefront, in Chromium at the widths shoppers use: the search
 * page's state after Back, the price order of unpriced vehicles, reviews under the site's minimum
 * rating, the phone menu (with and without JavaScript), the phone results toolbar, and popular
 * makes from the site's own stock. (The header's call link, its one row and its overflow into
 * 'More pages' are checked on the home page sweep of site-chrome.spec.ts.) Nothing here changes
 * a site.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const desktop = (width: number) => ({ viewport: { width, height: 900 } });

test.use(desktop(1366));

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

for (const [device, options] of [
  ["at 1366 px", desktop(1366)],
  ["on a phone", PHONE],
] as const) {
  test.describe(device, () => {
    test.use(options);

    test("after a sort and Back, the results are the earlier ones, no longer busy, with the earlier sort", async ({
      page,
      siteUrl,
      pageErrors,
    }) => {
      await page.goto(siteUrl("harbour-auto-group", "/search"));
      await hydrated(page);
      const sort = page.getByLabel("Sort by");
      const before = await sort.inputValue();
      const firstBefore = (await page.getByRole("article").first().textContent()) ?? "";

      await sort.selectOption("price:desc");
      await expect(page).toHaveURL(/sortBy=price:desc/);
      await resultsSettled(page);
      await expect(page.getByRole("article").first()).not.toHaveText(firstBefore);

      await page.goBack();
      await expect(page).toHaveURL((url) => !url.search.includes("sortBy"));
      // Busy until the results of the URL are in; then not busy, whatever the history did.
      await resultsSettled(page);
      await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
      await expect(page.getByText("Updating results…")).toHaveCount(0);
      await expect(sort).toHaveValue(before);
      await expect(page.getByRole("article").first()).toHaveText(firstBefore);
      await expect(page.locator("#results-heading")).toHaveText(/vehicles/);
      expect(pageErrors).toEqual([]);
    });
  });
}

test("puts unpriced vehicles ('Enquire for price.') last under either price order", async ({
  page,
  siteUrl,
}) => {
  const cards = page.getByRole("article");
  for (const order of ["price:asc", "price:desc"]) {
    await page.goto(siteUrl("harbour-auto-group", `/search?sortBy=${order}`));
    await expect(cards.nth(1), order).toBeVisible();
    const texts = await cards.allTextContents();
    expect(
      texts.filter((text) => text.includes("Enquire for price.") || text.includes("PREORDER")),
      order,
    ).toEqual([]);
  }
  // The last page ends with them.
  await page.goto(siteUrl("harbour-auto-group", "/search?sortBy=price:asc"));
  const last = page.getByRole("link", { name: /^Page \d+$/ }).last();
  await page.goto(new URL((await last.getAttribute("href")) ?? "", page.url()).href);
  await expect(page).toHaveURL(/page=\d+/);
  await expect(cards.last()).toHaveText(/Enquire for price\.|PREORDER/);
});

test("shows no review under the site's minimum rating (4), on the home page and every location page, and the reviews differ", async ({
  page,
  siteUrl,
  axe,
}) => {
  const reviews = page.locator('[aria-label^="Review by "]');
  const ratings = () =>
    reviews.evaluateAll((all) =>
      all.map((review) =>
        Number(/Rated ([\d.]+) out of 5/.exec(review.textContent ?? "")?.[1] ?? NaN),
      ),
    );
  await page.goto(siteUrl("harbour-auto-group"));
  await expect(reviews.nth(3)).toBeAttached(); // more than three
  expect((await ratings()).filter((rating) => !(rating >= 4))).toEqual([]);
  // The reviews' own words (not the reply, not 'Rated 4 out of 5 without a comment.').
  const texts = (
    await page.locator('article[aria-label^="Review by "] > p:not(:has(span))').allTextContents()
  ).filter((text) => !text.startsWith("Rated "));
  expect(texts.length).toBeGreaterThan(3);
  expect(new Set(texts).size).toBe(texts.length);

  await page.goto(siteUrl("harbour-auto-group", "/our-locations"));
  const links = page.locator('a[href*="/our-location/"]');
  await expect(links.first()).toBeAttached();
  const locations = await links.evaluateAll((all) => [
    ...new Set(all.map((a) => (a as HTMLAnchorElement).pathname)),
  ]);
  let seen = 0;
  for (const path of locations) {
    await page.goto(siteUrl("harbour-auto-group", path));
    const shown = await ratings();
    seen += shown.length;
    expect(
      shown.filter((rating) => !(rating >= 4)),
      path,
    ).toEqual([]);
  }
  expect(seen).toBeGreaterThan(0);
  expect(await axe(page, { contentOnly: true })).toEqual([]);
});

test.describe("on a phone without JavaScript", () => {
  test.use({ ...PHONE, javaScriptEnabled: false });

  test("the 'Menu' opens, and no link is named only 'More'", async ({ page, siteUrl }) => {
    for (const slug of ["harbour-auto-group", "coastal-kia"]) {
      await page.goto(siteUrl(slug));
      const mobile = page.getByRole("navigation", { name: "Mobile" });
      await expect(mobile, slug).toBeHidden();
      await page.getByText("Menu", { exact: true }).click();
      await expect(mobile.getByRole("link", { name: "Finance" }), slug).toBeVisible();
      await expect(page.getByRole("link", { name: "More", exact: true }), slug).toHaveCount(0);
    }
  });
});

test.describe("on a phone with JavaScript", () => {
  test.use(PHONE);

  test("the 'Menu' button opens the mobile navigation, and axe finds nothing", async ({
    page,
    siteUrl,
    axe,
  }) => {
    await page.goto(siteUrl("coastal-kia"));
    await hydrated(page);
    await page.getByRole("button", { name: "Menu" }).click();
    await expect(
      page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Finance" }),
    ).toBeVisible();
    expect(await axe()).toEqual([]);
  });
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`on a phone ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ ...PHONE, javaScriptEnabled });

    test("the results page does not scroll sideways, with or without a filter", async ({
      page,
      siteUrl,
    }) => {
      const pages = [
        ["coastal-kia", "/search/new-cars"],
        ["harbour-auto-group", "/search/used-cars?transmission=Automatic&sortBy=km:desc"],
        ["lone-star-autos", "/search?fuel=Petrol"],
      ] as const;
      for (const [slug, path] of pages) {
        await page.goto(siteUrl(slug, path));
        const where = `${slug}${path}`;
        await expect
          .poll(() => page.evaluate(() => document.documentElement.scrollWidth), where)
          .toBeLessThanOrEqual(PHONE.viewport.width);
        const sort = javaScriptEnabled
          ? page.getByLabel("Sort by")
          : page.getByRole("button", { name: "Sort", exact: true });
        await expect(sort, where).toBeVisible();
        await expect
          .poll(async () => {
            const box = await sort.boundingBox();
            return box ? box.x + box.width : Infinity;
          }, where)
          .toBeLessThanOrEqual(PHONE.viewport.width);
      }
    });
  });
}

test("the makes shown before 'Show all makes' are the site's own most stocked makes", async ({
  page,
  siteUrl,
  siteBySlug,
  axe,
}) => {
  const cases = [
    ["lone-star-autos", ["Chevrolet"]],
    ["outback-campers", ["Jayco", "Winnebago"]],
  ] as const;
  for (const [slug, makes] of cases) {
    await page.goto(siteUrl(slug, siteBySlug(slug).settings.defaultSearchPath));
    const shown = page
      .getByRole("group", { name: "Make" })
      .first()
      .locator('input[name="make"]:not(details input)');
    await expect(shown.first(), slug).toBeAttached();
    const values = await shown.evaluateAll((inputs) =>
      inputs.map((input) => (input as HTMLInputElement).value),
    );
    for (const make of makes) expect(values, slug).toContain(make);
    expect(values.length, slug).toBeLessThanOrEqual(7);
  }
  expect(await axe(page, { contentOnly: true })).toEqual([]);
});
