/**
 * Signing in and out of the back office. A sign-in checks the form (before any I/O), the
 * lock-out (sign-in-throttle.ts), the password, and that the account reaches this host; then it
 * ends the browser's previous session, if any, and starts a new one with a new token (so a
 * token planted before sign-in is worth nothing). The sign-in form has its own CSRF token in a
 * short-lived cookie (double submit), since there is no session yet.
 */
import { timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { staffUsers } from "../db/schema";
import { CSRF_FIELD } from "~/domain/staff";
import type { StaffRole } from "~/domain/staff";
import type { AdminContext } from "./admin-context";
import { clearCookie, readCookie, serializeCookie } from "./cookies";
import { hashPassword, needsRehash, verifyPassword } from "./passwords";
import {
  createSession,
  deleteAllSessions,
  deleteSession,
  findSession,
  randomToken,
  SESSION_COOKIE,
  SESSION_IDLE_MS,
} from "./sessions";
import { buildScope } from "./staff-scope";

export const SIGN_IN_CSRF_COOKIE = "staff_sign_in";
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const SIGN_IN_MESSAGES = {
  emailMissing: "Enter your e-mail address.",
  emailInvalid: "Enter an e-mail address like name@example.com.",
  passwordMissing: "Enter your password.",
  wrong: "The e-mail address or password is not correct.",
  noAccess: "This account does not give access to this site's back office.",
  expired: "The sign-in form expired. Please sign in again.",
  locked: (seconds: number) =>
    `Too many failed attempts. Try again in ${Math.ceil(seconds / 60)} minute${seconds > 60 ? "s" : ""}, or reset your password.`,
} as const;

/** Where to go after signing in: a back office path only (never another site). */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith("/admin") || /[\\]|\/\//.test(next)) return "/admin/leads";
  return next;
}

/** The sign-in form's CSRF token: the cookie's, or a new one to set. */
export function signInFormToken(request: Request, ctx: AdminContext) {
  const existing = readCookie(request, SIGN_IN_CSRF_COOKIE);
  if (existing && existing.length >= 20 && existing.length <= 100)
    return { token: existing, setCookie: null };
  const token = randomToken();
  return {
    token,
    setCookie: serializeCookie(SIGN_IN_CSRF_COOKIE, token, {
      secure: ctx.secureCookies,
      maxAgeSeconds: 60 * 60,
    }),
  };
}

export type SignInResult =
  | { ok: true; setCookies: string[]; next: string }
  | {
      ok: false;
      status: number;
      errors: { email?: string; password?: string };
      message: string | null;
      email: string;
    };

export async function signIn(request: Request, ctx: AdminContext): Promise<SignInResult> {
  const form = await request.formData().catch(() => null);
  const email = String(form?.get("email") ?? "")
    .trim()
    .toLowerCase();
  const password = String(form?.get("password") ?? "");
  const fail = (
    status: number,
    errors: { email?: string; password?: string },
    message: string | null = null,
  ): SignInResult => ({ ok: false, status, errors, message, email });

  const errors: { email?: string; password?: string } = {};
  if (!email) errors.email = SIGN_IN_MESSAGES.emailMissing;
  else if (email.length > 254 || !EMAIL.test(email)) errors.email = SIGN_IN_MESSAGES.emailInvalid;
  if (!password) errors.password = SIGN_IN_MESSAGES.passwordMissing;
  else if (password.length > 1000) errors.password = SIGN_IN_MESSAGES.wrong;
  if (errors.email || errors.password) return fail(400, errors);

  const cookieToken = readCookie(request, SIGN_IN_CSRF_COOKIE);
  const sent = form?.get(CSRF_FIELD);
  if (
    !cookieToken ||
    typeof sent !== "string" ||
    Buffer.byteLength(sent) !== Buffer.byteLength(cookieToken) ||
    !timingSafeEqual(Buffer.from(sent), Buffer.from(cookieToken))
  )
    return fail(403, {}, SIGN_IN_MESSAGES.expired);

  const lockedFor = await ctx.throttle.lockedFor(email, ctx.clientIp);
  if (lockedFor > 0) return fail(429, {}, SIGN_IN_MESSAGES.locked(lockedFor));

  const [user] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  const valid = await verifyPassword(password, user && !user.disabledAt ? user.passwordHash : null);
  if (!user || !valid) {
    await ctx.throttle.recordFailure(email, ctx.clientIp);
    return fail(401, {}, SIGN_IN_MESSAGES.wrong);
  }
  await ctx.throttle.clear(email);

  const staff = {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as StaffRole,
    dealershipGroupId: user.dealershipGroupId,
    dealershipId: user.dealershipId,
    sessionId: 0,
    csrfToken: "",
  };
  const scope = buildScope(staff, ctx, user);
  if (scope.siteIds !== null && scope.siteIds.length === 0)
    return fail(403, {}, SIGN_IN_MESSAGES.noAccess);

  if (user.passwordHash && needsRehash(user.passwordHash)) {
    await ctx.db
      .update(staffUsers)
      .set({ passwordHash: await hashPassword(password) })
      .where(eq(staffUsers.id, user.id));
  }
  // A session this browser had before (whoever's) ends: the new one has a new token.
  const previous = await findSession(ctx.db, readCookie(request, SESSION_COOKIE));
  if (previous) await deleteSession(ctx.db, previous.id);
  const session = await createSession(ctx.db, user.id, {
    ip: ctx.clientIp,
    userAgent: ctx.userAgent,
  });
  const cookie = { secure: ctx.secureCookies };
  return {
    ok: true,
    next: safeNext(new URL(request.url).searchParams.get("next")),
    setCookies: [
      serializeCookie(SESSION_COOKIE, session.token, {
        ...cookie,
        maxAgeSeconds: Math.floor(SESSION_IDLE_MS / 1000),
      }),
      clearCookie(SIGN_IN_CSRF_COOKIE, cookie),
    ],
  };
}

/** Signing out: this session, or every session of the account ("everywhere"). */
export async function signOut(
  ctx: AdminContext,
  staff: { id: number; sessionId: number },
  everywhere: boolean,
): Promise<string> {
  if (everywhere) await deleteAllSessions(ctx.db, staff.id);
  else await deleteSession(ctx.db, staff.sessionId);
  return clearCookie(SESSION_COOKIE, { secure: ctx.secureCookies });
}
