/**
 * Sign-in with a mobile number and an SMS code, and shopper sessions (docs/product/garage.md,
 * "Sign in with a mobile number"; decision 026). Every statement goes through the site's scope;
 * a session is found by the hash of its cookie token, within its site only.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { parsePhoneNumberFromString } from "libphonenumber-js/max";
import { mobileCountriesOf, normaliseMobile } from "~/domain/mobile-number";
import type { Favourite } from "~/domain/favourites";
import type { Database } from "../db/client";
import { garageCodes, garageSessions, garageUsers, garageWatchlist, vehicles } from "../db/schema";
import type { RateLimiter } from "../http/rate-limiter";
import type { SmsProvider } from "../providers/sms/sms-provider";
import { createSiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import { findListedVehicle } from "../stock/listed-vehicle";
import type { SearchIndex } from "../stock/search-sync";
import { createSiteSearch } from "../stock/site-search";

/** The constants of sign-in (docs/product/garage.md). */
export const SIGN_IN = {
  codeDigits: 6,
  codeTtlMs: 10 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 30_000,
  sessionTtlMs: 30 * 24 * 60 * 60_000,
} as const;

export const SIGN_IN_MESSAGES = {
  sent: "If this number can receive SMS, a 6-digit code is on its way. It is valid for 10 minutes.",
  codeFormat: "Enter the 6-digit code from the SMS.",
  wrongCode: "That code is not right. Check the SMS and try again.",
  expired: "That code has expired. Ask for a new one.",
  tooManyAttempts: "Too many wrong codes. Ask for a new one.",
  noCode: "That code is not right or has expired. Ask for a new one.",
  tooManyRequests: "Too many code requests. Please try again later.",
  off: "Sign-in is not offered on this site.",
} as const;

/**
 * The number a code went to, written the way the site's shoppers write it: a number of the
 * site's own country in its national form ('0412 345 678', '(212) 555-0123'), another one of its
 * countries in the international form ('+64 21 123 4567').
 */
export function displayMobile(site: Site, e164: string): string {
  const number = parsePhoneNumberFromString(e164);
  if (!number) return e164;
  const [home] = mobileCountriesOf(site.locale, site.settings.garage.signInCountries);
  return number.country === home ? number.formatNational() : number.formatInternational();
}

export type SignInUser = { id: number; phone: string; name: string | null; email: string | null };

export type Outcome<T> =
  { ok: true; value: T } | { ok: false; status: number; error: string; retryAfterSeconds?: number };

