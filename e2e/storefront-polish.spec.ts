/**
 * The smaller things a shopper notices, in Chromium: the chat launcher on a phone, words broken
 * in the middle on the phone vehicle page, a location badge past its last day, the trade-in
 * registration lookup as an obvious button whose result is announced, and the vehicle cards of
 * each site's results page on a phone and at desktop widths from 768 to 1920 px (one visit per
 * site, resized from width to width, then checked by axe). That no home page scrolls sideways,
 * and each home page's hero, vehicles and reviews, are checked with the header in
 * site-chrome.spec.ts. Nothing here changes a site.
 */
import type { Page } from "@playwright/test";
import { DEMO_SITES } from "~/server/db/seed/demo-sites";
import { fetchWithHost } from "~/tests/support/test-server";
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

  test("the chat launcher is a button in a dock at the screen's foot: no prompt over the page, and it steps aside while the visitor types", async ({
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
    // A tap target in the dock across the foot of the screen (decision 060).
    const box = await launcher.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeLessThanOrEqual(64);
    const dock = await page.locator(".chat-launcher").boundingBox();
    expect(dock).toMatchObject({ x: 0, width: 390, y: 844 - (dock?.height ?? 0) });

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

  test("the vehicle page breaks no word in the middle ('Sal/es')", async ({
    page,
    server,
    siteUrl,
  }) => {
    for (const { slug } of DEMO_SITES) {
      // The first card's vehicle, read from the results page's HTML: the browser visits only
      // the page under test.
      const results = await fetchWithHost(server, `${slug}.localhost`, "/search");
      const href = /<article[^>]*>[\s\S]*?href="(\/[^"]+)"/.exec(results.body)?.[1];
      expect(href, `${slug}: a vehicle on its results page`).toBeDefined();
      await page.goto(siteUrl(slug, href));
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

/**
 * What the cards of a results page show at the page's width now, read in one pass: the actions in
 * view of the first six cards and the lines each label takes, the cards' rows and heights, and
 * where the grid's last card ends against the grid's right edge.
 */
function cardLayout(page: Page) {
  return page.getByRole("article").evaluateAll((cards) => {
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    };
    const visible = (el: Element) =>
      el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
    const grid = document.querySelector("ul:has(> li > article)");
    return {
      pageWidth: document.documentElement.scrollWidth,
      cards: cards.map((card, index) => {
        const box = card.getBoundingClientRect();
        const actions = card.querySelector('ul[aria-label^="Actions for "]');
        const shown =
          index < 6 && actions
            ? [...actions.querySelectorAll(":scope > li > :is(a, button)")].filter(visible)
            : [];
        return {
          top: Math.round(box.top),
          height: Math.round(box.height),
          // The 'More actions' button is not one of the three.
          actions: shown.filter(
            (el) => !el.getAttribute("aria-label")?.startsWith("More actions: "),
          ).length,
          labelLines: shown.map(lines),
        };
      }),
      gridRight: grid?.getBoundingClientRect().right ?? 0,
      lastRight: (grid?.lastElementChild as HTMLElement | null)?.getBoundingClientRect().right ?? 0,
    };
  });
}

/** The card checks at the page's width now. */
async function expectCardsToFit(page: Page, width: number, where: string): Promise<void> {
  // The header gives way first (its items move under 'More pages' as the window narrows).
  await expect
    .poll(() => page.getByRole("banner").evaluate((header) => header.scrollWidth), where)
    .toBeLessThanOrEqual(width);
  const layout = await cardLayout(page);
  expect(layout.pageWidth, `${where} scrolls sideways`).toBeLessThanOrEqual(width);
  expect(layout.cards.length, where).toBeGreaterThan(0);
  layout.cards.slice(0, 6).forEach((card, i) => {
    expect(card.actions, `${where}, card ${i}: actions in view`).toBeLessThanOrEqual(3);
    for (const lines of card.labelLines)
      expect(lines, `${where}, card ${i}: lines of a label`).toBeLessThanOrEqual(2);
  });
  // Cards of one row are as tall as each other.
  const rows = new Map<number, number[]>();
  for (const card of layout.cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card.height]);
  for (const [top, heights] of rows)
    expect(new Set(heights).size, `${where}, row at ${top}`).toBe(1);
  // The grid's last row reaches its right edge (the filler card spans what is left).
  expect(Math.abs(layout.gridRight - layout.lastRight), where).toBeLessThanOrEqual(2);
}

const CARD_TEST = `one primary and at most two secondary actions in view, labels on two lines at most, equal heights in a row, a full last row, no sideways scroll`;

// Each site's own results page, the one its header links to. The cards' layout is CSS alone, so a
// desktop visit is measured at each width in turn as the window is resized; a phone is its own visit.
test.describe("vehicle cards on a phone", () => {
  test.use(PHONE);
  test(`${CARD_TEST} at 390 px`, async ({ page, siteUrl, siteBySlug }) => {
    for (const { slug } of DEMO_SITES) {
      await page.goto(siteUrl(slug, siteBySlug(slug).settings.defaultSearchPath));
      await hydrated(page);
      await expectCardsToFit(page, PHONE.viewport.width, `${slug} at 390`);
    }
  });
});

/** Desktop widths, the last of them checked by axe as well. */
const DESKTOP_WIDTHS = [768, 1024, 1920, 1366];

for (const { slug } of DEMO_SITES) {
  test(`vehicle cards of ${slug} at ${DESKTOP_WIDTHS.join(", ")} px: ${CARD_TEST}, and no axe violations`, async ({
    page,
    siteUrl,
    siteBySlug,
    axe,
  }) => {
    await page.setViewportSize({ width: DESKTOP_WIDTHS[0]!, height: 900 });
    await page.goto(siteUrl(slug, siteBySlug(slug).settings.defaultSearchPath));
    await hydrated(page);
    for (const width of DESKTOP_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await expectCardsToFit(page, width, `${slug} at ${width}`);
    }
    expect(await axe()).toEqual([]);
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
