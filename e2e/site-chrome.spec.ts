/**
 * The site chrome (header, navigation, footer) of every demo site in Chromium, at the widths
 * shoppers use: each home page is visited once per width and everything about its chrome (and,
 * at one width, its brand and home page blocks) is checked on that visit.
 */
import type { Locator, Page } from "@playwright/test";
import type { Site } from "~/server/sites/site";
import { expect, hydrated, test } from "./support/fixtures";

test("follows the site's own links in the app, and leaves new-tab clicks to the browser", async ({
  page,
  siteUrl,
  pageErrors,
}) => {
  await page.goto(siteUrl("coastal-kia", "/about-us"));
  await hydrated(page);
  // A full page load would lose this mark; app navigation keeps the document.
  await page.evaluate(() => ((window as unknown as { mark: number }).mark = 1));
  const documents: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "document") documents.push(request.url());
  });
  const footer = page.getByRole("contentinfo");
  const privacy = footer.getByRole("link", { name: "Privacy Policy" }).first();
  await privacy.click();
  await expect(page).toHaveURL(/\/privacy-policy$/);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Privacy");
  await page.getByRole("link", { name: /home$/ }).first().click();
  await expect(page).toHaveURL(siteUrl("coastal-kia"));
  expect(await page.evaluate(() => (window as unknown as { mark?: number }).mark)).toBe(1);
  expect(documents).toEqual([]);
  // Ctrl+click is the browser's: a new tab, and this page stays where it is.
  const [popup] = await Promise.all([
    page.context().waitForEvent("page"),
    privacy.click({ modifiers: ["Control"] }),
  ]);
  await expect(popup).toHaveURL(/\/privacy-policy$/);
  expect(new URL(page.url()).pathname).toBe("/");
  await popup.close();
  expect(pageErrors).toEqual([]);
});

