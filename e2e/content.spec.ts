/**
 * The rest of the dealer site in Chromium: home pages, an expired promotion, a location page with
 * its holiday hours dialog and Email Us modal, the special offers filter, a company page, the
 * history tabs and the chat bubble.
 */
import { rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { and, eq } from "drizzle-orm";
import { leads, locations, vehicles } from "~/server/db/schema";
import {
  carouselTracks,
  expect,
  hydrated,
  codeStartedUnderPausedClock,
  pauseClock,
  settledScroll,
  test,
} from "./support/fixtures";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import { withSettings } from "./support/site-settings";

test.describe("the value proposition carousel on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("autoplays, and pauses on hover and on request", async ({ page, siteUrl, pageErrors }) => {
    await pauseClock(page);
    await page.goto(siteUrl("southern-motors"), { waitUntil: "networkidle" });
    await codeStartedUnderPausedClock(page);
    const carousel = page.getByRole("region", { name: "Why buy with us" });
    const track = carouselTracks(carousel);
    await carousel.scrollIntoViewIfNeeded();
    await page.mouse.move(0, 0);
    await expect(carousel.getByRole("button", { name: "Pause Why buy with us" })).toBeVisible();
    // One autoplay step (3 to 4 s) moves it on.
    await page.clock.runFor(4_000);
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    // Hovered: it stays where it is (once a step under way has finished).
    await carousel.hover();
    const [hovered] = await settledScroll(track);
    await page.clock.runFor(8_000);
    expect(await settledScroll(track)).toEqual([hovered]);
    // Paused with its button (WCAG 2.2.2), even when the pointer leaves.
    await carousel.getByRole("button", { name: "Pause Why buy with us" }).click();
    await page.mouse.move(0, 0);
    const [paused] = await settledScroll(track);
    await page.clock.runFor(8_000);
    expect(await settledScroll(track)).toEqual([paused]);
    await expect(carousel.getByRole("button", { name: "Play Why buy with us" })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test.describe("with reduced motion", () => {
    test.use({ reducedMotion: "reduce" });

    test("does not autoplay and offers no pause button", async ({ page, siteUrl }) => {
      await pauseClock(page);
      await page.goto(siteUrl("southern-motors"), { waitUntil: "networkidle" });
      await codeStartedUnderPausedClock(page);
      const carousel = page.getByRole("region", { name: "Why buy with us" });
      await page.clock.runFor(8_000);
      expect(await settledScroll(carouselTracks(carousel))).toEqual([0]);
      await expect(page.getByRole("button", { name: "Pause Why buy with us" })).toHaveCount(0);
    });
  });
});

test("never shows a popup after its expiry date", async ({ page, server, siteUrl, pageErrors }) => {
  const promoPopup = {
    imageUrl: null,
    title: "Expired Deal",
    description: "Gone.",
    buttonText: "See",
    link: "/special-offers",
    expiresAt: "2000-01-01",
    visibleByDefault: true,
    openAfterSeconds: 20,
    openAfterScrollPercent: 30,
  };
  await withSettings(server, "throttle-motorcycles", { promoPopup }, async () => {
    await page.clock.install();
    await page.goto(siteUrl("throttle-motorcycles"));
    await hydrated(page);
    await page.clock.runFor(30_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Expired Deal" })).toHaveCount(0);
  });
  expect(pageErrors).toEqual([]);
});

test("opens a location's holiday hours dialog by keyboard and returns focus when it closes", async ({
  page,
  siteUrl,
  pageErrors,
}) => {
  await page.goto(siteUrl("coastal-kia", "/our-location/coastal-kia-southport"));
  await hydrated(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Coastal Kia Southport" }),
  ).toBeVisible();
  const button = page.getByRole("button", { name: "View Holiday Hours" });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Holiday hours" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("Christmas Day")).toBeVisible();
  await expect(dialog.getByRole("cell", { name: "Closed" })).toBeVisible();
  await expect(dialog.getByText("09:00 - 13:00")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(button).toBeFocused();
  expect(pageErrors).toEqual([]);
});

test("sends a message from a location's Email Us modal as a lead for that location", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  await page.goto(siteUrl("harbour-auto-group", "/our-location/harbour-mazda-chatswood"));
  await hydrated(page);
  await page.getByRole("button", { name: "Email Us" }).click();
  const dialog = page.getByRole("dialog", { name: "Email Harbour Mazda Chatswood" });
  await expect(dialog).toBeVisible();
  // The location's own contact form, with this location's dealership chosen.
  await expect(dialog.getByLabel("Preferred Dealership")).toHaveValue("harbour-mazda");
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(dialog.getByText("*This is a required field.").first()).toBeVisible();
  await dialog.getByLabel("First Name").fill("Alex");
  await dialog.getByLabel("Last Name").fill("Driver");
  await dialog.getByLabel("Email").fill("alex.driver@example.com");
  await dialog.getByLabel("Phone").fill("0411 222 333");
  await dialog.getByLabel("Message").fill("Is the CX-5 Akera available this weekend?");
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/success\?/);
  expect(pageErrors).toEqual([]);

  const site = siteBySlug("harbour-auto-group");
  const [location] = await server.database.db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.siteId, site.id), eq(locations.slug, "harbour-mazda-chatswood")));
  const stored = await server.database.db
    .select()
    .from(leads)
    .where(and(eq(leads.siteId, site.id), eq(leads.email, "alex.driver@example.com")));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    category: "General Enquiry",
    firstName: "Alex",
    lastName: "Driver",
    locationId: location!.id,
  });
  expect(stored[0]!.payload).toMatchObject({
    message: "Is the CX-5 Akera available this weekend?",
    source: "Website",
  });
});

