/**
 * Starts the platform: database (migrated, demo-seeded when empty), change bus, site registry,
 * and the HTTP server. Used by server/main.ts and by the tests, which pass an in-memory database.
 */
import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { pino } from "pino";
import type { Logger } from "pino";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { DatabaseHandle } from "./db/client";
import { openDatabaseFromEnv } from "./db/open-from-env";
import { hasAnySite, seedDemoData } from "./db/seed/seed-demo";
import type { Env } from "./env";
import { ChangeBus } from "./events/change-bus";
import { createApp } from "./http/app";
import { rateLimiterFactory } from "./http/rate-limiter";
import { SiteRegistry } from "./sites/site-registry";
import { startSearchIndex } from "./stock/search-sync";
import type { SearchIndex } from "./stock/search-sync";
import { createLeadServices } from "./leads/services";
import type { LeadServices } from "./leads/services";
import type { MailTransport } from "./providers/mail/mail-transport";
import { closeRedis, openRedis } from "./redis";
import { startDataSourceRefresher } from "./data-source/refresher";
import type { DataSourceRefresher } from "./data-source/refresher";
import { createDemoSiteApiKeys } from "./sites/api-keys";
import { startFeedPuller } from "./stock/feed-pull";

type DemoApiKey = Awaited<ReturnType<typeof createDemoSiteApiKeys>>[number];

export type RunningServer = {
  url: string;
  port: number;
  database: DatabaseHandle;
  bus: ChangeBus;
  registry: SiteRegistry;
  app: ReturnType<typeof createApp>;
  search: SearchIndex;
  leads: LeadServices;
  /** API keys made with the demo seed in development: shown at this first start only. */
  demoApiKeys: DemoApiKey[];
  /** Sites read from a remote dashboard backend; null when DATA_SOURCE_REFRESH is off. */
  dataSources: DataSourceRefresher | null;
  close(): Promise<void>;
};

const root = fileURLToPath(new URL("..", import.meta.url));
// Same variable as react-router.config.ts: where the production build lives.
const buildDir = resolve(root, process.env.BUILD_DIR ?? "build");

export async function startServer(
  env: Env,
  options: {
    logger?: Logger;
    database?: DatabaseHandle;
    dev?: boolean;
    mailTransport?: MailTransport;
  } = {},
): Promise<RunningServer> {
  const logger = options.logger ?? pino({ level: env.LOG_LEVEL });
  const database = options.database ?? (await openDatabaseFromEnv(env));
  await database.migrate();
  let demoApiKeys: DemoApiKey[] = [];
  if (env.SEED_DEMO && !(await hasAnySite(database.db))) {
    const started = Date.now();
    const summary = await seedDemoData(database.db);
    logger.info({ ...summary, ms: Date.now() - started }, "demo data loaded");
    // Keys are secrets: made for the demo in development only, never in production.
    if (env.NODE_ENV === "development") demoApiKeys = await createDemoSiteApiKeys(database.db);
  }

  const bus = new ChangeBus(database.pool);
  await bus.start();
  const registry = new SiteRegistry(database.db, env.PLATFORM_DOMAIN);
  await registry.load();
  const search = await startSearchIndex({
    db: database.db,
    bus,
    registry,
    masterKey: env.SEARCH_MASTER_KEY,
    logger,
  });
  const redis = env.REDIS_URL ? await openRedis(env.REDIS_URL, logger) : null;
  const rateLimiter = rateLimiterFactory(redis, env.REDIS_KEY_PREFIX);
  const leads = createLeadServices({
    env,
    database,
    siteOf: (id) => registry.byId(id),
    logger,
    transport: options.mailTransport,
    rateLimiter,
  });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  let vite: ViteDevServer | undefined;
  if (options.dev) {
    const { createServer: createViteServer } = await import("vite");
    vite = await createViteServer({ root, server: { middlewareMode: true } });
    const devServer = vite;
    build = () =>
      devServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildPath = `${buildDir}/server/index.js`;
    build = (await import(/* @vite-ignore */ buildPath)) as ServerBuild;
  }

  const httpServer = createServer();
  const app = createApp({
    env,
    db: database.db,
    bus,
    registry,
    logger,
    build,
    vite,
    clientDir: vite ? undefined : `${buildDir}/client`,
    port: () => (httpServer.address() as AddressInfo | null)?.port ?? env.PORT,
    search,
    leads,
    rateLimiter,
  });
  httpServer.on("request", app);
  // Keep-alive longer than a typical load balancer's idle timeout.
  httpServer.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(env.PORT, env.HOST, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  // The lead delivery worker: works through the outbox left by earlier runs, then new leads.
  await leads.start();
  const dataSources = env.DATA_SOURCE_REFRESH
    ? startDataSourceRefresher({
        db: database.db,
        bus,
        registry,
        search,
        logger,
        environment: process.env,
      })
    : null;
  const stopFeedPuller = env.STOCK_FEED_PULL
    ? startFeedPuller({
        db: database.db,
        bus,
        registry,
        logger,
        tickMs: env.STOCK_FEED_PULL_TICK_MS,
      })
    : async () => undefined;

  let closing: Promise<void> | null = null;
  return {
    url: `http://localhost:${port}`,
    port,
    database,
    bus,
    registry,
    app,
    leads,
    search,
    demoApiKeys,
    dataSources,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolve) => {
          httpServer.close(() => resolve());
          httpServer.closeIdleConnections();
        });
        await vite?.close();
        await dataSources?.stop();
        await leads.close();
        await stopFeedPuller();
        search.stop();
        await bus.stop();
        if (redis) await closeRedis(redis);
        await database.close();
      })();
      return closing;
    },
  };
}
