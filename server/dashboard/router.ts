/**
 * The dashboard-compatible API (docs/dashboard-api.md, docs/product/data-in.md), served on the
 * platform host: what a dashboard client reads about one website, behind that website's own
 * credentials (Basic auth with the site's slug or id and its API key, or a Bearer key).
 *
 * Every path and query parameter is checked before any I/O; a bad one is a 400 with a message.
 * Errors are JSON `{ error }`, the field dashboard clients raise. An unknown car is the product's
 * own shape: HTTP 200 with `{ "status": 404, "error": ... }` in the body, which clients read as
 * "no car".
 */
import express from "express";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { manufacturers } from "../db/schema";
import { localSiteDataSource } from "../data-source/site-data-source";
import { createBookingSlotsRouter } from "../leads/router";
import type { LeadServices } from "../leads/services";
import { CAR_COLLECTION } from "../search";
import { API_KEY_CHALLENGES, MISSING_CREDENTIALS_MESSAGE } from "../sites/api-keys";
import { createSiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import type { SiteRegistry } from "../sites/site-registry";
import type { SearchIndex } from "../stock/search-sync";
import { createSiteSearch } from "../stock/site-search";
import {
  carBySlug,
  carsPage,
  MAX_CARS_PER_PAGE,
  searchPageTemplates,
  searchSlugs,
  type SiteDataContext,
} from "./site-data";

/** Whether a request's Authorization header may read site `siteId` (401 missing/wrong, 403 other site). */
export type AuthenticateSite = (
  authorization: string | undefined,
  siteId: number,
) => Promise<{ ok: true } | { ok: false; status: 401 | 403; message: string }>;

export const UNKNOWN_CAR_MESSAGE = "This website has no car with that slug.";

/** Ids of up to 9 digits: every one fits the database's integer columns. */
const ID = /^[1-9]\d{0,8}$/;
/** The product's rule for a vehicle slug (docs/product/vehicle-card-and-page.md). */
const CAR_SLUG = /^[A-Za-z0-9_-]{1,200}$/;

type Locals = { site?: Site };

export type DashboardApiDependencies = {
  db: Database;
  registry: SiteRegistry;
  search: SearchIndex;
  leads: LeadServices;
  logger: Logger;
  authenticate: AuthenticateSite;
};

function sendError(res: Response, status: number, error: string) {
  if (status === 401) res.setHeader("WWW-Authenticate", API_KEY_CHALLENGES);
  res.status(status).set("Cache-Control", "no-store").json({ error });
}

function parseId(value: unknown): number | null {
  return typeof value === "string" && ID.test(value) ? Number(value) : null;
}

export function createDashboardApi(deps: DashboardApiDependencies) {
  const router = express.Router();
  const contextOf = (site: Site): SiteDataContext => ({
    db: deps.db,
    site,
    scope: createSiteScope(deps.db, site.id),
    search: createSiteSearch(deps.search, site, deps.logger),
  });

  /** Authenticates for `siteId`, then answers 404 if there is no such website. */
  async function requireSite(req: Request, res: Response, siteId: number): Promise<Site | null> {
    const auth = await deps.authenticate(req.headers.authorization, siteId);
    if (!auth.ok) {
      sendError(res, auth.status, auth.message);
      return null;
    }
    const site = deps.registry.byId(siteId);
    if (!site) sendError(res, 404, "No website has that id.");
    return site ?? null;
  }

  const run =
    (handler: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction) => {
      handler(req, res).catch(next);
    };

  /** The site of `:website_id` once the id and the credentials are good; null = answered. */
  async function website(req: Request, res: Response): Promise<Site | null> {
    const siteId = parseId(req.params.website_id);
    if (siteId === null) {
      sendError(res, 400, "The website id must be a positive whole number, e.g. /websites/12/...");
      return null;
    }
    return requireSite(req, res, siteId);
  }

  const sendJson = (res: Response, body: unknown) =>
    res.set("Cache-Control", "no-store").json(body);

  router.get(
    "/websites/:website_id/cars/:slug.json",
    run(async (req, res) => {
      const slug = String(req.params.slug);
      // The product's slug rule: anything else is never looked up.
      if (!CAR_SLUG.test(slug))
        return sendError(res, 400, "A car slug has letters, digits, '-' and '_' only.");
      const site = await website(req, res);
      if (!site) return;
      const car = await carBySlug(contextOf(site), slug);
      sendJson(res, car ?? { status: 404, error: UNKNOWN_CAR_MESSAGE });
    }),
  );

  router.get(
    "/websites/:website_id/cars.json",
    run(async (req, res) => {
      const page = req.query.page === undefined ? 1 : parseId(req.query.page);
      const perPage = req.query.per_page === undefined ? 100 : parseId(req.query.per_page);
      if (page === null) return sendError(res, 400, "page must be a whole number from 1.");
      if (perPage === null || perPage > MAX_CARS_PER_PAGE)
        return sendError(
          res,
          400,
          `per_page must be a whole number from 1 to ${MAX_CARS_PER_PAGE}.`,
        );
      const site = await website(req, res);
      if (site) sendJson(res, await carsPage(contextOf(site), page, perPage));
    }),
  );

  router.get(
    "/websites/:website_id/pages/search_slugs.json",
    run(async (req, res) => {
      const site = await website(req, res);
      if (site) sendJson(res, { search_slugs: searchSlugs(contextOf(site)) });
    }),
  );

  router.get(
    "/websites/:website_id/pages/search_page_templates.json",
    run(async (req, res) => {
      const site = await website(req, res);
      if (site) sendJson(res, { search_page_templates: searchPageTemplates(contextOf(site)) });
    }),
  );

  router.get(
    "/api/v1/websites/:website_id/website_session_data.json",
    run(async (req, res) => {
      const site = await website(req, res);
      if (site) sendJson(res, await localSiteDataSource(contextOf(site)).sessionData());
    }),
  );

  router.get(
    "/manufacturers/:id.json",
    run(async (req, res) => {
      const id = parseId(req.params.id);
      if (id === null)
        return sendError(res, 400, "The manufacturer id must be a positive whole number.");
      const siteId = parseId(req.query.website_id);
      if (siteId === null)
        return sendError(
          res,
          400,
          "Name the website: ?website_id= with its id, a positive whole number.",
        );
      const site = await requireSite(req, res, siteId);
      if (!site) return;
      const [row] = await deps.db.select().from(manufacturers).where(eq(manufacturers.id, id));
      if (!row || !sellsManufacturer(site, row, contextOf(site))) {
        return sendError(res, 404, "This website has no manufacturer with that id.");
      }
      sendJson(res, { id: row.id, name: row.name, slug: row.slug, logo: { url: row.logoUrl } });
    }),
  );

  // Booking slots: the leads' own handler, for the dealership's site once its credentials pass.
  const slots = createBookingSlotsRouter(deps.leads);
  router.get(
    [
      "/dealerships/:id/available_service_bookings.json",
      "/dealerships/:id/available_appointment_bookings.json",
    ],
    run(async (req, res) => {
      const id = parseId(req.params.id);
      if (id === null)
        return sendError(res, 400, "The dealership id must be a positive whole number.");
      if (req.query.location_id !== undefined && parseId(req.query.location_id) === null)
        return sendError(res, 400, "location_id must be a location's id, a positive whole number.");
      if (!req.headers.authorization) return sendError(res, 401, MISSING_CREDENTIALS_MESSAGE);
      const owner = deps.registry.all().find((s) => s.dealerships.some((d) => d.id === id));
      if (!owner) return sendError(res, 404, "No dealership has that id.");
      const site = await requireSite(req, res, owner.id);
      if (!site) return;
      (res.locals as Locals).site = site;
      slots(req, res, () => sendError(res, 404, "Not found."));
    }),
  );

  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    req.log?.error({ err: error }, "dashboard API request failed");
    if (res.headersSent) return next(error);
    sendError(res, 503, "The website's data could not be read just now. Please try again.");
  });

  return router;
}

/** A manufacturer is the website's when it is its franchise, a dealership's, or in its stock. */
function sellsManufacturer(
  site: Site,
  manufacturer: { id: number; name: string; slug: string },
  context: SiteDataContext,
): boolean {
  if (site.manufacturer?.id === manufacturer.id) return true;
  if (site.dealerships.some((d) => d.manufacturers.includes(manufacturer.slug))) return true;
  const makes = context.search.search(CAR_COLLECTION, { limit: 0, facets: ["make"] })
    .facetDistribution?.make;
  const name = manufacturer.name.toLowerCase();
  return Object.keys(makes ?? {}).some((make) => make.toLowerCase() === name);
}
