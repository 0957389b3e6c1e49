/**
 * Abuse checks every lead submission passes, whether it comes to the JSON API or to a form's
 * action: cross-site POSTs are refused (Origin / Sec-Fetch-Site: pages are cached and shared,
 * so there is no per-visitor token to check), a client may send a limited number of leads per
 * site and window, and a honeypot field catches form-filling bots.
 */
import { ipKeyGenerator } from "express-rate-limit";

/** The hidden field a person never fills (visually hidden, skipped by keyboard and screen readers). */
export const HONEYPOT_FIELD = "company_website";

/** Set by the leads router on every non-GET request to a site (client-sent values are dropped). */
export const CLIENT_IP_HEADER = "x-lead-client-ip";

export const RATE_LIMITED_MESSAGE =
  "You have sent several forms in a short time. Please wait a few minutes and try again, or call us.";
export const CROSS_SITE_MESSAGE = "This form can only be sent from the dealer's own website.";
export const HONEYPOT_MESSAGE = "This form could not be accepted. Please try again, or call us.";

export function clientKey(siteId: number, ip: string | null | undefined): string {
  return `${siteId}:${ip ? ipKeyGenerator(ip) : "unknown"}`;
}

type HeaderSource = { get(name: string): string | null };

/**
 * Whether a POST/PUT comes from the site's own pages. Browsers send Origin (and Sec-Fetch-Site)
 * with every POST; a request with neither is not from a browser page (a server-to-server call)
 * and is allowed.
 */
export function isCrossSiteRequest(headers: HeaderSource): boolean {
  const fetchSite = headers.get("sec-fetch-site");
  if (fetchSite === "cross-site") return true;
  const origin = headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return fetchSite !== "same-origin";
  // The Host the browser addressed (forwarding headers name no host here: server/http/edge-checks.ts).
  const host = (headers.get("host") ?? "").trim().toLowerCase();
  try {
    return new URL(origin).host.toLowerCase() !== host;
  } catch {
    return true;
  }
}

export function headersOf(record: Record<string, string | string[] | undefined>): HeaderSource {
  return {
    get(name) {
      const value = record[name.toLowerCase()];
      return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
    },
  };
}

export const FORM_TYPE_MESSAGE =
  "This page takes a form sent from the page itself (form data, not JSON or text). Reload the page and send the form again.";
export const EMPTY_FORM_MESSAGE = "The form arrived empty. Please fill it in and send it again.";
export const MALFORMED_FORM_MESSAGE = "The form data could not be read. Please try again.";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/**
 * Why a post to a page cannot be a form, or null: every page action reads form data, so
 * another content type is refused (415) and a post with no body and no type is empty (400),
 * before anything is read.
 */
export function formPostRefusal(
  headers: HeaderSource,
): { status: 400 | 415; message: string } | null {
  const raw = headers.get("content-type");
  const type = (raw ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "") {
    const length = headers.get("content-length");
    const chunked = headers.get("transfer-encoding") !== null;
    const empty = !chunked && (length === null || length.trim() === "0");
    return empty
      ? { status: 400, message: EMPTY_FORM_MESSAGE }
      : { status: 415, message: FORM_TYPE_MESSAGE };
  }
  if (!FORM_TYPES.has(type)) return { status: 415, message: FORM_TYPE_MESSAGE };
  if (type === "multipart/form-data" && !/;\s*boundary=/i.test(raw ?? ""))
    return { status: 400, message: MALFORMED_FORM_MESSAGE };
  return null;
}

/** The form of a page post, or why it cannot be read (never throws). */
export async function readFormData(
  request: Request,
): Promise<FormData | { status: 400 | 415; message: string }> {
  const refused = formPostRefusal(request.headers);
  if (refused) return refused;
  try {
    return await request.formData();
  } catch {
    return { status: 400, message: MALFORMED_FORM_MESSAGE };
  }
}

/**
 * A form's text without NUL characters: no text the database keeps can hold one, and nobody
 * types one, so it is dropped rather than failing the write. Files are kept as they are.
 */
export function withoutNulCharacters(form: FormData): FormData {
  const clean = new FormData();
  for (const [name, value] of form.entries())
    clean.append(
      name.replaceAll("\u0000", ""),
      typeof value === "string" ? value.replaceAll("\u0000", "") : value,
    );
  return clean;
}
