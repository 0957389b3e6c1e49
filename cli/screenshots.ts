/**
 * `npm run screenshots`: the home page, the stock search and a vehicle page of every demo site,
 * at a phone's width (390 px) and a desktop's (1440 px), saved as PNG files to look through in a
 * minute. Runs the production build (`npm run build` first) as the demo, on a data directory of
 * its own, in Debian's Chromium.
 *
 *   npm run screenshots [-- --out .tmp/screenshots] [--sites coastal-kia,throttle-motorcycles]
 */
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, TEST_CHROMIUM_PATH, testBrowserAvailable } from "~/e2e/support/chromium";
import { DEMO_SITES } from "~/server/db/seed/demo-sites";
import { startNode } from "~/tests/support/node-process";

const WIDTHS = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1440, height: 900 },
] as const;

const { values } = parseArgs({
  options: {
    out: { type: "string", default: ".tmp/screenshots" },
    sites: { type: "string" },
  },
});
if (!existsSync("build/server/index.js")) {
  console.error("No build: run `npm run build` first.");
  process.exit(1);
}
if (!testBrowserAvailable) {
  console.error(
    `No Chromium at ${TEST_CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH).`,
  );
  process.exit(1);
}
const wanted = values.sites?.split(",").map((s) => s.trim());
const sites = DEMO_SITES.filter((s) => !wanted || wanted.includes(s.slug));
if (sites.length === 0) {
  console.error(
    `No demo site named ${values.sites}. Demo sites: ${DEMO_SITES.map((s) => s.slug).join(", ")}`,
  );
  process.exit(1);
}

const dataDir = await mkdtemp(join(tmpdir(), "screenshots-"));
const server = await startNode({ DATA_DIR: dataDir, LOG_LEVEL: "error" });
const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS });
await mkdir(values.out, { recursive: true });
let saved = 0;
try {
  for (const site of sites) {
    const origin = `http://${site.slug}.localhost:${server.port}`;
    for (const size of WIDTHS) {
      const page = await browser.newPage({ viewport: { width: size.width, height: size.height } });
      // The chat prompt and the promotion wait for a shopper; a screenshot shows the page itself.
      const shoot = async (name: string, path: string) => {
        await page.goto(`${origin}${path}`, { waitUntil: "load" });
        await page.waitForLoadState("networkidle").catch(() => {});
        const file = join(values.out, `${site.slug}-${name}-${size.width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        saved++;
        console.log(file);
      };
      await shoot("home", "/");
      await shoot("search", "/search");
      const vehicle = await page
        .locator('main a[href^="/cars/"], main a[href^="/motorcycles/"], main a[href^="/campers/"]')
        .first()
        .getAttribute("href");
      if (vehicle) await shoot("vehicle", vehicle);
      else console.warn(`${site.slug}: no vehicle link on its search page`);
      await page.close();
    }
  }
} finally {
  await browser.close();
  await server.stop("SIGTERM");
  await rm(dataDir, { recursive: true, force: true });
}
console.log(`${saved} screenshots in ${values.out}`);
