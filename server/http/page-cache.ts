/**
 * In-process cache of rendered pages. Pages are the same for every anonymous visitor (per-visitor
 * state lives in the browser), so a page is keyed by site, site version and URL. A change to the
 * site's stock, content or settings bumps its version, so stale pages are never served; old
 * entries fall out oldest-first.
 *
 * Two middlewares: `capture` sits just before the renderer and stores what it sends, with every
 * header the chain set (security policy included); `serve` sits first in the chain and answers a
 * hit before logging, header and compression middleware run, so a repeat request costs a map
 * lookup and one write. The gzip form of a page is made once, on the first hit that accepts it.
 *
 * Click ids and campaign tags (gclid, fbclid, utm_*...) differ on every ad click but never change
 * the page: the browser reads them from its own address bar for attribution. So `serve` takes
 * them off the URL of every GET and HEAD before anything looks at it: the page is rendered
 * without them, one cached copy answers every click, and no visitor's click id is echoed into
 * another's page. A redirect gets them back on its Location, so attribution survives it.
 */
import { gzipSync } from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { BoundedCache } from "../bounded-cache";

type CachedPage = {
  headers: Record<string, string | string[]>;
  body: Buffer;
  gzip: Buffer | null;
};

/** Headers that belong to one response, never to the cached page. */
const PER_RESPONSE_HEADERS = new Set([
  "x-request-id",
  "x-page-cache",
  "date",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "set-cookie",
]);

/** Compressing a tiny page costs more than it saves. */
const MIN_GZIP_BYTES = 1024;

export type PageKey = (req: Request, res: Response) => string | null;

/**
 * Query parameters that only say where a visit came from: ad click ids (Google, Microsoft, Meta,
 * TikTok, X, LinkedIn, Yandex), Google Analytics' cross-domain linker, Mailchimp's campaign tags.
 */
const TRACKING_PARAMETERS = new Set([
  "gclid",
  "gclsrc",
  "gbraid",
  "wbraid",
  "dclid",
  "srsltid",
  "_ga",
  "_gl",
  "fbclid",
  "msclkid",
  "ttclid",
  "twclid",
  "li_fat_id",
  "igshid",
  "yclid",
  "mc_cid",
  "mc_eid",
]);

export function isTrackingParameter(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith("utm_") || TRACKING_PARAMETERS.has(lower);
}

/**
 * The URL without its tracking parameters, and those parameters as a query string. The other
 * parameters keep their order and their exact encoding.
 */
export function splitTrackingParameters(url: string): { url: string; tracking: string } {
  const question = url.indexOf("?");
  if (question === -1) return { url, tracking: "" };
  const kept: string[] = [];
  const tracking: string[] = [];
  for (const pair of url.slice(question + 1).split("&")) {
    const rawName = pair.split("=", 1)[0]!;
    let name = rawName;
    try {
      name = decodeURIComponent(rawName.replace(/\+/g, " "));
    } catch {
      // A malformed name is not one of ours: it stays.
    }
    (pair !== "" && isTrackingParameter(name) ? tracking : kept).push(pair);
  }
  if (tracking.length === 0) return { url, tracking: "" };
  const rest = kept.filter((pair) => pair !== "").join("&");
  return { url: url.slice(0, question) + (rest ? `?${rest}` : ""), tracking: tracking.join("&") };
}

/** Adds a query string to a Location (before any fragment). */
function withQuery(location: string, query: string): string {
  const hash = location.indexOf("#");
  const [base, fragment] =
    hash === -1 ? [location, ""] : [location.slice(0, hash), location.slice(hash)];
  return `${base}${base.includes("?") ? "&" : "?"}${query}${fragment}`;
}

/** GET and HEAD: the URL loses its tracking parameters; a redirect's Location gets them back. */
function stripTrackingParameters(req: Request, res: Response): void {
  if (req.method !== "GET" && req.method !== "HEAD") return;
  const { url, tracking } = splitTrackingParameters(req.url);
  if (!tracking) return;
  req.url = url;
  req.originalUrl = splitTrackingParameters(req.originalUrl).url;
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const location = res.getHeader("location");
    if (status >= 300 && status < 400 && typeof location === "string")
      res.setHeader("location", withQuery(location, tracking));
    return writeHead(status, ...rest);
  }) as Response["writeHead"];
}

