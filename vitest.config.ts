import { defineConfig } from "vitest/config";

const alias = { "~": new URL(".", import.meta.url).pathname.replace(/\/$/, "") };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

// Headless Chromium now and then stops drawing a page for good: the DOM still answers, but
// requestAnimationFrame never fires, so Playwright's stability check (two frames) never returns
// and the action times out with its call log ending at that first check. A fresh page draws
// again: such a test runs once more (each browser test opens its own page). Any other failure
// fails at once.
const browserStalled = {
  count: 1,
  condition: /- waiting for element to be visible, enabled and stable(\W+22m)?\s*$/,
};

// unit: pure and in-process tests next to the code. integration: the running server (HTTP and
// browser) on embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    // A hang guard, not a timing assertion: tests that start a whole server are slow on a busy machine.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: { name: "unit", include: ["{app,domain,server,cli}/**/*.test.{ts,tsx}"] },
      },
      {
        extends: true,
        test: {
          name: "integration (pglite)",
          include: ["tests/**/*.test.ts", "e2e/**/*.test.ts"],
          env: { TEST_DATABASE_KIND: "pglite" },
          retry: browserStalled,
        },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: "integration (postgres)",
                include: ["tests/**/*.test.ts"],
                env: { TEST_DATABASE_KIND: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
