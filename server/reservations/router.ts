/**
 * The reservation endpoints (docs/product/payments.md, "API"):
 *   POST /api/reservations                        a shopper's hold and payment (site host, JSON)
 *   POST /api/payments/webhooks/{provider}        provider webhooks (any host; verified)
 *   GET  /api/v1/websites/{website_id}/reservations            staff (API key reservations:manage)
 *   GET  /api/v1/websites/{website_id}/reservations/{id}
 *   POST /api/v1/websites/{website_id}/reservations/{id}/cancel  cancel; a paid one is refunded
 */
import express from "express";
import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import type { Database } from "../db/client";
import {
  CROSS_SITE_MESSAGE,
  RATE_LIMITED_MESSAGE,
  clientKey,
  headersOf,
  isCrossSiteRequest,
} from "../leads/guard";
import { validateContactFields } from "../leads/lead-fields";
import type { RateLimiter } from "../http/rate-limiter";
import { requireSiteApiKey } from "../sites/api-keys";
import type { Site } from "../sites/site";
import type { SiteRegistry } from "../sites/site-registry";
import { clientErrorStatus } from "../http/edge-checks";
import {
  EXTRA_LIMITS,
  extraDetailsRefusal,
  type ReservationRow,
  type ReservationService,
} from "./reservation-service";

const WEBHOOK_BODY_LIMIT = "256kb";

/** A reservation as the APIs show it. */
export function reservationJson(row: ReservationRow) {
  return {
    id: row.id,
    vehicle_id: row.vehicleId,
    kind: row.kind,
    status: row.status,
    provider: row.provider,
    payment_reference: row.paymentId,
    amount: row.amountCents / 100,
    currency: row.currency,
    expires_at: row.expiresAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    ended_at: row.endedAt?.toISOString() ?? null,
    late_payment: row.lateDecision,
    refund_reference: row.refundId,
    failure_message: row.failureMessage,
    test_payment: row.testPayment,
    lead_id: row.leadId,
    shopper: {
      first_name: row.shopper.firstName,
      last_name: row.shopper.lastName,
      email: row.shopper.email,
      phone: row.shopper.phone,
    },
    created_at: row.createdAt.toISOString(),
  };
}

const text = (max: number) => z.string().trim().min(1, "Please fill in this field.").max(max);

export const ReservationRequestSchema = z.object({
  car_id: z.union([z.string().trim().min(1).max(200), z.number().int().positive()]),
  kind: z.enum(["reserve", "buy-online"]).default("reserve"),
  amount: z.number().positive().max(1_000_000).nullable().optional(),
  first_name: text(100),
  last_name: text(100),
  email: text(254),
  phone: text(40),
  extra: z
    .record(z.string().min(1).max(EXTRA_LIMITS.keyLength), z.string().max(EXTRA_LIMITS.valueLength))
    .optional()
    .superRefine((extra, ctx) => {
      const refusal = extraDetailsRefusal(extra);
      if (refusal) ctx.addIssue({ code: "custom", message: refusal });
    }),
});

/**
 * A body parser whose refusals (too large, unreadable) are answered here as JSON: 413 for a
 * body over the limit, 400 for one that cannot be read. Mounted where a router's fall-through
 * would otherwise take the error to another handler (the page renderer answers 405 to a POST).
 */
function bodyParser(parse: express.RequestHandler, limit: string): express.RequestHandler {
  return (req, res, next) =>
    parse(req, res, (error?: unknown) => {
      if (!error) return next();
      const status = clientErrorStatus(error);
      if (status === null) return next(error);
      res
        .status(status)
        .set("Cache-Control", "no-store")
        .json({
          error:
            status === 413
              ? `The request body is too large: at most ${limit}.`
              : "The request body could not be read: send JSON.",
        });
    });
}

/** Field errors of a reservation request (shape, then the contact rules); empty when fine. */
export function reservationRequestErrors(
  body: unknown,
  site: Pick<Site, "settings">,
): { errors: Record<string, string>; data?: z.infer<typeof ReservationRequestSchema> } {
  const parsed = ReservationRequestSchema.safeParse(body);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "body");
      errors[key] ??= issue.message;
    }
    return { errors };
  }
  const { first_name, last_name, email, phone } = parsed.data;
  const errors = validateContactFields({ first_name, last_name, email, phone }, site.settings, {
    completed: true,
  });
  return { errors, data: parsed.data };
}

