/**
 * The back office's cookies: httpOnly, SameSite=Lax (links from e-mail still arrive signed in;
 * cross-site posts carry no cookie), Secure whenever the back office is served over https, and
 * scoped to /admin.
 */
import { cookieFromHeader } from "../cookies";

export type CookieOptions = { secure: boolean; maxAgeSeconds?: number };

export function readCookie(request: Request, name: string): string | null {
  return cookieFromHeader(request.headers.get("cookie"), name);
}

export function serializeCookie(name: string, value: string, options: CookieOptions): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/admin", "HttpOnly", "SameSite=Lax"];
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.secure) parts.push("Secure");
  return parts.join("; ");
}

export const clearCookie = (name: string, options: CookieOptions) =>
  serializeCookie(name, "", { ...options, maxAgeSeconds: 0 });
