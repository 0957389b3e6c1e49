/**
 * Initial JavaScript of the home page, the search results page and the vehicle page against a
 * bare React Router app (budget: at most 60 KB gzip above the bare app;
 * docs/performance-budgets.md).
 *
 * Method: Chromium (Debian's, through playwright-core) opens each page and waits for the network
 * to be idle with no interaction; every script response it received (entry, route modules,
 * shared chunks, anything lazily loaded during load) is gzipped (zlib level 9, as served
 * compressed) and summed. The bare app (React 19 + React Router 7 framework mode, one empty
 * route) is built from this project's own node_modules in a temporary directory and measured the
 * same way. The platform runs the production build in BUILD_DIR (default `build`).
 */
import { existsSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import type { Browser } from "playwright-core";
import { browserAvailable, launchBrowser } from "~/e2e/support/chromium";
import { buildBareApp, serveBareApp } from "./support/bare-app";
import { get, startChild } from "./support/processes";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = resolve(here, "..");
const BUDGET_KB = 60;
const HOST = "harbour-auto-group.localhost";

type Measure = {
  scripts: number;
  raw: number;
  gzip: number;
  files: { path: string; gzip: number }[];
};
/** BENCH_VERBOSE=1 lists every script with its gzip size. */
const VERBOSE = Boolean(process.env.BENCH_VERBOSE);

async function initialScripts(browser: Browser, url: string): Promise<Measure> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const bodies: Promise<{ url: string; body: Buffer } | null>[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() !== "script") return;
    bodies.push(
      response
        .body()
        .then((body) => ({ url: response.url(), body }))
        .catch(() => null),
    );
  });
  const status = (await page.goto(url, { waitUntil: "networkidle" }))?.status();
  if (status !== 200) throw new Error(`${url} answered ${status}`);
  await page.waitForTimeout(500);
  const scripts = (await Promise.all(bodies)).filter(
    (s): s is { url: string; body: Buffer } => s !== null,
  );
  await page.close();
  return {
    scripts: scripts.length,
    raw: scripts.reduce((sum, s) => sum + s.body.length, 0),
    gzip: scripts.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0),
    files: scripts.map((s) => ({
      path: new URL(s.url).pathname,
      gzip: gzipSync(s.body, { level: 9 }).length,
    })),
  };
}

async function main() {
  if (!browserAvailable) {
    console.log("Chromium not available: client JS not measured.");
    return;
  }
  const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");
  if (!existsSync(join(buildDir, "client"))) {
    console.error(`No production build in ${buildDir}: run \`npx react-router build\` first.`);
    process.exit(1);
  }
  console.log(
    "Initial JS (gzip -9 of every script Chromium loads until the network is idle, no interaction)",
  );
  const bareDir = buildBareApp(root);
  const bare = await serveBareApp(bareDir);
  const platform = await startChild(join(here, "support", "platform-server.ts"), ["no-cache"]);
  const browser = await launchBrowser();
  try {
    const baseline = await initialScripts(browser, `http://127.0.0.1:${bare.port}/`);
    const srpPath = "/search/used-cars?fuel=Diesel,Petrol&transmission=Automatic";
    const srp = await get(platform.port, HOST, srpPath);
    const slug = /href="\/cars\/([A-Za-z0-9_-]+)"/.exec(srp.body)?.[1] ?? "none";
    const pages: [string, string][] = [
      ["Home", "/"],
      ["SRP", srpPath],
      ["VDP", `/cars/${slug}`],
    ];
    const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(6);
    console.log(`\npage   scripts   raw KB  gzip KB  above bare  (budget ${BUDGET_KB} KB)`);
    console.log(
      `bare   ${String(baseline.scripts).padStart(7)}  ${kb(baseline.raw)}   ${kb(baseline.gzip)}`,
    );
    for (const [name, path] of pages) {
      const status = (await get(platform.port, HOST, path)).status;
      if (status !== 200) {
        console.log(`${name.padEnd(6)} ${path} answered ${status}: not measured`);
        continue;
      }
      const m = await initialScripts(browser, `http://${HOST}:${platform.port}${path}`);
      const above = m.gzip - baseline.gzip;
      console.log(
        `${name.padEnd(6)} ${String(m.scripts).padStart(7)}  ${kb(m.raw)}   ${kb(m.gzip)}    ${kb(above)}  ${above / 1024 <= BUDGET_KB ? "ok" : "OVER"}`,
      );
      if (VERBOSE) {
        for (const f of [...m.files].sort((a, b) => b.gzip - a.gzip))
          console.log(`         ${kb(f.gzip)}  ${f.path}`);
      }
    }
  } finally {
    await browser.close();
    bare.server.close();
    await platform.stop();
    rmSync(bareDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
