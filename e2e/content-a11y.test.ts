/**
 * Accessibility and budgets of the content pages (docs/performance-budgets.md): axe finds no
 * violations on every route for every demo site (dialogs open included), the home page's
 * initial JavaScript stays within budget, and the carousel and popup shift no layout.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import type { RunningServer } from "~/server/start";
import { CONTENT_ROUTES } from "~/tests/content/routes";
import { fetchWithHost, startTestServer } from "~/tests/support/test-server";
import { axeViolations } from "./support/axe";
import { browserAvailable, launchBrowser, watchForErrors } from "./support/browser";

/** Initial JavaScript budget of the home page: a bare React Router app (~112 KB) + 60 KB, gzip. */
const HOME_JS_BUDGET_BYTES = 172 * 1024;

describe.skipIf(!browserAvailable)("content pages: accessibility and budgets", () => {
  let server: RunningServer;
  let browser: Browser;
  const siteUrl = (slug: string, path = "/") => `http://${slug}.localhost:${server.port}${path}`;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it(
    "has no axe violations on any content route of any demo site",
    { timeout: 600_000 },
    async () => {
      const found: string[] = [];
      const errors: string[] = [];
      const checkSite = async (page: Page, slug: string, hasPopup: boolean) => {
        const locationsPage = await fetchWithHost(server, `${slug}.localhost`, "/our-locations/");
        const firstLocation = /href="(\/our-location\/[^"]+)"/.exec(locationsPage.body)?.[1];
        for (const path of [...CONTENT_ROUTES, ...(firstLocation ? [firstLocation] : [])]) {
          await page.goto(siteUrl(slug, path), { waitUntil: "domcontentloaded" });
          // The promo popup, where a site has one, is checked open, then closed.
          if (path === "/" && hasPopup) {
            await page.getByRole("dialog").waitFor();
            for (const v of await axeViolations(page))
              found.push(`${slug}${path} [popup open] ${v}`);
            await page.keyboard.press("Escape");
          }
          for (const v of await axeViolations(page, { contentOnly: path !== "/" }))
            found.push(`${slug}${path} ${v}`);
        }
      };
      // Two pages at a time: the browser waits on the server as much as on axe.
      const queue = [...server.registry.all()];
      await Promise.all(
        [0, 1].map(async () => {
          const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
          const pageErrors = watchForErrors(page);
          for (let site = queue.shift(); site; site = queue.shift()) {
            await checkSite(page, site.slug, site.settings.promoPopup !== null);
          }
          errors.push(...pageErrors);
          await page.close();
        }),
      );
      expect(found).toEqual([]);
      expect(errors).toEqual([]);
    },
  );

  it("has no axe violations with the holiday hours dialog and the Email Us form open", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(siteUrl("southern-motors", "/our-location/southern-motors-dunedin"), {
      waitUntil: "networkidle",
    });
    await page.getByRole("button", { name: "View Holiday Hours" }).click();
    await page.getByRole("dialog").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Email Us" }).click();
    await page.getByRole("dialog").getByLabel("First Name").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Send message" }).click();
    await page.getByRole("dialog").getByText("*This is a required field.").first().waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.close();
  });

  it("keeps the home page's initial JavaScript within budget", async () => {
    for (const slug of ["harbour-auto-group", "lone-star-autos"]) {
      const page = await browser.newPage();
      const sizes = new Map<string, number>();
      page.on("response", async (response) => {
        if (response.request().resourceType() !== "script") return;
        const body = await response.body().catch(() => null);
        if (body) sizes.set(response.url(), gzipSync(body).length);
      });
      await page.goto(siteUrl(slug), { waitUntil: "networkidle" });
      // Past the chat bubble's and the script loader's 3 s: nothing more loads by itself.
      await page.waitForTimeout(3300);
      const total = [...sizes.values()].reduce((sum, n) => sum + n, 0);
      expect(total, `${slug}: ${(total / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(
        HOME_JS_BUDGET_BYTES,
      );
      // The dialogs' forms load only when a dialog asks for them.
      expect(
        [...sizes.keys()].filter((url) => /quick-message-form|email-us-form|lead-form/.test(url)),
      ).toEqual([]);
      await page.close();
    }
  });

  it("shifts no layout when the popup opens or the carousels hydrate and autoplay", async () => {
    for (const [slug, width] of [
      ["harbour-auto-group", 1280],
      ["coastal-kia", 390],
    ] as const) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.addInitScript(() => {
        (window as unknown as { __cls: number }).__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<
            PerformanceEntry & { value: number; hadRecentInput: boolean }
          >) {
            if (!entry.hadRecentInput)
              (window as unknown as { __cls: number }).__cls += entry.value;
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      await page.goto(siteUrl(slug), { waitUntil: "networkidle" });
      // Long enough for the popup, the chat timer and one autoplay step of the carousel.
      await page.waitForTimeout(4500);
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls, `${slug} at ${width}px`).toBeLessThan(0.01);
      await page.close();
    }
  });
});