test("filters special offers by model", async ({ page, siteUrl, pageErrors }) => {
  await page.goto(siteUrl("coastal-kia", "/special-offers"));
  await hydrated(page);
  await expect(page.getByRole("status")).toHaveText("2 offers");
  await page.getByLabel("Model").selectOption("Seltos");
  await page.getByRole("button", { name: "Show offers" }).click();
  await expect(page).toHaveURL(/model=Seltos/);
  await expect(page.getByRole("status")).toHaveText("1 offer");
  await expect(
    page.getByRole("heading", { level: 2, name: "Kia Seltos drive away offer" }),
  ).toBeVisible();
  await expect(
    page.getByRole("heading", { level: 2, name: "Kia Sportage drive away offer" }),
  ).toHaveCount(0);
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/special-offers$/);
  await expect(page.getByRole("status")).toHaveText("2 offers");
  await expect(page.getByLabel("Model")).toHaveValue("");
  expect(pageErrors).toEqual([]);
});

test("renders a company page and the history tabs, which work with the keyboard", async ({
  page,
  siteUrl,
  pageErrors,
}) => {
  await page.goto(siteUrl("southern-motors", "/about-us"));
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(page.getByText("Southern Motors has served Christchurch drivers")).toBeVisible();

  await page.goto(siteUrl("southern-motors", "/our-history"));
  await hydrated(page);
  await expect(page.getByRole("tab")).toHaveCount(8);
  await page.getByRole("tab", { name: "2020s" }).focus();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("tab", { name: "2010s" })).toHaveAttribute("aria-selected", "true");
  await expect(
    page.getByRole("tabpanel").getByText("Hybrids, smartphones in the dashboard"),
  ).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("shows the chat prompt after 3 s, remembers it closed, and takes a message when no provider is set", async ({
  page,
  server,
  siteUrl,
  pageErrors,
}) => {
  await pauseClock(page);
  await page.goto(siteUrl("lone-star-autos"), { waitUntil: "networkidle" });
  await codeStartedUnderPausedClock(page);
  const chat = page.getByRole("button", { name: "Chat with us" });
  await expect(chat).toBeVisible(); // hydrated: the bubble's timer is set
  const prompt = page.getByText("Howdy! Questions about a vehicle?");
  await page.clock.runFor(2_900);
  await expect(prompt).toHaveCount(0);
  await page.clock.runFor(200);
  await expect(prompt).toBeVisible();
  await page.getByRole("button", { name: "Close the chat prompt" }).click();
  await page.reload({ waitUntil: "networkidle" });
  await codeStartedUnderPausedClock(page);
  await expect(chat).toBeVisible();
  await page.clock.runFor(3_500);
  await expect(prompt).toHaveCount(0);
  // Time flows again: React reveals the lazily loaded form on a timer of its own.
  await page.clock.resume();

  await chat.click();
  const dialog = page.getByRole("dialog", { name: "Leave us a message" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("First Name").fill("Sam");
  await dialog.getByLabel("Last Name").fill("Rivers");
  await dialog.getByLabel("Email").fill("sam.rivers@example.com");
  await dialog.getByLabel("Phone").fill("(512) 555-0100");
  await dialog.getByLabel("Message").fill("Do you take trade-ins?");
  await dialog.getByRole("button", { name: "Send message" }).click();
  await expect(dialog.getByRole("status").getByText("Thanks, Sam.")).toBeVisible();
  // Chat events (docs/product/analytics.md): 54 chat opened, then 55 for the first message.
  const events = await page.evaluate(() =>
    ((window as unknown as { dataLayer?: { event_id: number }[] }).dataLayer ?? []).map(
      (e) => e.event_id,
    ),
  );
  expect(events.filter((id) => id === 54 || id === 55 || id === 57)).toEqual([54, 55]);
  expect(pageErrors).toEqual([]);

  const stored = await server.database.db
    .select()
    .from(leads)
    .where(eq(leads.email, "sam.rivers@example.com"));
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({ category: "General Enquiry", subcategory: "Chat message" });
});

test("opens the message form from a vehicle page's 'Chat with us now'", async ({
  page,
  server,
  siteUrl,
  siteBySlug,
  pageErrors,
}) => {
  const site = siteBySlug("lone-star-autos");
  const [car] = await server.database.db
    .select({ slug: vehicles.slug })
    .from(vehicles)
    .where(and(eq(vehicles.siteId, site.id), eq(vehicles.status, "in_stock")))
    .limit(1);
  await page.goto(siteUrl("lone-star-autos", vehiclePagePath(car!.slug, site.settings)));
  await hydrated(page);
  await page
    .getByRole("region", { name: "Interested in this vehicle?" })
    .getByRole("button", { name: "Chat with us now" })
    .click();
  await expect(page.getByRole("dialog", { name: "Leave us a message" })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("loads a chat provider's widget after the first interaction (or 3 s) and opens it 1.3 s after a click", async ({
  page,
  server,
  siteUrl,
  pageErrors,
}) => {
  // A stand-in widget served by the app itself: nothing comes from the internet.
  const widgetPath = resolve(process.env.BUILD_DIR ?? "build", "client", "e2e-chat-widget.js");
  writeFileSync(
    widgetPath,
    "window.E2eChat = { open(how) { document.body.dataset.chatOpened = how; } };",
  );
  const change = {
    chatScriptUrl: "/e2e-chat-widget.js",
    chatOpenCall: { path: "E2eChat.open", args: ["by-click"] },
  };
  try {
    await withSettings(server, "lone-star-autos", change, async () => {
      let requested = 0;
      page.on("request", (request) => {
        if (request.url().endsWith("/e2e-chat-widget.js")) requested += 1;
      });
      const loaded = () => page.evaluate(() => "E2eChat" in window);
      await pauseClock(page);
      await page.goto(siteUrl("lone-star-autos"), { waitUntil: "networkidle" });
      await codeStartedUnderPausedClock(page);
      const chat = page.getByRole("button", { name: "Chat with us" });
      await expect(chat).toBeVisible(); // hydrated: the loader listens
      await page.clock.runFor(2_900);
      expect(requested).toBe(0);
      // No interaction: the 3 s fallback loads it.
      await page.clock.runFor(200);
      await expect.poll(loaded).toBe(true);
      expect(requested).toBe(1);

      await page.reload({ waitUntil: "networkidle" });
      await codeStartedUnderPausedClock(page);

      await codeStartedUnderPausedClock(page);
      await expect(chat).toBeVisible();
      await page.keyboard.press("Tab"); // the first interaction loads it at once
      await expect.poll(loaded).toBe(true);

      await chat.click();
      const opened = () => page.evaluate(() => document.body.dataset.chatOpened ?? null);
      await page.clock.runFor(1_200);
      expect(await opened()).toBeNull();
      await page.clock.runFor(200);
      await expect.poll(opened).toBe("by-click");
      // With a provider there is no 'leave a message' form.
      await expect(page.getByRole("dialog")).toHaveCount(0);
    });
  } finally {
    rmSync(widgetPath, { force: true });
  }
  expect(pageErrors).toEqual([]);
});