test("opens every header dropdown with the keyboard, moves through it and closes it with Escape", async ({
  page,
  siteUrl,
  pageErrors,
}) => {
  await page.goto(siteUrl("harbour-auto-group"));
  await hydrated(page);
  // The demo's promotion does not open over a page just landed on: the header is reachable.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  const nav = page.getByRole("navigation", { name: "Main" });
  const names = await nav.getByRole("button", { expanded: false }).allTextContents();
  // The stock dropdown in the row and 'More pages' at its end.
  expect(names.length).toBeGreaterThanOrEqual(2);
  for (const name of names) {
    const button = nav.getByRole("button", { name, exact: true });
    await button.focus();
    await page.keyboard.press("Enter");
    await expect(button).toHaveAttribute("aria-expanded", "true");
    const list = page.locator(`[id="${await button.getAttribute("aria-controls")}"]`);
    await expect(list).toBeVisible();
    await page.keyboard.press("ArrowDown");
    await expect(list.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
    await expect(button).toBeFocused();
  }
  // ArrowDown on a closed dropdown opens it and focuses its first link.
  await nav.getByRole("button", { name: names[0], exact: true }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(page.locator(":focus")).toHaveText("New Cars");
  expect(pageErrors).toEqual([]);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test("opens the mobile menu by touch", async ({ page, siteUrl }) => {
    await page.goto(siteUrl("coastal-kia"));
    await hydrated(page);
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.tap();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(
      page.getByRole("navigation", { name: "Mobile" }).getByText("New Kia"),
    ).toBeVisible();
  });
});

test("gives an unknown host a plain 404", async ({ page, siteUrl }) => {
  const res = await page.goto(siteUrl("no-such-dealer"));
  expect(res?.status()).toBe(404);
  await expect(page.locator("body")).toHaveText("Not Found");
});

/** Vertical extents overlap: the boxes sit on one line. */
function onOneLine(boxes: Array<{ name: string; y: number; height: number }>): string[] {
  const top = Math.max(...boxes.map((b) => b.y));
  const bottom = Math.min(...boxes.map((b) => b.y + b.height));
  return top < bottom
    ? []
    : boxes.map((b) => `${b.name}: ${Math.round(b.y)}+${Math.round(b.height)}`);
}

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

// One visit per demo site's home page and width, and everything about the chrome checked on it:
// the header, its overflow into 'More pages', the call link, sideways scrolling, and (once) the
// brand, the footer and the home page's own blocks.
for (const width of [390, 768, 1024, 1366, 1920]) {
  test.describe(`at ${width} px`, () => {
    test.use(width === PHONE.viewport.width ? PHONE : { viewport: { width, height: 900 } });

    test(`keeps every demo site's header on one row, its items in the row or under 'More pages', and its home page without sideways scrolling`, async ({
      page,
      server,
      siteUrl,
      axe,
      pageErrors,
    }) => {
      const templatesWithCallLink = new Set<string>();
      for (const site of server.registry.all()) {
        const where = `${site.slug} at ${width} px`;
        const res = await page.goto(siteUrl(site.slug));
        expect(res?.status(), where).toBe(200);
        await hydrated(page);
        // A promotion never opens over a page just landed on (a banner in the page on a phone).
        await expect(page.getByRole("dialog"), where).toHaveCount(0);
        const banner = page.getByRole("banner");
        const parts = [banner.getByRole("link", { name: `${site.name} home` })];
        const nav = page.getByRole("navigation", { name: "Main" });
        if (width >= 1024) {
          await expect(banner.getByRole("button", { name: "Menu" }), where).toBeHidden();
          const items = nav.locator(":scope > ul > li");
          for (let i = 0; i < (await items.count()); i++) {
            if (await items.nth(i).isVisible()) parts.push(items.nth(i));
          }
        } else {
          await expect(nav, where).toBeHidden();
        }
        if (width >= 768) parts.push(banner.getByRole("link", { name: "Book a Service" }));
        if (width < 1024) parts.push(banner.getByRole("button", { name: "Menu" }));
        const boxes = [];
        for (const part of parts) {
          const box = await part.boundingBox();
          expect(box, `${where}: ${String(part)}`).not.toBeNull();
          boxes.push({ name: String(part), ...box! });
        }
        expect(onOneLine(boxes), where).toEqual([]);
        // Left to right without overlapping, and inside the screen.
        const xs = boxes.map((b) => [Math.round(b.x), Math.round(b.x + b.width)] as const);
        for (let i = 1; i < xs.length; i++) {
          expect(xs[i]![0], `${where}: ${boxes[i]!.name}`).toBeGreaterThanOrEqual(xs[i - 1]![1]);
        }
        expect(Math.max(...xs.map(([, right]) => right)), where).toBeLessThanOrEqual(width);
        const scroll = await page.evaluate(() => ({
          scroll: document.documentElement.scrollWidth,
          client: document.documentElement.clientWidth,
        }));
        expect(scroll.scroll, `${where} scrolls sideways`).toBeLessThanOrEqual(scroll.client);
        await expect
          .poll(() => banner.evaluate((header) => header.scrollWidth), where)
          .toBeLessThanOrEqual(width);
        // Nothing in the header moved after the first paint (hydration and measuring included).
        const headerShift = await page.evaluate(async () => {
          // Every shift since the page began, the frames now being drawn included: read at once
          // instead of waiting for a callback that never comes when nothing moved.
          await new Promise((frame) => requestAnimationFrame(() => requestAnimationFrame(frame)));
          const observer = new PerformanceObserver(() => {});
          observer.observe({ type: "layout-shift", buffered: true });
          const entries = observer.takeRecords() as Array<
            PerformanceEntry & { value: number; sources: Array<{ node: Node | null }> }
          >;
          observer.disconnect();
          const header = document.querySelector("header");
          return entries
            .filter((entry) => entry.sources.some((s) => s.node && header?.contains(s.node)))
            .reduce((sum, entry) => sum + entry.value, 0);
        });
        // Zero on a quiet machine; once, under full CI load, a 0.003 shift of one header was seen
        // and not reproduced alone. A hundredth still fails any real reflow of the header.
        expect(headerShift, `${where}: header layout shift`).toBeLessThan(0.01);

        // The site's phone number is a call link in the header, on a phone and on a desktop.
        const phone = site.contactDetails.phone;
        if (phone && (width === PHONE.viewport.width || width === 1366)) {
          templatesWithCallLink.add(site.template);
          const call = banner.getByRole("link", { name: `Call ${phone}` }).first();
          await expect(call, where).toBeVisible();
          await expect(call, where).toHaveAttribute("href", `tel:${phone.replace(/[^\d+]/g, "")}`);
        }

        if (width === 1366) await expectBrandAndHomeBlocks(page, site);
        if (width < 1024) continue;

        // The visible items share one row.
        const rows = () =>
          nav
            .locator(":scope > ul > li")
            .evaluateAll(
              (items) =>
                new Set(
                  items
                    .filter((item) => item.getClientRects().length > 0)
                    .map((item) => Math.round(item.getBoundingClientRect().top)),
                ).size,
            );
        await expect.poll(rows, where).toBe(1);
        // What the row does not show, 'More pages' offers: reached with the keyboard alone.
        const hidden: string[] = [];
        for (const item of site.navigation.header) {
          if (item.name === "More") continue;
          const inRow = nav.locator(":scope > ul > li").filter({ hasText: item.name }).first();
          if (await inRow.isVisible()) continue;
          hidden.push(item.dropdownItems?.[0]?.name ?? item.name);
        }
        const more = nav.getByRole("button", { name: "More pages" });
        if (hidden.length > 0) {
          await more.focus();
          await page.keyboard.press("Enter");
          await expect(more).toHaveAttribute("aria-expanded", "true");
          const reached: string[] = [];
          const links = await page
            .locator(`[id="${await more.getAttribute("aria-controls")}"] a`)
            .evaluateAll((all) => all.filter((a) => a.getClientRects().length > 0).length);
          for (let i = 0; i < links; i++) {
            await page.keyboard.press("ArrowDown");
            reached.push((await page.evaluate(() => document.activeElement?.textContent)) ?? "");
          }
          for (const name of hidden) expect(reached, where).toContain(name);
          await page.keyboard.press("Escape");
          await expect(more).toBeFocused();
        }
        // Every item (or one of its own) is in the row or, once 'More pages' is open, in its list.
        await more.click();
        await expect(more, where).toHaveAttribute("aria-expanded", "true");
        for (const item of site.navigation.header) {
          const name = item.dropdownItems?.[0]?.name ?? item.name;
          await expect(nav.getByText(name, { exact: true }).first(), where).toBeAttached();
          if (item.name === "More") continue;
          const names = [item.name, ...(item.dropdownItems ?? []).map((child) => child.name)];
          const shown = names
            .map((n) => nav.getByText(n, { exact: true }))
            .reduce((any: Locator, one) => any.or(one))
            .filter({ visible: true });
          await expect(shown.first(), `${where}: ${item.name}`).toBeVisible();
          const inRow = nav.getByText(item.name, { exact: true });
          const inMore = nav.getByRole("link", { name, exact: true });
          await expect(
            inRow.or(inMore).filter({ visible: true }).first(),
            `${where}: ${item.name}`,
          ).toBeVisible();
        }
        await page.keyboard.press("Escape");
        await expect(more, where).toHaveAttribute("aria-expanded", "false");
        await expect(page.getByRole("link", { name: "More", exact: true }), where).toHaveCount(0);
      }
      if (width === PHONE.viewport.width || width === 1366)
        expect([...templatesWithCallLink]).toContain("bold");
      // The last home page with its chrome in full, at a desktop width.
      if (width === 1024 || width === 1366) expect(await axe()).toEqual([]);
      expect(pageErrors).toEqual([]);
    });
  });
}

/**
 * The site's own brand (its name in the title, its colour), its footer, and the home page's
 * hero with a picture, featured and just-arrived vehicles from its stock, and its reviews as a
 * carousel.
 */
async function expectBrandAndHomeBlocks(page: Page, site: Site): Promise<void> {
  const slug = site.slug;
  await expect(page).toHaveTitle(new RegExp(site.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.locator("html")).toHaveCSS("--brand", site.settings.theme.primary);
  await expect(page.getByRole("heading", { name: "Company" }), slug).toBeVisible();
  // The hero carries a picture from the stock, sized before it loads.
  const hero = page.locator('[data-home-block="hero"] img');
  await expect(hero, slug).toBeVisible();
  await expect(hero, slug).toHaveAttribute("width", /\d+/);
  for (const title of ["Featured vehicles", "Just arrived"]) {
    const section = page.getByRole("region", { name: title });
    await expect(section, `${slug}: ${title}`).toBeVisible();
    await expect(section.getByRole("article").first(), `${slug}: ${title}`).toBeVisible();
  }
  // Every review shown sits in the one carousel.
  const reviews = page.locator('[aria-label^="Review by "]');
  await expect(
    page.locator('[aria-roledescription="carousel"] [aria-label^="Review by "]'),
    slug,
  ).toHaveCount(await reviews.count());
}

test("moves a further item into 'More pages' when the labels turn out wider than estimated", async ({
  page,
  siteUrl,
  axe,
  pageErrors,
}) => {
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(siteUrl("harbour-auto-group", "/about-us"));
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Main" });
  const list = nav.locator(":scope > ul");
  const shown = () => list.locator(":scope > li[data-menu-item]").filter({ visible: true }).count();
  const before = await shown();
  // Wider letters than the server's estimate, then a new width: the header measures again.
  await page.addStyleTag({
    content: 'nav[aria-label="Main"] li[data-menu-item] a { letter-spacing: 1em }',
  });
  await page.setViewportSize({ width: 1090, height: 900 });
  await expect.poll(shown).toBeLessThan(before);
  expect(await list.evaluate((ul) => ul.scrollWidth <= ul.clientWidth)).toBe(true);
  const more = nav.getByRole("button", { name: "More pages" });
  await more.focus();
  await page.keyboard.press("Enter");
  await expect(
    nav.getByRole("link", { name: "Special Offers" }).filter({ visible: true }),
  ).toHaveCount(1);
  await page.keyboard.press("Escape");
  expect(await axe()).toEqual([]);
  expect(pageErrors).toEqual([]);
});
