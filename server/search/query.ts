/**
 * Search request parameters: the Meilisearch search body, validated into a normalized query.
 * Wrong types are refused with Meilisearch's codes and messages (`invalid_search_limit`, ...);
 * unknown fields are `bad_request`, as in Meilisearch.
 */
import { badRequest, describeJsonValue, type SearchApiError } from "./errors";

export type MatchingStrategy = "last" | "all" | "frequency";

/** The search parameters a client sends (Meilisearch's names). */
export type SearchParams = {
  q?: string | null;
  offset?: number;
  limit?: number;
  page?: number;
  hitsPerPage?: number;
  filter?: string | readonly (string | readonly string[])[] | null;
  sort?: readonly string[] | null;
  facets?: readonly string[] | null;
  attributesToRetrieve?: readonly string[] | null;
  attributesToHighlight?: readonly string[] | null;
  attributesToCrop?: readonly string[] | null;
  cropLength?: number;
  cropMarker?: string;
  highlightPreTag?: string;
  highlightPostTag?: string;
  matchingStrategy?: MatchingStrategy;
  attributesToSearchOn?: readonly string[] | null;
  showRankingScore?: boolean;
  showRankingScoreDetails?: boolean;
  showMatchesPosition?: boolean;
  locales?: readonly string[] | null;
};

export type MultiSearchQuery = SearchParams & { indexUid: string };

export type FacetSearchParams = {
  facetName: string;
  facetQuery?: string | null;
  q?: string | null;
  filter?: SearchParams["filter"];
  matchingStrategy?: MatchingStrategy;
  attributesToSearchOn?: readonly string[] | null;
  exhaustiveFacetCount?: boolean | null;
};

/** A validated query with every default applied. */
export type SearchQuery = {
  q: string;
  offset: number;
  limit: number;
  /** Set when the client paginates with page/hitsPerPage (exact totals in the response). */
  page: number | null;
  hitsPerPage: number | null;
  filter: unknown;
  sort: string[] | null;
  facets: string[] | null;
  attributesToRetrieve: string[] | null;
  attributesToHighlight: string[] | null;
  attributesToCrop: string[] | null;
  cropLength: number;
  cropMarker: string;
  highlightPreTag: string;
  highlightPostTag: string;
  matchingStrategy: MatchingStrategy;
  attributesToSearchOn: string[] | null;
  showRankingScore: boolean;
};

export const DEFAULT_LIMIT = 20;

const SEARCH_FIELDS = [
  "q",
  "vector",
  "offset",
  "limit",
  "page",
  "hitsPerPage",
  "attributesToRetrieve",
  "retrieveVectors",
  "attributesToCrop",
  "cropLength",
  "attributesToHighlight",
  "showMatchesPosition",
  "showRankingScore",
  "showRankingScoreDetails",
  "filter",
  "sort",
  "distinct",
  "facets",
  "highlightPreTag",
  "highlightPostTag",
  "cropMarker",
  "matchingStrategy",
  "attributesToSearchOn",
  "hybrid",
  "rankingScoreThreshold",
  "locales",
  "media",
];
const MULTI_SEARCH_FIELDS = ["indexUid", ...SEARCH_FIELDS, "federationOptions"];
const FACET_SEARCH_FIELDS = [
  "facetQuery",
  "facetName",
  "vector",
  "q",
  "filter",
  "matchingStrategy",
  "attributesToSearchOn",
  "hybrid",
  "rankingScoreThreshold",
  "locales",
  "exhaustiveFacetCount",
];
/** Meilisearch parameters this engine does not implement: refused rather than ignored. */
const UNSUPPORTED = new Set([
  "vector",
  "hybrid",
  "media",
  "distinct",
  "rankingScoreThreshold",
  "federationOptions",
]);

export type QueryLimits = {
  /** Larger `limit` / `hitsPerPage` values are served as this many hits. */
  maxHits: number;
};

export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function codeFor(field: string): string {
  return `invalid_search_${field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)}`;
}

function typeError(path: string, field: string, expected: string, value: unknown): SearchApiError {
  return badRequest(
    codeFor(field),
    `Invalid value type at \`${path}.${field}\`: expected ${expected}, but found ${describeJsonValue(value)}`,
  );
}

