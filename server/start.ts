/**
 * Starts the platform: the HTTP server first (answering 503 and `/readyz` not-ready while it
 * starts), then the database (migrated, demo-seeded when empty), change bus, site registry,
 * search index and the application. Used by server/main.ts and by the tests, which pass an
 * in-memory database. `close()` is the graceful shutdown: not ready, stop accepting, drain the
 * requests in flight, stop the lead worker (handing back its leases), close Redis and the database.
 */
import type { AddressInfo } from "node:net";
import { createServer } from "node:http";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
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
import { Readiness } from "./http/readiness";
import { handleMetrics, type MetricsSource } from "./http/metrics";
import { setSiteMemoBudget, siteMemoStats } from "./sites/site-memo";
import { setOutboundAllowedNetworks } from "./net/outbound-fetch";
import { SiteRegistry } from "./sites/site-registry";
import { startSearchIndex } from "./stock/search-sync";
import type { SearchIndex } from "./stock/search-sync";
import { createLeadServices } from "./leads/services";
import type { LeadServices } from "./leads/services";
import { createGarageServices, type GarageServices } from "./garage/services";
import { siteOrigin } from "./sites/site-origin";
import type { MailTransport } from "./providers/mail/mail-transport";
import { closeRedis, openRedis } from "./redis";
import { startDataSourceRefresher } from "./data-source/refresher";
import type { DataSourceRefresher } from "./data-source/refresher";
import { createDemoSiteApiKeys } from "./sites/api-keys";
import { startFeedPuller } from "./stock/feed-pull";
import { createPaymentProviders } from "./payments/providers";
import { ReservationService, SHOPPER_MAIL_CHANNELS } from "./reservations/reservation-service";
import {
  SHOPPER_ACKNOWLEDGEMENT_CHANNEL,
  acknowledgementChannel,
} from "./leads/shopper-acknowledgement";
import { createSignInThrottle } from "./admin/sign-in-throttle";
import { demoStaffAccounts, type DemoStaffAccount } from "./db/seed/seed-staff";
import {
  ADMIN_CREATE_COMMAND,
  DemoPasswordAccountsError,
  demoPasswordAccounts,
  hasAnyStaffAccount,
} from "./admin/demo-password-accounts";
import { sql } from "drizzle-orm";

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
  reservations: ReservationService;
  garage: GarageServices;
  /** API keys made with the demo seed (a demo, or development): shown at this first start only. */
  demoApiKeys: DemoApiKey[];
  /** The demo's back office accounts, made at a demo's first start (their password: README). */
  demoStaff: DemoStaffAccount[];
  /** Sites read from a remote dashboard backend; null when DATA_SOURCE_REFRESH is off. */
  dataSources: DataSourceRefresher | null;
  readiness: Readiness;
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
  // Listen at once: a load balancer sees the node alive (/healthz) but not ready (/readyz).
  const readiness = new Readiness();
  const httpServer = createServer();
  let handler: ((req: IncomingMessage, res: ServerResponse) => void) | null = null;
  httpServer.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!readiness.handle(req, res)) handler!(req, res);
  });
  // Keep-alive longer than a typical load balancer's idle timeout.
  httpServer.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    httpServer.once("error", reject);
    httpServer.listen(env.PORT, env.HOST, () => resolve());
  });
  const port = (httpServer.address() as AddressInfo).port;
  try {
    return await startApplication(env, options, {
      logger,
      readiness,
      httpServer,
      port,
      setHandler: (h) => (handler = h),
    });
  } catch (error) {
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    throw error;
  }
}

