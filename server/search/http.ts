/**
 * The search API over HTTP, Meilisearch-compatible: mount the router at `/search-api` on every
 * host. The handlers only translate HTTP (bearer key, JSON body, status) around the in-process
 * operations of ./service, so site pages and browsers get the same answers.
 */
import { Router, type NextFunction, type Request, type Response } from "express";
import type { SearchEngine, SearchResponse } from "./engine";
import { SearchApiError, internalError, type SearchErrorBody } from "./errors";
import type { SearchKeys } from "./keys";
import {
  facetSearch,
  getIndex,
  listIndexes,
  listKeys,
  multiSearch,
  resolveScope,
  resultSource,
  searchIndex,
  searchIndexGet,
  type ApiOutcome,
  type MultiSearchResponse,
  type SearchApiLogger,
  type SearchAuth,
} from "./service";

export type SearchApiOptions = {
  engine: SearchEngine;
  keys: SearchKeys;
  logger?: SearchApiLogger;
  /** Largest request body accepted (default 256 KiB); larger ones get 413 `payload_too_large`. */
  maxBodyBytes?: number;
};

export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

/** The bearer key of a request: null without an Authorization header. */
export function bearerKey(req: Request): string | null {
  const header = req.headers.authorization;
  if (header === undefined) return null;
  const match = /^Bearer\s+(.*)$/i.exec(header.trim());
  return match ? match[1]!.trim() : "";
}

function send<T>(res: Response, outcome: ApiOutcome<T>): void {
  res.status(outcome.status).json(outcome.body);
}

/** JSON text of engine responses; cached ones are serialized once. */
const jsonOf = new WeakMap<object, string>();

function responseJson(response: SearchResponse): string {
  let text = jsonOf.get(response);
  if (text === undefined) {
    text = JSON.stringify(response);
    jsonOf.set(response, text);
  }
  return text;
}

/** `{results: [...]}` written from the engine's responses, reusing their JSON text. */
function sendMultiSearch(res: Response, outcome: ApiOutcome<MultiSearchResponse>): void {
  if (!outcome.ok) {
    send(res, outcome);
    return;
  }
  const parts = outcome.body.results.map((result) => {
    const source = resultSource.get(result);
    if (!source) return JSON.stringify(result);
    const json = responseJson(source);
    return `{"indexUid":${JSON.stringify(result.indexUid)},${json.slice(1)}`;
  });
  res
    .status(200)
    .type("application/json")
    .send(`{"results":[${parts.join(",")}]}`);
}

function sendError(res: Response, error: SearchApiError): void {
  res.status(error.status).json(error.toJSON());
}

