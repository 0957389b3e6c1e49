/**
 * The search API's operations, callable in-process: the HTTP router and the site pages (SSR)
 * run the same functions, the router only adds HTTP. Every outcome is a status and a body in
 * Meilisearch's shape; client input never throws out of here.
 */
import type { SearchEngine, FacetSearchResponse, SearchResponse } from "./engine";
import {
  SearchApiError,
  badRequest,
  describeJsonValue,
  internalError,
  invalidApiKey,
  missingAuthorizationHeader,
  type SearchErrorBody,
} from "./errors";
import type { ApiKeyView, ApiScope, SearchKeys } from "./keys";
import { isRecord, parseSearchQuery, searchParamsFromQueryString, type SearchQuery } from "./query";

/** Who is asking: a bearer key as sent, a site (in-process), or the master scope (in-process). */
export type SearchAuth =
  { apiKey: string | null | undefined } | { siteId: number } | { master: true };

export type ApiOutcome<T> =
  { ok: true; status: 200; body: T } | { ok: false; status: number; body: SearchErrorBody };

export type MultiSearchResult = SearchResponse & { indexUid: string };
export type MultiSearchResponse = { results: MultiSearchResult[] };

export type SearchApiLogger = {
  error: (details: Record<string, unknown>, message: string) => void;
  warn?: (details: Record<string, unknown>, message: string) => void;
};

/**
 * The engine's response each multi-search result was made from. Results served from the results
 * cache share that object, so the HTTP layer can reuse its JSON text.
 */
export const resultSource = new WeakMap<MultiSearchResult, SearchResponse>();

/** At most this many queries in one multi-search request. */
export const MAX_QUERIES_PER_REQUEST = 100;
const INDEX_UID = /^[A-Za-z0-9_-]{1,400}$/;

function fail(error: SearchApiError): ApiOutcome<never> {
  return { ok: false, status: error.status, body: error.toJSON() };
}

/** Runs an operation, turning thrown Meilisearch errors into outcomes and bugs into 500s. */
function run<T>(logger: SearchApiLogger | undefined, operation: () => T): ApiOutcome<T> {
  try {
    return { ok: true, status: 200, body: operation() };
  } catch (error) {
    if (error instanceof SearchApiError) return fail(error);
    logger?.error({ err: error }, "search: unexpected error");
    return fail(internalError());
  }
}

export function resolveScope(keys: SearchKeys, auth: SearchAuth): ApiScope {
  if ("master" in auth) return { kind: "master" };
  if ("siteId" in auth) {
    const site = keys.site(auth.siteId);
    if (!site) throw invalidApiKey();
    return { kind: "site", site };
  }
  if (auth.apiKey === null || auth.apiKey === undefined) throw missingAuthorizationHeader();
  const scope = keys.resolve(auth.apiKey);
  if (!scope) throw invalidApiKey();
  return scope;
}

function requireMaster(keys: SearchKeys, auth: SearchAuth): void {
  if (resolveScope(keys, auth).kind !== "master") throw invalidApiKey();
}

/** A query the scope may run: its collection must exist, and a site key only sees its own. */
function execute(
  engine: SearchEngine,
  keys: SearchKeys,
  scope: ApiScope,
  indexUid: string,
  query: SearchQuery,
): SearchResponse {
  if (!engine.hasCollection(indexUid)) {
    if (scope.kind === "site") throw invalidApiKey();
    engine.collection(indexUid); // throws index_not_found
  }
  return engine.searchQuery(indexUid, query, { baseFilter: keys.baseFilterFor(scope, indexUid) });
}

function validateIndexUid(value: unknown, path: string): string {
  if (value === undefined) {
    throw badRequest("missing_index_uid", `Missing field \`indexUid\` inside \`${path}\``);
  }
  if (typeof value !== "string") {
    throw badRequest(
      "invalid_index_uid",
      `Invalid value type at \`${path}.indexUid\`: expected a string, but found ${describeJsonValue(value)}`,
    );
  }
  if (!INDEX_UID.test(value)) {
    throw badRequest(
      "invalid_index_uid",
      `\`${value.slice(0, 100)}\` is not a valid index uid. Index uid can be an integer or a string containing only alphanumeric characters, hyphens (-) and underscores (_), and can not be more than 512 bytes.`,
    );
  }
  return value;
}

