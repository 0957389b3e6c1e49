/**
 * The garage's HTTP API, per site (mounted after Host -> site, before the page cache):
 *
 *   GET    /api/auth                              -> {user, watchlist}
 *   POST   /api/auth/code        {phone}          -> 202 {message, sentTo, resendAfterSeconds}
 *   POST   /api/auth/verify      {phone, code}    -> {user, watchlist, registered} + session cookie
 *   POST   /api/auth/profile     {name, email}    -> {user}           (registration)
 *   POST   /api/auth/sign-out                     -> 204
 *   DELETE /api/auth/account                      -> 204              (account and data)
 *   POST   /api/garage/watchlist/merge {vehicle_ids} -> {watchlist}   (browser favourites)
 *   PUT    /api/garage/watchlist/:vehicleId       -> {watchlist}
 *   DELETE /api/garage/watchlist/:vehicleId       -> {watchlist}
 *   GET    /api/garage/users/:userId/watchlist    -> {watchlist}      (own id only)
 *   POST   /api/garage/saved-searches {search}    -> 201
 *   GET  /api/garage/unsubscribe?token=            -> 303 to the unsubscribe page (no change)
 *   POST /api/garage/unsubscribe?token=            -> alerts off, no sign-in needed
 *
 * Input is checked before any I/O; answers are JSON with an `error` a person can act on.
 */
import express from "express";
import type { NextFunction, Request, Response } from "express";
import { z } from "zod";
import { isValidEmail, isValidName } from "~/domain/form-fields";
import type { Database } from "../db/client";
import { garageSavedSearches } from "../db/schema";
import { clientKey, headersOf, isCrossSiteRequest } from "../leads/guard";
import type { Site } from "../sites/site";
import type { GarageAuth, Outcome, SignInUser } from "./garage-auth";
import { cookieFromHeader } from "../cookies";
import { SIGN_IN } from "./garage-auth";
import { savedSearchState } from "./saved-search-digest";
import {
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_STATUS,
  unsubscribe,
  unsubscribePath,
} from "./unsubscribe";

export const SESSION_COOKIE = "garage_session";

type Locals = { site?: Site; origin?: string };

const MAX_MERGE = 60;

function send(res: Response, status: number, body: unknown) {
  res.status(status).set("Cache-Control", "private, no-store").json(body);
}

function sendError(res: Response, outcome: Extract<Outcome<unknown>, { ok: false }>) {
  if (outcome.retryAfterSeconds) res.set("Retry-After", String(outcome.retryAfterSeconds));
  send(res, outcome.status, { error: outcome.error });
}

function sessionCookie(token: string, origin: string | undefined, maxAgeSeconds: number): string {
  const secure = origin?.startsWith("https:") ? "; Secure" : "";
  return `${SESSION_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSeconds}${secure}`;
}

const ProfileSchema = z
  .object({
    name: z.string().trim().max(80).optional().default(""),
    email: z.string().trim().max(200).optional().default(""),
  })
  .strict();

const MergeSchema = z
  .object({ vehicle_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(MAX_MERGE) })
  .strict();

const SavedSearchSchema = z
  .object({
    search: z
      .string()
      .min(1)
      .max(500)
      // eslint-disable-next-line no-control-regex
      .regex(/^\/[^\s\u0000-\u001f\u007f]*$/),
  })
  .strict();

const ID = /^\d{1,9}$/;

