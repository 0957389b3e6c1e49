import { defineConfig } from "vitest/config";

const alias = { "~": new URL("./app", import.meta.url).pathname };
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

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
