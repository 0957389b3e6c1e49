/**
 * Checks every request passes first, before the page cache and any route: a request that no
 * page or API can answer gets its 4xx here, so nothing behind (React Router, URL parsing,
 * the database) ever sees it and fails with a 500.
 *
 * - The Host header must be a host name or IP literal with an optional port 1-65535.
 * - The path must be valid percent-encoding of UTF-8 and hold no control characters once
 *   decoded (no page has such an address).
 * - Forwarding headers that name a scheme or host are dropped: nothing here reads them (pages
 *   are built from the site's configured origin, server/sites/site-origin.ts), and React
 *   Router's request URL must not take them either. X-Forwarded-For stays: Express reads it
 *   from the trusted proxies only (TRUSTED_PROXIES).
 */
import type { NextFunction, Request, Response } from "express";

const HOST_NAME =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.?$/i;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/i;
const PORT = /^\d{1,5}$/;

/** Whether a Host header is a well-formed host with an optional port 1-65535. */
export function isValidHostHeader(value: string): boolean {
  const bracket = value.startsWith("[") ? value.indexOf("]") + 1 : 0;
  const colon = value.indexOf(":", bracket);
  const host = colon === -1 ? value : value.slice(0, colon);
  const port = colon === -1 ? null : value.slice(colon + 1);
  if (port !== null && !(PORT.test(port) && Number(port) >= 1 && Number(port) <= 65535))
    return false;
  if (host.length === 0 || host.length > 253) return false;
  return IPV6_LITERAL.test(host) || HOST_NAME.test(host);
}

// eslint-disable-next-line no-control-regex -- the point is to find control characters
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a request path cannot name any page, or null when it is fine. */
export function pathProblem(path: string): "malformed" | "control" | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return "malformed";
  }
  return CONTROL.test(decoded) ? "control" : null;
}

export function edgeChecks(req: Request, res: Response, next: NextFunction): void {
  const host = req.headers.host;
  if (host !== undefined && !isValidHostHeader(host)) {
    res.status(400).type("text/plain").send("Bad Request: the Host header is not a valid host.");
    return;
  }
  const problem = pathProblem(req.path);
  if (problem === "malformed") {
    res.status(400).type("text/plain").send("Bad Request: the address is not valid.");
    return;
  }
  if (problem === "control") {
    res.status(404).type("text/plain").send("Not Found");
    return;
  }
  delete req.headers["x-forwarded-host"];
  delete req.headers["x-forwarded-proto"];
  delete req.headers["x-forwarded-port"];
  delete req.headers.forwarded;
  next();
}

/**
 * The 4xx status of an error that says the request was at fault (http-errors, as body-parser
 * throws them for bad JSON, a body that is not the gzip it claims, a body too large).
 */
export function clientErrorStatus(error: unknown): number | null {
  if (typeof error !== "object" || error === null) return null;
  const { status, expose } = error as { status?: unknown; expose?: unknown };
  return typeof status === "number" && status >= 400 && status < 500 && expose === true
    ? status
    : null;
}
