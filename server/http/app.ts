/**
 * The HTTP application: one Express app for every site. Order matters:
 * security headers and compression, static assets, health, then the Host decides between the
 * platform (index page), a site (its pages and APIs) and nothing (a plain 404).
 */
import { randomBytes, randomUUID } from "node:crypto";
import { join } from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { ChangeBus } from "../events/change-bus";
import { createSiteScope } from "../sites/scope";
import { siteOrigin } from "../sites/site-origin";
import type { Site } from "../sites/site";
import type { SiteRegistry } from "../sites/site-registry";
import { mediaRouter } from "../media/media-router";
import { vehiclePhotosRouter } from "../admin/editors/vehicle-photos";
import { ImageResizer } from "../media/image-resizer";
import { outboundFetch } from "../net/outbound-fetch";
import { DemoPhotos } from "../media/demo-photos";
import { drawsDemoHistoryReports, HistoryReports } from "../media/history-reports";
import type { RequestContext } from "./load-context";
import { createSearchApi } from "../search";
import type { SearchIndex } from "../stock/search-sync";
import { createSiteSearch } from "../stock/site-search";
import { createStockApiRouter } from "../stock/stock-api";
import type { LeadServices } from "../leads/services";
import { createLeadsRouter } from "../leads/router";
import { createDevMailRouter } from "../leads/dev-mail-page";
import type { PaymentProviders } from "../payments/providers";
import { createTestProviderRouter } from "../payments/test-provider";
import type { ReservationService } from "../reservations/reservation-service";
import {
  createPaymentWebhookRouter,
  createReservationRouter,
  createReservationsApiRouter,
} from "../reservations/router";
import { createGarageRouter } from "../garage/router";
import type { GarageServices } from "../garage/services";
import { createDevSmsRouter } from "../providers/sms/dev-sms-page";
import { createDashboardApi } from "../dashboard/router";
import { authenticateSiteRequest } from "../sites/api-keys";
import { createPhoneRevealRouter, PHONE_REVEAL_LIMIT } from "../events/phone-reveal";
import { CROSS_SITE_MESSAGE, formPostRefusal, headersOf, isCrossSiteRequest } from "../leads/guard";
import { drainListenersKeptOnce } from "./drain-listeners";
import { HTML_CACHE_CONTROL } from "./cache-control";
import type { RateLimiterFactory } from "./rate-limiter";
import {
  PERMISSIONS_POLICY,
  sitePagePolicy,
  STRICT_CSP_DIRECTIVES,
} from "./content-security-policy";
import { clientErrorStatus, edgeChecks } from "./edge-checks";
import { PageCache } from "./page-cache";
import { routePartitions } from "./route-partitions";
import { renderPlatformIndex } from "./platform-index";
import { robotsTxt, sitemapXml } from "./crawlers";
import { FeedService } from "../feeds/feed-service";
import { createFeedsRouter } from "../feeds/router";
import {
  adminContentSecurityPolicy,
  adminImageSources,
  adminLoadContext,
  isAdminPath,
  type AdminLocals,
} from "../admin/admin-http";
import { createSignInThrottle, type SignInThrottle } from "../admin/sign-in-throttle";

export type AppDependencies = {
  env: Env;
  db: Database;
  bus: ChangeBus;
  registry: SiteRegistry;
  logger: Logger;
  /** Production: the built server. Development: Vite in middleware mode. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  vite?: ViteDevServer;
  /** Static assets of the production build (build/client). */
  clientDir?: string;
  /** The port actually listened on, for the platform index's links. */
  port: () => number;
  /** The in-memory search engine and its keys (server/stock/search-sync.ts). */
  search: SearchIndex;
  /** Lead API, forms' intake and delivery (server/leads). */
  leads: LeadServices;
  /** Garage sign-in, watchlist and alerts (server/garage). */
  garage: GarageServices;
  /** Makes the per-client limits: in Redis with REDIS_URL, else in this process. */
  rateLimiter: RateLimiterFactory;
  /** Reservations and card payments (server/reservations, server/payments). */
  reservations: ReservationService;
  payments: PaymentProviders;
  /** Back office sign-in lock-out (server/admin): in Redis with REDIS_URL, else in this process. */
  signInThrottle?: SignInThrottle;
};

