/**
 * Stock feed import budgets (decision 021), through the same code path as the API, CLI and pull,
 * with the search index following the change bus as it does in the server:
 *   1. full import of a 2,000-vehicle CSV into an empty site (PGlite and PostgreSQL; < 3 s),
 *   2. a feed with 50 of the 2,000 changed (< 1 s), and how long until each change is searchable
 *      (< 1 s),
 *   3. PostgreSQL: 200,000 vehicles across 100 sites from feeds (< 60 s, RSS < 1 GB), beside a
 *      plain COPY of the same rows into a table of the same shape, with the ratio.
 * Medians of RUNS runs; the search index and the importer run in this process, so its RSS is the
 * server's.
 *
 * Usage: npx tsx bench/stock-import.ts   (BENCH_DATABASE_URL, default the local test database;
 * RUNS, default 3; SITES, default 100)
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { pipeline } from "node:stream/promises";
import { fileURLToPath } from "node:url";
import { Readable } from "node:stream";
import v8 from "node:v8";
import vm from "node:vm";
import { pino } from "pino";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import { openDatabase, type DatabaseHandle } from "~/server/db/client";
import { dealerships, locations, sites } from "~/server/db/schema";
import { ChangeBus } from "~/server/events/change-bus";
import { CAR_COLLECTION } from "~/server/search";
import { SiteRegistry } from "~/server/sites/site-registry";
import { startSearchIndex } from "~/server/stock/search-sync";
import { importStock } from "~/server/stock/stock-import";
import { serverNodeFlags } from "./support/server-node-flags";

const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const RUNS = Number(process.env.RUNS ?? 3);
const SITES = Number(process.env.SITES ?? 100);
const PER_SITE = 2000;
/** Imports at a time: as many as the machine has cores (2 here). */
const CONCURRENCY = 2;

const MAKES: Array<[string, string[]]> = [
  ["Toyota", ["Corolla", "Camry", "RAV4", "HiLux", "LandCruiser"]],
  ["Mazda", ["CX-5", "Mazda3", "BT-50", "CX-30"]],
  ["Ford", ["Ranger", "Everest", "Puma"]],
  ["Kia", ["Sportage", "Cerato", "Seltos", "Carnival"]],
  ["Hyundai", ["i30", "Tucson", "Kona"]],
];
const BODIES = ["SUV", "Sedan", "Hatch", "Ute", "Wagon"];
const HEADER =
  "stocknum,vin,make,model,year,badge,car_type,price,price_type,km,colour,simple_body,simple_fuel,simple_transmission,features,images,description";

type Row = {
  stocknum: string;
  vin: string;
  make: string;
  model: string;
  year: number;
  price: number;
  km: number;
  body: string;
};

function vehicleRows(siteIndex: number): Row[] {
  return Array.from({ length: PER_SITE }, (_, i) => {
    const [make, models] = MAKES[(i + siteIndex) % MAKES.length]!;
    const n = siteIndex * PER_SITE + i;
    return {
      stocknum: `S${siteIndex}-${String(i).padStart(5, "0")}`,
      vin: `JT${String(n).padStart(15, "0")}`,
      make,
      model: models[i % models.length]!,
      year: 2010 + (i % 16),
      price: 9990 + ((i * 7919) % 80_000),
      km: (i * 104_729) % 250_000,
      body: BODIES[i % BODIES.length]!,
    };
  });
}

function csvOf(rows: Row[]): Buffer {
  const lines = [HEADER];
  for (const r of rows)
    lines.push(
      [
        r.stocknum,
        r.vin,
        r.make,
        r.model,
        r.year,
        "GX",
        r.year >= 2025 ? "new" : "used",
        r.price,
        "Drive Away",
        r.km,
        "White",
        r.body,
        "Petrol",
        "Automatic",
        "Bluetooth|Reversing Camera|Cruise Control",
        `https://photos.example.com/${r.stocknum}/1.jpg|https://photos.example.com/${r.stocknum}/2.jpg|https://photos.example.com/${r.stocknum}/3.jpg`,
        `"${r.year} ${r.make} ${r.model}, one owner, full service history, inspected and ready to drive."`,
      ].join(","),
    );
  return Buffer.from(`${lines.join("\n")}\n`);
}

