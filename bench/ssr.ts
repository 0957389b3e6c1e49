/**
 * Server rendering throughput (docs/performance-budgets.md), autocannon on loopback:
 *
 *   page cache off: the platform vs a bare node:http server that only runs React's
 *                   renderToString on the same markup (no routing, no data)   budget >= 50%
 *   page cache on:  the platform repeating one URL vs the same HTML served as
 *                   a static string                                           budget >= 50%
 *
 * A third peer shows the floor the platform stands on: a bare React Router app (one route, no
 * loader, no data) whose route renders the same body markup as a prebuilt element tree. Its ratio
 * to bare React is the most any React Router page can reach before routing its own data and
 * rendering its own components.
 *
 * Pages: a typical SRP (3 filters, 21 cards), the vehicle page /cars/{slug} (measured when it
 * answers 200), the home page, and /about-us as a reference for the cost every page shares. Every server runs in its own process (the platform on the
 * production build in BUILD_DIR, default `build`, on an in-memory demo database); servers are
 * measured one at a time, alternating, ROUNDS times; the table prints medians and ratios.
 *
 * Each server is first warmed on the page with BENCH_WARMUP requests. A fresh process runs its
 * first few thousand requests slower while V8 compiles its hot code: the platform's first thousand
 * vehicle pages cost about 7.6 ms of main-thread CPU and 3.2 ms on V8's other threads each, from
 * the fourth thousand on about 4.4 and 0.6 ms. A budget is about the rate a server keeps.
 *
 * Beside each page's rates the table prints the CPU time the platform's process and the floor's
 * spent per request over the same measured runs (Linux /proc; all threads, so garbage collection
 * on V8's helper threads counts). Rates on a shared machine swing with what else runs; the CPU a
 * request costs swings less, and its ratio is the same comparison from the server's side.
 *
 * Env: BENCH_SECONDS (per measurement, default 5), BENCH_ROUNDS (default 3),
 * BENCH_CONNECTIONS (default 10), BENCH_WARMUP (requests per server and page, default 3000).
 */
import { mkdtempSync, writeFileSync, existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { buildBareApp } from "./support/bare-app";
import { countElements } from "./support/html-to-react";
import { cpuMs, get, median, startChild, type Child } from "./support/processes";

const here = fileURLToPath(new URL(".", import.meta.url));
const root = resolve(here, "..");
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3000);
const HOST = "harbour-auto-group.localhost";
/** Three filters (condition, transmission, two fuel types), first page of 21 cards. */
const SRP_PATH = "/search/used-cars?fuel=Diesel,Petrol&transmission=Automatic";

const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");
if (!existsSync(join(buildDir, "server", "index.js"))) {
  console.error(
    `No production build in ${buildDir}: run \`npx react-router build\` first (BUILD_DIR=${process.env.BUILD_DIR ?? "build"}).`,
  );
  process.exit(1);
}

