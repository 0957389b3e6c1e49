/**
 * Per-site API credentials for machine clients: a dealer's DMS pushing stock (`stock:write`),
 * a dashboard reading site data (`dashboard:read`). See docs/product/data-in.md.
 *
 * A key reads `dsk_{prefix}_{secret}`: the prefix finds the row, the SHA-256 of the whole key
 * is compared in constant time. Only the hash is stored; the key is shown once, when made.
 * A client sends it as `Authorization: Bearer {key}`, or as Basic auth with the site's slug
 * (or id) as user name and the key as password.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { NextFunction, Request, Response } from "express";
import type { Database } from "../db/client";
import { siteApiKeys, sites } from "../db/schema";

export const API_KEY_SCOPES = ["stock:write", "dashboard:read", "reservations:manage"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export function isApiKeyScope(value: string): value is ApiKeyScope {
  return (API_KEY_SCOPES as readonly string[]).includes(value);
}

/** Both schemes a client may use, offered with every 401. */
export const API_KEY_CHALLENGES = [
  'Bearer realm="site-api"',
  'Basic realm="site-api", charset="UTF-8"',
];

export const MISSING_CREDENTIALS_MESSAGE =
  "This API needs the site's API key: send 'Authorization: Bearer <key>', or Basic auth with the site's slug as user name and the key as password.";
export const WRONG_CREDENTIALS_MESSAGE =
  "The API key is not valid (mistyped, revoked, or sent with another site's user name). Ask the site's administrator for a current key.";
export const OTHER_SITE_MESSAGE = "This API key belongs to another site.";
export const scopeMissingMessage = (scope: ApiKeyScope) =>
  `This API key does not allow '${scope}'. Ask for a key with that scope.`;

const KEY_PATTERN = /^dsk_([A-Za-z0-9]{12})_([A-Za-z0-9_-]{43})$/;
/** How often last_used_at is written for a busy key: not on every request. */
const LAST_USED_RESOLUTION = sql`interval '1 minute'`;

export type AuthenticatedKey = { id: number; siteId: number; scopes: ApiKeyScope[] };

export type SiteApiAuth =
  { ok: true; key: AuthenticatedKey } | { ok: false; status: 401 | 403; message: string };

function hashKey(key: string): Buffer {
  return createHash("sha256").update(key, "utf8").digest();
}

/** The key a request carries, and the user name it came with (Basic auth). */
function credentialsOf(authorization: string | undefined): { key: string; user?: string } | null {
  if (!authorization) return null;
  const [scheme, value = ""] = authorization.trim().split(/\s+/, 2);
  if (scheme?.toLowerCase() === "bearer" && value) return { key: value };
  if (scheme?.toLowerCase() === "basic" && value) {
    const decoded = Buffer.from(value, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    if (colon < 0) return null;
    return { user: decoded.slice(0, colon), key: decoded.slice(colon + 1) };
  }
  return null;
}

/**
 * Checks an `Authorization` header for site `siteId` and `scope`. A missing or wrong key is a
 * 401 (the caller sends `API_KEY_CHALLENGES` as `WWW-Authenticate`); a good key of another site,
 * or without the scope, is a 403.
 */
export async function authenticateSiteRequest(
  db: Database,
  authorization: string | undefined,
  siteId: number,
  scope: ApiKeyScope,
): Promise<SiteApiAuth> {
  const credentials = credentialsOf(authorization);
  if (!credentials) return { ok: false, status: 401, message: MISSING_CREDENTIALS_MESSAGE };
  const wrong = { ok: false, status: 401, message: WRONG_CREDENTIALS_MESSAGE } as const;
  const match = KEY_PATTERN.exec(credentials.key);
  if (!match) return wrong;
  const [row] = await db
    .select({
      id: siteApiKeys.id,
      siteId: siteApiKeys.siteId,
      siteSlug: sites.slug,
      scopes: siteApiKeys.scopes,
      keyHash: siteApiKeys.keyHash,
      revokedAt: siteApiKeys.revokedAt,
    })
    .from(siteApiKeys)
    .innerJoin(sites, eq(sites.id, siteApiKeys.siteId))
    .where(eq(siteApiKeys.prefix, match[1]!));
  if (!row || row.revokedAt) return wrong;
  if (!timingSafeEqual(hashKey(credentials.key), Buffer.from(row.keyHash, "hex"))) return wrong;
  if (row.siteId !== siteId) return { ok: false, status: 403, message: OTHER_SITE_MESSAGE };
  // Basic auth names the site too: a key sent with another site's name is wrong.
  if (
    credentials.user !== undefined &&
    credentials.user !== row.siteSlug &&
    credentials.user !== String(row.siteId)
  )
    return wrong;
  if (!row.scopes.includes(scope))
    return { ok: false, status: 403, message: scopeMissingMessage(scope) };
  await db
    .update(siteApiKeys)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(siteApiKeys.id, row.id),
        or(
          isNull(siteApiKeys.lastUsedAt),
          lt(siteApiKeys.lastUsedAt, sql`now() - ${LAST_USED_RESOLUTION}`),
        ),
      ),
    );
  return {
    ok: true,
    key: { id: row.id, siteId: row.siteId, scopes: row.scopes.filter(isApiKeyScope) },
  };
}