async function createSite(db: DatabaseHandle["db"], slug: string) {
  const [site] = await db
    .insert(sites)
    .values({
      slug,
      name: slug,
      searchKey: `search-${slug}-${randomBytes(8).toString("hex")}`,
      navigation: { header: [], footer: [], social: [] },
      contactDetails: { phone: null, email: null, address: null },
    })
    .returning({ id: sites.id });
  const [dealership] = await db
    .insert(dealerships)
    .values({ siteId: site!.id, name: slug, slug })
    .returning({ id: dealerships.id });
  await db.insert(locations).values({
    siteId: site!.id,
    dealershipId: dealership!.id,
    name: slug,
    slug,
    address: {
      street: "1 Main St",
      city: "Parramatta",
      state: "NSW",
      postcode: "2150",
      lat: null,
      long: null,
      place_id: null,
      place_url: null,
      full: "1 Main St",
      map_key: null,
      map_url: null,
    },
    contactDetail: { phone: null, landline_phone: null, mobile: null, email: null, social: {} },
  });
  return site!.id;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const ms = (value: number) => `${Math.round(value)} ms`;
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
/** A full garbage collection (to tell live memory from garbage not yet collected). */
function gc() {
  v8.setFlagsFromString("--expose-gc");
  (vm.runInNewContext("gc") as () => void)();
}

async function openBenchDatabase(kind: "pglite" | "postgres") {
  if (kind === "pglite") {
    const handle = await openDatabase({ dataDir: null });
    await handle.migrate();
    return { handle, drop: () => handle.close() };
  }
  const schema = `bench_stock_${randomBytes(4).toString("hex")}`;
  const handle = await openDatabase({ url: PG_URL, schema });
  await handle.migrate();
  return {
    handle,
    schema,
    drop: async () => {
      await handle.close();
      const admin = new pg.Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await admin.end();
    },
  };
}

async function platform(handle: DatabaseHandle) {
  const bus = new ChangeBus(handle.pool);
  await bus.start();
  const registry = new SiteRegistry(handle.db);
  await registry.load();
  const search = await startSearchIndex({
    db: handle.db,
    bus,
    registry,
    masterKey: "bench-master-key-0123456789",
    // A failed index update is printed: a change that never becomes searchable must say why.
    logger: pino({ level: "error" }, pino.destination(2)),
  });
  return { bus, registry, search };
}

/** Budgets 1 and 2 on one database kind. */
async function oneSite(kind: "pglite" | "postgres") {
  const { handle, drop } = await openBenchDatabase(kind);
  const { bus, registry, search } = await platform(handle);
  const full: number[] = [];
  const changed: number[] = [];
  const searchable: number[] = [];
  try {
    for (let run = 0; run < RUNS; run++) {
      const siteId = await createSite(handle.db, `bench-${kind}-${run}`);
      const site = (await registry.reload(siteId))!;
      const rows = vehicleRows(run);
      let started = performance.now();
      const first = await importStock(
        { db: handle.db, bus },
        { site, source: "cli", mode: "full", format: "csv", bytes: csvOf(rows) },
      );
      full.push(performance.now() - started);
      if (first.added !== PER_SITE) throw new Error(`added ${first.added}`);

      const next = rows.map((r, i) => (i % 40 === 0 ? { ...r, price: r.price - 500 } : r));
      started = performance.now();
      const second = await importStock(
        { db: handle.db, bus },
        { site, source: "cli", mode: "full", format: "csv", bytes: csvOf(next) },
      );
      const applied = performance.now();
      changed.push(applied - started);
      if (second.updated !== 50) throw new Error(`updated ${second.updated}`);
      // Searchable: every changed vehicle's document carries its new price.
      const ids = (
        (await handle.db.execute(
          `SELECT id, price FROM vehicles WHERE site_id = ${siteId} AND stocknum LIKE 'S${run}-%'`,
        )) as unknown as { rows: Array<{ id: number; price: number }> }
      ).rows;
      const wanted = new Map(ids.map((r) => [r.id, r.price]));
      const changedIds = next
        .map((r, i) => (i % 40 === 0 ? r.stocknum : null))
        .filter((s): s is string => s !== null);
      for (;;) {
        const docs = [...wanted.keys()]
          .map(
            (id) =>
              search.engine.get(CAR_COLLECTION, id) as
                { stocknum?: string; price?: number } | undefined,
          )
          .filter((doc) => doc && changedIds.includes(doc.stocknum ?? ""));
        if (
          docs.length === 50 &&
          docs.every((doc) => doc!.price === wanted.get((doc as { id: number }).id))
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      searchable.push(performance.now() - applied);
    }
  } finally {
    search.stop();
    await bus.stop();
    await drop();
  }
  return { full: median(full), changed: median(changed), searchable: median(searchable) };
}

/** Budget 3: 100 sites of 2,000 from feeds on PostgreSQL, and a COPY of the same rows. */
async function manySites() {
  const { handle, schema, drop } = await openBenchDatabase("postgres");
  const { bus, registry, search } = await platform(handle);
  // The sample with the highest RSS, whole: how much of it is V8's heap (used: live or not yet
  // collected; total: reserved), array buffers (the index's typed arrays) and the rest.
  let peak = process.memoryUsage();
  const began = performance.now();
  let peakAt = 0;
  const sampler = setInterval(() => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) {
      peak = now;
      peakAt = performance.now() - began;
    }
  }, 100);
  try {
    const siteIds: number[] = [];
    for (let s = 0; s < SITES; s++) siteIds.push(await createSite(handle.db, `many-${s}`));
    for (const id of siteIds) await registry.reload(id);
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let s = next++; s < siteIds.length; s = next++) {
          const report = await importStock(
            { db: handle.db, bus },
            {
              site: registry.byId(siteIds[s]!)!,
              source: "pull",
              mode: "full",
              format: "csv",
              // Made when sent, as a feed arrives: the process holds the feeds in flight only.
              bytes: csvOf(vehicleRows(s)),
            },
          );
          if (report.added !== PER_SITE) throw new Error(`site ${s}: added ${report.added}`);
        }
      }),
    );
    const imported = performance.now() - started;
    // Searchable everywhere: the index holds every imported vehicle.
    // Bounded: a run that loses an update reports how many vehicles it indexed, not a hang.
    const giveUp = performance.now() + 60_000;
    while (search.engine.count(CAR_COLLECTION) < SITES * PER_SITE && performance.now() < giveUp)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const indexed = performance.now() - started;
    const searchable = search.engine.count(CAR_COLLECTION);
    // What stays once the imports' garbage is collected: the index and the process itself.
    gc();
    const settled = process.memoryUsage();

    // The peer: the same rows as CSV, streamed by COPY into a table shaped like vehicles.
    const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
    await client.connect();
    await client.query("CREATE TABLE copy_peer (LIKE vehicles INCLUDING ALL)");
    const columns =
      "site_id, dealership_id, slug, name, make, model, year, km, badge, price, price_type, car_type, stocknum, vin, colour, simple_body, simple_fuel, simple_transmission, features, images, description, created_at_timestamp";
    const dealershipOf = new Map(
      (
        await client.query<{ id: number; site_id: number }>("SELECT id, site_id FROM dealerships")
      ).rows.map((r) => [r.site_id, r.id]),
    );
    const quote = (v: string) => `"${v.replace(/"/g, '""')}"`;
    function* copyLines() {
      for (let s = 0; s < siteIds.length; s++) {
        const lines: string[] = [];
        for (const r of vehicleRows(s)) {
          const images = JSON.stringify(
            [1, 2, 3].map((n) => ({
              url: `https://photos.example.com/${r.stocknum}/${n}.jpg`,
              thumb: `https://photos.example.com/${r.stocknum}/${n}.jpg`,
            })),
          );
          lines.push(
            [
              siteIds[s],
              dealershipOf.get(siteIds[s]!),
              `${r.stocknum.toLowerCase()}`,
              quote(`${r.year} ${r.make} ${r.model} GX`),
              r.make,
              r.model,
              r.year,
              r.km,
              "GX",
              r.price,
              "Drive Away",
              r.year >= 2025 ? "new" : "used",
              r.stocknum,
              r.vin,
              "White",
              r.body,
              "Petrol",
              "Automatic",
              quote(JSON.stringify(["Bluetooth", "Reversing Camera", "Cruise Control"])),
              quote(images),
              quote(
                `${r.year} ${r.make} ${r.model}, one owner, full service history, inspected and ready to drive.`,
              ),
              Date.now(),
            ].join(","),
          );
        }
        yield `${lines.join("\n")}\n`;
      }
    }
    const copyStarted = performance.now();
    await pipeline(
      Readable.from(copyLines()),
      client.query(copyFrom(`COPY copy_peer (${columns}) FROM STDIN WITH (FORMAT csv)`)),
    );
    const copied = performance.now() - copyStarted;
    await client.end();
    return { imported, indexed, searchable, copied, peak, peakAt, settled };
  } finally {
    clearInterval(sampler);
    search.stop();
    await bus.stop();
    await drop();
  }
}