async function startApplication(
  env: Env,
  options: { database?: DatabaseHandle; dev?: boolean; mailTransport?: MailTransport },
  server: {
    logger: Logger;
    readiness: Readiness;
    httpServer: Server;
    port: number;
    setHandler: (handler: (req: IncomingMessage, res: ServerResponse) => void) => void;
  },
): Promise<RunningServer> {
  const { logger, readiness, httpServer, port } = server;
  const database = options.database ?? (await openDatabaseFromEnv(env));
  await database.migrate();
  let demoApiKeys: DemoApiKey[] = [];
  let demoStaff: DemoStaffAccount[] = [];
  // The demo's back office accounts (their password is published) and API keys are made for a
  // demo or in development only: SEED_DEMO alone loads the demo sites without them.
  const demo = env.DEMO || env.NODE_ENV === "development";
  if (env.SEED_DEMO && !(await hasAnySite(database.db))) {
    const started = Date.now();
    const summary = await seedDemoData(database.db, Date.now(), { staff: demo });
    logger.info({ ...summary, ms: Date.now() - started }, "demo data loaded");
    if (demo) demoApiKeys = await createDemoSiteApiKeys(database.db);
    if (demo) demoStaff = demoStaffAccounts();
  }
  // A live server never runs while an account opens with the demo's published password.
  if (env.NODE_ENV === "production" && !env.DEMO) {
    const exposed = await demoPasswordAccounts(database.db);
    if (exposed.length > 0) {
      if (!options.database) await database.close();
      throw new DemoPasswordAccountsError(exposed);
    }
  }
  if (!(await hasAnyStaffAccount(database.db)))
    logger.warn(
      `No back office account yet: make the first platform administrator with \`${ADMIN_CREATE_COMMAND}\` (docs/deployment.md).`,
    );

  setSiteMemoBudget(env.SITE_MEMO_MAX_BYTES);
  setOutboundAllowedNetworks(env.OUTBOUND_ALLOWED_NETWORKS);
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
    resultsCacheMaxBytes: env.SEARCH_CACHE_MAX_BYTES,
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
    search,
  });

  const payments = createPaymentProviders({ env, db: database.db, port: () => port, logger });
  const reservations = new ReservationService({
    db: database.db,
    bus,
    registry,
    providers: payments,
    leads,
    logger: logger.child({ component: "reservations" }),
    mailFrom: env.MAIL_FROM,
    originOf: (site) => siteOrigin(site, { platformDomain: env.PLATFORM_DOMAIN, port }),
    notifyOtherProcesses: database.pool !== null,
  });
  const garage = createGarageServices({
    env,
    db: database.db,
    mail: leads.transport,
    rateLimiter,
    siteOf: (id) => registry.byId(id),
    originOf: (site) => siteOrigin(site, { platformDomain: env.PLATFORM_DOMAIN, port }),
    logger,
    search,
  });
  for (const channel of Object.values(SHOPPER_MAIL_CHANNELS))
    leads.worker?.registerChannel(channel, (job) => reservations.sendShopperMail(channel, job), {
      toShopper: true,
    });
  leads.worker?.registerChannel(
    SHOPPER_ACKNOWLEDGEMENT_CHANNEL,
    acknowledgementChannel({
      db: database.db,
      transport: leads.transport,
      siteOf: (id) => registry.byId(id),
      originOf: (site) => siteOrigin(site, { platformDomain: env.PLATFORM_DOMAIN, port }),
      mailFrom: env.MAIL_FROM,
    }),
    { toShopper: true },
  );

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

  const app = createApp({
    env,
    db: database.db,
    bus,
    registry,
    logger,
    build,
    vite,
    clientDir: vite ? undefined : `${buildDir}/client`,
    port: () => port,
    search,
    leads,
    garage,
    rateLimiter,
    reservations,
    payments,
    signInThrottle: createSignInThrottle(redis, env.REDIS_KEY_PREFIX),
  });
  const metrics: MetricsSource = {
    isPlatformHost: (host) => registry.byHost(host) === "platform",
    caches: () => ({
      pages: app.pageCache.stats(),
      search_results: search.engine.resultsCache.stats(),
      images: app.imageResizer.stats(),
      site_memo: siteMemoStats(),
    }),
  };
  server.setHandler((req, res) => {
    if (!handleMetrics(metrics, req, res)) app(req, res);
  });
  readiness.ready(() => database.db.execute(sql`SELECT 1`));
  // The lead delivery worker: works through the outbox left by earlier runs, then new leads.
  await leads.start();
  garage.start();
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
  // Unpaid holds past their time end (and their cars are reservable again).
  const sweep = setInterval(() => {
    reservations
      .expireDue()
      .catch((error: unknown) => logger.error({ err: error }, "reservation sweep failed"));
  }, env.RESERVATION_SWEEP_MS);
  sweep.unref();

  let closing: Promise<void> | null = null;
  return {
    url: `http://localhost:${port}`,
    port,
    database,
    bus,
    registry,
    app,
    leads,
    reservations,
    garage,
    search,
    demoApiKeys,
    demoStaff,
    dataSources,
    readiness,
    close() {
      closing ??= (async () => {
        readiness.draining();
        clearInterval(sweep);
        await drainRequests(httpServer, env.SHUTDOWN_DRAIN_MS);
        await vite?.close();
        await dataSources?.stop();
        await leads.close();
        await garage.close();
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

/**
 * Stops accepting connections and waits for the requests in flight to finish (up to `timeoutMs`,
 * then the rest are cut). Keep-alive connections are closed as soon as they fall idle.
 */
async function drainRequests(httpServer: Server, timeoutMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
  httpServer.closeIdleConnections();
  const sweep = setInterval(() => httpServer.closeIdleConnections(), 100);
  const cut = setTimeout(() => httpServer.closeAllConnections(), timeoutMs);
  try {
    await closed;
  } finally {
    clearInterval(sweep);
    clearTimeout(cut);
  }
}
