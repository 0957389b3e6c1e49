/**
 * The back office inside the one Express app (server/http/app.ts): which paths are its, the
 * admin part of the load context, and its Content-Security-Policy (the strict one: no site
 * integration runs in the back office).
 */
import type { Request } from "express";
import type { Database } from "../db/client";
import {
  cspSourceOf,
  serializeContentSecurityPolicy,
  STRICT_CSP_DIRECTIVES,
} from "../http/content-security-policy";
import type { Site } from "../sites/site";
import { siteOrigin } from "../sites/site-origin";
import type { SiteRegistry } from "../sites/site-registry";
import type { MailTransport } from "../providers/mail/mail-transport";
import type { AdminContext } from "./admin-context";
import type { SignInThrottle } from "./sign-in-throttle";
import { sitePhotoOrigin } from "./editors/editor-access";
import { sessionReachesSite } from "./staff-scope";

export type AdminLocals = { site?: Site; origin?: string; requestId: string };

export const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/");

/**
 * The back office's policy: the strict one, with this render's nonce, and the image sources of
 * the page (`adminImageSources`).
 */
export function adminContentSecurityPolicy(
  nonce: string,
  imageSources: readonly string[] = [],
): string {
  return serializeContentSecurityPolicy({
    ...STRICT_CSP_DIRECTIVES,
    "script-src": ["'self'", `'nonce-${nonce}'`],
    "img-src": [...new Set([...STRICT_CSP_DIRECTIVES["img-src"]!, ...imageSources])],
  });
}

const STOCK_PAGE = /^\/admin\/stock\/(\d{1,9})(?:\/|$)/;

/**
 * Where a back office page may load images from besides its own host: on the stock pages of a
 * site (`/admin/stock/{site id}/...`) that the request's signed-in staff member reaches, the
 * sources the site's own pages show its photos from (the site's address under the platform's
 * domain, its image CDN), so the
 * vehicle editor shows the photos' thumbnails on any host. Nothing for any other page or
 * visitor: an address guessed without a session learns nothing about the sites.
 */
export async function adminImageSources(
  path: string,
  cookieHeader: string | undefined,
  ctx: AdminContext,
): Promise<string[]> {
  const match = STOCK_PAGE.exec(path);
  const siteId = match ? Number(match[1]) : null;
  const site = siteId === null ? undefined : ctx.registry.byId(siteId);
  if (!site || !(await sessionReachesSite(ctx, cookieHeader, site.id))) return [];
  const sources = [
    cspSourceOf(sitePhotoOrigin(site, ctx)),
    cspSourceOf(site.settings.imageCdnTemplate ?? ""),
  ];
  return sources.filter((s): s is string => s !== null && !s.startsWith("'"));
}

/** The platform host's own origin: PLATFORM_DOMAIN over https, else localhost. */
function platformOrigin(platformDomain: string | undefined, port: number): string {
  return platformDomain ? `https://${platformDomain.toLowerCase()}` : `http://localhost:${port}`;
}

export function adminLoadContext(
  req: Request,
  locals: AdminLocals,
  deps: {
    db: Database;
    registry: SiteRegistry;
    throttle: SignInThrottle;
    platformDomain?: string;
    port: number;
    mail: { transport: MailTransport; from: string };
  },
): AdminContext {
  const site = locals.site;
  const origin = site
    ? (locals.origin ?? siteOrigin(site, { platformDomain: deps.platformDomain, port: deps.port }))
    : platformOrigin(deps.platformDomain, deps.port);
  return {
    host: site ? { kind: "site", site } : { kind: "platform" },
    db: deps.db,
    registry: deps.registry,
    throttle: deps.throttle,
    clientIp: req.ip ?? null,
    userAgent: req.headers["user-agent"] ?? null,
    secureCookies: origin.startsWith("https:") || req.secure,
    origin,
    requestId: locals.requestId,
    mail: deps.mail,
    afterResponse(task) {
      const run = () => {
        task().catch((err: unknown) =>
          req.log?.warn({ err }, "Back office work after the answer failed"),
        );
      };
      const res = req.res;
      if (!res || res.writableFinished) setImmediate(run);
      else res.once("close", run);
    },
  };
}