export function createGarageRouter(deps: { db: Database; auth: GarageAuth }) {
  const { auth, db } = deps;
  const router = express.Router();
  const json = express.json({ limit: "8kb" });

  const site = (res: Response) => (res.locals as Locals).site!;
  const token = (req: Request) => cookieFromHeader(req.headers.cookie, SESSION_COOKIE) ?? undefined;

  /** Writes come from the site's own pages only, as JSON (which a cross-site form cannot send). */
  const sameSite = (req: Request, res: Response, next: NextFunction) => {
    if (isCrossSiteRequest(headersOf(req.headers)))
      return send(res, 403, { error: "Not allowed from another site." });
    next();
  };

  /** The signed-in user, or 401. */
  const signedIn = async (req: Request, res: Response): Promise<SignInUser | null> => {
    const user = await auth.userOf(site(res), token(req));
    if (!user) send(res, 401, { error: "Sign in with your mobile number first." });
    return user;
  };

  const wrap =
    (handler: (req: Request, res: Response) => Promise<void>) =>
    (req: Request, res: Response, next: NextFunction) => {
      handler(req, res).catch(next);
    };

  router.get(
    "/api/auth",
    wrap(async (req, res) => {
      const user = await auth.userOf(site(res), token(req));
      send(res, 200, { user, watchlist: user ? await auth.watchlist(site(res), user.id) : [] });
    }),
  );

  router.post(
    "/api/auth/code",
    sameSite,
    json,
    wrap(async (req, res) => {
      const body = req.body as { phone?: unknown } | undefined;
      const outcome = await auth.requestCode(site(res), body?.phone, clientKey(0, req.ip));
      if (!outcome.ok) return sendError(res, outcome);
      send(res, 202, {
        message:
          "If this number can receive SMS, a 6-digit code is on its way. It is valid for 10 minutes.",
        sentTo: outcome.value.sentTo,
        resendAfterSeconds: outcome.value.resendAfterSeconds,
      });
    }),
  );

  router.post(
    "/api/auth/verify",
    sameSite,
    json,
    wrap(async (req, res) => {
      const body = req.body as { phone?: unknown; code?: unknown } | undefined;
      const outcome = await auth.verifyCode(
        site(res),
        body?.phone,
        body?.code,
        clientKey(0, req.ip),
      );
      if (!outcome.ok) return sendError(res, outcome);
      const { user, registered } = outcome.value;
      res.set(
        "Set-Cookie",
        sessionCookie(
          outcome.value.token,
          (res.locals as Locals).origin,
          SIGN_IN.sessionTtlMs / 1000,
        ),
      );
      send(res, 200, { user, watchlist: await auth.watchlist(site(res), user.id), registered });
    }),
  );

  router.post(
    "/api/auth/profile",
    sameSite,
    json,
    wrap(async (req, res) => {
      const parsed = ProfileSchema.safeParse(req.body);
      if (!parsed.success) return send(res, 400, { error: "Send your name and e-mail address." });
      const { name, email } = parsed.data;
      if (name && !isValidName(name))
        return send(res, 400, { error: "Please use alphabetical characters only." });
      if (email && !isValidEmail(email)) return send(res, 400, { error: "invalid email address" });
      const user = await signedIn(req, res);
      if (!user) return;
      const updated = await auth.updateProfile(site(res), user.id, {
        name: name || null,
        email: email || null,
      });
      send(res, 200, { user: updated });
    }),
  );

  router.post(
    "/api/auth/sign-out",
    sameSite,
    wrap(async (req, res) => {
      await auth.signOut(site(res), token(req));
      res.set("Set-Cookie", sessionCookie("", (res.locals as Locals).origin, 0));
      res.status(204).set("Cache-Control", "private, no-store").end();
    }),
  );

  router.delete(
    "/api/auth/account",
    sameSite,
    wrap(async (req, res) => {
      const user = await signedIn(req, res);
      if (!user) return;
      await auth.deleteAccount(site(res), user.id);
      res.set("Set-Cookie", sessionCookie("", (res.locals as Locals).origin, 0));
      res.status(204).set("Cache-Control", "private, no-store").end();
    }),
  );

  router.post(
    "/api/garage/watchlist/merge",
    sameSite,
    json,
    wrap(async (req, res) => {
      const parsed = MergeSchema.safeParse(req.body);
      if (!parsed.success)
        return send(res, 400, { error: `Send vehicle_ids: a list of up to ${MAX_MERGE} car ids.` });
      const user = await signedIn(req, res);
      if (!user) return;
      await auth.addToWatchlist(site(res), user.id, parsed.data.vehicle_ids);
      send(res, 200, { watchlist: await auth.watchlist(site(res), user.id) });
    }),
  );

  const changeOne = (op: "add" | "remove") =>
    wrap(async (req, res) => {
      const raw = String(req.params.vehicleId ?? "");
      if (!ID.test(raw)) return send(res, 400, { error: "Name a car by its id." });
      const user = await signedIn(req, res);
      if (!user) return;
      const id = Number(raw);
      if (op === "add") {
        if ((await auth.addToWatchlist(site(res), user.id, [id])) === 0)
          return send(res, 404, { error: "That car is not listed on this site." });
      } else {
        await auth.removeFromWatchlist(site(res), user.id, id);
      }
      send(res, 200, { watchlist: await auth.watchlist(site(res), user.id) });
    });
  router.put("/api/garage/watchlist/:vehicleId", sameSite, changeOne("add"));
  router.delete("/api/garage/watchlist/:vehicleId", sameSite, changeOne("remove"));

  router.get(
    "/api/garage/users/:userId/watchlist",
    wrap(async (req, res) => {
      const raw = String(req.params.userId ?? "");
      if (!ID.test(raw)) return send(res, 400, { error: "Name a user by id." });
      const user = await signedIn(req, res);
      if (!user) return;
      // Someone else's list is not found, whether or not that user exists.
      if (user.id !== Number(raw)) return send(res, 404, { error: "Not found." });
      send(res, 200, { watchlist: await auth.watchlist(site(res), user.id) });
    }),
  );

  router.post(
    "/api/garage/saved-searches",
    sameSite,
    json,
    wrap(async (req, res) => {
      const parsed = SavedSearchSchema.safeParse(req.body);
      if (!parsed.success || savedSearchState(parsed.data.search) === null)
        return send(res, 400, { error: "Send search: the path and query of a search page." });
      const user = await signedIn(req, res);
      if (!user) return;
      await db
        .insert(garageSavedSearches)
        .values({ siteId: site(res).id, userId: user.id, search: parsed.data.search })
        .onConflictDoNothing();
      send(res, 201, { saved: parsed.data.search });
    }),
  );

  /**
   * Links of alerts sent before the unsubscribe page: opening one shows that page (nothing is
   * changed by a GET, which mail scanners send); a POST (RFC 8058 one-click) unsubscribes.
   */
  router.get("/api/garage/unsubscribe", (req, res) => {
    const raw = String(req.query.token ?? "");
    res.redirect(303, unsubscribePath(raw));
  });
  router.post(
    "/api/garage/unsubscribe",
    wrap(async (req, res) => {
      const state = await unsubscribe(db, site(res).id, String(req.query.token ?? ""));
      const status = UNSUBSCRIBE_STATUS[state];
      if (state !== "done") {
        res
          .status(status)
          .type("text/plain")
          .send(UNSUBSCRIBE_MESSAGES[state === "incomplete" ? "incomplete" : "unknown"]);
        return;
      }
      res
        .status(200)
        .set("Cache-Control", "private, no-store")
        .type("text/plain")
        .send(`You are unsubscribed: no more garage alerts from ${site(res).name}.`);
    }),
  );

  return router;
}
