/**
 * The smaller things a shopper notices, in Chromium: the chat launcher on a phone, words broken
 * in the middle on the phone vehicle page, a location badge past its last day, the trade-in
 * registration lookup as an obvious button whose result is announced, the vehicle cards at phone
 * to wide-screen widths on each site's results page (checked by axe at one of them). (That no home page scrolls sideways, and each home page's hero, vehicles
 * and reviews, are checked with the header in site-chrome.spec.ts.) Nothing here changes a site.
 */
import type { Locator, Page } from "@playwright/test";
import { DEMO_SITES } from "~/server/db/seed/demo-sites";
import { expect, hydrated, test } from "./support/fixtures";

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** Words of the page's main text that the browser split over two lines (hyphen-free breaks). */
function wordsBrokenMidWord(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) => {
    const broken: string[] = [];
    for (const element of elements) {
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/[A-Za-z][\w'-]*/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
          if (tops.size > 1 && !match[0].includes("-")) broken.push(match[0]);
        }
      }
    }
    return broken;
  });
}

test.describe("on a phone", () => {
  test.use(PHONE);

  test("the chat launcher is a round button in the corner: no prompt over the page, and it steps aside while the visitor types", async ({
    page,
    siteUrl,
    siteBySlug,
    axe,
  }) => {
    const slug = DEMO_SITES.find(({ slug }) => siteBySlug(slug).settings.chatEnabled)?.slug ?? "";
    expect(slug).not.toBe("");
    const prompt = siteBySlug(slug).settings.chatPromptText;
    await page.clock.install();
    await page.goto(siteUrl(slug, "/contact"), { waitUntil: "networkidle" });
    const launcher = page.getByRole("button", { name: "Chat with us" });
    await expect(launcher).toBeVisible();
    await page.clock.runFor(10_000);
    await expect(page.getByText(prompt, { exact: true })).toBeHidden();
    const box = await launcher.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(64);
    expect(box?.height).toBeLessThanOrEqual(64);

    // Typing into a field near the bottom: the launcher is out of the way.
    const message = page.getByRole("textbox").last();
    await message.scrollIntoViewIfNeeded();
    await message.focus();
    await expect(launcher).toBeHidden();
    await message.blur();
    await expect(launcher).toBeVisible();

    // At the end of the page, the last thing on it scrolls clear of the launcher.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footerText = page.getByRole("contentinfo").locator("p, li, a").last();
    const [launcherBox, lastBox] = [await launcher.boundingBox(), await footerText.boundingBox()];
    expect((lastBox?.y ?? 0) + (lastBox?.height ?? 0)).toBeLessThanOrEqual(launcherBox?.y ?? 0);
    expect(await axe()).toEqual([]);
  });

  test("the vehicle page breaks no word in the middle ('Sal/es')", async ({ page, siteUrl }) => {
    for (const { slug } of DEMO_SITES) {
      await page.goto(siteUrl(slug, "/search"));
      const href = await page.locator("article a[href]").first().getAttribute("href");
      await page.goto(new URL(href ?? "/", page.url()).href);
      await expect(page.locator("#specifications-heading"), slug).toBeVisible();
      expect(await wordsBrokenMidWord(page, "main dl"), slug).toEqual([]);
    }
  });

  test("the trade-in lookup is a labelled button beside the plate, and its result is announced there", async ({
    page,
    siteUrl,
  }) => {
    await page.goto(siteUrl("coastal-kia", "/sell-my-car"));
    await hydrated(page);
    const lookup = page.getByRole("button", { name: "Look up my rego" });
    await expect(lookup).toHaveAccessibleDescription(/year, make and model/);
    // It comes straight after the plate and before the fields it fills.
    const order = await page
      .locator('input[name="Rego"], button[value="lookup"], input[name="trade_in_year"]')
      .evaluateAll((all) =>
        all.map((el) => (el.tagName === "BUTTON" ? "lookup" : el.getAttribute("name"))),
      );
    expect(order).toEqual(["Rego", "lookup", "trade_in_year"]);
    const result = page.locator(`#${await lookup.getAttribute("aria-controls")}`);
    await expect(result).toHaveAttribute("role", "status");
    await expect(result).toHaveText("");

    await page.getByLabel("Rego").fill("123abc");
    await page.getByLabel("State").selectOption("QLD");
    await lookup.click();
    await expect(result).toHaveText(/We found your 2022 Kia Sportage SX\./);
    await expect(page.getByLabel("Make")).toHaveValue("Kia");
  });
});