const fail = (status: number, error: string, retryAfterSeconds?: number) =>
  ({ ok: false, status, error, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) }) as const;

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** `salt:hash` of a code: a fresh salt per code, so equal codes never look alike. */
function hashCode(code: string): string {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${sha256(`${salt}:${code}`)}`;
}

function codeMatches(stored: string, code: string): boolean {
  const [salt, hash] = stored.split(":");
  if (!salt || !hash) return false;
  const a = Buffer.from(sha256(`${salt}:${code}`), "hex");
  const b = Buffer.from(hash, "hex");
  return a.length === b.length && timingSafeEqual(a, b);
}

export const hashSessionToken = (token: string) => sha256(`garage-session:${token}`);

export type GarageAuthDeps = {
  db: Database;
  /** The stock search: a shopper saves only a car the site shows. */
  search: SearchIndex;
  sms: SmsProvider;
  /** Code requests per client address and site. */
  clientLimiter: RateLimiter;
  /** Code requests per mobile number and site. */
  numberLimiter: RateLimiter;
  /** Code submissions per client address and site. */
  verifyLimiter: RateLimiter;
  now?: () => number;
};

export class GarageAuth {
  constructor(private readonly deps: GarageAuthDeps) {}

  #now() {
    return this.deps.now ? this.deps.now() : Date.now();
  }

  /** The number in E.164, or the site's message for one that is not a mobile of its countries. */
  normalise(site: Site, raw: unknown): Outcome<string> {
    const result = normaliseMobile(
      typeof raw === "string" ? raw.slice(0, 40) : "",
      mobileCountriesOf(site.locale, site.settings.garage.signInCountries),
    );
    return result.ok ? { ok: true, value: result.e164 } : fail(400, result.message);
  }

  /**
   * Sends a code. The answer is the same whether or not the number has an account; only
   * malformed input, the resend wait and the rate limits answer otherwise.
   */
  async requestCode(
    site: Site,
    rawPhone: unknown,
    client: string,
  ): Promise<Outcome<{ resendAfterSeconds: number; sentTo: string }>> {
    if (!site.settings.garage.signInWithMobile) return fail(404, SIGN_IN_MESSAGES.off);
    const phone = this.normalise(site, rawPhone);
    if (!phone.ok) return phone;
    const byClient = await this.deps.clientLimiter.hit(`${site.id}:${client}`);
    if (!byClient.allowed)
      return fail(429, SIGN_IN_MESSAGES.tooManyRequests, byClient.retryAfterSeconds);
    const byNumber = await this.deps.numberLimiter.hit(`${site.id}:${phone.value}`);
    if (!byNumber.allowed)
      return fail(429, SIGN_IN_MESSAGES.tooManyRequests, byNumber.retryAfterSeconds);

    const scope = createSiteScope(this.deps.db, site.id);
    const now = this.#now();
    const [last] = await this.deps.db
      .select({ createdAt: garageCodes.createdAt })
      .from(garageCodes)
      .where(scope.own(garageCodes, eq(garageCodes.phone, phone.value)))
      .orderBy(desc(garageCodes.createdAt))
      .limit(1);
    const waitMs = last ? last.createdAt.getTime() + SIGN_IN.resendAfterMs - now : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      return fail(429, `Please wait ${seconds} seconds before asking for a new code.`, seconds);
    }
    const code = String(randomInt(0, 10 ** SIGN_IN.codeDigits)).padStart(SIGN_IN.codeDigits, "0");
    await scope.insert(garageCodes, {
      phone: phone.value,
      codeHash: hashCode(code),
      expiresAt: new Date(now + SIGN_IN.codeTtlMs),
      createdAt: new Date(now),
    });
    await this.deps.sms.send({
      to: phone.value,
      body: `${code} is your ${site.name} sign-in code. It expires in 10 minutes.`,
      siteId: site.id,
    });
    return {
      ok: true,
      value: {
        resendAfterSeconds: SIGN_IN.resendAfterMs / 1000,
        sentTo: displayMobile(site, phone.value),
      },
    };
  }

  /**
   * Checks a code: the latest unused code of the number, counted against its 5 attempts before
   * it is compared. A right code signs in (registering the number the first time).
   */
  async verifyCode(
    site: Site,
    rawPhone: unknown,
    rawCode: unknown,
    client: string,
  ): Promise<Outcome<{ user: SignInUser; registered: boolean; token: string }>> {
    if (!site.settings.garage.signInWithMobile) return fail(404, SIGN_IN_MESSAGES.off);
    const phone = this.normalise(site, rawPhone);
    if (!phone.ok) return phone;
    const code = typeof rawCode === "string" ? rawCode.replace(/\s/g, "") : "";
    if (!/^\d{6}$/.test(code)) return fail(400, SIGN_IN_MESSAGES.codeFormat);
    const byClient = await this.deps.verifyLimiter.hit(`${site.id}:${client}`);
    if (!byClient.allowed)
      return fail(429, SIGN_IN_MESSAGES.tooManyRequests, byClient.retryAfterSeconds);

    const { db } = this.deps;
    const scope = createSiteScope(db, site.id);
    const now = this.#now();
    const [latest] = await db
      .select()
      .from(garageCodes)
      .where(
        scope.own(garageCodes, and(eq(garageCodes.phone, phone.value), isNull(garageCodes.usedAt))),
      )
      .orderBy(desc(garageCodes.createdAt))
      .limit(1);
    if (!latest) return fail(400, SIGN_IN_MESSAGES.noCode);
    if (latest.expiresAt.getTime() <= now) return fail(400, SIGN_IN_MESSAGES.expired);
    // Counted first, in one statement: parallel guesses cannot exceed the attempts.
    const [counted] = await db
      .update(garageCodes)
      .set({ attempts: sql`${garageCodes.attempts} + 1` })
      .where(
        scope.own(
          garageCodes,
          and(eq(garageCodes.id, latest.id), lt(garageCodes.attempts, SIGN_IN.maxAttempts)),
        ),
      )
      .returning({ attempts: garageCodes.attempts });
    if (!counted) return fail(429, SIGN_IN_MESSAGES.tooManyAttempts);
    if (!codeMatches(latest.codeHash, code)) {
      const left = SIGN_IN.maxAttempts - counted.attempts;
      return fail(
        400,
        left > 0
          ? `${SIGN_IN_MESSAGES.wrongCode} ${left} ${left === 1 ? "attempt" : "attempts"} left.`
          : `${SIGN_IN_MESSAGES.wrongCode} Ask for a new one.`,
      );
    }
    const [used] = await db
      .update(garageCodes)
      .set({ usedAt: new Date(now) })
      .where(scope.own(garageCodes, and(eq(garageCodes.id, latest.id), isNull(garageCodes.usedAt))))
      .returning({ id: garageCodes.id });
    if (!used) return fail(400, SIGN_IN_MESSAGES.noCode);

    const inserted = await db
      .insert(garageUsers)
      .values({
        siteId: site.id,
        phone: phone.value,
        unsubscribeToken: randomBytes(24).toString("base64url"),
      })
      .onConflictDoNothing()
      .returning();
    const user =
      inserted[0] ?? (await scope.findFirst(garageUsers, eq(garageUsers.phone, phone.value)))!;
    const token = randomBytes(32).toString("base64url");
    await scope.insert(garageSessions, {
      userId: user.id,
      tokenHash: hashSessionToken(token),
      expiresAt: new Date(now + SIGN_IN.sessionTtlMs),
    });
    return { ok: true, value: { user: publicUser(user), registered: inserted.length > 0, token } };
  }

  /** The signed-in user of a session token, on this site only. */
  async userOf(site: Site, token: string | undefined): Promise<SignInUser | null> {
    if (!token || token.length > 100) return null;
    const [row] = await this.deps.db
      .select({ user: garageUsers })
      .from(garageSessions)
      .innerJoin(garageUsers, eq(garageUsers.id, garageSessions.userId))
      .where(
        and(
          eq(garageSessions.siteId, site.id),
          eq(garageUsers.siteId, site.id),
          eq(garageSessions.tokenHash, hashSessionToken(token)),
          gt(garageSessions.expiresAt, new Date(this.#now())),
        ),
      )
      .limit(1);
    return row ? publicUser(row.user) : null;
  }

  async signOut(site: Site, token: string | undefined): Promise<void> {
    if (!token) return;
    await createSiteScope(this.deps.db, site.id).delete(
      garageSessions,
      eq(garageSessions.tokenHash, hashSessionToken(token)),
    );
  }

  /** Registration: the name and e-mail alerts go to. */
  async updateProfile(
    site: Site,
    userId: number,
    profile: { name: string | null; email: string | null },
  ) {
    const [row] = await createSiteScope(this.deps.db, site.id).update(
      garageUsers,
      profile,
      eq(garageUsers.id, userId),
    );
    return row ? publicUser(row) : null;
  }

  /** Deletes the account, its sessions, watchlist, saved searches and pending alerts (cascade). */
  async deleteAccount(site: Site, userId: number): Promise<void> {
    await createSiteScope(this.deps.db, site.id).delete(garageUsers, eq(garageUsers.id, userId));
  }

  async watchlist(site: Site, userId: number): Promise<Favourite[]> {
    return this.deps.db
      .select({
        id: vehicles.id,
        name: vehicles.name,
        slug: vehicles.slug,
        make: vehicles.make,
        model: vehicles.model,
        primary_image_url: sql<string | null>`${vehicles.images}->0->>'url'`,
      })
      .from(garageWatchlist)
      .innerJoin(vehicles, eq(vehicles.id, garageWatchlist.vehicleId))
      .where(
        and(
          eq(garageWatchlist.siteId, site.id),
          eq(vehicles.siteId, site.id),
          eq(garageWatchlist.userId, userId),
        ),
      )
      .orderBy(garageWatchlist.createdAt, garageWatchlist.id);
  }

  /**
   * Adds vehicles the site shows to the watchlist (others, hidden or long sold, are ignored);
   * answers how many were taken.
   */
  async addToWatchlist(site: Site, userId: number, requestedIds: number[]): Promise<number> {
    const search = createSiteSearch(this.deps.search, site);
    const vehicleIds = requestedIds.filter((id) => findListedVehicle(search, id) !== null);
    if (vehicleIds.length === 0) return 0;
    const own = await this.deps.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(
        and(
          eq(vehicles.siteId, site.id),
          sql`${vehicles.id} IN (${sql.join(
            vehicleIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        ),
      );
    if (own.length === 0) return 0;
    await this.deps.db
      .insert(garageWatchlist)
      .values(own.map((v) => ({ siteId: site.id, userId, vehicleId: v.id })))
      .onConflictDoNothing();
    return own.length;
  }

  async removeFromWatchlist(site: Site, userId: number, vehicleId: number): Promise<void> {
    await createSiteScope(this.deps.db, site.id).delete(
      garageWatchlist,
      and(eq(garageWatchlist.userId, userId), eq(garageWatchlist.vehicleId, vehicleId))!,
    );
  }
}

function publicUser(row: typeof garageUsers.$inferSelect): SignInUser {
  return { id: row.id, phone: row.phone, name: row.name, email: row.email };
}
