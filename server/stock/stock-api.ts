/**
 * The stock API of a site (docs/stock-feeds.md), authenticated with a site API key of scope
 * `stock:write`:
 *   POST /api/v1/websites/{website_id}/stock?mode=full|partial   (CSV or JSON body)
 *   GET  /api/v1/websites/{website_id}/stock/imports
 *   GET  /api/v1/websites/{website_id}/stock/imports/{id}
 * Mounted before Host -> site: the website id in the path names the site, on any host.
 */
import express from "express";
import type { NextFunction, Request, Response } from "express";
import type { Database } from "../db/client";
import type { ChangeBus } from "../events/change-bus";
import { requireSiteApiKey } from "../sites/api-keys";
import type { SiteRegistry } from "../sites/site-registry";
import { feedFormatOfContentType } from "./stock-feed";
import {
  IMPORT_MODES,
  getStockImport,
  importStock,
  listStockImports,
  type ImportMode,
} from "./stock-import";

/** Largest feed body: 2,000 vehicles with long descriptions fit several times over. */
export const STOCK_FEED_BODY_LIMIT = "32mb";

export function createStockApiRouter(deps: {
  db: Database;
  bus: ChangeBus;
  registry: SiteRegistry;
}) {
  const router = express.Router();
  const auth = requireSiteApiKey(deps.db, "stock:write");
  const base = "/api/v1/websites/:website_id/stock";

  router.post(
    base,
    auth,
    // Every body as bytes: the format is decided (and refused) by the importer, not by a parser.
    express.raw({ type: () => true, limit: STOCK_FEED_BODY_LIMIT }),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const site = deps.registry.byId(Number(req.params.website_id));
        if (!site) {
          res.status(404).json({ error: "No website has that id." });
          return;
        }
        const mode = (req.query.mode ?? "partial") as string;
        if (!(IMPORT_MODES as readonly string[]).includes(mode)) {
          res.status(400).json({ error: "mode must be 'full' or 'partial'." });
          return;
        }
        const format = feedFormatOfContentType(req.headers["content-type"]);
        if (!format) {
          res.status(415).json({
            error:
              "Send the feed as CSV (Content-Type: text/csv) or JSON (Content-Type: application/json).",
          });
          return;
        }
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const report = await importStock(deps, {
          site,
          source: "http",
          mode: mode as ImportMode,
          format,
          bytes,
        });
        res
          .status(report.status === "applied" ? 200 : 422)
          .location(`/api/v1/websites/${site.id}/stock/imports/${report.id}`)
          .json(report);
      } catch (error) {
        next(error);
      }
    },
  );

  router.get(`${base}/imports`, auth, async (req, res, next) => {
    try {
      res.json({ imports: await listStockImports(deps.db, Number(req.params.website_id)) });
    } catch (error) {
      next(error);
    }
  });

  router.get(`${base}/imports/:id`, auth, async (req, res, next) => {
    try {
      const id = Number(req.params.id);
      const report = Number.isSafeInteger(id)
        ? await getStockImport(deps.db, Number(req.params.website_id), id)
        : null;
      if (!report) {
        res.status(404).json({ error: "This site has no import with that id." });
        return;
      }
      res.json(report);
    } catch (error) {
      next(error);
    }
  });

  // A body over the limit, or cut short: the client's doing, said in JSON.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = (error as { status?: number; type?: string }).status;
    if (status === 413) {
      res.status(413).json({
        error: `The feed is larger than ${STOCK_FEED_BODY_LIMIT.toUpperCase()}: split it and send partial imports.`,
      });
      return;
    }
    if (status === 400) {
      res.status(400).json({ error: "The feed body could not be read; send it again." });
      return;
    }
    next(error);
  });
  return router;
}
