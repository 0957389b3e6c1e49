/**
 * Before any browser test: Chromium must be there (in CI a missing browser fails the run; on a
 * workstation the tests are skipped with the reason), and the demo database the workers' servers
 * copy is made once. The app itself is built by `npm test` (or `npm run build`) beforehand.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { TEST_CHROMIUM_PATH, testBrowserAvailable } from "./chromium";
import { prepareDemoTemplate } from "~/tests/support/demo-template";

export const CHROMIUM_MISSING = "TEST_CHROMIUM_MISSING";

export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!testBrowserAvailable) {
    const reason = `Chromium not found at ${TEST_CHROMIUM_PATH} (apt-get install -y chromium-headless-shell, or set CHROMIUM_PATH)`;
    if (process.env.CI) throw new Error(`Browser tests cannot run in CI: ${reason}`);
    console.warn(`Skipping browser tests: ${reason}`);
    process.env[CHROMIUM_MISSING] = reason;
  }
  const serverBuild = resolve(process.env.BUILD_DIR ?? "build", "server", "index.js");
  if (!existsSync(serverBuild))
    throw new Error(`No build at ${serverBuild}: run npm run build first`);
  return prepareDemoTemplate();
}
