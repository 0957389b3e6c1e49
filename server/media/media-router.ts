/**
 * Media of a site: the built-in image resizer (image-resizer.ts), the generated demo photos
 * (demo-photos.ts: vehicles, locations, heroes as JPEG) and drawings (placeholder-images.ts:
 * logos, favicons, promos; the old SVG vehicle and location paths stay for links already out),
 * with a long cache; and vehicles' history reports (history-reports.ts), with a short one.
 */
import { Router } from "express";
import type { Response } from "express";
import type { Site } from "../sites/site";
import { DemoPhotos } from "./demo-photos";
import type { HistoryReports } from "./history-reports";
import { ImageResizer } from "./image-resizer";
import { faviconSvg, locationSvg, logoSvg, vehicleSvg } from "./placeholder-images";

export function mediaRouter(
  resizer = new ImageResizer(),
  photos = new DemoPhotos(),
  reports: HistoryReports | null = null,
): Router {
  const router = Router();
  // A listed vehicle's history report (history-reports.ts): the stored file, or a demo's drawing.
  router.get("/history/:name.pdf", (req, res, next) => {
    const site = res.locals.site as Site;
    (reports ? reports.find(site, req.params.name) : Promise.resolve(null))
      .then((report) => {
        if (!report) {
          res
            .status(404)
            .type("text/plain")
            .set("Cache-Control", "no-store")
            .send("No history report here.");
          return;
        }
        // Short-lived: the vehicle may be sold or hidden, and then its report is gone.
        res
          .type("application/pdf")
          .set("Content-Disposition", `inline; filename="${report.filename}"`)
          .set("Cache-Control", "public, max-age=300, stale-while-revalidate=3600")
          .set("X-Content-Type-Options", "nosniff")
          // Chrome shows a PDF through an <embed> of its own viewer, which the site's page policy
          // (object-src 'none') blocks ('This content is blocked'): the file gets a policy of its
          // own that only keeps other sites from framing it.
          .set("Content-Security-Policy", "frame-ancestors 'self'")
          .send(Buffer.from(report.pdf));
      })
      .catch(next);
  });
  router.get("/image", (req, res, next) => {
    resizer.handle(req, res, res.locals.site as Site, res.locals.origin as string).catch(next);
  });
  // The short form for the site's own images: /media/image/640q75/media/vehicle/suv/red/side.jpg.
  router.get(/^\/image\/(\d+)q(\d+)(\/.+)$/, (req, res, next) => {
    const [, w, q, url] = /^\/image\/(\d+)q(\d+)(\/.+)$/.exec(req.path) ?? [];
    resizer
      .handle(req, res, res.locals.site as Site, res.locals.origin as string, { url, w, q })
      .catch(next);
  });
  const send = (res: Response, svg: string) =>
    res.type("image/svg+xml").set("Cache-Control", "public, max-age=86400, immutable").send(svg);

  // The full-size demo photos (the pages ask for them through the resizer at the width they need).
  router.get(/^\/(?:vehicle|location|hero)\/.+\.jpg$/, (req, res, next) => {
    const make = photos.forPath(`/media${req.path}`);
    if (!make) {
      res.status(404).type("text/plain").send("No such demo photo.");
      return;
    }
    make()
      .then((jpeg) =>
        res.type("image/jpeg").set("Cache-Control", "public, max-age=86400, immutable").send(jpeg),
      )
      .catch(next);
  });
  router.get("/vehicle/:kind/:colour/:photo.svg", (req, res) => {
    send(res, vehicleSvg(req.params.kind, req.params.colour, Number(req.params.photo) || 1));
  });
  router.get("/logo/:text.svg", (req, res) => {
    send(res, logoSvg(req.params.text, String(req.query.bg ?? "")));
  });
  router.get("/location/:name.svg", (req, res) => {
    send(res, locationSvg(req.params.name));
  });
  router.get("/favicon/:text.svg", (req, res) => {
    send(res, faviconSvg(req.params.text, String(req.query.bg ?? "")));
  });
  router.get("/promo/:name.svg", (req, res) => {
    send(res, logoSvg(req.params.name.replace(/-/g, " "), "7c2d12"));
  });
  return router;
}