test("a location badge past its last day is not shown on the open showroom", async ({
  page,
  siteUrl,
  siteBySlug,
}) => {
  const { settings } = siteBySlug("coastal-kia");
  expect(settings.locationBadgeText).toBe("COMING EARLY 2026");
  await page.goto(siteUrl("coastal-kia", "/our-locations/"));
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("COMING EARLY 2026")).toHaveCount(0);
  await page.goto(siteUrl("coastal-kia"));
  await expect(page.getByText("COMING EARLY 2026")).toHaveCount(0);
});

/** Lines of text a control's label takes. */
const labelLines = (control: Locator) =>
  control.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  });

for (const width of [390, 768, 1024, 1366, 1920]) {
  test.describe(`vehicle cards at ${width} px`, () => {
    test.use({
      viewport: { width, height: 900 },
      ...(width < 500 ? { isMobile: true, hasTouch: true } : {}),
    });

    // At one desktop width the same visits are checked by axe (each site's results page).
    const withAxe = width === 1366;
    test(`one primary and at most two secondary actions in view, labels on two lines at most, equal heights in a row, a full last row, no sideways scroll${withAxe ? ", and no axe violations" : ""}`, async ({
      page,
      siteUrl,
      siteBySlug,
      axe,
    }) => {
      const violations: string[] = [];
      for (const { slug } of DEMO_SITES) {
        const where = `${slug} at ${width}`;
        // The site's own results page, the one its header links to.
        await page.goto(siteUrl(slug, siteBySlug(slug).settings.defaultSearchPath));
        await hydrated(page);
        if (withAxe) for (const v of await axe()) violations.push(`${slug}: ${v}`);
        expect(
          await page.evaluate(() => document.documentElement.scrollWidth),
          where,
        ).toBeLessThanOrEqual(width);
        const banner = page.getByRole("banner");
        expect(await banner.evaluate((el) => el.scrollWidth), where).toBeLessThanOrEqual(width);

        const cards = page.getByRole("article");
        const count = await cards.count();
        expect(count, where).toBeGreaterThan(0);
        for (let i = 0; i < Math.min(count, 6); i += 1) {
          const actions = cards.nth(i).getByRole("list", { name: /^Actions for / });
          const controls = actions
            .locator(":scope > li > :is(a, button)")
            .filter({ visible: true });
          const shown = await controls.count();
          const more = await actions.getByRole("button", { name: /^More actions: / }).count();
          expect(shown - more, `${where}, card ${i}`).toBeLessThanOrEqual(3);
          for (let c = 0; c < shown; c += 1)
            expect(await labelLines(controls.nth(c)), `${where}, card ${i}`).toBeLessThanOrEqual(2);
        }

        // Cards of one row are as tall as each other.
        const boxes = await cards.evaluateAll((all) =>
          all.map((card) => {
            const box = card.getBoundingClientRect();
            return { top: Math.round(box.top), height: Math.round(box.height) };
          }),
        );
        const rows = new Map<number, number[]>();
        for (const box of boxes) rows.set(box.top, [...(rows.get(box.top) ?? []), box.height]);
        for (const [top, heights] of rows)
          expect(new Set(heights).size, `${where}, row at ${top}`).toBe(1);

        // The grid's last row reaches its right edge (the filler card spans what is left).
        const grid = page.locator("ul:has(> li > article)").first();
        const [gridRight, lastRight] = await grid.evaluate((list) => [
          list.getBoundingClientRect().right,
          (list.lastElementChild as HTMLElement).getBoundingClientRect().right,
        ]);
        expect(Math.abs(gridRight - lastRight), where).toBeLessThanOrEqual(2);
      }
      expect(violations).toEqual([]);
    });
  });
}

test("a card's further actions open from its 'More actions' button and close with Escape", async ({
  page,
  siteUrl,
  axe,
}) => {
  let opened = false;
  for (const { slug } of DEMO_SITES) {
    await page.goto(siteUrl(slug, "/search"));
    await hydrated(page);
    const more = page.getByRole("button", { name: /^More actions: / }).first();
    if ((await more.count()) === 0) continue;
    const name = ((await more.getAttribute("aria-label")) ?? "").replace("More actions: ", "");
    await more.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: `More actions: ${name}` });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link").or(menu.getByRole("button")).first()).toBeVisible();
    expect(await axe()).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    opened = true;
    break;
  }
  expect(opened, "a demo site's cards have more than three actions").toBe(true);
});
