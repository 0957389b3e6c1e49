/**
 * Vehicle ads feeds' budgets (docs/product/feeds.md, decision 062): `npx tsx --expose-gc bench/feeds.ts`.
 *
 * 1. A 2,000-vehicle site's Google and Meta feeds built whole, the median of BENCH_RUNS (default
 *    15) runs each: the budget is 200 ms.
 * 2. A 20,000-vehicle group site's feeds streamed to a sink that drops each chunk (a client reading
 *    as fast as it can): RSS before, the highest seen while streaming, and after; beside it, in
 *    the same run, a plain JSON serialisation of the same vehicles (what a naive feed would hold
 *    in memory at once), its time and RSS growth, and the ratio.
 *
 * The vehicles are the seeded generator's (server/search/fake-stock.ts), in the in-process search
 * engine with the site's stock filter, read through the same FeedService the server mounts.
 */
import { defaultSiteSettings } from "~/domain/site-settings";
import { siteStockFilter } from "~/domain/listing";
import type { FeedName } from "~/domain/vehicle-ads";
import { FeedService } from "~/server/feeds/feed-service";
import type { FeedLocation } from "~/server/feeds/feed-rows";
import { CAR_COLLECTION, SearchEngine, SearchKeys } from "~/server/search";
import { FAKE_NOW_MS, fakeVehicles } from "~/server/search/fake-stock";
import { deriveSiteSearchKey } from "~/server/search/keys";
import type { Site } from "~/server/sites/site";
import type { Database } from "~/server/db/client";

const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const SMALL = 2_000;
const GROUP = 20_000;
const BUDGET_MS = 200;
const MASTER_KEY = "bench-master-key-0123456789";
const ORIGIN = "https://www.bench-dealer.example";

const gc = (globalThis as { gc?: () => void }).gc;
const rssMb = () => process.memoryUsage().rss / 1024 / 1024;
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const vehicles = fakeVehicles({
  vehicles: SMALL + GROUP,
  sites: 2,
  firstSiteVehicles: SMALL,
  nowMs: FAKE_NOW_MS,
});
const engine = new SearchEngine();
engine.replaceAll(CAR_COLLECTION, vehicles);
const settings = defaultSiteSettings();
const keys = new SearchKeys({ masterKey: MASTER_KEY, engine, now: () => FAKE_NOW_MS });
const siteOf = (id: number): Site =>
  ({
    id,
    slug: `bench-site-${id}`,
    name: `Bench Site ${id}`,
    locale: "en-AU",
    version: 1,
    settings,
    searchKey: deriveSiteSearchKey(MASTER_KEY, id),
  }) as Site;
const sites = [siteOf(1), siteOf(2)];
keys.setSites(
  sites.map((site) => ({
    siteId: site.id,
    slug: site.slug,
    searchKey: site.searchKey,
    baseFilter: (nowMs: number) => siteStockFilter(settings, { manufacturer: null }, nowMs),
  })),
);

// Every location the generated vehicles name, with an address.
const locationIds = new Set(vehicles.map((v) => v.location_id!));
const locations: FeedLocation[] = [...locationIds].map((id) => ({
  id,
  slug: `location-${id}`,
  name: `Location ${id}`,
  locationType: "sales",
  visible: true,
  externalIdentifiers: {},
  address: {
    street: "1 Main Street",
    city: "Parramatta",
    state: "NSW",
    postcode: "2150",
    lat: -33.8,
    long: 151,
  },
  contactDetail: { phone: "02 9000 0000", landline_phone: null },
}));

const feeds = new FeedService({
  search: { engine, keys, stop: () => {} },
  db: null as unknown as Database,
  now: () => FAKE_NOW_MS,
  loadLocations: async () => locations,
});

async function build(site: Site, feed: FeedName): Promise<{ bytes: number; rows: number }> {
  let bytes = 0;
  let rows = -1;
  for await (const chunk of feeds.chunks(site, ORIGIN, feed)) {
    bytes += chunk.length;
    for (let i = chunk.indexOf("\n"); i !== -1; i = chunk.indexOf("\n", i + 1)) rows++;
  }
  return { bytes, rows };
}

console.log(
  `Vehicle ads feeds: ${SMALL.toLocaleString()} and ${GROUP.toLocaleString()} generated vehicles, ${RUNS} runs.\n`,
);

console.log(
  `1. A ${SMALL.toLocaleString()}-vehicle site, whole feed built (budget ${BUDGET_MS} ms, median):`,
);
for (const feed of ["google-vehicle-ads", "meta-vehicles"] as const) {
  await build(sites[0]!, feed); // warm-up
  const times: number[] = [];
  let result = { bytes: 0, rows: 0 };
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    result = await build(sites[0]!, feed);
    times.push(performance.now() - started);
  }
  const ms = median(times);
  console.log(
    `   ${feed.padEnd(20)} ${ms.toFixed(1).padStart(6)} ms median (min ${Math.min(...times).toFixed(1)}, max ${Math.max(...times).toFixed(1)}); ${result.rows} vehicles published, ${(result.bytes / 1024).toFixed(0)} KB  ${ms < BUDGET_MS ? "within budget" : "OVER BUDGET"}`,
  );
}

console.log(`\n2. A ${GROUP.toLocaleString()}-vehicle group site, streamed (RSS in MB):`);
for (const feed of ["google-vehicle-ads", "meta-vehicles"] as const) {
  gc?.();
  const before = rssMb();
  let peak = before;
  let bytes = 0;
  const started = performance.now();
  for await (const chunk of feeds.chunks(sites[1]!, ORIGIN, feed)) {
    bytes += chunk.length;
    peak = Math.max(peak, rssMb());
  }
  const streamMs = performance.now() - started;
  gc?.();
  const after = rssMb();

  // The same vehicles, serialised at once as plain JSON.
  gc?.();
  const jsonBefore = rssMb();
  const jsonStarted = performance.now();
  const groupVehicles = vehicles.filter((v) => v.site_id === 2);
  const json = JSON.stringify(groupVehicles);
  const jsonMs = performance.now() - jsonStarted;
  const jsonPeak = rssMb();
  console.log(
    `   ${feed.padEnd(20)} streamed ${(bytes / 1024 / 1024).toFixed(1)} MB in ${streamMs.toFixed(0)} ms: RSS before ${before.toFixed(0)}, during (highest) ${peak.toFixed(0)} (+${(peak - before).toFixed(0)}), after ${after.toFixed(0)}`,
  );
  console.log(
    `   ${"plain JSON".padEnd(20)} ${(json.length / 1024 / 1024).toFixed(1)} MB in ${jsonMs.toFixed(0)} ms: RSS before ${jsonBefore.toFixed(0)}, after ${jsonPeak.toFixed(0)} (+${(jsonPeak - jsonBefore).toFixed(0)})`,
  );
  console.log(
    `   ratio feed/JSON: time ${(streamMs / jsonMs).toFixed(1)}x, RSS growth ${((peak - before) / Math.max(1, jsonPeak - jsonBefore)).toFixed(2)}x\n`,
  );
}
if (!gc) console.log("(run with --expose-gc for steadier RSS readings)");