/**
 * Express guard for routes with a `:website_id` path parameter (the site's id): answers 401 or
 * 403 as JSON (`{ error }`, the field dashboard clients read) or puts the key on
 * `res.locals.apiKey`.
 */
export function requireSiteApiKey(db: Database, scope: ApiKeyScope) {
  return (req: Request, res: Response, next: NextFunction) => {
    const siteId = Number(req.params.website_id);
    if (!Number.isSafeInteger(siteId) || siteId <= 0) {
      res.status(404).json({ error: "No website has that id." });
      return;
    }
    authenticateSiteRequest(db, req.headers.authorization, siteId, scope).then((auth) => {
      if (auth.ok) {
        res.locals.apiKey = auth.key;
        return next();
      }
      if (auth.status === 401) res.setHeader("WWW-Authenticate", API_KEY_CHALLENGES);
      res.status(auth.status).json({ error: auth.message });
    }, next);
  };
}

/** Makes a key for a site; the returned `key` is the only time the secret is seen. */
export async function createSiteApiKey(
  db: Database,
  input: { siteId: number; label: string; scopes: readonly ApiKeyScope[] },
): Promise<{ id: number; key: string }> {
  const prefix = randomBytes(9).toString("base64url").replace(/[-_]/g, "x").slice(0, 12);
  const key = `dsk_${prefix}_${randomBytes(32).toString("base64url")}`;
  const [row] = await db
    .insert(siteApiKeys)
    .values({
      siteId: input.siteId,
      label: input.label,
      scopes: [...input.scopes],
      prefix,
      keyHash: hashKey(key).toString("hex"),
    })
    .returning({ id: siteApiKeys.id });
  return { id: row!.id, key };
}

/** Revokes one of the site's keys; false when the site has no such key still in use. */
export async function revokeSiteApiKey(db: Database, siteId: number, id: number): Promise<boolean> {
  const revoked = await db
    .update(siteApiKeys)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(siteApiKeys.siteId, siteId), eq(siteApiKeys.id, id), isNull(siteApiKeys.revokedAt)),
    )
    .returning({ id: siteApiKeys.id });
  return revoked.length > 0;
}

/**
 * Development only: one key per site with every scope, so a fresh demo can be fed and read at
 * once. Called after the demo seed; the keys are printed at that first start and never again.
 */
export async function createDemoSiteApiKeys(
  db: Database,
): Promise<Array<{ siteSlug: string; siteId: number; key: string }>> {
  const rows = await db.select({ id: sites.id, slug: sites.slug }).from(sites).orderBy(sites.slug);
  const keys = [];
  for (const site of rows) {
    const { key } = await createSiteApiKey(db, {
      siteId: site.id,
      label: "demo key (development)",
      scopes: API_KEY_SCOPES,
    });
    keys.push({ siteSlug: site.slug, siteId: site.id, key });
  }
  return keys;
}
