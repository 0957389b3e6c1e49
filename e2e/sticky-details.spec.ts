/**
 * Seed details of the storefront's motion (docs/product/constants.md): collapsible sections open
 * and close in 300 ms (at once with reduced motion), and tooltips show with no delay, on hover
 * and on keyboard focus, beside the save button.
 */
import { COLLAPSE_ANIMATION_MS, TOOLTIP_DELAY_MS } from "~/domain/site-constants";
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

const collapseOf = (page: Page) =>
  page
    .locator("details.facet-panel")
    .first()
    .evaluate((details) => {
      const style = getComputedStyle(details, "::details-content");
      return { duration: style.transitionDuration, property: style.transitionProperty };
    });

test("the search filter sections open and close in 300 ms, at once with reduced motion", async ({
  page,
  siteUrl,
}) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(siteUrl("harbour-auto-group", "/search"));
  const { duration, property } = await collapseOf(page);
  expect(property).toContain("block-size");
  expect(duration.split(", ")[0]).toBe(`${COLLAPSE_ANIMATION_MS / 1000}s`);
  // Closing and opening again still works (the content is hidden once closed).
  const title = await page.locator("details.facet-panel[open] summary").first().innerText();
  const panel = page.locator("details.facet-panel").filter({ hasText: title }).first();
  const summary = panel.locator("summary");
  const content = panel.locator(":scope > div");
  await summary.click();
  await expect(content).toBeHidden();
  await summary.click();
  await expect(content).toBeVisible();

  await page.emulateMedia({ reducedMotion: "reduce" });
  expect((await collapseOf(page)).duration.split(", ")[0]).toBe("0s");
});

test("the save button's tooltip shows at once on hover and on keyboard focus", async ({
  page,
  siteUrl,
}) => {
  expect(TOOLTIP_DELAY_MS).toBe(0);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(siteUrl("harbour-auto-group", "/search"));
  await hydrated(page);
  const save = page.locator("main .save-button").first();
  const tooltip = () =>
    save.evaluate((el) => {
      const style = getComputedStyle(el, "::after");
      return {
        text: style.content,
        visible: style.visibility === "visible" && style.opacity === "1",
        delay: style.transitionDelay,
      };
    });
  expect(await save.getAttribute("title")).toBeNull();
  expect(await tooltip()).toMatchObject({ text: '"Save to your garage"', visible: false });
  await save.hover();
  expect(await tooltip()).toEqual({ text: '"Save to your garage"', visible: true, delay: "0s" });
  await page.mouse.move(0, 0);
  expect((await tooltip()).visible).toBe(false);
  await save.focus();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  expect((await tooltip()).visible).toBe(true);
});
