/**
 * Search index size and build time as the platform grows (decision 020): for each corpus size
 * (BENCH_SIZES, default 200000,500000,1000000 vehicles, 100 vehicles per site on average), a
 * fresh process generates the vehicles' documents, builds the in-memory index from them and
 * reports RSS and heap before, with the documents, and with the index alone (documents dropped,
 * after a full GC). Reading the rows from the database is not included: `npm run bench:search`
 * measures that at 200,000.
 *
 * `npx tsx bench/index-scale.ts`
 */
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";
import { CAR_COLLECTION } from "~/server/search/collections";
import { SearchEngine } from "~/server/search/engine";
import { fakeVehicles } from "~/server/search/fake-stock";

type Report = {
  vehicles: number;
  sites: number;
  generateMs: number;
  buildMs: number;
  rssBaseMb: number;
  rssWithDocumentsMb: number;
  rssIndexMb: number;
  heapIndexMb: number;
};

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function measure(vehicles: number): Report {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  gc();
  const rssBase = process.memoryUsage().rss;
  const sites = Math.max(1, Math.round(vehicles / 100));
  let started = performance.now();
  let docs: object[] | null = fakeVehicles({ vehicles, sites });
  const generateMs = performance.now() - started;
  const engine = new SearchEngine();
  started = performance.now();
  engine.replaceAll(CAR_COLLECTION, docs);
  const buildMs = performance.now() - started;
  gc();
  const rssWithDocuments = process.memoryUsage().rss;
  docs = null;
  gc();
  const memory = process.memoryUsage();
  if (engine.count(CAR_COLLECTION) !== vehicles) throw new Error("index incomplete");
  return {
    vehicles,
    sites,
    generateMs: Math.round(generateMs),
    buildMs: Math.round(buildMs),
    rssBaseMb: mb(rssBase),
    rssWithDocumentsMb: mb(rssWithDocuments),
    rssIndexMb: mb(memory.rss),
    heapIndexMb: mb(memory.heapUsed),
  };
}

const child = process.argv[2];
if (child) {
  process.stdout.write(`${JSON.stringify(measure(Number(child)))}\n`);
} else {
  const sizes = (process.env.BENCH_SIZES ?? "200000,500000,1000000").split(",").map(Number);
  const script = fileURLToPath(import.meta.url);
  console.log(
    "vehicles   sites   build s  RSS base MB  RSS with docs MB  RSS index MB  heap MB  KB/vehicle",
  );
  for (const size of sizes) {
    const run = spawnSync(
      process.execPath,
      ["--max-old-space-size=12000", "--import", "tsx", script, String(size)],
      { encoding: "utf8", maxBuffer: 1 << 20 },
    );
    if (run.status !== 0) throw new Error(`${size}: ${run.stderr.slice(-2000)}`);
    const r = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Report;
    const perVehicle = ((r.rssIndexMb - r.rssBaseMb) * 1024) / r.vehicles;
    console.log(
      [
        String(r.vehicles).padStart(8),
        String(r.sites).padStart(7),
        (r.buildMs / 1000).toFixed(1).padStart(9),
        String(r.rssBaseMb).padStart(12),
        String(r.rssWithDocumentsMb).padStart(18),
        String(r.rssIndexMb).padStart(13),
        String(r.heapIndexMb).padStart(8),
        perVehicle.toFixed(2).padStart(11),
      ].join(" "),
    );
  }
}
