/**
 * Accessibility and budgets of the content pages: axe finds no violations on every route of
 * every demo site (dialogs open included), each route checked as a loaded document on one site
 * and as the app renders it after a link on the others. Each home page renders its blocks and
 * loads no third-party script, the home page's initial JavaScript stays within budget, and the
 * carousel and popup shift no layout. On the US and New Zealand sites the same visits read each
 * page for the Australian words of the market's list (the word sweep, locale-words.spec.ts,
 * reads the rest).
 */
import { gzipSync } from "node:zlib";
import { DEMO_SITES } from "~/server/db/seed/demo-sites";
import { CONTENT_ROUTES } from "~/tests/content/routes";
import { fetchWithHost } from "~/tests/support/test-server";
import { foreignWords, marketWords } from "./support/locale-words";
import {
  carouselTracks,
  expect,
  settledScroll,
  hydrated,
  navigatedInApp,
  test,
  whenRequestsSettle,
} from "./support/fixtures";

/** Initial JavaScript budget of the home page: a bare React Router app (~112 KB) + 60 KB, gzip. */
const HOME_JS_BUDGET_BYTES = 172 * 1024;

// One test per site, so the workers share the sweep. The home page's own checks (its blocks, no
// third-party script) ride on the sweep's visit instead of loading every home page again.
for (const [siteIndex, { slug }] of DEMO_SITES.entries()) {
  test(`${slug}: renders its home page's blocks, loads no third-party script, and has no axe violations on any content route`, async ({
    page,
    server,
    siteUrl,
    siteBySlug,
    axe,
    pageErrors,
  }) => {
    const { settings, locale } = siteBySlug(slug);
    const words = marketWords(locale);
    const locationsPage = await fetchWithHost(server, `${slug}.localhost`, "/our-locations/");
    const firstLocation = /href="(\/our-location\/[^"]+)"/.exec(locationsPage.body)?.[1];
    const external: string[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (!url.hostname.endsWith(".localhost")) external.push(request.url());
    });
    const settled = whenRequestsSettle(page);
    // Time flows, and the home page's timers can be run past their edge.
    await page.clock.install();
    const found: string[] = [];
    const paths = [...CONTENT_ROUTES, ...(firstLocation ? [firstLocation] : [])];
    for (const [index, path] of paths.entries()) {
      // Each route is loaded as a document on one site in turn (its server-rendered markup, before
      // the page's code runs) and reached through the app's own navigation on the others, as a
      // shopper following the site's links does: every route of every site is checked, and every
      // route's document on some site. The home page is always loaded, for its own checks.
      const asDocument = index === 0 || index % DEMO_SITES.length === siteIndex;
      if (!asDocument) {
        if (await navigatedInApp(page, path)) {
          for (const v of await axe(page, { contentOnly: true })) found.push(`${path} ${v}`);
          if (words) found.push(...(await foreignWords(page, words, `${slug}${path}`)));
          continue;
        }
        found.push(`${path}: did not render through the app's navigation`);
      }
      const response = await page.goto(siteUrl(slug, path), { waitUntil: "domcontentloaded" });
      // The header and footer are the same on every page: checked in full on the home page.
      for (const v of await axe(page, { contentOnly: path !== "/" })) found.push(`${path} ${v}`);
      // What the page's code renders too; and the next route is reached in the app.
      await hydrated(page);
      // The promo popup, where a site has one, is checked open (after its set time), then closed.
      if (path === "/" && settings.promoPopup) {
        await page.clock.runFor(settings.promoPopup.openAfterSeconds * 1_000 + 500);
        await expect(page.getByRole("dialog")).toBeVisible();
        for (const v of await axe()) found.push(`${path} [popup open] ${v}`);
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      if (words) found.push(...(await foreignWords(page, words, `${slug}${path}`)));
      if (path !== "/") continue;
      expect(response?.status()).toBe(200);
      const blocks = await page
        .locator("[data-home-block]")
        .evaluateAll((els) => els.map((el) => el.getAttribute("data-home-block")));
      expect(blocks).toEqual(settings.homeBlocks);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      if (settings.homeBlocks.includes("locations")) {
        await expect(
          page.getByRole("heading", { name: settings.locationsCarouselTitle, exact: true }),
        ).toBeVisible();
      }
      // What waits for an interaction, then what waits for none (the 3 s fallback), has loaded.
      await page.mouse.wheel(0, 400);
      await page.clock.runFor(3_200);
      await settled();
      expect(external, "third-party requests of the home page").toEqual([]);
    }
    expect(found).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
}

test("has no axe violations with the holiday hours dialog and the Email Us form open", async ({
  page,
  siteUrl,
  axe,
}) => {
  await page.goto(siteUrl("southern-motors", "/our-location/southern-motors-dunedin"));
  await hydrated(page);
  await page.getByRole("button", { name: "View Holiday Hours" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  expect(await axe()).toEqual([]);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Email Us" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("First Name")).toBeVisible();
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(dialog.getByText("*This is a required field.").first()).toBeVisible();
  expect(await axe()).toEqual([]);
});

for (const slug of ["harbour-auto-group", "lone-star-autos"]) {
  test(`${slug}: keeps the home page's initial JavaScript within budget`, async ({
    page,
    siteUrl,
  }) => {
    const sizes = new Map<string, number>();
    const bodies: Promise<void>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      bodies.push(
        response.body().then(
          (body) => void sizes.set(response.url(), gzipSync(body).length),
          () => undefined,
        ),
      );
    });
    const settled = whenRequestsSettle(page);
    await page.clock.install();
    await page.goto(siteUrl(slug), { waitUntil: "networkidle" });
    // Past the chat bubble's and the script loader's 3 s: nothing more loads by itself.
    await page.clock.runFor(3_300);
    await settled();
    await Promise.all(bodies);
    const total = [...sizes.values()].reduce((sum, n) => sum + n, 0);
    expect(total, `${slug}: ${(total / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(
      HOME_JS_BUDGET_BYTES,
    );
    // The dialogs' forms load only when a dialog asks for them.
    expect(
      [...sizes.keys()].filter((url) => /quick-message-form|email-us-form|lead-form/.test(url)),
    ).toEqual([]);
  });
}

for (const [slug, width] of [
  ["harbour-auto-group", 1280],
  ["coastal-kia", 390],
] as const) {
  test(`${slug} at ${width}px: shifts no layout when the popup opens or the carousels hydrate and autoplay`, async ({
    page,
    siteUrl,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.addInitScript(() => {
      (window as unknown as { __cls: number }).__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Array<
          PerformanceEntry & { value: number; hadRecentInput: boolean }
        >) {
          if (!entry.hadRecentInput) (window as unknown as { __cls: number }).__cls += entry.value;
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.clock.install();
    await page.goto(siteUrl(slug), { waitUntil: "networkidle" });
    // The popup (on desktop after its set time, 20 s by default), the chat timer and the
    // carousel's autoplay.
    await page.clock.runFor(20_500);
    await settledScroll(carouselTracks(page));
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    expect(cls).toBeLessThan(0.01);
  });
}
