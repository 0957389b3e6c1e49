/**
 * Recording phone reveals (docs/product/vehicle-card-and-page.md: "The reveal is recorded"; the record carries
 * car_id, dealership_id and website_id; the path is not given, so it is ours):
 *
 *   POST /api/events/phone-reveal  {"car_id": 1, "dealership_id": 2, "website_id": 3}  -> 204
 *
 * The vehicle card and the vehicle page reveal the number with one component
 * (app/components/phone-reveal.tsx) that posts here.
 *
 * Per site (mounted after Host -> site). The record must name the request's own site and one of
 * its vehicles with that vehicle's dealership; anything else is refused without detail. A reveal
 * is written as one structured log line (`event: "phone_reveal"`), the same channel as the
 * request log, so the existing log pipeline counts reveals per site, dealership and vehicle
 * without a table of its own.
 */
import express from "express";
import type { NextFunction, Request, Response } from "express";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import { z } from "zod";
import type { Database } from "../db/client";
import { vehicles } from "../db/schema";
import { clientErrorStatus } from "../http/edge-checks";
import type { RateLimiter } from "../http/rate-limiter";
import { clientKey, headersOf, isCrossSiteRequest } from "../leads/guard";
import { MAX_STORED_INTEGER } from "../leads/lead-fields";
import { createSiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import { PHONE_REVEAL_PATH } from "~/domain/phone-reveal";

/** The body: what `phoneRevealRecord` (domain/phone-reveal.ts) builds. */
export const PhoneRevealSchema = z
  .object({
    car_id: z.number().int().positive().max(MAX_STORED_INTEGER),
    dealership_id: z.number().int().positive().max(MAX_STORED_INTEGER),
    website_id: z.number().int().positive().max(MAX_STORED_INTEGER),
  })
  .strict();

/** Reveals counted per client and site: generous for shoppers, a ceiling for scripts. */
export const PHONE_REVEAL_LIMIT = { hits: 60, windowMs: 60_000 } as const;

type Locals = { site?: Site; requestId?: string };

function fail(res: Response, status: number, error: string) {
  res.status(status).set("Cache-Control", "no-store").json({ error });
}

export function createPhoneRevealRouter(deps: {
  db: Database;
  logger: Logger;
  limiter: RateLimiter;
}) {
  const router = express.Router();
  const { limiter } = deps;
  const json = express.json({ limit: "2kb" });

  router.post(PHONE_REVEAL_PATH, json, async (req: Request, res: Response, next: NextFunction) => {
    const { site, requestId } = res.locals as Locals;
    if (!site) return next(new Error("phone reveal router mounted before tenancy"));
    if (isCrossSiteRequest(headersOf(req.headers)))
      return fail(res, 403, "Not allowed from another site.");
    if (!(await limiter.hit(clientKey(site.id, req.ip))).allowed)
      return fail(res, 429, "Too many requests.");
    const parsed = PhoneRevealSchema.safeParse(req.body);
    if (!parsed.success)
      return fail(res, 422, "Send car_id, dealership_id and website_id as numbers.");
    const record = parsed.data;
    if (record.website_id !== site.id) return fail(res, 422, "Unknown vehicle.");

    deps.db
      .select({ dealershipId: vehicles.dealershipId })
      .from(vehicles)
      .where(createSiteScope(deps.db, site.id).own(vehicles, eq(vehicles.id, record.car_id)))
      .limit(1)
      .then(([vehicle]) => {
        if (!vehicle || vehicle.dealershipId !== record.dealership_id)
          return fail(res, 422, "Unknown vehicle.");
        deps.logger.info(
          { event: "phone_reveal", site: site.slug, path: req.path, requestId, ...record },
          "phone number revealed",
        );
        res.status(204).set("Cache-Control", "no-store").end();
      })
      .catch(next);
  });

  // A body that is not JSON (or not the encoding it claims): the sender's mistake.
  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    const status = clientErrorStatus(error);
    if (status === null) return next(error);
    fail(res, status, "Send car_id, dealership_id and website_id as a JSON object.");
  });

  return router;
}
