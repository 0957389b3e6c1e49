import { defineConfig } from "vitest/config";

const alias = { "~": new URL(".", import.meta.url).pathname.replace(/\/$/, "") };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
// The integration tests' servers render with React's production build, as a deployed server does;
// unit tests keep the development build and its warnings.
const PRODUCTION_REACT = { NODE_ENV: "production" };

// unit: pure and in-process tests next to the code. integration: the running server over HTTP on
// embedded PGlite, and again on PostgreSQL when TEST_DATABASE_URL is set. Browser tests are
// Playwright's (playwright.config.ts).
export default defineConfig({
  resolve: { alias },
  test: {
    environment: "node",
    // Vitest's default is one worker fewer than the cores: one on the two-core machines this runs
    // on, which leaves a core idle while a test waits on its server. Two files at a time instead.
    maxWorkers: 2,
    // The demo database every test server copies, made once per run.
    globalSetup: ["tests/support/global-setup.ts"],
    // A hang guard, not a timing assertion: tests that start a whole server are slow on a busy machine.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,domain,server,cli}/**/*.test.{ts,tsx}"],
          // Unit tests change no global state (no module mocks, no stubbed globals): a worker
          // imports the modules they share once instead of once per file.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: "integration (pglite)",
          include: ["tests/**/*.test.ts"],
          env: { TEST_DATABASE_KIND: "pglite", ...PRODUCTION_REACT },
          // Each file starts its own servers and closes them, and no test mocks a module: a
          // worker imports the server and the built app once, not once per file (see unit).
          isolate: false,
        },
      },
      ...(onPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: "integration (postgres)",
                include: ["tests/**/*.test.ts"],
                env: { TEST_DATABASE_KIND: "postgres", ...PRODUCTION_REACT },
                isolate: false,
              },
            },
          ]
        : []),
    ],
  },
});
