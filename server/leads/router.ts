/**
 * The lead API (docs/product/leads-and-forms.md, "Lead calls"), per site (mounted after Host ->
 * site, before the page cache): POST /api/leads, PUT /api/leads/{id}, POST /api/leads/with-files,
 * POST /api/carClarityCustomer (the same under /mock on sites in test mode), the registration
 * lookups, and the booking slots of a dealership.
 *
 * Every answer is JSON; bad input gets a 4xx with a message a person can act on (the `error`
 * field the error catalogue reads) and, for fields, one message per field in `errors`.
 */
import express from "express";
import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import { BOOKING_KINDS, type BookingKind } from "~/domain/booking-slots";
import { normaliseRego, registrationErrors, registryState } from "~/domain/registration";
import { LEAD_FORM_CATEGORIES } from "~/domain/lead-categories";
import type { Site } from "../sites/site";
import { selectProvider, type LookupKind } from "../providers/vehicle-lookup/vehicle-lookup";
import {
  CLIENT_IP_HEADER,
  CROSS_SITE_MESSAGE,
  RATE_LIMITED_MESSAGE,
  clientKey,
  headersOf,
  isCrossSiteRequest,
} from "./guard";
import { clientErrorStatus } from "../http/edge-checks";
import type { RateLimiter } from "../http/rate-limiter";
import { LeadBodySchema, LeadFieldsSchema, fieldErrorsOf, type LeadFields } from "./lead-fields";
import type { IntakeResult } from "./intake-result";
import type { LeadMeta, LeadMode } from "./lead-intake";
import type { LeadServices } from "./services";
import { isUploadError } from "./uploads";

export const JSON_BODY_LIMIT = "64kb";
export const SAVE_FAILED_MESSAGE =
  "We could not save your form just now. Please try again in a minute, or call us.";
export const LOOKUP_NOT_FOUND_MESSAGE =
  "We couldn't find that registration. Check the plate and state, or enter your vehicle's details instead.";
export const LOOKUP_UNAVAILABLE_MESSAGE =
  "The registration lookup is not answering just now. Please enter your vehicle's details instead.";

type Locals = { site?: Site; origin?: string; requestId: string };

function siteOf(res: Response): Site {
  const site = (res.locals as Locals).site;
  if (!site) throw new Error("leads router mounted before tenancy");
  return site;
}

export function leadMeta(req: Request, res: Response): LeadMeta {
  const { origin } = res.locals as Locals;
  if (!origin) throw new Error("leads router mounted before tenancy");
  return {
    requestId: (res.locals as Locals).requestId,
    userAgent: String(req.headers["user-agent"] ?? ""),
    clientIp: req.ip ?? null,
    origin,
    pageUrl: typeof req.headers.referer === "string" ? req.headers.referer : null,
  };
}

function sendError(res: Response, status: number, error: string, errors?: Record<string, string>) {
  res
    .status(status)
    .set("Cache-Control", "no-store")
    .json(errors && Object.keys(errors).length > 0 ? { error, errors } : { error });
}

function sendResult(res: Response, result: IntakeResult) {
  if (!result.ok) return sendError(res, result.status, result.error, result.errors);
  res.status(result.status).set("Cache-Control", "no-store");
  if (result.replayed) res.set("Idempotent-Replayed", "true");
  res.json({
    id: result.id,
    lead_id: result.id,
    completed: result.completed,
    success_url: result.successPath,
  });
}

/** An async handler whose failure is logged and answered 503 with a message to try again. */
const run =
  (handler: (req: Request, res: Response) => Promise<void>) =>
  (req: Request, res: Response, next: NextFunction) => {
    handler(req, res).catch((error: unknown) => {
      req.log?.error({ err: error }, "lead request failed");
      if (res.headersSent) return next(error);
      sendError(res, 503, SAVE_FAILED_MESSAGE);
    });
  };