export function createReservationRouter(deps: {
  service: ReservationService;
  /** The lead forms' per-client limit: a hold is a form sent. */
  limiter: RateLimiter;
}) {
  const router = express.Router();
  router.post(
    "/api/reservations",
    bodyParser(express.json({ limit: "32kb" }), "32 KB"),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const { site, origin } = res.locals as { site?: Site; origin?: string };
        if (!site || !origin) return next();
        if (isCrossSiteRequest(headersOf(req.headers))) {
          res.status(403).json({ error: CROSS_SITE_MESSAGE });
          return;
        }
        const hit = await deps.limiter.hit(clientKey(site.id, req.ip));
        if (!hit.allowed) {
          res.set("Retry-After", String(hit.retryAfterSeconds));
          res.status(429).json({ error: RATE_LIMITED_MESSAGE });
          return;
        }
        const { errors, data } = reservationRequestErrors(req.body, site);
        if (!data || Object.keys(errors).length > 0) {
          res.status(422).json({ error: "Please check the highlighted fields.", errors });
          return;
        }
        const result = await deps.service.start({
          site,
          carId: data.car_id,
          kind: data.kind,
          amount: data.amount,
          shopper: {
            firstName: data.first_name,
            lastName: data.last_name,
            email: data.email,
            phone: data.phone,
          },
          extra: data.extra,
          origin,
          siteHost: req.headers.host ?? "",
        });
        if (!result.ok) {
          res
            .status(result.status)
            .json({ error: result.message, ...(result.errors ? { errors: result.errors } : {}) });
          return;
        }
        res.setHeader("Set-Cookie", result.accessCookie);
        res.status(201).json({
          reservation: reservationJson(result.reservation),
          payment_url: result.paymentPageUrl,
          client_secret: result.clientSecret,
        });
      } catch (error) {
        next(error);
      }
    },
  );
  // The card of the provider's fields in our page (Pin Payments' card token, Stripe's payment
  // method): the card itself never comes here.
  router.post(
    "/api/reservations/:id/card",
    bodyParser(express.json({ limit: "4kb" }), "4 KB"),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const { site, origin } = res.locals as { site?: Site; origin?: string };
        if (!site || !origin) return next();
        if (isCrossSiteRequest(headersOf(req.headers))) {
          res.status(403).json({ error: CROSS_SITE_MESSAGE });
          return;
        }
        const body = (req.body ?? {}) as { card_token?: unknown; payment_method?: unknown };
        const card = body.card_token ?? body.payment_method;
        if (typeof card !== "string" || !/^(card|ps|pm)_[0-9A-Za-z_-]{4,64}$/.test(card)) {
          res.status(422).json({
            error: "Please enter your card again.",
            errors: { card_token: "The card fields gave no card token." },
          });
          return;
        }
        const id = String(req.params.id);
        const result = await deps.service.chargeCard(site, id, card, {
          ipAddress: req.ip ?? "127.0.0.1",
          origin,
        });
        if (!result.ok) {
          res.status(result.status).json({ error: result.message });
          return;
        }
        res.json({
          reservation: reservationJson(result.reservation),
          ...(result.reservation.status === "declined"
            ? { error: result.reservation.failureMessage }
            : {}),
        });
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}

/** Provider webhooks: mounted before Host -> site (a provider calls whichever host it was given). */
export function createPaymentWebhookRouter(deps: { service: ReservationService }) {
  const router = express.Router();
  // POST as most providers send them; GET for Windcave's notification (?sessionId=).
  router.all(
    "/api/payments/webhooks/:provider",
    bodyParser(express.raw({ type: () => true, limit: WEBHOOK_BODY_LIMIT }), "256 KB"),
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const headers: Record<string, string | undefined> = {};
        for (const [key, value] of Object.entries(req.headers))
          headers[key] = Array.isArray(value) ? value.join(",") : value;
        const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        if (req.method !== "POST" && req.method !== "GET") {
          res.status(405).set("Allow", "GET, POST").json({ error: "Send webhooks with POST." });
          return;
        }
        const query = new URLSearchParams(req.originalUrl.split("?")[1] ?? "");
        const result = await deps.service.handleWebhook(
          String(req.params.provider),
          body,
          headers,
          query,
        );
        res.status(result.status).json(result.body);
      } catch (error) {
        next(error);
      }
    },
  );
  return router;
}

/** Staff: list, read and cancel a site's reservations with a `reservations:manage` key. */
export function createReservationsApiRouter(deps: {
  db: Database;
  registry: SiteRegistry;
  service: ReservationService;
}) {
  const router = express.Router();
  const auth = requireSiteApiKey(deps.db, "reservations:manage");
  const base = "/api/v1/websites/:website_id/reservations";
  const siteId = (req: Request) => Number(req.params.website_id);
  router.get(base, auth, async (req, res, next) => {
    try {
      const rows = await deps.service.list(siteId(req));
      res.json({ data: rows.map(reservationJson) });
    } catch (error) {
      next(error);
    }
  });
  router.get(`${base}/:id`, auth, async (req, res, next) => {
    try {
      const row = await deps.service.find(siteId(req), String(req.params.id));
      if (!row) {
        res.status(404).json({ error: "No reservation has that id on this site." });
        return;
      }
      res.json({ data: reservationJson(row) });
    } catch (error) {
      next(error);
    }
  });
  router.post(`${base}/:id/cancel`, auth, async (req, res, next) => {
    try {
      const result = await deps.service.cancel(siteId(req), String(req.params.id));
      if (!result.ok) {
        res.status(result.status).json({ error: result.message });
        return;
      }
      res.json({ data: reservationJson(result.reservation) });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
