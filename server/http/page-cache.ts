/**
 * In-process cache of rendered pages. Pages are the same for every anonymous visitor (per-visitor
 * state lives in the browser), so a page is keyed by site, site version and URL. A change to the
 * site's stock, content or settings bumps its version, so stale pages are never served; old
 * entries fall out oldest-first.
 */
import type { NextFunction, Request, Response } from "express";

type CachedPage = { status: number; headers: Record<string, string>; body: Buffer };

const CACHED_HEADERS = ["content-type", "cache-control", "link", "vary"];

export class PageCache {
  #entries = new Map<string, CachedPage>();
  hits = 0;
  misses = 0;

  constructor(private readonly maxEntries: number) {}

  get size() {
    return this.#entries.size;
  }

  clear() {
    this.#entries.clear();
  }

  /** Express middleware; `keyOf` returns null for requests that must not be cached. */
  middleware(keyOf: (req: Request, res: Response) => string | null) {
    return (req: Request, res: Response, next: NextFunction) => {
      const key = this.maxEntries > 0 ? keyOf(req, res) : null;
      if (!key) return next();
      const hit = this.#entries.get(key);
      if (hit) {
        this.hits += 1;
        // Refresh recency: Map iteration order is insertion order.
        this.#entries.delete(key);
        this.#entries.set(key, hit);
        res.status(hit.status).set(hit.headers).set("x-page-cache", "hit");
        res.end(hit.body);
        return;
      }
      this.misses += 1;
      res.setHeader("x-page-cache", "miss");
      const chunks: Buffer[] = [];
      const write = res.write.bind(res) as (...args: unknown[]) => boolean;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.write = ((chunk: unknown, ...rest: unknown[]) => {
        if (chunk) chunks.push(toBuffer(chunk));
        return write(chunk, ...rest);
      }) as Response["write"];
      res.end = ((chunk?: unknown, ...rest: unknown[]) => {
        if (chunk && typeof chunk !== "function") chunks.push(toBuffer(chunk));
        if (res.statusCode === 200 && isCacheable(res)) {
          const headers: Record<string, string> = {};
          for (const name of CACHED_HEADERS) {
            const value = res.getHeader(name);
            if (value !== undefined) headers[name] = String(value);
          }
          this.#store(key, { status: 200, headers, body: Buffer.concat(chunks) });
        }
        return end(chunk, ...rest);
      }) as Response["end"];
      next();
    };
  }

  #store(key: string, page: CachedPage) {
    this.#entries.set(key, page);
    while (this.#entries.size > this.maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest === undefined) break;
      this.#entries.delete(oldest);
    }
  }
}

function isCacheable(res: Response): boolean {
  const type = String(res.getHeader("content-type") ?? "");
  const cacheControl = String(res.getHeader("cache-control") ?? "");
  return (
    (type.startsWith("text/html") || type.startsWith("application/json") || type.includes("x-script")) &&
    !res.getHeader("set-cookie") &&
    !/private|no-store/.test(cacheControl)
  );
}

function toBuffer(chunk: unknown): Buffer {
  if (Buffer.isBuffer(chunk)) return chunk;
  if (chunk instanceof Uint8Array) return Buffer.from(chunk);
  return Buffer.from(String(chunk));
}