export function createLeadsRouter(services: LeadServices) {
  const router = express.Router();

  // The client address the forms' actions see (React Router passes request headers only).
  router.use((req, _res, next) => {
    delete req.headers[CLIENT_IP_HEADER];
    if (req.method !== "GET" && req.method !== "HEAD" && req.ip)
      req.headers[CLIENT_IP_HEADER] = req.ip;
    next();
  });

  const guard =
    (limiter: RateLimiter) =>
    async (req: Request, res: Response, next: NextFunction): Promise<void> => {
      if (isCrossSiteRequest(headersOf(req.headers)))
        return sendError(res, 403, CROSS_SITE_MESSAGE);
      const hit = await limiter.hit(clientKey(siteOf(res).id, req.ip));
      if (!hit.allowed) {
        res.set("Retry-After", String(hit.retryAfterSeconds));
        return sendError(res, 429, RATE_LIMITED_MESSAGE);
      }
      next();
    };

  const modeFor =
    (base: "/api" | "/mock") =>
    (_req: Request, res: Response, next: NextFunction): void => {
      const mock = siteOf(res).settings.leadApiMode === "mock";
      if (base === "/api" && mock)
        return sendError(res, 404, "This site is in test mode: its lead API is under /mock.");
      if (base === "/mock" && !mock) return sendError(res, 404, "Not found.");
      next();
    };

  const json = express.json({
    limit: JSON_BODY_LIMIT,
    type: ["application/json", "application/*+json"],
  });
  const requireJson = (req: Request, res: Response, next: NextFunction): void => {
    if (!req.is(["application/json", "application/*+json"])) {
      return sendError(res, 415, "Send the lead as JSON (Content-Type: application/json).");
    }
    next();
  };

  const idempotencyKey = (req: Request) => {
    const header = req.headers["idempotency-key"];
    return typeof header === "string" && header.trim() !== "" ? header.trim() : null;
  };

  for (const base of ["/api", "/mock"] as const) {
    const mode: LeadMode = base === "/mock" ? "test" : "live";
    const leadGuards = [modeFor(base), guard(services.limiter)];

    router.post(
      `${base}/leads`,
      ...leadGuards,
      requireJson,
      json,
      run(async (req, res) => {
        const body = LeadBodySchema.safeParse(req.body);
        if (!body.success)
          return sendError(
            res,
            422,
            "Some details of the form are not accepted.",
            fieldErrorsOf(body.error),
          );
        const result = await services.intake.create({
          site: siteOf(res),
          fields: body.data.lead,
          idempotencyKey: idempotencyKey(req),
          meta: leadMeta(req, res),
          mode,
        });
        sendResult(res, result);
      }),
    );

    router.post(
      `${base}/leads/with-files`,
      ...leadGuards,
      run(async (req, res) => {
        if (!req.is("multipart/form-data"))
          return sendError(res, 415, "Send the lead with its files as multipart/form-data.");
        const declared = Number(req.headers["content-length"] ?? 0);
        if (declared > services.files.limits.maxTotalBytes + 1024 * 1024) {
          return sendError(res, 413, "The files are too large together (25 MB at most).");
        }
        let received;
        try {
          received = await services.files.receive(req, req.headers);
        } catch (error) {
          if (isUploadError(error)) {
            res.set("Connection", "close");
            return sendError(
              res,
              error.status,
              error.message,
              error.field ? { [error.field]: error.message } : undefined,
            );
          }
          throw error;
        }
        const fields = multipartLead(received.fields);
        const parsed = fields.ok ? LeadFieldsSchema.safeParse(fields.lead) : null;
        if (!fields.ok || !parsed?.success) {
          await services.files.discard(received.files);
          return sendError(
            res,
            422,
            fields.ok ? "Some details of the form are not accepted." : fields.error,
            parsed && !parsed.success ? fieldErrorsOf(parsed.error) : undefined,
          );
        }
        const result = await services.intake.create({
          site: siteOf(res),
          fields: parsed.data,
          files: received.files,
          idempotencyKey: idempotencyKey(req),
          meta: leadMeta(req, res),
          mode,
        });
        sendResult(res, result);
      }),
    );

    router.put(
      `${base}/leads/:id`,
      ...leadGuards,
      requireJson,
      json,
      run(async (req, res) => {
        const body = LeadBodySchema.safeParse(req.body);
        if (!body.success)
          return sendError(
            res,
            422,
            "Some details of the form are not accepted.",
            fieldErrorsOf(body.error),
          );
        const result = await services.intake.update({
          site: siteOf(res),
          leadId: String(req.params.id),
          fields: body.data.lead,
          meta: leadMeta(req, res),
          mode,
        });
        sendResult(res, result);
      }),
    );

    router.post(
      `${base}/carClarityCustomer`,
      ...leadGuards,
      requireJson,
      json,
      run(async (req, res) => {
        const raw = req.body as unknown;
        const candidate =
          raw && typeof raw === "object"
            ? ((raw as Record<string, unknown>).lead ??
              (raw as Record<string, unknown>).customer ??
              raw)
            : null;
        const parsed = LeadFieldsSchema.safeParse(candidate);
        if (!parsed.success)
          return sendError(
            res,
            422,
            "Some details of the form are not accepted.",
            fieldErrorsOf(parsed.error),
          );
        const fields: LeadFields = { category: LEAD_FORM_CATEGORIES.finance, ...parsed.data };
        const result = await services.intake.create({
          site: siteOf(res),
          fields,
          idempotencyKey: idempotencyKey(req),
          meta: leadMeta(req, res),
          mode,
          target: "car-clarity",
        });
        sendResult(res, result);
      }),
    );
  }

  // Registration lookups: POST /api/nevdis, /api/simple-autograb-lookup and
  // the trade-in registration lookup, each answered by the provider the site is set up for.
  const LookupBodySchema = z.object({
    rego: z.string().max(20).optional(),
    plate: z.string().max(20).optional(),
    state: z.string().max(20).optional(),
    regoState: z.string().max(20).optional(),
    km: z.union([z.number(), z.string()]).optional(),
  });
  const lookup = (kind: LookupKind) =>
    run(async (req, res) => {
      const site = siteOf(res);
      const body = LookupBodySchema.safeParse(req.body ?? {});
      if (!body.success)
        return sendError(
          res,
          422,
          'Send the registration as JSON: {"rego": "ABC123", "state": "NSW"}.',
        );
      const rego = normaliseRego(body.data.rego ?? body.data.plate ?? "");
      const state = (body.data.regoState ?? body.data.state ?? "").trim().toUpperCase();
      const errors = registrationErrors(rego, state, site.locale);
      if (Object.keys(errors).length > 0)
        return sendError(res, 422, Object.values(errors)[0]!, errors);
      const km = Number(String(body.data.km ?? "").replace(/[^\d]/g, "")) || null;
      const provider = selectProvider(services.lookups, site, kind);
      let result;
      try {
        result = await provider.lookup(
          { rego, state: registryState(state, site.locale), km },
          site,
        );
      } catch (error) {
        req.log?.warn({ err: error, provider: provider.name }, "registration lookup failed");
        return sendError(res, 502, LOOKUP_UNAVAILABLE_MESSAGE);
      }
      if (!result) return sendError(res, 404, LOOKUP_NOT_FOUND_MESSAGE);
      res.set("Cache-Control", "no-store").json(result);
    });
  const lookupGuards = [guard(services.lookupLimiter), requireJson, json];
  router.post("/api/nevdis", ...lookupGuards, lookup("nevdis"));
  router.post("/api/simple-autograb-lookup", ...lookupGuards, lookup("autograb"));
  router.post("/api/rego-lookup", ...lookupGuards, lookup("rego"));

  // Booking slots (docs/product/bookings.md, "Slot calls").
  router.use(createBookingSlotsRouter(services));

  // JSON parse errors and oversized bodies of the routes above.
  router.use((error: unknown, req: Request, res: Response, next: NextFunction) => {
    const type = (error as { type?: string }).type;
    if (type === "entity.too.large")
      return sendError(res, 413, "The form is too large. Please shorten your message.");
    if (type === "entity.parse.failed")
      return sendError(res, 400, "The request body is not valid JSON.");
    if (type === "encoding.unsupported" || type === "charset.unsupported") {
      return sendError(res, 415, "Send the lead as UTF-8 JSON.");
    }
    const status = clientErrorStatus(error);
    if (status !== null)
      return sendError(res, status, "The request body could not be read: check its encoding.");
    next(error);
  });

  return router;
}

