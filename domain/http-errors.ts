/**
 * The error catalogue (docs/product/data-in.md, "Error catalogue") as functions. Nothing here does
 * I/O: the fetch function is a parameter, so the browser, the server and tests pass their own.
 */

export const UNEXPECTED_ERROR_MESSAGE = "An unexpected error occurred";
/** The form-failure text, spelled as docs/product/leads-and-forms.md spells it. */
export const FORM_UNEXPECTED_ERROR_MESSAGE = "An unexpected error occured";
export const FORM_SUBMIT_ALERT = "An error occurred when submitting this form";

/** Up to 2 retries after the first attempt (docs/product/data-in.md). */
export const MAX_FETCH_RETRIES = 2;

/** Search slugs and page templates are cached for one week (docs/product/data-in.md). */
export const DASHBOARD_CACHE_SECONDS = 604_800;

/** An HTTP failure with its status. */
export class HttpError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = "HttpError";
    this.status = status;
  }
}

/** What the catalogue needs of a response: a subset of the Fetch API's Response. */
export type ResponseLike = {
  ok: boolean;
  status: number;
  statusText: string;
  json(): Promise<unknown>;
};

export type FetchLike<R extends ResponseLike, I = unknown> = (url: string, init?: I) => Promise<R>;

export type RetryOptions = {
  retries?: number;
  /** Called before each retry (for logging: the dashboard fetch logs its failures). */
  onRetry?: (attempt: number, reason: unknown) => void;
  /** Waits between attempts; none by default. */
  wait?: (attempt: number) => Promise<void>;
};

/**
 * A fetch that returns a non-ok status (or throws) is retried up to 2 times,
 * then fails with the status (or the last error).
 */
export async function fetchWithRetry<R extends ResponseLike, I = unknown>(
  fetchFn: FetchLike<R, I>,
  url: string,
  init?: I,
  options: RetryOptions = {},
): Promise<R> {
  const retries = options.retries ?? MAX_FETCH_RETRIES;
  let lastFailure: unknown;
  for (let attempt = 0; attempt <= retries; attempt += 1) {
    if (attempt > 0) {
      options.onRetry?.(attempt, lastFailure);
      await options.wait?.(attempt);
    }
    try {
      const response = await fetchFn(url, init);
      if (response.ok) return response;
      lastFailure = new HttpError(`Request failed with status ${response.status}`, response.status);
    } catch (error) {
      lastFailure = error;
    }
  }
  throw lastFailure;
}

/**
 * The error of a non-ok response: the body's `error` field with the HTTP
 * status, otherwise 'An unexpected error occurred' plus the status text.
 */
export function errorFromBody(body: unknown, status: number, statusText: string): HttpError {
  if (typeof body === "object" && body !== null && "error" in body) {
    const error = (body as { error: unknown }).error;
    if (typeof error === "string" && error.trim() !== "") return new HttpError(error, status);
  }
  const suffix = statusText.trim() === "" ? "" : `: ${statusText.trim()}`;
  return new HttpError(`${UNEXPECTED_ERROR_MESSAGE}${suffix}`, status);
}

/** Reads the body (if it is JSON) and builds the error of a non-ok response. */
export async function errorFromResponse(response: ResponseLike): Promise<HttpError> {
  let body: unknown = null;
  try {
    body = await response.json();
  } catch {
    // A body that is not JSON carries no error field.
  }
  return errorFromBody(body, response.status, response.statusText);
}

/**
 * A 404 status inside a body means "no such record" (docs/product/data-in.md, "404 in the body").
 */
export function isNotFoundBody(body: unknown): boolean {
  return (
    typeof body === "object" &&
    body !== null &&
    "status" in body &&
    ((body as { status: unknown }).status === 404 || (body as { status: unknown }).status === "404")
  );
}

/**
 * A data helper logs a failure and returns false; a 404 status in the body
 * also returns false.
 */
export async function dataHelper<T>(
  load: () => Promise<T>,
  log: (error: unknown) => void,
): Promise<T | false> {
  try {
    const result = await load();
    return isNotFoundBody(result) ? false : result;
  } catch (error) {
    log(error);
    return false;
  }
}

export type LeadSubmissionOutcome =
  | { ok: true; lead_id: number | string; response: Record<string, unknown> }
  | { ok: false; lead_id: null; error: string | null; response: Record<string, unknown> | null };

/**
 * docs/product/leads-and-forms.md, "Lead errors": an exception becomes its message with lead_id
 * null; a response without an id is returned as is with lead_id null.
 */
export async function submitLead(send: () => Promise<unknown>): Promise<LeadSubmissionOutcome> {
  let response: unknown;
  try {
    response = await send();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, lead_id: null, error: message, response: null };
  }
  const body =
    typeof response === "object" && response !== null ? (response as Record<string, unknown>) : {};
  const id = body.id;
  if (typeof id === "number" || (typeof id === "string" && id !== "")) {
    return { ok: true, lead_id: id, response: body };
  }
  const error = typeof body.error === "string" ? body.error : null;
  return { ok: false, lead_id: null, error, response: { ...body, lead_id: null } };
}

/** A form failure without lead_id shows the returned error, or the fallback. */
export function formFailureMessage(outcome: { error?: string | null }): string {
  const error = outcome.error?.trim();
  return error ? error : FORM_UNEXPECTED_ERROR_MESSAGE;
}

/**
 * A failed submit alerts 'An error occurred when submitting this form' and
 * shows the form error (the server's message if present) in a destructive alert.
 */
export function formSubmitFailureAlerts(serverMessage: string | null | undefined): {
  alert: string;
  destructive: string;
} {
  return { alert: FORM_SUBMIT_ALERT, destructive: formFailureMessage({ error: serverMessage }) };
}
