/**
 * Browser tests: Playwright's runner driving Debian's Chromium, its headless shell where installed
 * (never a downloaded browser).
 * `npm test` builds the app first; the global setup makes the demo database the workers' servers
 * copy, and fails the run when Chromium is missing in CI.
 */
import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH } from "./e2e/support/chromium";

// The workers' servers render with React's production build, as a deployed server does (the
// browser already runs the production bundle); set before any worker imports React.
process.env.NODE_ENV = "production";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  globalSetup: "./e2e/support/global-setup.ts",
  // Every spec shares its worker's server: two workers, two servers, on two cores.
  workers: 2,
  fullyParallel: true,
  // A failure is a failure: nothing runs twice to turn it green.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  // A hang guard, not a timing assertion: a busy machine renders slowly.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: "list",
  outputDir: ".tmp/playwright",
  use: {
    browserName: "chromium",
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: TEST_CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
});
