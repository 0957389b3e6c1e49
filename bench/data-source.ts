/**
 * What a site on a remote dashboard data source costs (decision 022): the first copy of a
 * 640-car demo site from a second platform acting as its backend, then each refresh once in
 * step (read the remote over loopback HTTP, compare with the local data, write nothing), against
 * the peer measured in the same run: reading the same site's data from the local database.
 * Pages themselves read the local database whatever the source, so they cost the same.
 *
 * Usage: npm run bench (or: node --import tsx bench/data-source.ts)
 */
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { createDashboardClient } from "~/server/dashboard/client";
import { sites } from "~/server/db/schema";
import { readSnapshot } from "~/server/data-source/mirror";
import {
  dashboardSiteDataSource,
  localSiteDataSource,
} from "~/server/data-source/site-data-source";
import { parseEnv } from "~/server/env";
import { createSiteApiKey } from "~/server/sites/api-keys";
import { createSiteScope } from "~/server/sites/scope";
import { startServer } from "~/server/start";
import { createSiteSearch } from "~/server/stock/site-search";
import { createTestDatabase } from "~/tests/support/test-database";

const RUNS = 7;
const logger = pino({ level: "silent" });
const env = (extra: Record<string, string> = {}) =>
  parseEnv({ NODE_ENV: "production", DEMO: "true", PORT: "0", HOST: "127.0.0.1", ...extra });

const backend = await startServer(env({ DATA_SOURCE_REFRESH: "false" }), {
  logger,
  database: await createTestDatabase(),
});
// The backend answers on loopback: outbound fetches reach it only when the operator allows it.
const frontend = await startServer(env({ OUTBOUND_ALLOWED_NETWORKS: "loopback" }), {
  logger,
  database: await createTestDatabase(),
});
const remote = backend.registry.all().find((s) => s.slug === "harbour-auto-group")!;
const { key } = await createSiteApiKey(backend.database.db, {
  siteId: remote.id,
  label: "bench",
  scopes: ["dashboard:read"],
});
process.env.DASHBOARD_KEY_BENCH = key;
const siteId = frontend.registry.all().find((s) => s.slug === "coastal-kia")!.id;
const dataSource = {
  kind: "dashboard" as const,
  baseUrl: `http://127.0.0.1:${backend.port}`,
  websiteId: remote.id,
  username: remote.slug,
  passwordEnv: "DASHBOARD_KEY_BENCH",
  refreshSeconds: 86_400,
};
const [row] = await frontend.database.db.select().from(sites).where(eq(sites.id, siteId));
await frontend.database.db
  .update(sites)
  .set({ settings: { ...row!.settings, dataSource } })
  .where(eq(sites.id, siteId));
await frontend.bus.publish({ kind: "settings", siteId });
while (frontend.registry.byId(siteId)?.settings.dataSource.kind !== "dashboard")
  await new Promise((resolve) => setTimeout(resolve, 20));

const refresher = frontend.dataSources!;
let started = performance.now();
await refresher.refresh(siteId);
const firstCopyMs = performance.now() - started;
const first = refresher.status(siteId)!;
if (first.lastError) throw new Error(first.lastError);
// The status is updated in place by later refreshes: keep the first copy's count now.
const cars = first.lastResult!.carsWritten;

async function median(run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(RUNS / 2)]!;
}

const site = () => frontend.registry.byId(siteId)!;
const local = () =>
  localSiteDataSource({
    db: frontend.database.db,
    site: site(),
    scope: createSiteScope(frontend.database.db, siteId),
    search: createSiteSearch(frontend.search, site()),
  });
const client = createDashboardClient({ ...dataSource, password: key });
const localMs = await median(() => readSnapshot(local()));
const remoteMs = await median(() => readSnapshot(dashboardSiteDataSource(client, remote.id)));
const refreshMs = await median(async () => {
  await refresher.refresh(siteId);
  const status = refresher.status(siteId)!;
  if (status.lastError || status.lastResult?.carsWritten) throw new Error("refresh not in step");
});

console.log(`site: ${cars} cars copied from a second platform on loopback; medians of ${RUNS}`);
console.table([
  { what: "first copy (writes every car)", ms: Math.round(firstCopyMs), ratio: "" },
  { what: "peer: read the site locally", ms: Math.round(localMs), ratio: "1.00" },
  {
    what: "read the site from the backend",
    ms: Math.round(remoteMs),
    ratio: (remoteMs / localMs).toFixed(2),
  },
  {
    what: "refresh in step (read both, compare)",
    ms: Math.round(refreshMs),
    ratio: (refreshMs / localMs).toFixed(2),
  },
]);

await frontend.close();
await backend.close();