function checkFields(body: Record<string, unknown>, known: readonly string[], where: string): void {
  for (const key of Object.keys(body)) {
    if (!known.includes(key)) {
      const inside = where ? ` inside \`${where}\`` : "";
      throw badRequest(
        "bad_request",
        `Unknown field \`${key}\`${inside}: expected one of ${known.map((k) => `\`${k}\``).join(", ")}`,
      );
    }
    if (UNSUPPORTED.has(key) && body[key] !== null && body[key] !== undefined) {
      throw badRequest(
        "bad_request",
        `The \`${key}\` parameter is not supported by this search service.`,
      );
    }
  }
  if (body.retrieveVectors === true) {
    throw badRequest(
      "bad_request",
      "The `retrieveVectors` parameter is not supported by this search service.",
    );
  }
}

function optionalString(body: Record<string, unknown>, path: string, field: string): string | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (typeof value !== "string") throw typeError(path, field, "a string", value);
  return value;
}

function optionalUint(body: Record<string, unknown>, path: string, field: string): number | null {
  const value = body[field];
  if (value === undefined) return null;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw typeError(path, field, "a positive integer", value);
  }
  return value;
}

function optionalBoolean(body: Record<string, unknown>, path: string, field: string): boolean {
  const value = body[field];
  if (value === undefined || value === null) return false;
  if (typeof value !== "boolean") throw typeError(path, field, "a boolean", value);
  return value;
}

function optionalStringArray(
  body: Record<string, unknown>,
  path: string,
  field: string,
): string[] | null {
  const value = body[field];
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value)) throw typeError(path, field, "an array", value);
  value.forEach((item, i) => {
    if (typeof item !== "string") {
      throw badRequest(
        codeFor(field),
        `Invalid value type at \`${path}.${field}[${i}]\`: expected a string, but found ${describeJsonValue(item)}`,
      );
    }
  });
  return value as string[];
}

function matchingStrategyOf(body: Record<string, unknown>, path: string): MatchingStrategy {
  const value = body.matchingStrategy;
  if (value === undefined || value === null) return "last";
  if (typeof value !== "string") throw typeError(path, "matchingStrategy", "a string", value);
  if (value !== "last" && value !== "all" && value !== "frequency") {
    throw badRequest(
      "invalid_search_matching_strategy",
      `Unknown value \`${value}\` at \`${path}.matchingStrategy\`: expected one of \`last\`, \`all\`, \`frequency\``,
    );
  }
  return value;
}

/**
 * The filter, checked for shape only (a string, or an array of strings and arrays of strings);
 * its text is parsed later. Refusing other shapes here keeps arbitrary JSON out of cache keys.
 */
function filterOf(body: Record<string, unknown>): unknown {
  const value = body.filter;
  if (value === undefined || value === null || typeof value === "string") return value ?? null;
  const refuse = (expected: string, found: unknown) =>
    badRequest(
      "invalid_search_filter",
      `Invalid syntax for the filter parameter: \`expected ${expected}, found: ${describeJsonValue(found).replace(/^[^`]*`|`$/g, "")}\`.`,
    );
  if (!Array.isArray(value)) throw refuse("String, Array", value);
  for (const item of value) {
    if (typeof item === "string") continue;
    if (!Array.isArray(item)) throw refuse("String, [String]", item);
    for (const inner of item) if (typeof inner !== "string") throw refuse("String", inner);
  }
  return value;
}

/**
 * Validates a search body. `path` is where the body sits in the request, for messages:
 * "" for a single search, ".queries[2]" inside a multi-search.
 */
export function parseSearchQuery(
  raw: unknown,
  limits: QueryLimits,
  options: { path?: string; multi?: boolean } = {},
): SearchQuery {
  const path = options.path ?? "";
  if (!isRecord(raw)) {
    throw badRequest(
      "bad_request",
      `Invalid value type at \`${path || "."}\`: expected an object, but found ${describeJsonValue(raw)}`,
    );
  }
  checkFields(raw, options.multi ? MULTI_SEARCH_FIELDS : SEARCH_FIELDS, path);
  const q = optionalString(raw, path, "q") ?? "";
  const offset = optionalUint(raw, path, "offset");
  const limit = optionalUint(raw, path, "limit");
  const page = optionalUint(raw, path, "page");
  const hitsPerPage = optionalUint(raw, path, "hitsPerPage");
  const cropLength = optionalUint(raw, path, "cropLength");
  const query: SearchQuery = {
    q,
    offset: offset ?? 0,
    limit: Math.min(limit ?? DEFAULT_LIMIT, limits.maxHits),
    page: null,
    hitsPerPage: null,
    filter: filterOf(raw),
    sort: optionalStringArray(raw, path, "sort"),
    facets: optionalStringArray(raw, path, "facets"),
    attributesToRetrieve: optionalStringArray(raw, path, "attributesToRetrieve"),
    attributesToHighlight: optionalStringArray(raw, path, "attributesToHighlight"),
    attributesToCrop: optionalStringArray(raw, path, "attributesToCrop"),
    cropLength: cropLength ?? 10,
    cropMarker: optionalString(raw, path, "cropMarker") ?? "…",
    highlightPreTag: optionalString(raw, path, "highlightPreTag") ?? "<em>",
    highlightPostTag: optionalString(raw, path, "highlightPostTag") ?? "</em>",
    matchingStrategy: matchingStrategyOf(raw, path),
    attributesToSearchOn: optionalStringArray(raw, path, "attributesToSearchOn"),
    showRankingScore: optionalBoolean(raw, path, "showRankingScore"),
  };
  optionalBoolean(raw, path, "showMatchesPosition");
  optionalBoolean(raw, path, "showRankingScoreDetails");
  optionalStringArray(raw, path, "locales");
  if (page !== null || hitsPerPage !== null) {
    query.page = page ?? 1;
    query.hitsPerPage = Math.min(hitsPerPage ?? DEFAULT_LIMIT, limits.maxHits);
  }
  return query;
}

