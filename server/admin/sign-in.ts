/**
 * Signing in and out of the back office. A sign-in checks the form (before any I/O), its CSRF
 * token, counts the attempt against the lock-out (sign-in-throttle.ts) before the password is
 * checked, then checks the password and that the account reaches this host; then it ends the
 * browser's previous session, if any, and starts a new one with a new token (so a token planted
 * before sign-in is worth nothing), and marks the browser a known device of the account.
 *
 * The forms used signed out (sign-in, forgot password, choose a password) have no session to
 * bind their CSRF token to: the browser holds a random value in a cookie, and the form carries
 * that value signed with the platform's key (signing-key.ts) and the time it was issued. A value
 * the browser holds that this platform did not sign for it is refused.
 */
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
import { sign, signingKey, verify } from "./signing-key";
import { buildScope } from "./staff-scope";

export const SIGN_IN_CSRF_COOKIE = "staff_sign_in";
/** Marks a browser where the account signed in before (a known device of it). */
export const DEVICE_COOKIE = "staff_device";
const DEVICE_DAYS = 180;
/** How long a signed-out form's token is accepted after the page was served. */
const FORM_TOKEN_SECONDS = 60 * 60;
const NONCE = /^[A-Za-z0-9_-]{43}$/;
const FORM_TOKEN = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/;
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

/**
 * The signed-out form's CSRF token: the browser's cookie value (a new one when it has none)
 * signed with the time, and the cookie to (re)set.
 */
export async function signInFormToken(request: Request, ctx: AdminContext) {
  const existing = readCookie(request, SIGN_IN_CSRF_COOKIE);
  const nonce = existing && NONCE.test(existing) ? existing : randomToken();
  const issuedAt = String(Math.floor(Date.now() / 1000));
  const key = await signingKey(ctx.db);
  return {
    token: `${issuedAt}.${sign(key, "signed-out-form", nonce, issuedAt)}`,
    setCookie: serializeCookie(SIGN_IN_CSRF_COOKIE, nonce, {
      secure: ctx.secureCookies,
      maxAgeSeconds: FORM_TOKEN_SECONDS,
    }),
  };
}

/**
 * The CSRF check of the forms used signed out (sign-in, forgot password, choose a password):
 * the form's token must be this platform's signature of the browser's cookie value, issued
 * within the hour.
 */
export async function signedOutFormTokenMatches(
  request: Request,
  form: FormData,
  ctx: Pick<AdminContext, "db">,
): Promise<boolean> {
  const nonce = readCookie(request, SIGN_IN_CSRF_COOKIE);
  const sent = form.get(CSRF_FIELD);
  if (!nonce || !NONCE.test(nonce) || typeof sent !== "string") return false;
  const match = FORM_TOKEN.exec(sent);
  if (!match) return false;
  const age = Date.now() / 1000 - Number(match[1]);
  if (age > FORM_TOKEN_SECONDS || age < -60) return false;
  return verify(await signingKey(ctx.db), match[2]!, "signed-out-form", nonce, match[1]!);
}

/** The id of the known device of `email` this browser is, or null. */
async function knownDevice(request: Request, ctx: AdminContext, email: string) {
  const value = readCookie(request, DEVICE_COOKIE);
  const match = value ? /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/.exec(value) : null;
  if (!match) return null;
  const key = await signingKey(ctx.db);
  return verify(key, match[2]!, "device", email, match[1]!) ? match[1]! : null;
}

/** The cookie that makes this browser a known device of `email`. */
async function deviceCookie(ctx: AdminContext, email: string, deviceId: string | null) {
  const id = deviceId ?? randomToken().slice(0, 22);
  const key = await signingKey(ctx.db);
  return serializeCookie(DEVICE_COOKIE, `${id}.${sign(key, "device", email, id)}`, {
    secure: ctx.secureCookies,
    maxAgeSeconds: DEVICE_DAYS * 86_400,
  });
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

  if (!form || !(await signedOutFormTokenMatches(request, form, ctx)))
    return fail(403, {}, SIGN_IN_MESSAGES.expired);

  // Counted before the password is checked, so parallel guesses wait their turn.
  const deviceId = await knownDevice(request, ctx, email);
  const counted = await ctx.throttle.attempt({ email, clientIp: ctx.clientIp, deviceId });
  if (!counted.allowed) return fail(429, {}, SIGN_IN_MESSAGES.locked(counted.retryAfterSeconds));

  const [user] = await ctx.db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  const valid = await verifyPassword(password, user && !user.disabledAt ? user.passwordHash : null);
  if (!user || !valid) return fail(401, {}, SIGN_IN_MESSAGES.wrong);
  await counted.succeeded();

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
      await deviceCookie(ctx, user.email, deviceId),
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
