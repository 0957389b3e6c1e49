/**
 * The browser tests' fixtures: one real server per Playwright worker (a copy of the run's demo
 * database on PGlite, a real SMTP peer for lead mail), each site's address, axe, and the page's
 * console errors. Chromium itself is Debian's, set in playwright.config.ts.
 */
import { test as base, expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";
import type { RunningServer } from "~/server/start";
import type { Site } from "~/server/sites/site";
import { eq } from "drizzle-orm";
import { dealerships, sites } from "~/server/db/schema";
import { SmtpSink } from "~/tests/leads/support/smtp-sink";
import { FakePin } from "~/tests/payments/fake-pin";
import { published } from "~/tests/support/factories";
import { startTestServer } from "~/tests/support/test-server";
import { axeViolations } from "./axe";
import { CHROMIUM_MISSING } from "./global-setup";

type WorkerFixtures = {
  /** The SMTP server lead delivery sends to. */
  smtp: SmtpSink;
  /** The whole platform on a random port. Tests that change a site put it back when done. */
  server: RunningServer;
  /**
   * A second platform for tests that add sites of their own (a stock feed's site): tests on
   * `server` walk its registry and expect the demo's sites alone. Started only when asked for,
   * with the production defaults (the page cache on).
   */
  feedServer: RunningServer;
  /**
   * A platform whose demo site harbour-auto-group takes deposits through Pin Payments (a local
   * server answering like Pin's API and CDN). Started only when asked for: declared here, with
   * the others, so its tests run on the workers the rest use instead of one started for them.
   */
  pin: Pin;
};

/** The Pin Payments platform: the fake Pin, the server, its Pin site and a URL on it. */
export type Pin = {
  fake: FakePin;
  server: RunningServer;
  site: Site;
  url: (path: string) => string;
};

type TestFixtures = {
  /** Skips every test when Chromium is missing outside CI (the global setup said why). */
  chromiumPresent: void;
  /** `http://<slug>.localhost:<port><path>`: Chromium resolves *.localhost to loopback. */
  siteUrl: (slug: string, path?: string) => string;
  siteBySlug: (slug: string) => Site;
  /** axe's violations on a page (the test's own by default), one line each. */
  axe: (page?: Page, options?: { contentOnly?: boolean }) => Promise<string[]>;
  /** Console errors and uncaught exceptions of the test's page, for a test to assert on. */
  pageErrors: string[];
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  chromiumPresent: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern
    async ({}, provide, testInfo) => {
      const missing = process.env[CHROMIUM_MISSING];
      testInfo.skip(Boolean(missing), missing);
      await provide();
    },
    { auto: true },
  ],
  smtp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern
    async ({}, provide) => {
      const smtp = new SmtpSink();
      await smtp.start();
      await provide(smtp);
      await smtp.stop();
    },
    { scope: "worker" },
  ],
  server: [
    async ({ smtp }, provide) => {
      const server = await startTestServer({
        SMTP_URL: smtp.url,
        LEAD_RATE_LIMIT: "1000",
        // Tests change a site's settings now and then; every page shows the current ones.
        PAGE_CACHE: "false",
      });
      await provide(server);
      await server.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  feedServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern
    async ({}, provide) => {
      const server = await startTestServer();
      await provide(server);
      await server.close();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  pin: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads what a fixture needs from this pattern
    async ({}, provide) => {
      const fake = new FakePin("sk_test_e2e_pin", "pin-e2e-signing-key", "pk_test_e2e_pin");
      await fake.start();
      const server = await startTestServer({
        PIN_API_URL: fake.url,
        PIN_SECRET_KEY: fake.secretKey,
        PIN_WEBHOOK_SIGNING_KEY: fake.signingKey,
        PIN_HOSTED_FIELDS_URL: fake.hostedFieldsUrl,
        LEAD_RATE_LIMIT: "1000",
        PAGE_CACHE: "false",
      });
      // The demo site takes its deposits through Pin Payments, with Pin's publishable key on
      // its dealerships: configuration only.
      const db = server.database.db;
      const [row] = await db.select().from(sites).where(eq(sites.slug, "harbour-auto-group"));
      await db
        .update(sites)
        .set({ settings: { ...row!.settings, paymentProvider: "pin-payments" } })
        .where(eq(sites.id, row!.id));
      await db
        .update(dealerships)
        .set({ paymentPublishableKey: fake.publishableKey })
        .where(eq(dealerships.siteId, row!.id));
      await server.bus.publish({ kind: "settings", siteId: row!.id });
      const site = await published(() => {
        const now = server.registry.byId(row!.id);
        return now?.settings.paymentProvider === "pin-payments" &&
          now.dealerships.every((d) => d.paymentPublishableKey === fake.publishableKey)
          ? now
          : null;
      });
      await provide({
        fake,
        server,
        site,
        url: (path) => `http://${site.slug}.localhost:${server.port}${path}`,
      });
      await server.close();
      await fake.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  siteUrl: async ({ server }, provide) => {
    await provide((slug, path = "/") => `http://${slug}.localhost:${server.port}${path}`);
  },
  siteBySlug: async ({ server }, provide) => {
    await provide((slug) => {
      const site = server.registry.all().find((s) => s.slug === slug);
      if (!site) throw new Error(`no demo site ${slug}`);
      return site;
    });
  },
  axe: async ({ page }, provide) => {
    await provide((target = page, options) => axeViolations(target, options));
  },
  pageErrors: async ({ page }, provide) => {
    await provide(watchForErrors(page));
  },
});

export { expect };

/** Collects console errors and page errors of any page (a popup, a second context). */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/**
 * Starts counting the page's requests; the returned function waits until none is in flight
 * (what a timer fired by `page.clock` asked for has then arrived).
 */
export function whenRequestsSettle(page: Page): () => Promise<void> {
  const inFlight = new Set<unknown>();
  page.on("request", (request) => inFlight.add(request));
  page.on("requestfinished", (request) => inFlight.delete(request));
  page.on("requestfailed", (request) => inFlight.delete(request));
  return () => expect.poll(() => inFlight.size).toBe(0);
}

/** The scrolling tracks of the page's carousels (or of the carousel given). */
export function carouselTracks(scope: Page | Locator): Locator {
  return "goto" in scope
    ? scope.locator('[aria-roledescription="carousel"] > div:first-child')
    : scope.locator("> div").first();
}

/**
 * Waits until carousel tracks stop scrolling: smooth scrolling runs on the browser's own clock,
 * which `page.clock` does not drive. Returns the tracks' positions.
 */
export async function settledScroll(tracks: Locator): Promise<number[]> {
  let last = "";
  let positions: number[] = [];
  await expect
    .poll(
      async () => {
        positions = await tracks.evaluateAll((els) => els.map((el) => el.scrollLeft));
        const now = positions.join();
        const stable = now === last;
        last = now;
        return stable;
      },
      { intervals: [250] },
    )
    .toBe(true);
  return positions;
}

/**
 * Resolves once React has hydrated the page and run the effects of its first render (a frame
 * and a task later): what the page decides on the client alone (a popup, a remembered choice)
 * is then on screen. Not for a page whose clock is paused.
 */
export async function hydrated(page: Page): Promise<void> {
  await reactAttached(page);
  await page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0))),
  );
}