/** One autocannon run, for a number of requests or of seconds; every request must succeed. */
async function load(
  port: number,
  path: string,
  host: string,
  run: { amount: number } | { duration: number },
): Promise<autocannon.Result> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}${path}`,
    connections: CONNECTIONS,
    headers: { host },
    ...run,
  });
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad > 0) throw new Error(`${bad} failed requests on ${path} (port ${port})`);
  return result;
}

/** Requests per second a server kept over one run, and the CPU time its process spent per request. */
async function rate(
  child: Child,
  path: string,
  host: string,
): Promise<{ perSecond: number; cpuPerRequest: number }> {
  const cpuBefore = cpuMs(child);
  const result = await load(child.port, path, host, { duration: SECONDS });
  return {
    perSecond: result.requests.total / (result.duration || SECONDS),
    cpuPerRequest: (cpuMs(child) - cpuBefore) / result.requests.total,
  };
}

type Row = {
  page: string;
  path: string;
  bytes: number;
  elements: number;
  off: number;
  bare: number;
  router: number;
  on: number;
  text: number;
  /** CPU milliseconds per request of the platform (page cache off) and of the floor. */
  offCpu: number;
  routerCpu: number;
};

async function measurePage(
  name: string,
  path: string,
  platform: { off: Child; on: Child },
  html: string,
  dir: string,
  bareAppDir: string,
): Promise<Row> {
  const file = join(dir, `${name.replace(/\W+/g, "-")}.html`);
  // The peers serve exactly what the platform sent for this URL.
  writeFileSync(file, html);
  const bare = await startChild(join(here, "support", "peer-server.ts"), ["react", file]);
  const text = await startChild(join(here, "support", "peer-server.ts"), ["static", file]);
  const router = await startChild(join(here, "support", "peer-server.ts"), [
    "router",
    file,
    bareAppDir,
  ]);
  // The bare React Router app has its one route at "/"; the other peers answer any path.
  const servers: [
    keyof Omit<Row, "page" | "path" | "bytes" | "elements" | "offCpu" | "routerCpu">,
    Child,
    string,
    string,
  ][] = [
    ["off", platform.off, HOST, path],
    ["bare", bare, "peer", path],
    ["router", router, "peer", "/"],
    ["on", platform.on, HOST, path],
    ["text", text, "peer", path],
  ];
  try {
    for (const [, child, host, url] of servers)
      await load(child.port, url, host, { amount: WARMUP });
    const samples = {
      off: [] as number[],
      bare: [] as number[],
      router: [] as number[],
      on: [] as number[],
      text: [] as number[],
    };
    const cpu = { off: [] as number[], router: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      for (const [kind, child, host, url] of servers) {
        const { perSecond, cpuPerRequest } = await rate(child, url, host);
        samples[kind].push(perSecond);
        if (kind === "off" || kind === "router") cpu[kind].push(cpuPerRequest);
      }
    }
    return {
      page: name,
      path,
      bytes: Buffer.byteLength(html),
      elements: countElements(html),
      off: median(samples.off),
      bare: median(samples.bare),
      router: median(samples.router),
      on: median(samples.on),
      text: median(samples.text),
      offCpu: median(cpu.off),
      routerCpu: median(cpu.router),
    };
  } finally {
    await Promise.all([bare.stop(), text.stop(), router.stop()]);
  }
}

async function main() {
  console.log(
    `SSR throughput: autocannon ${CONNECTIONS} connections x ${SECONDS} s, ${ROUNDS} rounds (medians) after ${WARMUP} warm-up requests per server and page, loopback, build ${buildDir}`,
  );
  const dir = mkdtempSync(join(tmpdir(), "bench-ssr-"));
  const bareAppDir = buildBareApp(root);
  const [off, on] = await Promise.all([
    startChild(join(here, "support", "platform-server.ts"), ["no-cache"]),
    startChild(join(here, "support", "platform-server.ts"), ["cache"]),
  ]);
  const rows: Row[] = [];
  try {
    const srp = await get(off.port, HOST, SRP_PATH);
    if (srp.status !== 200) throw new Error(`SRP ${SRP_PATH} answered ${srp.status}`);
    const cards = (srp.body.match(/<article /g) ?? []).length;
    const pages: [string, string, string][] = [[`SRP (${cards} cards)`, SRP_PATH, srp.body]];

    const slug = /href="\/cars\/([A-Za-z0-9_-]+)"/.exec(srp.body)?.[1];
    const vdpPath = `/cars/${slug ?? "none"}`;
    const vdp = await get(off.port, HOST, vdpPath);
    if (vdp.status === 200) pages.push(["VDP", vdpPath, vdp.body]);
    else console.log(`VDP ${vdpPath} answered ${vdp.status}: not measured.`);

    const home = await get(off.port, HOST, "/");
    if (home.status === 200) pages.push(["Home", "/", home.body]);

    // Reference: a small content page shows what every page pays before its own content
    // (root loader, header and footer, middleware, streaming).
    const about = await get(off.port, HOST, "/about-us");
    if (about.status === 200) pages.push(["(about-us)", "/about-us", about.body]);

    for (const [name, path, html] of pages) {
      // Same bytes for the peers as the platform sends for this URL now (dates, versions).
      rows.push(await measurePage(name, path, { off, on }, html, dir, bareAppDir));
    }
  } finally {
    await Promise.all([off.stop(), on.stop()]);
    rmSync(dir, { recursive: true, force: true });
    rmSync(bareAppDir, { recursive: true, force: true });
  }

  const pct = (a: number, b: number) => `${Math.round((a / b) * 100)}%`;
  const fmt = (n: number) => n.toFixed(0).padStart(6);
  console.log("");
  console.log(
    "page           KB  elements | cache off  bare React  ratio (>=50%) | RR floor  ratio  off/floor | cache on  static  ratio (>=50%)",
  );
  for (const r of rows) {
    const okOff = r.off / r.bare >= 0.5 ? "ok" : "BELOW";
    const okOn = r.on / r.text >= 0.5 ? "ok" : "BELOW";
    console.log(
      `${r.page.padEnd(14)}${(r.bytes / 1024).toFixed(0).padStart(4)} ${String(r.elements).padStart(8)}  | ${fmt(r.off)} ${fmt(r.bare)}      ${pct(r.off, r.bare).padStart(4)} ${okOff.padEnd(5)} | ${fmt(r.router)}   ${pct(r.router, r.bare).padStart(4)}       ${pct(r.off, r.router).padStart(4)} | ${fmt(r.on)} ${fmt(r.text)}  ${pct(r.on, r.text).padStart(4)} ${okOn}`,
    );
    console.log(
      `  ${r.path}\n  CPU per request: platform ${r.offCpu.toFixed(2)} ms, floor ${r.routerCpu.toFixed(2)} ms (floor/platform ${pct(r.routerCpu, r.offCpu)})`,
    );
  }
  console.log(
    "\n(req/s; 'bare React' = renderToString of the same markup as a React element tree, 'RR floor' = a bare React Router app\n rendering the same body markup with no data, 'static' = the same bytes from a string)",
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
