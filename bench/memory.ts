/**
 * Memory under a long mixed load (`npm run bench:memory`): the platform (production build,
 * in-memory demo database, page cache on) takes autocannon traffic for BENCH_SECONDS (default
 * 180) in slices of 10 s, and after each slice its RSS and cache sizes are read from GET /metrics.
 * The load is what grew the process before the caches had byte budgets: ad clicks (a new click
 * id and utm tags on every request), many unique URLs (a new query parameter each time), search
 * pages with varying filters and pages, placeholder images, and leads. RSS should level off well
 * under the budget (server RSS under 1 GB) instead of growing with the number of distinct URLs.
 *
 * Env: BENCH_SECONDS, BENCH_CONNECTIONS (default 10), and the cache budgets
 * (PAGE_CACHE_MAX_BYTES, SEARCH_CACHE_MAX_BYTES, IMAGE_CACHE_MAX_BYTES, SITE_MEMO_MAX_BYTES).
 */
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { get, startChild } from "./support/processes";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 180);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SLICE_SECONDS = 10;
const HOSTS = [
  "coastal-kia.localhost",
  "harbour-auto-group.localhost",
  "lone-star-autos.localhost",
];
const SEARCHES = [
  "/search/new-used-and-demo-cars",
  "/search/used-cars?transmission=Automatic",
  "/search/new-used-and-demo-cars?fuel=Diesel,Petrol",
  "/search/new-used-and-demo-cars?sortBy=price%3Aasc",
];

let counter = 0;
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const click = () =>
  `gclid=${(counter += 1).toString(36)}x${Math.random().toString(36).slice(2)}&utm_source=google&utm_campaign=c${counter % 97}`;

/** One request of the mix. */
function nextRequest(): { method: string; path: string; host: string; body?: string } {
  const host = pick(HOSTS);
  const roll = Math.random();
  if (roll < 0.4)
    return {
      method: "GET",
      host,
      path: `${pick(["/", ...SEARCHES])}?${click()}`.replace(/\?(.*)\?/, "?$1&"),
    };
  if (roll < 0.65) return { method: "GET", host, path: `/?visit=${(counter += 1)}` };
  if (roll < 0.85)
    return {
      method: "GET",
      host,
      path: `${pick(SEARCHES)}${pick(SEARCHES).includes("?") ? "&" : "?"}page=${1 + Math.floor(Math.random() * 8)}`.replace(
        /\?(.*)\?/,
        "?$1&",
      ),
    };
  if (roll < 0.95)
    return {
      method: "GET",
      host,
      path: `/media/vehicle/${pick(["car", "ute", "suv"])}/${pick(["red", "blue", "white", "black"])}/${1 + Math.floor(Math.random() * 4)}.svg`,
    };
  return {
    method: "POST",
    host: "coastal-kia.localhost",
    path: "/api/leads",
    body: JSON.stringify({
      lead: {
        first_name: "Jane",
        last_name: "Citizen",
        email: `jane.${counter}@example.com`,
        phone: "0411 222 333",
        postcode: "4215",
        category: "General Enquiry",
        message: `Memory bench lead ${(counter += 1)}`,
      },
    }),
  };
}

type Metrics = {
  rss: number;
  heap: number;
  pages: number;
  search: number;
  memo: number;
  images: number;
};

async function metrics(port: number): Promise<Metrics> {
  const { body } = await get(port, "localhost", "/metrics");
  const value = (pattern: RegExp) => Number(pattern.exec(body)?.[1] ?? NaN);
  const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
  return {
    rss: mb(value(/^process_resident_memory_bytes (\d+)/m)),
    heap: mb(value(/^nodejs_heap_used_bytes (\d+)/m)),
    pages: mb(value(/^cache_bytes\{cache="pages"\} (\d+)/m)),
    search: mb(value(/^cache_bytes\{cache="search_results"\} (\d+)/m)),
    memo: mb(value(/^cache_bytes\{cache="site_memo"\} (\d+)/m)),
    images: mb(value(/^cache_bytes\{cache="images"\} (\d+)/m)),
  };
}

const script = fileURLToPath(new URL("./support/platform-server.ts", import.meta.url));
const server = await startChild(script, ["cache"], { LEAD_RATE_LIMIT: "100000000" });
try {
  console.log(
    `Memory under a mixed load: autocannon ${CONNECTIONS} connections, ${SECONDS} s in ${SLICE_SECONDS} s slices (MB)`,
  );
  console.log("     s  requests  req/s    RSS   heap  pages  search  memo  images");
  const start = await metrics(server.port);
  console.log(
    `     0         -      -  ${String(start.rss).padStart(5)}  ${String(start.heap).padStart(5)}`,
  );
  const rss: number[] = [];
  let total = 0;
  for (let elapsed = SLICE_SECONDS; elapsed <= SECONDS; elapsed += SLICE_SECONDS) {
    const result = await autocannon({
      url: `http://127.0.0.1:${server.port}`,
      connections: CONNECTIONS,
      duration: SLICE_SECONDS,
      requests: [
        {
          setupRequest: (request) => {
            const next = nextRequest();
            return {
              ...request,
              method: next.method as "GET",
              path: next.path,
              headers: {
                host: next.host,
                "accept-encoding": "gzip",
                ...(next.body ? { "content-type": "application/json" } : {}),
              },
              body: next.body,
            };
          },
        },
      ],
    });
    total += result.requests.total;
    const m = await metrics(server.port);
    rss.push(m.rss);
    console.log(
      [
        String(elapsed).padStart(6),
        String(total).padStart(9),
        String(Math.round(result.requests.average)).padStart(6),
        String(m.rss).padStart(6),
        String(m.heap).padStart(6),
        String(m.pages).padStart(6),
        String(m.search).padStart(7),
        String(m.memo).padStart(5),
        String(m.images).padStart(7),
      ].join(" "),
    );
  }
  const third = Math.max(1, Math.floor(rss.length / 3));
  const firstThird = Math.max(...rss.slice(0, third));
  const lastThird = Math.max(...rss.slice(-third));
  console.log(
    `RSS at start ${start.rss} MB; highest in the first third ${firstThird} MB, in the last third ${lastThird} MB (growth ${lastThird - firstThird} MB over the last two thirds); peak ${Math.max(...rss)} MB against the 1,024 MB budget.`,
  );
} finally {
  await server.stop();
}
