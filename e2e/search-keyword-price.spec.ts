/**
 * A price phrase typed in the keyword box (docs/product/search-and-urls.md, "Keyword phrases"):
 * 'suv under 40000' shows only SUVs at or under $40,000, the price as a removable chip, and the
 * address of that filter with the keyword 'suv'; removing the chip keeps the keyword.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

/** The results on screen are those of the address bar's URL, and nothing is loading. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const shown = document.querySelector<HTMLElement>("[data-search-url]")?.dataset.searchUrl ?? "";
    const decode = (url: string) => decodeURIComponent(url.replace(/\+/g, " "));
    return (
      decode(shown) === decode(location.pathname + location.search) &&
      !document.querySelector("[aria-busy=true]")
    );
  });
}

const count = (heading: string | null) => Number((heading ?? "").replace(/[^\d]/g, ""));

test("typing 'suv under 40000' filters SUVs to $40,000 with a chip that removes the price", async ({
  page,
  siteUrl,
  pageErrors,
}) => {
  // What 'only SUVs at or under $40,000' means in this stock: the Body SUV filter and the price.
  await page.goto(siteUrl("harbour-auto-group", "/search/body/SUV?price=:40000"));
  const expected = count(await page.locator("#results-heading").textContent());
  expect(expected).toBeGreaterThan(0);

  await page.goto(siteUrl("harbour-auto-group", "/search"));
  await hydrated(page);
  await page.clock.install();
  const keyword = page.getByRole("searchbox").first();
  await keyword.focus();
  await page.keyboard.type("suv under 40000");
  await page.clock.runFor(300);

  await expect(page).toHaveURL(
    (url) => decodeURIComponent(url.search) === "?price=:40000&query=suv",
  );
  await settled(page);
  expect(count(await page.locator("#results-heading").textContent())).toBe(expected);
  const prices = await page.locator("article .price").allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  for (const price of prices)
    expect(Number(price.replace(/[^\d.]/g, ""))).toBeLessThanOrEqual(40_000);
  const chip = page.getByRole("link", { name: /^Price: up to \$40,000 ?, remove$/ });
  await expect(chip).toBeVisible();
  await expect(page.getByText("Keyword: “suv”")).toBeVisible();

  // Leaving the box shows the keyword that is left; the price is the chip's.
  await keyword.blur();
  await expect(keyword).toHaveValue("suv");

  await chip.click();
  await expect(page).toHaveURL((url) => decodeURIComponent(url.search) === "?query=suv");
  await settled(page);
  await expect(page.getByRole("link", { name: /^Price: / })).toHaveCount(0);
  expect(count(await page.locator("#results-heading").textContent())).toBeGreaterThan(expected);
  await expect(keyword).toHaveValue("suv");
  expect(pageErrors).toEqual([]);
});
