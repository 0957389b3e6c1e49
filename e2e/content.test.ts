/**
 * The rest of the dealer site in a real browser: home pages, the promo popup, a
 * location page with its holiday hours dialog and Email Us modal, the special offers filter,
 * a company page, the history tabs and the chat bubble.
 */
import { rmSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { leads, locations, sites, vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "~/tests/support/test-server";
import { browserAvailable, launchBrowser, watchForErrors } from "./support/browser";

describe.skipIf(!browserAvailable)("content pages in a real browser", () => {
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

  async function withPage<T>(
    run: (page: Page, context: BrowserContext) => Promise<T>,
    viewport = { width: 1280, height: 900 },
  ) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    const errors = watchForErrors(page);
    try {
      return await run(page, context);
    } finally {
      await context.close();
      expect(errors).toEqual([]);
    }
  }

  it("renders every demo site's home page with its blocks, and no errors", async () => {
    await withPage(async (page) => {
      for (const site of server.registry.all()) {
        const res = await page.goto(siteUrl(site.slug), { waitUntil: "networkidle" });
        expect(res?.status(), site.slug).toBe(200);
        // A site with a popup shows it first; dismiss it to look at the page.
        if (site.settings.promoPopup) await page.keyboard.press("Escape");
        const blocks = await page
          .locator("[data-home-block]")
          .evaluateAll((els) => els.map((el) => el.getAttribute("data-home-block")));
        expect(blocks, site.slug).toEqual(site.settings.homeBlocks);
        await expect(page.getByRole("heading", { level: 1 }).count()).resolves.toBe(1);
        if (site.settings.homeBlocks.includes("locations")) {
          await expect(
            page
              .getByRole("heading", { name: site.settings.locationsCarouselTitle, exact: true })
              .isVisible(),
          ).resolves.toBe(true);
        }
      }
    });
  });

  it("autoplays the value proposition carousel, and pauses it on hover, on request and for reduced motion", async () => {
    const scrollOf = (page: Page) =>
      page
        .locator('[aria-roledescription="carousel"]')
        .first()
        .locator("> div")
        .first()
        .evaluate((el) => el.scrollLeft);
    await withPage(
      async (page) => {
        await page.goto(siteUrl("southern-motors"), { waitUntil: "networkidle" });
        const carousel = page.getByRole("region", { name: "Why buy with us" });
        await carousel.scrollIntoViewIfNeeded();
        await page.mouse.move(0, 0);
        await page.waitForFunction(
          () =>
            (document.querySelector(
              '[aria-roledescription="carousel"] > div',
            ) as HTMLElement | null)!.scrollLeft > 0,
          null,
          { timeout: 6000 },
        );
        // Hovered: it stays where it is.
        await carousel.hover();
        await page.waitForTimeout(800); // a step already under way finishes
        const hovered = await scrollOf(page);
        await page.waitForTimeout(4200);
        await expect(scrollOf(page)).resolves.toBe(hovered);
        // Paused with its button (WCAG 2.2.2), even when the pointer leaves.
        await carousel.getByRole("button", { name: "Pause Why buy with us" }).click();
        await page.mouse.move(0, 0);
        await page.waitForTimeout(800);
        const paused = await scrollOf(page);
        await page.waitForTimeout(4200);
        await expect(scrollOf(page)).resolves.toBe(paused);
        await expect(
          carousel.getByRole("button", { name: "Play Why buy with us" }).isVisible(),
        ).resolves.toBe(true);
      },
      { width: 390, height: 844 },
    );
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      reducedMotion: "reduce",
    });
    const page = await context.newPage();
    await page.goto(siteUrl("southern-motors"), { waitUntil: "networkidle" });
    await page.waitForTimeout(4200);
    await expect(scrollOf(page)).resolves.toBe(0);
    await expect(page.getByRole("button", { name: "Pause Why buy with us" }).count()).resolves.toBe(
      0,
    );
    await context.close();
  });

  it("shows the promo popup, closes it on dismiss and keeps it closed after reload", async () => {
    await withPage(async (page) => {
      await page.goto(siteUrl("harbour-auto-group"), { waitUntil: "networkidle" });
      const popup = page.getByRole("dialog", { name: "End of Year Sale" });
      await popup.waitFor({ state: "visible" });
      await expect(
        popup.getByText("Drive away pricing on selected new Toyota").isVisible(),
      ).resolves.toBe(true);
      await expect(popup.locator("img").count()).resolves.toBe(1);
      // Focus is inside the dialog; Escape closes it.
      await expect(
        page.evaluate(() => document.activeElement?.closest("dialog") !== null),
      ).resolves.toBe(true);
      await page.keyboard.press("Escape");
      await popup.waitFor({ state: "detached" });
      await page.reload({ waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    });
  });

  it("closes the popup when its link is followed, and remembers that", async () => {
    await withPage(async (page) => {
      await page.goto(siteUrl("harbour-auto-group"), { waitUntil: "networkidle" });
      const popup = page.getByRole("dialog", { name: "End of Year Sale" });
      await popup.getByRole("link", { name: "View Offers" }).click();
      await page.waitForURL(/\/special-offers$/);
      await expect(page.getByRole("dialog").count()).resolves.toBe(0);
      await page.goto(siteUrl("harbour-auto-group"), { waitUntil: "networkidle" });
      await page.waitForTimeout(300);
      await expect(page.getByRole("dialog").count()).resolves.toBe(0);
    });
  });

  it("never shows a popup after its expiry date", async () => {
    const site = server.registry.all().find((s) => s.slug === "throttle-motorcycles")!;
    const [row] = await server.database.db
      .select({ settings: sites.settings })
      .from(sites)
      .where(eq(sites.id, site.id));
    const popup = {
      imageUrl: null,
      title: "Expired Deal",
      description: "Gone.",
      buttonText: "See",
      link: "/special-offers",
      expiresAt: "2000-01-01",
      visibleByDefault: true,
    };
    await server.database.db
      .update(sites)
      .set({ settings: { ...row!.settings, promoPopup: popup } })
      .where(eq(sites.id, site.id));
    await server.registry.reload(site.id);
    try {
      await withPage(async (page) => {
        await page.goto(siteUrl("throttle-motorcycles"), { waitUntil: "networkidle" });
        await page.waitForTimeout(300);
        await expect(page.getByRole("dialog").count()).resolves.toBe(0);
      });
    } finally {
      await server.database.db
        .update(sites)
        .set({ settings: row!.settings })
        .where(eq(sites.id, site.id));
      await server.registry.reload(site.id);
    }
  });

  it("opens a location's holiday hours dialog by keyboard and returns focus when it closes", async () => {
    await withPage(async (page) => {
      await page.goto(siteUrl("coastal-kia", "/our-location/coastal-kia-southport"), {
        waitUntil: "networkidle",
      });
      await expect(
        page.getByRole("heading", { level: 1, name: "Coastal Kia Southport" }).isVisible(),
      ).resolves.toBe(true);
      const button = page.getByRole("button", { name: "View Holiday Hours" });
      await button.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Holiday hours" });
      await dialog.waitFor({ state: "visible" });
      await expect(dialog.getByText("Christmas Day").isVisible()).resolves.toBe(true);
      await expect(dialog.getByRole("cell", { name: "Closed" }).isVisible()).resolves.toBe(true);
      await expect(dialog.getByText("09:00 - 13:00").isVisible()).resolves.toBe(true);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    });
  });

  it("sends a message from a location's Email Us modal as a lead for that location", async () => {
    await withPage(async (page) => {
      await page.goto(siteUrl("harbour-auto-group", "/our-location/harbour-mazda-chatswood"), {
        waitUntil: "networkidle",
      });
      await page.keyboard.press("Escape"); // the promo popup
      await page.getByRole("button", { name: "Email Us" }).click();
      const dialog = page.getByRole("dialog", { name: "Email Harbour Mazda Chatswood" });
      await dialog.waitFor({ state: "visible" });
      // The location's own contact form, with this location's dealership chosen.
      await expect(dialog.getByLabel("Preferred Dealership").inputValue()).resolves.toBe(
        "harbour-mazda",
      );
      await dialog.getByRole("button", { name: "Send message" }).click();
      await expect(
        dialog.getByText("*This is a required field.").first().isVisible(),
      ).resolves.toBe(true);
      await dialog.getByLabel("First Name").fill("Alex");
      await dialog.getByLabel("Last Name").fill("Driver");
      await dialog.getByLabel("Email").fill("alex.driver@example.com");
      await dialog.getByLabel("Phone").fill("0411 222 333");
      await dialog.getByLabel("Message").fill("Is the CX-5 Akera available this weekend?");
      await dialog.getByRole("button", { name: "Send message" }).click();
      await page.waitForURL(/\/success\?/);
    });
    const site = server.registry.all().find((s) => s.slug === "harbour-auto-group")!;
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

  it("filters special offers by model", async () => {
    await withPage(async (page) => {
      await page.goto(siteUrl("coastal-kia", "/special-offers"), { waitUntil: "networkidle" });
      await expect(page.getByRole("status").textContent()).resolves.toBe("2 offers");
      await page.getByLabel("Model").selectOption("Seltos");
      await page.getByRole("button", { name: "Show offers" }).click();
      await page.waitForURL(/model=Seltos/);
      await page.getByRole("status").filter({ hasText: "1 offer" }).waitFor();
      await expect(
        page.getByRole("heading", { level: 2, name: "Kia Seltos drive away offer" }).isVisible(),
      ).resolves.toBe(true);
      await expect(
        page.getByRole("heading", { level: 2, name: "Kia Sportage drive away offer" }).count(),
      ).resolves.toBe(0);
      await page.getByRole("link", { name: "Clear" }).click();
      await page.waitForURL(/\/special-offers$/);
      await page.getByRole("status").filter({ hasText: "2 offers" }).waitFor();
      await expect(page.getByLabel("Model").inputValue()).resolves.toBe("");
    });
  });

  it("renders a company page and the history tabs, which work with the keyboard", async () => {
    await withPage(async (page) => {
      await page.goto(siteUrl("southern-motors", "/about-us"), { waitUntil: "networkidle" });
      await expect(
        page.getByRole("heading", { level: 1, name: "About Us" }).isVisible(),
      ).resolves.toBe(true);
      await expect(
        page.getByText("Southern Motors has served Christchurch drivers").isVisible(),
      ).resolves.toBe(true);

      await page.goto(siteUrl("southern-motors", "/our-history"), { waitUntil: "networkidle" });
      const tabs = page.getByRole("tab");
      await expect(tabs.count()).resolves.toBe(8);
      await page.getByRole("tab", { name: "2020s" }).focus();
      await page.keyboard.press("ArrowLeft");
      await expect
        .poll(() => page.getByRole("tab", { name: "2010s" }).getAttribute("aria-selected"))
        .toBe("true");
      await expect(
        page.getByRole("tabpanel").getByText("Hybrids, smartphones in the dashboard").isVisible(),
      ).resolves.toBe(true);
    });
  });

  it("shows the chat prompt after 3 s, remembers it closed, and takes a message when no provider is set", async () => {
    await withPage(async (page) => {
      await page.goto(siteUrl("lone-star-autos"), { waitUntil: "networkidle" });
      const prompt = page.getByText("Howdy! Questions about a vehicle?");
      await expect(prompt.count()).resolves.toBe(0);
      await prompt.waitFor({ state: "visible", timeout: 5000 });
      await page.getByRole("button", { name: "Close the chat prompt" }).click();
      await page.reload({ waitUntil: "networkidle" });
      await page.waitForTimeout(3500);
      await expect(prompt.count()).resolves.toBe(0);

      await page.getByRole("button", { name: "Chat with us" }).click();
      const dialog = page.getByRole("dialog", { name: "Leave us a message" });
      await dialog.waitFor({ state: "visible" });
      await dialog.getByLabel("First Name").fill("Sam");
      await dialog.getByLabel("Last Name").fill("Rivers");
      await dialog.getByLabel("Email").fill("sam.rivers@example.com");
      await dialog.getByLabel("Phone").fill("(512) 555-0100");
      await dialog.getByLabel("Message").fill("Do you take trade-ins?");
      await dialog.getByRole("button", { name: "Send message" }).click();
      await dialog.getByRole("status").getByText("Thanks, Sam.").waitFor();
      // Chat events (docs/product/analytics.md): 54 chat opened, then 55 for the first message.
      const events = await page.evaluate(() =>
        ((window as unknown as { dataLayer?: { event_id: number }[] }).dataLayer ?? []).map(
          (e) => e.event_id,
        ),
      );
      expect(events.filter((id) => id === 54 || id === 55 || id === 57)).toEqual([54, 55]);
    });
    const stored = await server.database.db
      .select()
      .from(leads)
      .where(eq(leads.email, "sam.rivers@example.com"));
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ category: "General Enquiry", subcategory: "Chat message" });
  });

  it("opens the message form from a vehicle page's 'Chat with us now'", async () => {
    const site = server.registry.all().find((s) => s.slug === "lone-star-autos")!;
    const [car] = await server.database.db
      .select({ slug: vehicles.slug })
      .from(vehicles)
      .where(and(eq(vehicles.siteId, site.id), eq(vehicles.status, "in_stock")))
      .limit(1);
    await withPage(async (page) => {
      await page.goto(siteUrl("lone-star-autos", `/${site.settings.vehiclePath}/${car!.slug}`), {
        waitUntil: "networkidle",
      });
      await page
        .getByRole("region", { name: "Interested in this vehicle?" })
        .getByRole("button", { name: "Chat with us now" })
        .click();
      await page.getByRole("dialog", { name: "Leave us a message" }).waitFor({ state: "visible" });
    });
  });

  it("loads a chat provider's widget after the first interaction (or 3 s) and opens it about 1.3 s after a click", async () => {
    // A stand-in widget served by the app itself: nothing comes from the internet.
    const widgetPath = resolve(process.env.BUILD_DIR ?? "build", "client", "e2e-chat-widget.js");
    writeFileSync(
      widgetPath,
      "window.E2eChat = { open(how) { document.body.dataset.chatOpened = how; } };",
    );
    const site = server.registry.all().find((s) => s.slug === "lone-star-autos")!;
    const [row] = await server.database.db
      .select({ settings: sites.settings })
      .from(sites)
      .where(eq(sites.id, site.id));
    await server.database.db
      .update(sites)
      .set({
        settings: {
          ...row!.settings,
          chatScriptUrl: "/e2e-chat-widget.js",
          chatOpenCall: { path: "E2eChat.open", args: ["by-click"] },
        },
      })
      .where(eq(sites.id, site.id));
    await server.registry.reload(site.id);
    try {
      await withPage(async (page) => {
        const requested: number[] = [];
        const start = Date.now();
        page.on("request", (request) => {
          if (request.url().endsWith("/e2e-chat-widget.js")) requested.push(Date.now() - start);
        });
        await page.goto(siteUrl("lone-star-autos"), { waitUntil: "load" });
        await page.waitForTimeout(1000);
        expect(requested).toEqual([]);
        // No interaction: the 3 s fallback loads it.
        await page.waitForFunction(() => "E2eChat" in window, null, { timeout: 5000 });
        expect(requested).toHaveLength(1);

        await page.reload({ waitUntil: "load" });
        // The chat button renders once the page has hydrated (and the loader listens).
        const chat = page.getByRole("button", { name: "Chat with us" });
        await chat.waitFor();
        await page.keyboard.press("Tab"); // the first interaction loads it at once
        await page.waitForFunction(() => "E2eChat" in window, null, { timeout: 1500 });

        const clicked = Date.now();
        await chat.click();
        await page.waitForTimeout(700);
        await expect(
          page.evaluate(() => document.body.dataset.chatOpened ?? null),
        ).resolves.toBeNull();
        await page.waitForFunction(() => document.body.dataset.chatOpened === "by-click", null, {
          timeout: 3000,
        });
        expect(Date.now() - clicked).toBeGreaterThanOrEqual(1200);
        // With a provider there is no 'leave a message' form.
        await expect(page.getByRole("dialog").count()).resolves.toBe(0);
      });
    } finally {
      await server.database.db
        .update(sites)
        .set({ settings: row!.settings })
        .where(eq(sites.id, site.id));
      await server.registry.reload(site.id);
      rmSync(widgetPath, { force: true });
    }
  });

  it("loads no third-party script on any demo site", async () => {
    await withPage(async (page) => {
      const external: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (!url.hostname.endsWith(".localhost")) external.push(request.url());
      });
      for (const site of server.registry.all()) {
        await page.goto(siteUrl(site.slug), { waitUntil: "networkidle" });
        await page.mouse.wheel(0, 400);
        await page.waitForTimeout(100);
      }
      await page.waitForTimeout(3200);
      expect(external).toEqual([]);
    });
  });
});