/**
 * Follows a path as the site's own links do, inside the app (no new document): React Router's
 * navigation, its DOM committed before it resolves, then the effects of the route's first render.
 * Needs a hydrated page. False when the route did not render there (an error, a redirect
 * elsewhere): the caller loads the path as a document instead.
 */
export async function navigatedInApp(page: Page, path: string): Promise<boolean> {
  return page.evaluate(async (to) => {
    type Router = {
      navigate: (to: string, options: { flushSync: boolean }) => Promise<void>;
      state: { location: { pathname: string; search: string }; errors: unknown };
    };
    const router = (window as unknown as { __reactRouterDataRouter?: Router })
      .__reactRouterDataRouter;
    if (!router) return false;
    await router.navigate(to, { flushSync: true });
    const { location, errors } = router.state;
    const trimmed = (path: string) => path.replace(/(.)\/$/, "$1");
    if (errors || trimmed(location.pathname) + location.search !== trimmed(to)) return false;
    await new Promise<void>((done) => requestAnimationFrame(() => setTimeout(done, 0)));
    return true;
  }, path);
}

/**
 * Resolves once React has hydrated the document (its effects may still be pending). Asked often:
 * the page's code starts only after its first view is painted (decision 046), and the default
 * poll's growing intervals would add up to a second to every page a test waits for.
 */
export async function reactAttached(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          Object.keys(document.body).some((key) => key.startsWith("__reactFiber")),
        ),
      { intervals: [25, 50, 100] },
    )
    .toBe(true);
}

/**
 * Under a paused clock the page's code waits for the frame after the load event (decision 046):
 * runs the clock through that frame, then waits for React to attach.
 */
export async function codeStartedUnderPausedClock(page: Page): Promise<void> {
  await page.clock.runFor(100);
  await reactAttached(page);
}

/** Pauses the page's clock before it loads: its timers fire only when the test runs the clock. */
export async function pauseClock(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
}