/**
 * The lead of a multipart request: a `lead` field holding JSON, and/or plain fields
 * (`first_name` or `lead[first_name]`; repeated names become lists).
 */
export function multipartLead(
  fields: Record<string, string | string[]>,
): { ok: true; lead: Record<string, unknown> } | { ok: false; error: string } {
  const lead: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    if (name === "lead") continue;
    const match = /^lead\[(.+)\]$/.exec(name);
    lead[match ? match[1]! : name] = value;
  }
  const embedded = fields.lead;
  if (typeof embedded === "string") {
    try {
      const parsed = JSON.parse(embedded) as unknown;
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
        return { ok: false, error: "The 'lead' field must hold a JSON object." };
      Object.assign(lead, parsed);
    } catch {
      return { ok: false, error: "The 'lead' field must hold a JSON object." };
    }
  }
  return { ok: true, lead };
}

/**
 * GET /dealerships/{id}/available_appointment_bookings.json and available_service_bookings.json
 * for the site on `res.locals.site`: the site's own host mounts it through the leads router, the
 * dashboard-compatible API (server/dashboard) behind its per-site Basic auth.
 */
export function createBookingSlotsRouter(services: LeadServices) {
  const router = express.Router();
  const slots = (kind: BookingKind) =>
    run(async (req, res) => {
      const site = siteOf(res);
      const dealershipId = Number(req.params.id);
      const dealership = site.dealerships.find((d) => d.id === dealershipId);
      if (!dealership) return sendError(res, 404, "There is no such dealership on this site.");
      const locationParam = req.query.location_id;
      const locationId =
        typeof locationParam === "string" && locationParam !== "" ? Number(locationParam) : null;
      let locations = await services.slots.forLocations(site, kind, dealership.id);
      if (locationId !== null) {
        locations = locations.filter((l) => l.id === locationId);
        if (locations.length === 0)
          return sendError(res, 404, "That location does not take these bookings.");
      }
      const rules = services.slots.rules(site, kind);
      res.set("Cache-Control", "no-store").json({
        dealership_id: dealership.id,
        kind,
        time_zone: rules.timeZone,
        slot_minutes: rules.slotMinutes,
        today: services.slots.today(site, kind),
        days_ahead: rules.daysAhead,
        locations,
      });
    });
  const kinds: Record<string, BookingKind> = {
    available_appointment_bookings: "test_drive",
    available_service_bookings: "service",
  };
  for (const [name, kind] of Object.entries(kinds)) {
    if (!BOOKING_KINDS.includes(kind)) continue;
    router.get(`/dealerships/:id/${name}.json`, slots(kind));
  }

  return router;
}
