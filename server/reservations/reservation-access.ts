/**
 * Who may see the personal part of a reservation page (the shopper's e-mail, the payment
 * reference): the browser that made the reservation (an HttpOnly cookie set then, holding the
 * reservation's random key) or whoever opens the link of the shopper's e-mail (the same key in
 * `?key=`). Anyone else holding the reservation id sees the car and where it stands, nothing more.
 * The key is a random value stored with the reservation, so every web node and a restarted one
 * recognise it.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";
import { cookieFromHeader } from "../cookies";

const COOKIE_PREFIX = "reservation_";
/** As long as a reservation page is worth coming back to. */
const COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 90;

export function newAccessToken(): string {
  return randomBytes(24).toString("base64url");
}

/** The reservation's cookie name (one per reservation, so several reservations coexist). */
function cookieName(id: string): string {
  return `${COOKIE_PREFIX}${id.replace(/-/g, "")}`;
}

/**
 * The Set-Cookie of the browser that made the reservation: HttpOnly, on the reservation's pages
 * only, SameSite=Lax so the card provider's page sending the shopper back still carries it.
 */
export function reservationAccessCookie(id: string, token: string, origin: string): string {
  const secure = origin.startsWith("https:") ? "; Secure" : "";
  return `${cookieName(id)}=${token}; Path=/reservations/${id}; Max-Age=${COOKIE_MAX_AGE_SECONDS}; HttpOnly; SameSite=Lax${secure}`;
}

/** The address of the reservation page with its key, for the shopper's e-mail. */
export function reservationLink(origin: string, id: string, token: string | null): string {
  return token
    ? `${origin}/reservations/${id}?key=${encodeURIComponent(token)}`
    : `${origin}/reservations/${id}`;
}

function same(given: string | null | undefined, token: string): boolean {
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether this request holds the reservation's key (its cookie, or the e-mailed link's). */
export function hasReservationAccess(
  row: { id: string; accessToken: string | null },
  request: { cookie: string | null; key: string | null },
): boolean {
  if (!row.accessToken) return false;
  if (same(request.key, row.accessToken)) return true;
  return same(cookieFromHeader(request.cookie, cookieName(row.id)), row.accessToken);
}