function errorBody(status: number, code: string, message: string): SearchErrorBody {
  return new SearchApiError(status, code, message).toJSON();
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(2)} MiB`;
  if (bytes >= 1024) return `${(bytes / 1024).toFixed(2)} KiB`;
  return `${bytes} B`;
}

/**
 * Reads and parses the JSON body with a size limit, answering Meilisearch's errors for a missing
 * or wrong content type, a missing, oversized or malformed payload. A body already parsed by an
 * upstream middleware is used as is.
 */
function readJson(maxBytes: number) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.body !== undefined || req.readableEnded) {
      (res.locals as { json?: unknown }).json = req.body;
      next();
      return;
    }
    const type = req.headers["content-type"];
    if (type === undefined) {
      res
        .status(415)
        .json(
          errorBody(
            415,
            "missing_content_type",
            "A Content-Type header is missing. Accepted values for the Content-Type header are: `application/json`",
          ),
        );
      req.resume();
      return;
    }
    if (!/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(type)) {
      res
        .status(415)
        .json(
          errorBody(
            415,
            "invalid_content_type",
            `The Content-Type \`${type.slice(0, 100)}\` is invalid. Accepted values for the Content-Type header are: \`application/json\``,
          ),
        );
      req.resume();
      return;
    }
    const tooLarge = () =>
      errorBody(
        413,
        "payload_too_large",
        `The provided payload reached the size limit. The maximum accepted payload size is ${formatBytes(maxBytes)}.`,
      );
    const declared = Number(req.headers["content-length"]);
    if (Number.isFinite(declared) && declared > maxBytes) {
      res.status(413).set("Connection", "close").json(tooLarge());
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    req.on("data", (chunk: Buffer) => {
      if (done) return;
      size += chunk.length;
      if (size > maxBytes) {
        done = true;
        res.status(413).set("Connection", "close").json(tooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on("error", () => {
      done = true;
    });
    req.on("end", () => {
      if (done) return;
      done = true;
      const buffer = Buffer.concat(chunks);
      if (buffer.length === 0) {
        res.status(400).json(errorBody(400, "missing_payload", "A json payload is missing."));
        return;
      }
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(buffer);
      } catch {
        res
          .status(400)
          .json(
            errorBody(
              400,
              "malformed_payload",
              "The json payload provided is malformed. `invalid UTF-8`.",
            ),
          );
        return;
      }
      try {
        (res.locals as { json?: unknown }).json = JSON.parse(text);
      } catch (error) {
        const reason = error instanceof Error ? error.message : "invalid JSON";
        res
          .status(400)
          .json(
            errorBody(
              400,
              "malformed_payload",
              `The json payload provided is malformed. \`${reason}\`.`,
            ),
          );
        return;
      }
      next();
    });
  };
}

function body(res: Response): unknown {
  return (res.locals as { json?: unknown }).json;
}

function queryParams(req: Request): Record<string, unknown> {
  return { ...(req.query as Record<string, unknown>) };
}

/** The Express router of the search API (mount it at `/search-api`). */
export function createSearchApi(options: SearchApiOptions): Router {
  const { engine, keys, logger } = options;
  const json = readJson(options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
  const auth = (req: Request): SearchAuth => ({ apiKey: bearerKey(req) });
  const router = Router();

  // Meilisearch answers any origin; the key, not the origin, is what grants access.
  router.use((req, res, next) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    res.setHeader("Cache-Control", "no-store");
    if (req.method === "OPTIONS") {
      res.setHeader("Access-Control-Allow-Methods", "GET, POST, OPTIONS");
      res.setHeader(
        "Access-Control-Allow-Headers",
        "Authorization, Content-Type, X-Meilisearch-Client",
      );
      res.setHeader("Access-Control-Max-Age", "86400");
      res.status(204).end();
      return;
    }
    next();
  });

  router.get("/health", (_req, res) => {
    res.json({ status: "available" });
  });

  router.get("/version", (req, res) => {
    try {
      resolveScope(keys, auth(req));
      res.json({ commitSha: "unknown", commitDate: "unknown", pkgVersion: "1.0.0" });
    } catch (error) {
      if (error instanceof SearchApiError) sendError(res, error);
      else throw error;
    }
  });

  router.post("/multi-search", json, (req, res) => {
    sendMultiSearch(res, multiSearch(engine, keys, auth(req), body(res), logger));
  });

  router.post("/indexes/:indexUid/search", json, (req, res) => {
    send(res, searchIndex(engine, keys, auth(req), String(req.params.indexUid), body(res), logger));
  });

  router.get("/indexes/:indexUid/search", (req, res) => {
    send(
      res,
      searchIndexGet(
        engine,
        keys,
        auth(req),
        String(req.params.indexUid),
        queryParams(req),
        logger,
      ),
    );
  });

  router.post("/indexes/:indexUid/facet-search", json, (req, res) => {
    send(res, facetSearch(engine, keys, auth(req), String(req.params.indexUid), body(res), logger));
  });

  router.get("/keys", (req, res) => {
    send(res, listKeys(engine, keys, auth(req), queryParams(req), logger));
  });

  router.get("/indexes", (req, res) => {
    send(res, listIndexes(engine, keys, auth(req), queryParams(req), logger));
  });

  router.get("/indexes/:indexUid", (req, res) => {
    send(res, getIndex(engine, keys, auth(req), String(req.params.indexUid), logger));
  });

  // Anything else under the API: a JSON 404, never the site's pages.
  router.use((req, res) => {
    res
      .status(404)
      .json(
        errorBody(
          404,
          "not_found",
          `No route \`${req.method} ${req.path.slice(0, 200)}\` in the search API.`,
        ),
      );
  });

  router.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const status =
      typeof error === "object" &&
      error !== null &&
      "status" in error &&
      typeof error.status === "number"
        ? error.status
        : 500;
    if (status >= 400 && status < 500) {
      res.status(status).json(errorBody(status, "bad_request", "The request could not be read."));
      return;
    }
    logger?.error({ err: error }, "search api: unexpected error");
    res.status(500).json(internalError().toJSON());
  });

  return router;
}