export type FacetSearchQuery = {
  facetName: string;
  facetQuery: string;
  q: string;
  filter: unknown;
  matchingStrategy: MatchingStrategy;
  attributesToSearchOn: string[] | null;
};

export function parseFacetSearchQuery(raw: unknown): FacetSearchQuery {
  if (!isRecord(raw)) {
    throw badRequest(
      "bad_request",
      `Invalid value type at \`.\`: expected an object, but found ${describeJsonValue(raw)}`,
    );
  }
  checkFields(raw, FACET_SEARCH_FIELDS, "");
  const facetName = raw.facetName;
  if (facetName === undefined) {
    throw badRequest("invalid_facet_search_facet_name", "Missing field `facetName`");
  }
  if (typeof facetName !== "string") {
    throw badRequest(
      "invalid_facet_search_facet_name",
      `Invalid value type at \`.facetName\`: expected a string, but found ${describeJsonValue(facetName)}`,
    );
  }
  const facetQuery = raw.facetQuery;
  if (facetQuery !== undefined && facetQuery !== null && typeof facetQuery !== "string") {
    throw badRequest(
      "invalid_facet_search_facet_query",
      `Invalid value type at \`.facetQuery\`: expected a string, but found ${describeJsonValue(facetQuery)}`,
    );
  }
  optionalBoolean(raw, "", "exhaustiveFacetCount");
  return {
    facetName,
    facetQuery: typeof facetQuery === "string" ? facetQuery : "",
    q: optionalString(raw, "", "q") ?? "",
    filter: filterOf(raw),
    matchingStrategy: matchingStrategyOf(raw, ""),
    attributesToSearchOn: optionalStringArray(raw, "", "attributesToSearchOn"),
  };
}

/**
 * The query-string form of a search (`GET /indexes/{uid}/search?q=...`): comma-separated lists,
 * numbers and booleans as text. Converted into the body form, with Meilisearch's messages.
 */
export function searchParamsFromQueryString(
  params: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, rawValue] of Object.entries(params)) {
    const value = Array.isArray(rawValue) ? rawValue.join(",") : rawValue;
    if (typeof value !== "string") continue;
    switch (key) {
      case "offset":
      case "limit":
      case "page":
      case "hitsPerPage":
      case "cropLength": {
        if (!/^\d+$/.test(value)) {
          throw badRequest(
            codeFor(key),
            `Invalid value in parameter \`${key}\`: could not parse \`${value}\` as a positive integer`,
          );
        }
        out[key] = Number(value);
        break;
      }
      case "showRankingScore":
      case "showMatchesPosition":
      case "showRankingScoreDetails": {
        if (value !== "true" && value !== "false") {
          throw badRequest(
            codeFor(key),
            `Invalid value in parameter \`${key}\`: could not parse \`${value}\` as a boolean, expected either \`true\` or \`false\``,
          );
        }
        out[key] = value === "true";
        break;
      }
      case "sort":
      case "facets":
      case "attributesToRetrieve":
      case "attributesToHighlight":
      case "attributesToCrop":
      case "attributesToSearchOn":
      case "locales":
        out[key] = value === "" ? [] : value.split(",").map((s) => s.trim());
        break;
      case "matchingStrategy":
        if (value !== "last" && value !== "all" && value !== "frequency") {
          throw badRequest(
            "invalid_search_matching_strategy",
            `Unknown value \`${value}\` for parameter \`matchingStrategy\`: expected one of \`last\`, \`all\`, \`frequency\``,
          );
        }
        out[key] = value;
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}
