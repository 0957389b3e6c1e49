/**
 * Keeps the sites whose `dataSource` is a dashboard backend in step with it (decision 022): each
 * such site is read from its backend every `refreshSeconds` and copied into the database
 * (./mirror.ts). While the backend is down the copy fails, is logged, and the site keeps serving
 * its last good data; the next refresh that succeeds brings the changes in.
 */
import type { Logger } from "pino";
import type { DataSource } from "~/domain/site-settings";
import { createDashboardClient, type DashboardClient } from "../dashboard/client";
import type { Database } from "../db/client";
import type { ChangeBus } from "../events/change-bus";
import { createSiteScope } from "../sites/scope";
import type { SiteRegistry } from "../sites/site-registry";
import type { SearchIndex } from "../stock/search-sync";
import { createSiteSearch } from "../stock/site-search";
import { mirrorSiteData, readSnapshot, type MirrorResult } from "./mirror";
import { dashboardSiteDataSource, localSiteDataSource } from "./site-data-source";

type DashboardSource = Extract<DataSource, { kind: "dashboard" }>;

/** How often the refresher looks for sites that are due. */
const TICK_MS = 1000;

export type RefreshStatus = {
  lastAttemptAt: number | null;
  lastSuccessAt: number | null;
  lastError: string | null;
  lastResult: MirrorResult | null;
};

export type DataSourceRefresher = {
  /** Reads one site from its backend now (also what the interval does). */
  refresh(siteId: number): Promise<void>;
  status(siteId: number): RefreshStatus | undefined;
  /** Stops the interval and waits for refreshes under way. */
  stop(): Promise<void>;
};

export function startDataSourceRefresher(deps: {
  db: Database;
  bus: ChangeBus;
  registry: SiteRegistry;
  search: SearchIndex;
  logger: Logger;
  /** Where `passwordEnv` names are looked up. */
  environment: NodeJS.ProcessEnv;
}): DataSourceRefresher {
  const statuses = new Map<number, RefreshStatus>();
  const running = new Map<number, Promise<void>>();
  // One client per setting, so its one-week cache lives as long as the setting does.
  const clients = new Map<number, { key: string; client: DashboardClient }>();

  function clientFor(siteId: number, source: DashboardSource): DashboardClient {
    const password = deps.environment[source.passwordEnv];
    if (!password)
      throw new Error(
        `Set the environment variable ${source.passwordEnv} to the dashboard password of this site.`,
      );
    const key = JSON.stringify({ ...source, password });
    const known = clients.get(siteId);
    if (known?.key === key) return known.client;
    const client = createDashboardClient({ ...source, password, logger: deps.logger });
    clients.set(siteId, { key, client });
    return client;
  }

  async function refreshSite(siteId: number): Promise<void> {
    const site = deps.registry.byId(siteId);
    const source = site?.settings.dataSource;
    if (!site || source?.kind !== "dashboard") return;
    const status: RefreshStatus = statuses.get(siteId) ?? {
      lastAttemptAt: null,
      lastSuccessAt: null,
      lastError: null,
      lastResult: null,
    };
    statuses.set(siteId, status);
    status.lastAttemptAt = Date.now();
    try {
      const remote = await readSnapshot(
        dashboardSiteDataSource(clientFor(siteId, source), source.websiteId),
      );
      const context = {
        db: deps.db,
        site,
        scope: createSiteScope(deps.db, site.id),
        search: createSiteSearch(deps.search, site, deps.logger),
      };
      status.lastResult = await mirrorSiteData(
        { db: deps.db, bus: deps.bus, site },
        localSiteDataSource(context),
        remote,
      );
      status.lastSuccessAt = Date.now();
      status.lastError = null;
      deps.logger.info({ site: site.slug, ...status.lastResult }, "site data refreshed");
    } catch (error) {
      status.lastError = (error as Error).message;
      deps.logger.warn(
        { err: error, site: site.slug },
        "site data refresh failed; the last good data is served",
      );
    }
  }

  function refresh(siteId: number): Promise<void> {
    const current = running.get(siteId);
    if (current) return current;
    const run = refreshSite(siteId).finally(() => running.delete(siteId));
    running.set(siteId, run);
    return run;
  }

  const timer = setInterval(() => {
    const now = Date.now();
    for (const site of deps.registry.all()) {
      const source = site.settings.dataSource;
      if (source.kind !== "dashboard" || running.has(site.id)) continue;
      const last = statuses.get(site.id)?.lastAttemptAt ?? 0;
      if (now - last >= source.refreshSeconds * 1000) void refresh(site.id);
    }
  }, TICK_MS);
  timer.unref();

  return {
    refresh,
    status: (siteId) => statuses.get(siteId),
    async stop() {
      clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
