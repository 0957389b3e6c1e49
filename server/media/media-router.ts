/**
 * Media of a site: the built-in image resizer (image-resizer.ts) and the generated demo imagery
 * (placeholder-images.ts), with a long cache.
 */
import { Router } from "express";
import type { Response } from "express";
import type { Site } from "../sites/site";
import { ImageResizer } from "./image-resizer";
import { faviconSvg, locationSvg, logoSvg, vehicleSvg } from "./placeholder-images";

export function mediaRouter(resizer = new ImageResizer()): Router {
  const router = Router();
  router.get("/image", (req, res, next) => {
    resizer.handle(req, res, res.locals.site as Site, res.locals.origin as string).catch(next);
  });
  const send = (res: Response, svg: string) =>
    res.type("image/svg+xml").set("Cache-Control", "public, max-age=86400, immutable").send(svg);

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