/** What a stored page costs besides its body: its headers and the map entry. */
const ENTRY_OVERHEAD_BYTES = 2048;

export class PageCache {
  readonly #entries: BoundedCache<string, CachedPage>;

  /** At most `maxEntries` pages and `maxBytes` of them (bodies, gzip forms and headers). */
  constructor(maxEntries: number, maxBytes = Number.POSITIVE_INFINITY) {
    this.#entries = new BoundedCache(maxBytes, maxEntries);
  }

  get enabled() {
    return this.#entries.enabled;
  }

  get size() {
    return this.#entries.size;
  }

  get hits() {
    return this.#entries.hits;
  }

  get misses() {
    return this.#entries.misses;
  }

  stats() {
    return this.#entries.stats();
  }

  clear() {
    this.#entries.clear();
  }

  /** First in the chain: answers GET and HEAD hits; anything else goes on. */
  serve(keyOf: PageKey) {
    return (req: Request, res: Response, next: NextFunction) => {
      stripTrackingParameters(req, res);
      if (!this.enabled || (req.method !== "GET" && req.method !== "HEAD")) return next();
      const key = keyOf(req, res);
      const hit = key ? this.#entries.peek(key) : undefined;
      if (!key || !hit) return next();
      this.#entries.get(key);
      const gzip = acceptsGzip(req) && hit.body.length >= MIN_GZIP_BYTES;
      if (gzip && !hit.gzip) {
        hit.gzip = gzipSync(hit.body);
        this.#entries.resize(key, pageBytes(hit));
      }
      const body = gzip ? hit.gzip! : hit.body;
      res.writeHead(200, {
        ...hit.headers,
        "x-page-cache": "hit",
        "content-length": body.length,
        ...(gzip ? { "content-encoding": "gzip" } : {}),
      });
      res.end(req.method === "HEAD" ? undefined : body);
    };
  }

  /** Just before the renderer: records a miss and stores a cacheable answer. */
  capture(keyOf: PageKey) {
    return (req: Request, res: Response, next: NextFunction) => {
      const key =
        this.enabled && (req.method === "GET" || req.method === "HEAD") ? keyOf(req, res) : null;
      if (!key) return next();
      this.#entries.misses += 1;
      res.setHeader("x-page-cache", "miss");
      if (req.method === "HEAD") return next();
      const chunks: Buffer[] = [];
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk));
        return write(chunk, ...rest);
      }) as Response["write"];
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk));
        if (res.statusCode === 200 && isCacheable(res)) {
          this.#store(key, {
            headers: cachedHeaders(res),
            body: Buffer.concat(chunks),
            gzip: null,
          });
        }
        return end(chunk, ...rest);
      }) as Response["end"];
      next();
    };
  }

  #store(key: string, page: CachedPage) {
    this.#entries.set(key, page, pageBytes(page));
  }
}

function pageBytes(page: CachedPage): number {
  return page.body.length + (page.gzip?.length ?? 0) + ENTRY_OVERHEAD_BYTES;
}

function cachedHeaders(res: Response): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value === undefined || PER_RESPONSE_HEADERS.has(name)) continue;
    headers[name] = Array.isArray(value) ? value : String(value);
  }
  // The cached page may be sent compressed or not, depending on the request.
  const vary = String(headers["vary"] ?? "");
  if (!/accept-encoding/i.test(vary))
    headers["vary"] = vary ? `${vary}, Accept-Encoding` : "Accept-Encoding";
  return headers;
}

function acceptsGzip(req: Request): boolean {
  const accept = req.headers["accept-encoding"];
  return (
    typeof accept === "string" && /\bgzip\b/.test(accept) && !/\bgzip;\s*q=0(\.0*)?\b/.test(accept)
  );
}

function isCacheable(res: Response): boolean {
  const type = String(res.getHeader("content-type") ?? "");
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return (
    (type.startsWith("text/html") ||
      type.startsWith("application/json") ||
      type.includes("x-script")) &&
    !res.getHeader("set-cookie") &&
    !/private|no-store/.test(cacheControl)
  );
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk));
}
