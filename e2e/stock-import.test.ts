/**
 * A stock feed's round trip in Chromium: a feed imported through the stock API shows on the
 * search results page and the vehicle page; a changed feed (a price change, a removed car, a new
 * car) shows the new price, the removed car as Just Sold and the new car as Just Arrived.
 * Self-contained: its own site, key, browser and feeds.
 */
import { existsSync } from "node:fs";
import { eq, inArray } from "drizzle-orm";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { announceVehicleChanges } from "~/server/stock/vehicle-store";
import { createFeedSite, csvFeed, postFeed, type FeedSite } from "~/tests/stock/support";
import { startTestServer } from "~/tests/support/test-server";

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const DAY_MS = 86_400_000;

const corolla = { stocknum: "RT100", make: "Toyota", model: "Corolla", year: 2021, price: 26990 };
const ranger = { stocknum: "RT101", make: "Ford", model: "Ranger", year: 2020, price: 41990 };
const rio = { stocknum: "RT102", make: "Kia", model: "Rio", year: 2019, price: 15990 };
const sportage = { stocknum: "RT103", make: "Kia", model: "Sportage", year: 2024, price: 38990 };

describe.skipIf(!existsSync(CHROMIUM))("a stock feed, seen in a real browser", () => {
  let server: RunningServer;
  let browser: Browser;
  let site: FeedSite;

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startTestServer(),
      chromium.launch({
        executablePath: CHROMIUM,
        args: [
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--no-first-run",
        ],
      }),
    ]);
    site = await createFeedSite(server, "round-trip");
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** The card of a vehicle on the search results page, by its make and model. */
  const card = (page: Page, v: { make: string; model: string }) =>
    page.locator("article", { has: page.locator("h3", { hasText: `${v.make} ${v.model}` }) });

  it("shows an imported feed, then the changes of the next one", async () => {
    const first = await postFeed(server, site, csvFeed([corolla, ranger, rio]), { key: site.key });
    expect(first.json).toMatchObject({ status: "applied", added: 3 });
    // The first feed's cars arrived a month ago: only a car new to the next feed is Just Arrived.
    const monthAgo = Date.now() - 30 * DAY_MS;
    const arrived = await server.database.db
      .update(vehicles)
      .set({ createdAt: new Date(monthAgo), createdAtTimestamp: monthAgo })
      .where(eq(vehicles.siteId, site.id))
      .returning({ id: vehicles.id });
    await announceVehicleChanges(
      server.bus,
      site.id,
      arrived.map((v) => v.id),
    );

    const page = await browser.newPage();
    const srp = `http://${site.slug}.localhost:${server.port}/search`;
    await page.goto(srp);
    for (const v of [corolla, ranger, rio]) await card(page, v).waitFor();
    await expect(card(page, corolla).textContent()).resolves.toContain("26,990");

    await card(page, corolla).locator("h3 a").click();
    await page.waitForURL(/\/cars\/2021-toyota-corolla-rt100$/);
    await page.getByRole("heading", { level: 1, name: /2021 Toyota Corolla/ }).waitFor();
    await expect(page.locator("main").textContent()).resolves.toContain("26,990");

    const next = await postFeed(
      server,
      site,
      csvFeed([{ ...corolla, price: 24990 }, ranger, sportage]),
      { key: site.key },
    );
    expect(next.json).toMatchObject({ added: 1, updated: 1, sold: 1, unchanged: 1 });

    await page.goto(srp);
    await card(page, sportage).waitFor();
    const text = async (v: { make: string; model: string }) =>
      (await card(page, v).textContent()) ?? "";
    expect(await text(corolla)).toContain("24,990");
    expect(await text(corolla)).not.toContain("26,990");
    expect(await text(rio)).toContain("Just Sold");
    expect(await text(sportage)).toContain("Just Arrived");
    expect(await text(corolla)).not.toContain("Just Arrived");
    expect(await text(ranger)).not.toContain("Just Sold");

    const sold = await server.database.db
      .select({ status: vehicles.status })
      .from(vehicles)
      .where(inArray(vehicles.stocknum, [rio.stocknum]));
    expect(sold).toEqual([{ status: "sold" }]);
    await page.close();
  });
});
