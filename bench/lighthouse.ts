/**
 * Lighthouse (mobile) on the home, search results and vehicle pages of an AU and the US demo
 * site (budget: performance at least 95; accessibility, best practices and SEO 100; LCP under
 * 2.0 s; CLS 0; docs/performance-budgets.md).
 *
 * Method: the production build in BUILD_DIR (default `build`) on the demo database, page cache
 * on as in production. Lighthouse's default configuration (mobile emulation, simulated slow 4G
 * and 4x CPU slowdown) runs each page LIGHTHOUSE_RUNS times (default 3) in Debian's Chromium,
 * a fresh headless browser per run, after one unmeasured run that warms the page and photo
 * caches; the table prints medians per column, with the spread
 * (lowest to highest) of the performance score. Pages are served by Host header: Chromium
 * resolves *.localhost to the loopback address. Below the table, every audit that scored under
 * 1 in accessibility, best practices or SEO in any run, and the largest contentful paint
 * element of each page.
 *
 * LIGHTHOUSE_ONLY=SRP (a page name, or a site's name) measures only the matching pages;
 * LIGHTHOUSE_SAVE=dir writes each run's full report there as JSON.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { browserAvailable, CHROMIUM_PATH } from "~/e2e/support/chromium";
import { get, median, startChild } from "./support/processes";

const here = fileURLToPath(new URL(".", import.meta.url));
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY = process.env.LIGHTHOUSE_ONLY;
const SAVE = process.env.LIGHTHOUSE_SAVE;
const SITES = [
  { host: "harbour-auto-group.localhost", search: "/search", vehicle: "cars" },
  { host: "lone-star-autos.localhost", search: "/search/new-used-and-demo-cars", vehicle: "cars" },
];
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

type Run = {
  scores: Record<Category, number>;
  lcp: number;
  cls: number;
  tbt: number;
  failing: string[];
  lcpElement: string;
};

/** A run Lighthouse could not record (NO_NAVSTART and the like on a busy machine) is retried. */
async function audit(url: string, name: string, attempts = 3): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await auditOnce(url, name);
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.error(`retrying ${url}: ${(error as Error).message}`);
    }
  }
}

async function auditOnce(url: string, name: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: "error",
      output: "json",
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    if (SAVE && name) {
      mkdirSync(SAVE, { recursive: true });
      writeFileSync(join(SAVE, `${name}.json`), JSON.stringify(lhr, null, 1));
    }
    const score = (id: Category) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const failing: string[] = [];
    for (const id of ["accessibility", "best-practices", "seo"] as const) {
      for (const ref of lhr.categories[id]?.auditRefs ?? []) {
        const a = lhr.audits[ref.id];
        if (ref.weight > 0 && a && a.score !== null && a.score < 1)
          failing.push(`${id}: ${ref.id}`);
      }
    }
    const lcpItems = (
      lhr.audits["largest-contentful-paint-element"]?.details as
        { items?: { items?: { node?: { snippet?: string } }[] }[] } | undefined
    )?.items;
    const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.snippet ?? "?";
    return {
      scores: Object.fromEntries(CATEGORIES.map((id) => [id, score(id)])) as Record<
        Category,
        number
      >,
      lcp: numeric("largest-contentful-paint"),
      cls: numeric("cumulative-layout-shift"),
      tbt: numeric("total-blocking-time"),
      failing,
      lcpElement,
    };
  } finally {
    chrome.kill();
  }
}

function budgetFailures(m: {
  perf: number;
  a11y: number;
  bp: number;
  seo: number;
  lcp: number;
  cls: number;
}): string {
  const fails: string[] = [];
  if (m.perf < 95) fails.push("perf");
  if (m.a11y < 100) fails.push("a11y");
  if (m.bp < 100) fails.push("best-practices");
  if (m.seo < 100) fails.push("SEO");
  if (m.lcp >= 2000) fails.push("LCP");
  if (m.cls > 0.0005) fails.push("CLS");
  return fails.length ? fails.join(", ") : "within";
}

async function main() {
  if (!browserAvailable) throw new Error(`No Chromium at ${CHROMIUM_PATH}`);
  const platform = await startChild(join(here, "support", "platform-server.ts"), ["cache"]);
  const notes: string[] = [];
  const rows: string[] = [];
  try {
    for (const site of SITES) {
      const srp = await get(platform.port, site.host, site.search);
      const slug = new RegExp(`href="/${site.vehicle}/([A-Za-z0-9_-]+)"`).exec(srp.body)?.[1];
      if (!slug) throw new Error(`${site.host}${site.search} lists no vehicle`);
      const pages: [string, string][] = [
        ["Home", "/"],
        ["SRP", site.search],
        ["VDP", `/${site.vehicle}/${slug}`],
      ];
      const siteName = site.host.replace(".localhost", "");
      for (const [name, path] of pages) {
        if (ONLY && !`${siteName} ${name}`.includes(ONLY)) continue;
        const url = `http://${site.host}:${platform.port}${path}`;
        // One unmeasured run first, so the page cache and the photo resizer's cache hold what
        // a phone asks for (a shop's photos are resized once, then served from cache).
        await audit(url, "");
        const runs: Run[] = [];
        for (let i = 0; i < RUNS; i += 1)
          runs.push(await audit(url, `${siteName}-${name}-${i + 1}`));
        const of = (pick: (r: Run) => number) => median(runs.map(pick));
        const perfs = runs.map((r) => r.scores.performance);
        const m = {
          perf: of((r) => r.scores.performance),
          a11y: of((r) => r.scores.accessibility),
          bp: of((r) => r.scores["best-practices"]),
          seo: of((r) => r.scores.seo),
          lcp: of((r) => r.lcp),
          cls: of((r) => r.cls),
          tbt: of((r) => r.tbt),
        };
        const row = [
          siteName.padEnd(20),
          name.padEnd(4),
          String(m.perf).padStart(4),
          `${Math.min(...perfs)}-${Math.max(...perfs)}`.padStart(7),
          String(m.a11y).padStart(4),
          String(m.bp).padStart(4),
          String(m.seo).padStart(4),
          `${(m.lcp / 1000).toFixed(2)} s`.padStart(7),
          m.cls.toFixed(3).padStart(6),
          `${Math.round(m.tbt)} ms`.padStart(7),
          budgetFailures(m),
        ].join("  ");
        rows.push(row);
        console.error(row);
        const failing = [...new Set(runs.flatMap((r) => r.failing))];
        if (failing.length) notes.push(`${siteName} ${name}: ${failing.join("; ")}`);
        notes.push(`${siteName} ${name} LCP element: ${runs[0]?.lcpElement ?? "?"}`);
      }
    }
  } finally {
    await platform.stop();
  }
  console.log(`\nLighthouse ${RUNS} runs per page, mobile; medians (perf range: lowest-highest)`);
  console.log(
    `site                  page  perf    range  a11y    bp   seo      LCP     CLS      TBT  budget`,
  );
  for (const row of rows) console.log(row);
  console.log("");
  for (const note of notes) console.log(note);
}

await main();
