/**
 * The search filter's make tiles keep each make's name whole: a wordmark wraps only at a space or
 * a hyphen, or sets smaller, on a phone's drawer and on a wide screen, on car and motorcycle sites.
 */
import type { Locator } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

type TileLines = { name: string; words: number; lines: number; splitWords: string[] };

/**
 * Each visible wordmark's rendered lines and the words drawn over two lines: a word split across
 * lines has client rects at two heights.
 */
async function tileLines(panel: Locator): Promise<TileLines[]> {
  return panel.locator(".make-mark").evaluateAll((marks) =>
    marks
      .filter((mark) => (mark as HTMLElement).offsetParent !== null)
      .map((mark) => {
        const walker = document.createTreeWalker(mark, NodeFilter.SHOW_TEXT);
        const node = walker.nextNode() as Text;
        const text = node.data;
        const tops = (range: Range) =>
          new Set(
            [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
          );
        const whole = document.createRange();
        whole.selectNodeContents(node);
        const splitWords: string[] = [];
        let words = 0;
        for (const match of text.matchAll(/[^\s-]+/g)) {
          words += 1;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          if (tops(range).size > 1) splitWords.push(match[0]);
        }
        return { name: text, words, lines: tops(whole).size, splitWords };
      }),
  );
}

async function expectWholeNames(panel: Locator, names: string[]) {
  // Every make, the extra ones too.
  const more = panel.locator("details > summary").filter({ hasText: /show all makes/i });
  if (await more.count()) await more.first().click();
  const tiles = await tileLines(panel);
  expect(tiles.length).toBeGreaterThanOrEqual(names.length);
  const shown = tiles.map((t) => t.name.toUpperCase());
  for (const name of names) expect(shown).toContain(name);
  for (const tile of tiles) {
    expect(tile.splitWords, tile.name).toEqual([]);
    expect(tile.lines, tile.name).toBeLessThanOrEqual(tile.words);
  }
  // The name fits its tile: nothing spills past the card.
  const overflowing = await panel.locator(".make-card").evaluateAll((cards) =>
    cards
      .filter((card) => (card as HTMLElement).offsetParent !== null)
      .filter((card) => card.scrollWidth > card.clientWidth + 1)
      .map((card) => card.textContent),
  );
  expect(overflowing).toEqual([]);
}

const SITES = [
  { slug: "harbour-auto-group", names: ["TOYOTA", "MAZDA"] },
  { slug: "throttle-motorcycles", names: ["KAWASAKI", "HARLEY-DAVIDSON", "YAMAHA"] },
];

for (const { slug, names } of SITES) {
  test.describe(`${slug} at 1440 px`, () => {
    test.use({ viewport: { width: 1440, height: 900 } });

    test("make tiles never break a name inside a word", async ({
      page,
      siteUrl,
      siteBySlug,
      pageErrors,
    }) => {
      const site = siteBySlug(slug);
      await page.goto(siteUrl(slug, site.settings.defaultSearchPath));
      await hydrated(page);
      const panel = page.locator("#search-filters .make-panel");
      await expect(panel).toBeVisible();
      await expectWholeNames(panel, names);
      expect(pageErrors).toEqual([]);
    });
  });

  test.describe(`${slug} on a 390 px phone`, () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

    test("make tiles in the filter drawer never break a name inside a word", async ({
      page,
      siteUrl,
      siteBySlug,
      pageErrors,
    }) => {
      const site = siteBySlug(slug);
      await page.goto(siteUrl(slug, site.settings.defaultSearchPath));
      await hydrated(page);
      await page.getByRole("button", { name: /^Filters/ }).click();
      const panel = page.locator("#search-filters .make-panel");
      await expect(panel).toBeVisible();
      await expectWholeNames(panel, names);
      expect(pageErrors).toEqual([]);
    });
  });
}
