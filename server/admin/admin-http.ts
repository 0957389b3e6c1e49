/**
 * The back office inside the one Express app (server/http/app.ts): which paths are its, the
 * admin part of the load context, and its Content-Security-Policy (the strict one: no site
 * integration runs in the back office).
 */
import type { Request } from "express";
import type { Database } from "../db/client";
import {
  serializeContentSecurityPolicy,
  STRICT_CSP_DIRECTIVES,
} from "../http/content-security-policy";
import type { Site } from "../sites/site";
import { siteOrigin } from "../sites/site-origin";
import type { SiteRegistry } from "../sites/site-registry";
import type { AdminContext } from "./admin-context";
import type { SignInThrottle } from "./sign-in-throttle";

export type AdminLocals = { site?: Site; origin?: string; requestId: string };

export const isAdminPath = (path: string) => path === "/admin" || path.startsWith("/admin/");

export function adminContentSecurityPolicy(nonce: string): string {
  return serializeContentSecurityPolicy({
    ...STRICT_CSP_DIRECTIVES,
    "script-src": ["'self'", `'nonce-${nonce}'`],
  });
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
  };
}
