/**
 * Errors in Meilisearch's shape (`{message, code, type, link}`), so the official clients and
 * InstantSearch surface them unchanged. Every error a client can provoke is one of these with a
 * 4xx status; anything else is a bug and becomes `internal` (500).
 */

export type SearchErrorType = "invalid_request" | "auth" | "internal" | "system";

export type SearchErrorBody = {
  message: string;
  code: string;
  type: SearchErrorType;
  link: string;
};

export class SearchApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly type: SearchErrorType;

  constructor(
    status: number,
    code: string,
    message: string,
    type: SearchErrorType = "invalid_request",
  ) {
    super(message);
    this.name = "SearchApiError";
    this.status = status;
    this.code = code;
    this.type = type;
  }

  get link(): string {
    return `https://docs.meilisearch.com/errors#${this.code}`;
  }

  /** The same error with a prefix on its message, e.g. "Inside `.queries[1]`: ". */
  withPrefix(prefix: string): SearchApiError {
    return new SearchApiError(this.status, this.code, `${prefix}${this.message}`, this.type);
  }

  toJSON(): SearchErrorBody {
    return { message: this.message, code: this.code, type: this.type, link: this.link };
  }
}

export function badRequest(code: string, message: string): SearchApiError {
  return new SearchApiError(400, code, message);
}

export function indexNotFound(uid: string): SearchApiError {
  return new SearchApiError(404, "index_not_found", `Index \`${uid}\` not found.`);
}

export function missingAuthorizationHeader(): SearchApiError {
  return new SearchApiError(
    401,
    "missing_authorization_header",
    "The Authorization header is missing. It must use the bearer authorization method.",
    "auth",
  );
}

export function invalidApiKey(): SearchApiError {
  return new SearchApiError(403, "invalid_api_key", "The provided API key is invalid.", "auth");
}

export function internalError(message = "An internal error occurred."): SearchApiError {
  return new SearchApiError(500, "internal", message, "internal");
}

/** Describes a JSON value the way Meilisearch's deserializer does in its messages. */
export function describeJsonValue(value: unknown): string {
  const shown = safeJson(value);
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array: \`${shown}\``;
  switch (typeof value) {
    case "string":
      return `a string: \`${shown}\``;
    case "boolean":
      return `a boolean: \`${shown}\``;
    case "number":
      if (Number.isInteger(value)) {
        return value < 0 ? `a negative integer: \`${shown}\`` : `a positive integer: \`${shown}\``;
      }
      return `a number: \`${shown}\``;
    case "object":
      return `an object: \`${shown}\``;
    default:
      return `\`${shown}\``;
  }
}

/** JSON text of a value, bounded in depth and length (client values can be anything). */
function safeJson(value: unknown): string {
  const text = preview(value, 4);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function preview(value: unknown, depth: number): string {
  if (value === null || typeof value !== "object") {
    return (
      (typeof value === "string" ? JSON.stringify(value.slice(0, 200)) : JSON.stringify(value)) ??
      "null"
    );
  }
  if (depth === 0) return Array.isArray(value) ? "[…]" : "{…}";
  if (Array.isArray(value)) {
    return `[${value
      .slice(0, 10)
      .map((item) => preview(item, depth - 1))
      .join(",")}${value.length > 10 ? ",…" : ""}]`;
  }
  const entries = Object.entries(value).slice(0, 10);
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${preview(v, depth - 1)}`).join(",")}}`;
}