if (process.argv[2] === "many") {
  // Alone in its process, with the flags `npm run serve` gives the server, so that its RSS is that
  // of one server holding 200,000 vehicles.
  console.log(JSON.stringify(await manySites()));
  process.exit(0);
}

console.log(
  `Stock feed import, medians of ${RUNS} runs (the machine is shared: figures move with its load)`,
);
for (const kind of ["pglite", "postgres"] as const) {
  const r = await oneSite(kind);
  console.log(
    `${kind.padEnd(8)}  full 2,000: ${ms(r.full)} (budget 3000)   50 changed: ${ms(r.changed)} (budget 1000)   changes searchable after: ${ms(r.searchable)} (budget 1000)`,
  );
}
const child = spawnSync(
  process.execPath,
  [...serverNodeFlags(), "--import", "tsx", fileURLToPath(import.meta.url), "many"],
  {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    env: process.env,
  },
);
if (child.status !== 0) throw new Error("the 100-site run failed");
const many = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Awaited<
  ReturnType<typeof manySites>
>;
const { peak, settled } = many;
console.log(
  `postgres  ${SITES} sites x ${PER_SITE} from feeds: ${ms(many.imported)} (budget 60000), ${many.searchable} searchable at ${ms(many.indexed)}; peak RSS ${mb(peak.rss)} (budget 1024)`,
);
console.log(
  `          at the peak (${ms(many.peakAt)} in): heap used ${mb(peak.heapUsed)} of ${mb(peak.heapTotal)}, array buffers ${mb(peak.arrayBuffers)}; after the imports and a full GC: RSS ${mb(settled.rss)}, heap used ${mb(settled.heapUsed)}, array buffers ${mb(settled.arrayBuffers)}`,
);
console.log(
  `postgres  plain COPY of the same rows: ${ms(many.copied)}; feed import / COPY = ${(many.imported / many.copied).toFixed(1)}x`,
);
process.exit(0);
