/**
 * A stock feed's round trip in Chromium: a feed imported through the stock API shows on the
 * search results page and the vehicle page; a changed feed (a price change, a removed car, a new
 * car) shows the new price, the removed car as Just Sold and the new car as Just Arrived.
 * The feed's site is the test's own, on a server whose sites no other test walks.
 */
import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { vehicles } from "~/server/db/schema";
import { announceVehicleChanges } from "~/server/stock/vehicle-store";
import { createFeedSite, csvFeed, postFeed } from "~/tests/stock/support";
import { expect, test } from "./support/fixtures";

const DAY_MS = 86_400_000;

const corolla = { stocknum: "RT100", make: "Toyota", model: "Corolla", year: 2021, price: 26990 };
const ranger = { stocknum: "RT101", make: "Ford", model: "Ranger", year: 2020, price: 41990 };
const rio = { stocknum: "RT102", make: "Kia", model: "Rio", year: 2019, price: 15990 };
const sportage = { stocknum: "RT103", make: "Kia", model: "Sportage", year: 2024, price: 38990 };

/** The card of a vehicle on the search results page, by its make and model. */
const card = (page: Page, v: { make: string; model: string }) =>
  page.getByRole("article").filter({
    has: page.getByRole("heading", { level: 3, name: `${v.make} ${v.model}` }),
  });

test("shows an imported feed, then the changes of the next one", async ({ page, feedServer }) => {
  const server = feedServer;
  const site = await createFeedSite(server, `round-trip-${randomBytes(4).toString("hex")}`);
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

  const srp = `http://${site.slug}.localhost:${server.port}/search`;
  await page.goto(srp);
  for (const v of [corolla, ranger, rio]) await expect(card(page, v)).toBeVisible();
  await expect(card(page, corolla)).toContainText("26,990");

  await card(page, corolla).getByRole("heading", { level: 3 }).getByRole("link").click();
  await expect(page).toHaveURL(/\/cars\/2021-toyota-corolla-rt100$/);
  await expect(page.getByRole("heading", { level: 1, name: /2021 Toyota Corolla/ })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("26,990");

  const next = await postFeed(
    server,
    site,
    csvFeed([{ ...corolla, price: 24990 }, ranger, sportage]),
    { key: site.key },
  );
  expect(next.json).toMatchObject({ added: 1, updated: 1, sold: 1, unchanged: 1 });

  await page.goto(srp);
  await expect(card(page, sportage)).toBeVisible();
  await expect(card(page, corolla)).toContainText("24,990");
  await expect(card(page, corolla)).not.toContainText("26,990");
  await expect(card(page, rio)).toContainText("Just Sold");
  await expect(card(page, sportage)).toContainText("Just Arrived");
  await expect(card(page, corolla)).not.toContainText("Just Arrived");
  await expect(card(page, ranger)).not.toContainText("Just Sold");

  const sold = await server.database.db
    .select({ status: vehicles.status })
    .from(vehicles)
    .where(and(eq(vehicles.siteId, site.id), eq(vehicles.stocknum, rio.stocknum)));
  expect(sold).toEqual([{ status: "sold" }]);
});