/** `POST /multi-search`: `{queries: [...]}` → `{results: [...]}`; the first failing query's error. */
export function multiSearch(
  engine: SearchEngine,
  keys: SearchKeys,
  auth: SearchAuth,
  body: unknown,
  logger?: SearchApiLogger,
): ApiOutcome<MultiSearchResponse> {
  return run(logger, () => {
    const scope = resolveScope(keys, auth);
    if (!isRecord(body)) {
      throw badRequest(
        "bad_request",
        `Invalid value type: expected an object, but found ${describeJsonValue(body)}`,
      );
    }
    for (const key of Object.keys(body)) {
      if (key !== "queries" && key !== "federation") {
        throw badRequest(
          "bad_request",
          `Unknown field \`${key}\`: expected one of \`federation\`, \`queries\``,
        );
      }
    }
    if (body.federation !== undefined && body.federation !== null) {
      throw badRequest(
        "bad_request",
        "Federated multi-search is not supported by this search service.",
      );
    }
    const queries = body.queries;
    if (queries === undefined) throw badRequest("bad_request", "Missing field `queries`");
    if (!Array.isArray(queries)) {
      throw badRequest(
        "bad_request",
        `Invalid value type at \`.queries\`: expected an array, but found ${describeJsonValue(queries)}`,
      );
    }
    if (queries.length > MAX_QUERIES_PER_REQUEST) {
      throw badRequest(
        "bad_request",
        `Too many queries in one multi-search request: ${queries.length}, at most ${MAX_QUERIES_PER_REQUEST}.`,
      );
    }
    // The whole body is validated before any query runs, as Meilisearch does.
    const parsed = queries.map((raw, i) => {
      const path = `.queries[${i}]`;
      if (!isRecord(raw)) {
        throw badRequest(
          "bad_request",
          `Invalid value type at \`${path}\`: expected an object, but found ${describeJsonValue(raw)}`,
        );
      }
      const indexUid = validateIndexUid(raw.indexUid, path);
      return { indexUid, query: parseSearchQuery(raw, engine.queryLimits, { path, multi: true }) };
    });
    const results = parsed.map(({ indexUid, query }, i) => {
      try {
        const response = execute(engine, keys, scope, indexUid, query);
        const result: MultiSearchResult = { indexUid, ...response };
        resultSource.set(result, response);
        return result;
      } catch (error) {
        if (error instanceof SearchApiError) throw error.withPrefix(`Inside \`.queries[${i}]\`: `);
        throw error;
      }
    });
    return { results };
  });
}

/** `POST /indexes/{indexUid}/search`. */
export function searchIndex(
  engine: SearchEngine,
  keys: SearchKeys,
  auth: SearchAuth,
  indexUid: string,
  body: unknown,
  logger?: SearchApiLogger,
): ApiOutcome<SearchResponse> {
  return run(logger, () => {
    const scope = resolveScope(keys, auth);
    const query = parseSearchQuery(body ?? {}, engine.queryLimits);
    return execute(engine, keys, scope, indexUid, query);
  });
}

/** `GET /indexes/{indexUid}/search?q=...`: the query-string form. */
export function searchIndexGet(
  engine: SearchEngine,
  keys: SearchKeys,
  auth: SearchAuth,
  indexUid: string,
  params: Record<string, unknown>,
  logger?: SearchApiLogger,
): ApiOutcome<SearchResponse> {
  return run(logger, () => {
    const scope = resolveScope(keys, auth);
    const query = parseSearchQuery(searchParamsFromQueryString(params), engine.queryLimits);
    return execute(engine, keys, scope, indexUid, query);
  });
}

/** `POST /indexes/{indexUid}/facet-search`. */
export function facetSearch(
  engine: SearchEngine,
  keys: SearchKeys,
  auth: SearchAuth,
  indexUid: string,
  body: unknown,
  logger?: SearchApiLogger,
): ApiOutcome<FacetSearchResponse> {
  return run(logger, () => {
    const scope = resolveScope(keys, auth);
    if (!engine.hasCollection(indexUid)) {
      if (scope.kind === "site") throw invalidApiKey();
      engine.collection(indexUid);
    }
    return engine.facetSearch(indexUid, body ?? {}, {
      baseFilter: keys.baseFilterFor(scope, indexUid),
    });
  });
}

type Page<T> = { results: T[]; offset: number; limit: number; total: number };

function paginate<T>(items: T[], params: Record<string, unknown>): Page<T> {
  const number = (name: string, fallback: number): number => {
    const raw = params[name];
    if (raw === undefined) return fallback;
    if (typeof raw !== "string" || !/^\d+$/.test(raw)) {
      throw badRequest(
        `invalid_api_key_${name}`,
        `Invalid value in parameter \`${name}\`: could not parse \`${String(raw)}\` as a positive integer`,
      );
    }
    return Number(raw);
  };
  const offset = number("offset", 0);
  const limit = number("limit", 20);
  return { results: items.slice(offset, offset + limit), offset, limit, total: items.length };
}

/** `GET /keys` (master key only): the sites' search keys in Meilisearch's shape. */
export function listKeys(
  engine: SearchEngine,
  keys: SearchKeys,
  auth: SearchAuth,
  params: Record<string, unknown> = {},
  logger?: SearchApiLogger,
): ApiOutcome<Page<ApiKeyView>> {
  return run(logger, () => {
    requireMaster(keys, auth);
    return paginate(keys.list(engine.collectionUids()), params);
  });
}

type IndexView = { uid: string; primaryKey: string; createdAt: string; updatedAt: string };

function indexView(engine: SearchEngine, uid: string): IndexView {
  const collection = engine.collection(uid);
  return {
    uid,
    primaryKey: collection.config.primaryKey,
    createdAt: collection.createdAt.toISOString(),
    updatedAt: collection.updatedAt.toISOString(),
  };
}

/** `GET /indexes` (master key only). */
export function listIndexes(
  engine: SearchEngine,
  keys: SearchKeys,
  auth: SearchAuth,
  params: Record<string, unknown> = {},
  logger?: SearchApiLogger,
): ApiOutcome<Page<IndexView>> {
  return run(logger, () => {
    requireMaster(keys, auth);
    return paginate(
      engine.collectionUids().map((uid) => indexView(engine, uid)),
      params,
    );
  });
}

/** `GET /indexes/{indexUid}` (master key only). */
export function getIndex(
  engine: SearchEngine,
  keys: SearchKeys,
  auth: SearchAuth,
  indexUid: string,
  logger?: SearchApiLogger,
): ApiOutcome<IndexView> {
  return run(logger, () => {
    requireMaster(keys, auth);
    return indexView(engine, indexUid);
  });
}