/** A path whose last segment has a file extension (`/favicon.ico`, `/icons/a.png`). */
const FILE_PATH = /\.[A-Za-z0-9]+$/;

/**
 * Per-request state kept on res.locals: the site, the origin its absolute URLs are built from,
 * and the nonce its inline scripts carry (in its Content-Security-Policy).
 */
type Locals = {
  site?: Site;
  origin?: string;
  cspNonce?: string;
  requestId: string;
} & AdminLocals;

export function createApp(deps: AppDependencies) {
  const { env, registry, logger } = deps;
  const app = express();
  app.disable("x-powered-by");
  // The client address comes from X-Forwarded-For only when the connection is from a proxy
  // the operator named: anyone else could rotate it to dodge the per-client limits. Scheme and
  // host never come from forwarding headers (pages use the site's configured origin).
  app.set("trust proxy", env.TRUSTED_PROXIES.length > 0 ? env.TRUSTED_PROXIES : false);

  app.use(edgeChecks);

  // A page rendered before for this site version and URL is answered first of all (server/http/page-cache.ts).
  const pageCache = new PageCache(
    env.PAGE_CACHE && !deps.vite ? env.PAGE_CACHE_MAX_ENTRIES : 0,
    env.PAGE_CACHE_MAX_BYTES,
  );
  const demoPhotos = new DemoPhotos(undefined, env.DEMO_PHOTO_DIR ?? null);
  const imageResizer = new ImageResizer(outboundFetch, env.IMAGE_CACHE_MAX_BYTES, (path) =>
    demoPhotos.forPath(path),
  );
  const pageKey = (req: Request): string | null => {
    const site = registry.byHost(req.headers.host);
    if (!site || site === "platform" || isAdminPath(req.path)) return null;
    return `${site.id}:${site.version}:${req.headers.host}:${req.originalUrl}`;
  };
  app.use(pageCache.serve(pageKey));

  app.use((req, res, next) => {
    const locals = res.locals as Locals;
    locals.requestId = (req.headers["x-request-id"] as string | undefined) ?? randomUUID();
    res.setHeader("x-request-id", locals.requestId);
    // Back office answers are one person's: never stored by a browser, proxy or CDN.
    if (isAdminPath(req.path)) res.setHeader("Cache-Control", "private, no-store");
    next();
  });
  app.use(
    pinoHttp({
      logger,
      genReqId: (_req, res) => (res as Response).locals.requestId as string,
      // Called again when the response completes, by which time the site is known.
      customProps: (_req, res) => {
        const site = ((res as Response).locals as Locals).site;
        return site ? { site: site.slug } : {};
      },
      serializers: {
        req: (req: {
          id: string;
          method: string;
          url: string;
          headers: Record<string, string>;
        }) => ({
          id: req.id,
          method: req.method,
          url: req.url,
          host: req.headers.host,
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      autoLogging: { ignore: (req) => req.url === "/healthz" },
    }),
  );
  app.use(
    helmet({
      // The strict policy; a site's own (its integrations' origins added) replaces it below.
      contentSecurityPolicy: { useDefaults: false, directives: STRICT_CSP_DIRECTIVES },
      crossOriginEmbedderPolicy: false,
      // helmet's default (no-referrer) makes browsers send `Origin: null` with native form posts,
      // which React Router's action check (and ours) must refuse: forms without JavaScript
      // would never work. This policy sends only the origin across sites.
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      hsts: env.NODE_ENV === "production",
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    next();
  });
  app.use(compression());
  app.use(drainListenersKeptOnce());

  if (deps.vite) {
    app.use(deps.vite.middlewares);
  } else if (deps.clientDir) {
    // Fingerprinted build output: cache for a year.
    app.use(
      "/assets",
      express.static(`${deps.clientDir}/assets`, { immutable: true, maxAge: "1y", index: false }),
    );
    // Other files of the client build (favicon.ico and the like): only paths that name a file
    // look on disk, so a page request costs no file system lookup.
    const clientFiles = express.static(deps.clientDir, { maxAge: "1h", index: false });
    app.use((req, res, next) => (FILE_PATH.test(req.path) ? clientFiles(req, res, next) : next()));
  }

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok", sites: registry.all().length });
  });

  // The Meilisearch-compatible search API, on the platform host and every site host; the
  // bearer key, not the host, decides what it may search.
  const searchApi = createSearchApi({ engine: deps.search.engine, keys: deps.search.keys, logger });
  app.use("/search-api", (req, res, next) => {
    if (registry.byHost(req.headers.host) === null) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    searchApi(req, res, next);
  });

  // Reservations: provider webhooks and the staff API name their site themselves.
  const paymentWebhooks = createPaymentWebhookRouter({ service: deps.reservations });
  const reservationsApi = createReservationsApiRouter({
    db: deps.db,
    registry,
    service: deps.reservations,
  });
  app.use((req, res, next) => {
    if (
      !req.path.startsWith("/api/payments/") &&
      !/^\/api\/v1\/websites\/[^/]+\/reservations/.test(req.path)
    )
      return next();
    if (registry.byHost(req.headers.host) === null) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    paymentWebhooks(req, res, (error?: unknown) =>
      error ? next(error) : reservationsApi(req, res, next),
    );
  });
  // ---- end reservations ----

  // The stock API (server/stock/stock-api.ts): the website id in its path names the site.
  const stockApi = createStockApiRouter({ db: deps.db, bus: deps.bus, registry });
  app.use((req, res, next) => {
    if (!req.path.startsWith("/api/v1/websites/")) return next();
    if (registry.byHost(req.headers.host) === null) {
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    stockApi(req, res, next);
  });

  // Tenancy: the Host header selects the site, once per request.
  app.use((req: Request, res: Response, next: NextFunction) => {
    const target = registry.byHost(req.headers.host);
    if (target === "platform") return platformRoutes(req, res, next);
    if (!target) {
      // Reveal nothing about which sites exist.
      res.status(404).type("text/plain").send("Not Found");
      return;
    }
    const locals = res.locals as Locals;
    // A site whose card provider has no credentials here offers no deposit on any page.
    locals.site = deps.payments.siteAsServed(target);
    locals.origin = siteOrigin(target, { platformDomain: env.PLATFORM_DOMAIN, port: deps.port() });
    // A fresh nonce per render; a cached page is replayed with the header it was rendered with
    // (decision 018).
    locals.cspNonce = randomBytes(16).toString("base64");
    if (isAdminPath(req.path)) {
      // The back office runs none of the site's integrations.
      adminPolicy(req, res).then(next, next);
      return;
    }
    res.setHeader(
      "Content-Security-Policy",
      sitePagePolicy(target.settings, locals.cspNonce, deps.payments.forSite(target)),
    );
    next();
  });

  // A site's images are public: the back office on another host shows them too (the stock
  // editor's thumbnails), which helmet's same-origin resource policy would block.
  app.use("/media", (_req, res, next) => {
    res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
    next();
  });
  // Vehicle photos uploaded in the back office (server/admin/editors/vehicle-photos.ts).
  app.use("/media/photos", vehiclePhotosRouter(deps.db));
  // History reports: stored files under DATA_DIR; drawn demo reports on a demo or development
  // server only, never on a live one (decision 059).
  const historyReports = new HistoryReports({
    dir: join(env.DATA_DIR, "history-reports"),
    drawDemoReports: drawsDemoHistoryReports(env),
    searchFor: (site) => createSiteSearch(deps.search, site, logger),
  });
  app.use("/media", mediaRouter(imageResizer, demoPhotos, historyReports));
  app.get("/robots.txt", (_req, res) => {
    res
      .type("text/plain")
      .set("Cache-Control", HTML_CACHE_CONTROL)
      .send(robotsTxt((res.locals as Locals).origin!));
  });
  app.get("/sitemap.xml", async (_req, res, next) => {
    try {
      const { site, origin } = res.locals as Locals;
      const xml = await sitemapXml(deps.db, site!, origin!, Date.now());
      res.type("application/xml").set("Cache-Control", HTML_CACHE_CONTROL).send(xml);
    } catch (error) {
      next(error);
    }
  });

  // Vehicle ads feeds (server/feeds): built from the listed stock on each fetch.
  const feeds = new FeedService({ search: deps.search, db: deps.db });
  app.use(createFeedsRouter(feeds));

  // Leads (server/leads): the lead API, lookups and booking slots; before the page cache.
  app.use(createLeadsRouter(deps.leads));
  // ---- end leads ----
  // Reservations (a shopper's hold and payment) and the test card provider's own pages.
  app.use(createReservationRouter({ service: deps.reservations, limiter: deps.leads.limiter }));
  app.use(createTestProviderRouter(deps.payments.test));
  // Phone reveals on vehicle pages (server/events/phone-reveal.ts); before the page cache.
  app.use(
    createPhoneRevealRouter({
      db: deps.db,
      logger,
      limiter: deps.rateLimiter(
        "phone-reveals",
        PHONE_REVEAL_LIMIT.hits,
        PHONE_REVEAL_LIMIT.windowMs,
      ),
    }),
  );

  // The garage API: sign-in, watchlist, saved searches, unsubscribe (server/garage/router.ts).
  app.use(createGarageRouter({ db: deps.db, auth: deps.garage.auth }));

  deps.bus.subscribe((change) => {
    // Settings change what every page shows: reload the site (its version moves on).
    if (change.kind === "settings") void registry.reload(change.siteId);
    // A resync is read again, sites and stock together, by the search index (search-sync.ts).
    else if (change.kind !== "resync") registry.touch(change.siteId);
  });
  app.use(pageCache.capture(pageKey));

  // Form posts to pages come from the site's own pages only (the page actions check again).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (
      req.method === "GET" ||
      req.method === "HEAD" ||
      !isCrossSiteRequest(headersOf(req.headers))
    )
      return refuseNonFormPost(req, res, next);
    res.status(403).type("text/plain").send(CROSS_SITE_MESSAGE);
  });

  const signInThrottle = deps.signInThrottle ?? createSignInThrottle(null);
  const adminContext = (req: Request, res: Response) =>
    adminLoadContext(req, res.locals as Locals, {
      db: deps.db,
      registry,
      throttle: signInThrottle,
      platformDomain: env.PLATFORM_DOMAIN,
      port: deps.port(),
      mail: { transport: deps.leads.transport, from: env.MAIL_FROM },
    });
  /** The back office's Content-Security-Policy, with the image sources of the page. */
  async function adminPolicy(req: Request, res: Response): Promise<void> {
    const locals = res.locals as Locals;
    const sources = await adminImageSources(req.path, req.headers.cookie, adminContext(req, res));
    res.setHeader("Content-Security-Policy", adminContentSecurityPolicy(locals.cspNonce!, sources));
  }
  const getLoadContext = (req: Request, res: Response): RequestContext => {
    const locals = res.locals as Locals;
    // The platform host reaches the app for the back office only (and its route manifest).
    const admin = isAdminPath(req.path) || !locals.site ? adminContext(req, res) : null;
    // The back office on the platform host: no site (server/admin/admin-http.ts).
    if (!locals.site) return adminPlatformContext(admin!, locals);
    const site = locals.site;
    return {
      site,
      scope: createSiteScope(deps.db, site.id),
      db: deps.db,
      bus: deps.bus,
      registry,
      requestId: locals.requestId,
      origin: locals.origin!,
      cspNonce: locals.cspNonce!,
      search: createSiteSearch(deps.search, site, logger),
      leads: deps.leads,
      reservations: deps.reservations,
      feeds,
      admin,
    };
  };
  const renderPages = pageRenderer(deps.build, (build) =>
    createRequestHandler({ build, mode: env.NODE_ENV, getLoadContext }),
  );
  app.all("/{*splat}", renderPages);

  const devMail = deps.leads.devMailPage ? createDevMailRouter(deps.db) : null;
  const devSms = deps.leads.devMailPage ? createDevSmsRouter(deps.db) : null;
  // The dashboard-compatible API (server/dashboard): each website read with its own API key.
  const dashboardApi = createDashboardApi({
    db: deps.db,
    registry,
    search: deps.search,
    leads: deps.leads,
    logger,
    authenticate: (authorization, siteId) =>
      authenticateSiteRequest(deps.db, authorization, siteId, "dashboard:read"),
  });
  function adminPlatformContext(admin: NonNullable<RequestContext["admin"]>, locals: Locals) {
    const noSite = (name: string) => () => {
      throw new Error(`${name}: the back office on the platform host has no site`);
    };
    return Object.defineProperties(
      {
        db: deps.db,
        bus: deps.bus,
        registry,
        requestId: locals.requestId,
        origin: admin.origin,
        cspNonce: locals.cspNonce!,
        leads: deps.leads,
        reservations: deps.reservations,
        feeds,
        admin,
      },
      {
        site: { get: noSite("site") },
        scope: { get: noSite("scope") },
        search: { get: noSite("search") },
      },
    ) as RequestContext;
  }

  function platformRoutes(req: Request, res: Response, next: NextFunction) {
    // React Router's lazy route discovery asks the host for the routes of the links it shows.
    if (req.path === "/__manifest" && req.method === "GET") return renderPages(req, res, next);
    if (isAdminPath(req.path)) {
      // The back office of every group (server/admin): same app, no site.
      const locals = res.locals as Locals;
      locals.cspNonce = randomBytes(16).toString("base64");
      adminPolicy(req, res).then(() => platformAdmin(req, res, next), next);
      return;
    }
    if (devMail && req.path.startsWith("/_dev/mail")) return devMail(req, res, next);
    if (devSms && req.path.startsWith("/_dev/sms")) return devSms(req, res, next);
    if (req.path === "/" && env.PLATFORM_INDEX && (req.method === "GET" || req.method === "HEAD")) {
      renderPlatformIndex(deps.db, registry.all(), deps.port())
        .then((html) => res.type("html").set("Cache-Control", "no-store").send(html))
        .catch(next);
      return;
    }
    dashboardApi(req, res, () => res.status(404).type("text/plain").send("Not Found"));
  }

  /** The back office of every group on the platform host (its policy is set). */
  function platformAdmin(req: Request, res: Response, next: NextFunction) {
    if (
      req.method !== "GET" &&
      req.method !== "HEAD" &&
      isCrossSiteRequest(headersOf(req.headers))
    ) {
      res.status(403).type("text/plain").send(CROSS_SITE_MESSAGE);
      return;
    }
    refuseNonFormPost(req, res, () => renderPages(req, res, next));
  }

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (res.headersSent) return res.end();
    // A request the body parsers refused (bad JSON, a body that is not the gzip it says it is,
    // too large): the client's fault, said as such.
    const status = clientErrorStatus(error);
    if (status !== null) {
      req.log?.info({ err: error }, "request refused");
      res
        .status(status)
        .type("text/plain")
        .send(
          status === 413
            ? "The request body is too large."
            : "The request body could not be read: check its format and encoding.",
        );
      return;
    }
    req.log?.error({ err: error }, "request failed");
    res.status(500).type("text/plain").send("Something went wrong on our side. Please try again.");
  });

  return Object.assign(app, { pageCache, imageResizer });
}

/**
 * React Router's request handler. A built app is answered per first path segment from the routes
 * that path can match (server/http/route-partitions.ts); in development Vite hands out a build
 * per request, matched whole as before.
 */
function pageRenderer(
  build: AppDependencies["build"],
  handlerOf: (build: AppDependencies["build"]) => RequestHandler,
): RequestHandler {
  if (typeof build === "function") return handlerOf(build);
  const handlers = routePartitions(build, handlerOf);
  return (req, res, next) => handlers.forUrl(req.originalUrl)(req, res, next);
}

/** Page actions read forms only: another body is refused here, before any route runs. */
function refuseNonFormPost(req: Request, res: Response, next: NextFunction): void {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const refused = formPostRefusal(headersOf(req.headers));
  if (!refused) return next();
  res
    .status(refused.status)
    .set("Cache-Control", "private, no-store")
    .type("text/plain")
    .send(refused.message);
}
