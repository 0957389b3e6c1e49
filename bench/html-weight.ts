/**
 * HTML weight of the home, search results and vehicle pages of an AU and the US demo site: the
 * document as sent, raw and gzip (zlib level 9), with the share that is class attributes and the
 * share that is the loader data sent again in the page's scripts (budget: search results under
 * 120 KB raw, vehicle page under 70 KB; docs/performance-budgets.md). No timings: sizes only.
 *
 * Method: the production build in BUILD_DIR (default `build`) on the demo database with the page
 * cache off; the search page is the site's default search path, the vehicle page the first
 * vehicle it lists. With HTML_WEIGHT_DUMP=dir, each document is also written there to be read.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { get, startChild } from "./support/processes";

const here = fileURLToPath(new URL(".", import.meta.url));
const SITES = [
  { host: "harbour-auto-group.localhost", search: "/search", vehicle: "cars" },
  { host: "lone-star-autos.localhost", search: "/search/new-used-and-demo-cars", vehicle: "cars" },
];
const BUDGET_KB: Record<string, number> = { SRP: 120, VDP: 70 };

const kb = (bytes: number) => (bytes / 1024).toFixed(1).padStart(7);

function parts(html: string) {
  const classes = [...html.matchAll(/ class="[^"]*"/g)].reduce((sum, m) => sum + m[0].length, 0);
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (sum, m) => sum + m[1]!.length,
    0,
  );
  return { classes, scripts };
}

async function main() {
  const platform = await startChild(join(here, "support", "platform-server.ts"), ["no-cache"]);
  try {
    console.log(`\nsite                 page     raw KB  gzip KB  class KB  script KB  budget`);
    for (const site of SITES) {
      const srp = await get(platform.port, site.host, site.search);
      const slug = new RegExp(`href="/${site.vehicle}/([A-Za-z0-9_-]+)"`).exec(srp.body)?.[1];
      const pages: [string, string][] = [
        ["Home", "/"],
        ["SRP", site.search],
        ["VDP", `/${site.vehicle}/${slug ?? "none"}`],
      ];
      for (const [name, path] of pages) {
        const res = name === "SRP" ? srp : await get(platform.port, site.host, path);
        if (res.status !== 200) throw new Error(`${site.host}${path} answered ${res.status}`);
        const dump = process.env.HTML_WEIGHT_DUMP;
        if (dump) {
          mkdirSync(dump, { recursive: true });
          writeFileSync(
            join(dump, `${site.host.replace(".localhost", "")}-${name}.html`),
            res.body,
          );
        }
        const raw = Buffer.byteLength(res.body);
        const gzip = gzipSync(res.body, { level: 9 }).length;
        const { classes, scripts } = parts(res.body);
        const budget = BUDGET_KB[name];
        const verdict = budget ? `${raw / 1024 < budget ? "within" : "OVER"} ${budget} KB` : "";
        console.log(
          `${site.host.replace(".localhost", "").padEnd(20)} ${name.padEnd(5)} ${kb(raw)}  ${kb(gzip)}   ${kb(classes)}    ${kb(scripts)}  ${verdict}`,
        );
      }
    }
  } finally {
    await platform.stop();
  }
}

await main();
