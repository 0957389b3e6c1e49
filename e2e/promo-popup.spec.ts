/**
 * The promotion on the Harbour demo site: on a phone a banner in the page that covers nothing and
 * is remembered once closed; on desktop a dialog that opens only after the shopper has spent the
 * site's set time on the page or scrolled its set share of it, never by itself at landing; its
 * image's box reserved so nothing shifts when it loads.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./support/fixtures";

const SITE = "harbour-auto-group";
const TITLE = "End of Year Sale";
/** The demo site's popup leaves `openAfterSeconds` and `openAfterScrollPercent` at their defaults. */
const OPEN_AFTER_MS = 20_000;

/** Sums the page's layout shifts (not caused by input) from its first paint on. */
async function watchLayoutShift(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    const w = window as unknown as { __cls: number };
    w.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<
        PerformanceEntry & { value: number; hadRecentInput: boolean }
      >) {
        if (!entry.hadRecentInput) w.__cls += entry.value;
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  return () => page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

type Box = { x: number; y: number; width: number; height: number };
const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("shows the promotion as a banner in the page that covers no content, and remembers it closed", async ({
    page,
    siteUrl,
    axe,
    pageErrors,
  }) => {
    const layoutShift = await watchLayoutShift(page);
    await page.clock.install();
    await page.goto(siteUrl(SITE));
    const banner = page.getByRole("region", { name: TITLE });
    // Server-rendered, so it is there before the page's code runs and moves nothing later.
    await expect(banner).toBeVisible();
    await hydrated(page);
    await page.clock.runFor(OPEN_AFTER_MS + 5_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(banner).toContainText("Drive away pricing on selected new Toyota");
    await expect(banner.getByRole("link", { name: "View Offers" })).toHaveAttribute(
      "href",
      /\/special-offers$/,
    );

    // In the page's flow, not over it: nothing of the page lies under it.
    expect(await banner.evaluate((el) => getComputedStyle(el).position)).toBe("static");
    const bannerBox = (await banner.boundingBox())!;
    const heading = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
    expect(intersects(bannerBox, heading)).toBe(false);
    const firstBlock = (await page.locator("[data-home-block]").first().boundingBox())!;
    expect(intersects(bannerBox, firstBlock)).toBe(false);
    expect(firstBlock.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height);
    expect(await layoutShift()).toBeLessThan(0.01);
    expect(await axe()).toEqual([]);

    await banner.getByRole("button", { name: "Close this offer" }).click();
    await expect(banner).toHaveCount(0);
    await page.reload();
    await hydrated(page);
    await expect(page.getByRole("region", { name: TITLE })).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test("closes the banner when its button is followed, and remembers that", async ({
    page,
    siteUrl,
    pageErrors,
  }) => {
    await page.goto(siteUrl(SITE));
    await hydrated(page);
    await page
      .getByRole("region", { name: TITLE })
      .getByRole("link", { name: "View Offers" })
      .click();
    await expect(page).toHaveURL(/\/special-offers$/);
    await page.goto(siteUrl(SITE));
    await hydrated(page);
    await expect(page.getByRole("region", { name: TITLE })).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });
});

test.describe("on desktop", () => {
  test.use({ viewport: { width: 1440, height: 900 } });

  test("opens the dialog only after the site's set time on the page; Escape closes it for good", async ({
    page,
    siteUrl,
    axe,
    pageErrors,
  }) => {
    await page.clock.install();
    await page.goto(siteUrl(SITE));
    await hydrated(page);
    // No banner on a wide screen, and no dialog after two idle seconds.
    await expect(page.getByRole("region", { name: TITLE })).toBeHidden();
    await page.clock.runFor(2_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.clock.runFor(OPEN_AFTER_MS - 4_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.clock.runFor(2_500);
    const popup = page.getByRole("dialog", { name: TITLE });
    await expect(popup).toBeVisible();
    await expect(popup.getByText("Drive away pricing on selected new Toyota")).toBeVisible();
    await expect(popup.locator("img")).toHaveCount(1);
    expect(await axe()).toEqual([]);
    // Focus is inside the dialog; Escape closes it and focus leaves it.
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(
      true,
    );
    await page.keyboard.press("Escape");
    await expect(popup).toHaveCount(0);
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") ?? null)).toBeNull();

    await page.reload();
    await hydrated(page);
    await page.clock.runFor(OPEN_AFTER_MS + 5_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test("opens the dialog once the shopper has scrolled the site's set share of the page", async ({
    page,
    siteUrl,
    pageErrors,
  }) => {
    await page.clock.install();
    await page.goto(siteUrl(SITE));
    await hydrated(page);
    const scrollTo = (share: number) =>
      page.evaluate((s) => {
        window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * s);
      }, share);
    // A tenth of the page is short of the default 30 %.
    await scrollTo(0.1);
    await page.clock.runFor(1_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await scrollTo(0.4);
    await expect(page.getByRole("dialog", { name: TITLE })).toBeVisible();
    await page.getByRole("dialog").getByRole("link", { name: "View Offers" }).click();
    await expect(page).toHaveURL(/\/special-offers$/);
    await page.goto(siteUrl(SITE));
    await hydrated(page);
    await scrollTo(1);
    await page.clock.runFor(OPEN_AFTER_MS + 5_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(pageErrors).toEqual([]);
  });

  test("reserves the image's box before it loads, so nothing shifts when it does", async ({
    page,
    siteUrl,
    pageErrors,
  }) => {
    const layoutShift = await watchLayoutShift(page);
    let releaseImage = () => {};
    const imageHeld = new Promise<void>((done) => (releaseImage = done));
    await page.route("**/media/promo/harbour.svg", async (route) => {
      await imageHeld;
      await route.continue();
    });
    await page.clock.install();
    await page.goto(siteUrl(SITE));
    await hydrated(page);
    await page.clock.runFor(OPEN_AFTER_MS + 500);
    const popup = page.getByRole("dialog", { name: TITLE });
    await expect(popup).toBeVisible();
    const image = popup.locator("img");
    // Not loaded yet: its 16:9 box is already there, the picture itself not yet shown.
    expect(await image.evaluate((img: HTMLImageElement) => img.complete)).toBe(false);
    const before = (await image.boundingBox())!;
    expect(before.height).toBeGreaterThan(100);
    expect(before.height).toBeCloseTo((before.width * 9) / 16, 0);
    await expect(image).toHaveCSS("opacity", "0");
    const textBefore = (await popup.getByText("Drive away pricing").boundingBox())!;

    releaseImage();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await expect(image).toHaveCSS("opacity", "1");
    expect((await image.boundingBox())!.height).toBeCloseTo(before.height, 0);
    expect((await popup.getByText("Drive away pricing").boundingBox())!.y).toBeCloseTo(
      textBefore.y,
      0,
    );
    expect(await layoutShift()).toBeLessThan(0.01);
    expect(pageErrors).toEqual([]);
  });
});
