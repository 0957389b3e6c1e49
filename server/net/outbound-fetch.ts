/**
 * The one client for every server-side fetch of an address that staff, a site setting, a feed or
 * a third party can influence: stock feed pulls, lead webhooks, dashboard data sources, photos
 * for the image resizer (decision 054).
 *
 * Why one guarded client: such an address can name this machine or its network (a loopback
 * listener, the cloud metadata service, a database's HTTP port), and what the server fetched
 * from there would come back to staff in an import report or a delivery log. So:
 *
 * - only http: and https: addresses are fetched;
 * - the address the socket connects to is checked when it connects (./address-policy.ts), after
 *   this client's own name lookup, and the socket goes to exactly the address checked: a name that
 *   resolves to a public address once and a private one the next time (DNS rebinding) cannot
 *   slip through, nor can a literal address in any spelling ([::ffff:127.0.0.1], 0x7f.1);
 * - redirects are followed here, a bounded number of times, each hop's scheme and address checked
 *   again, and credentials are not carried to another origin;
 * - every fetch has a total time limit and a size cap on the answer;
 * - errors say what went wrong ("address not allowed: 127.0.0.1 is a loopback address",
 *   "answered 500 Internal Server Error", "timed out after 30 s", "larger than 32 MB") and never
 *   carry the answer's body.
 *
 * OUTBOUND_ALLOWED_NETWORKS lets an operator allow a private network where fetching from it is
 * intended (a feed or CRM on the same private network), set once at start.
 *
 * Not through here: provider base URLs from the operator's environment (STRIPE_API_URL,
 * TWILIO_API_URL, WINDCAVE_API_URL, PIN_API_URL, NEVDIS_API_URL, AUTOGRAB_API_URL,
 * CAR_CLARITY_API_URL, SMTP_URL). Those name the operator's chosen provider, are set by whoever
 * runs the server (who can reach its network anyway), and no staff member or site setting can
 * change them.
 */
import { lookup } from "node:dns/promises";
import { STATUS_CODES } from "node:http";
import { isIP } from "node:net";
import { Agent, buildConnector, errors as undiciErrors, request } from "undici";
import {
  judgeAddress,
  NO_ALLOWED_NETWORKS,
  parseAllowedNetworks,
  type AllowedNetworks,
} from "./address-policy";

export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_BYTES = 50 * 1024 * 1024;
export const DEFAULT_MAX_REDIRECTS = 5;
const CONNECT_TIMEOUT_MS = 10_000;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const NULL_BODY = new Set([101, 204, 205, 304]);
/** Headers that stay with the origin they were meant for. */
const CREDENTIAL_HEADERS = ["authorization", "cookie", "proxy-authorization"];

export type OutboundFailure =
  "scheme" | "address" | "redirect" | "timeout" | "size" | "network" | "status";

/** Why an outbound fetch failed, in words fit for staff: never the answer's body. */
export class OutboundFetchError extends Error {
  constructor(
    message: string,
    readonly failure: OutboundFailure,
    readonly status: number | null = null,
  ) {
    super(message);
    this.name = "OutboundFetchError";
  }
}

export type OutboundRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Whole fetch, redirects and body included. */
  timeoutMs?: number;
  /** Largest answer body read. */
  maxBytes?: number;
  /** 0: a redirect is an error, not followed. */
  maxRedirects?: number;
  /** Only the status and headers matter (a webhook's answer): the body is not kept. */
  discardBody?: boolean;
};

export type OutboundFetch = (url: string, init?: OutboundRequest) => Promise<Response>;

/** "answered 500 Internal Server Error", for a status a caller does not accept. */
export function answeredStatus(response: Pick<Response, "status" | "statusText">): string {
  return `answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`;
}

export function seconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

export function megabytes(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.ceil(bytes / 1024)} KB`
    : `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
}

function schemeOf(url: URL): void {
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new OutboundFetchError(
      `only http and https addresses are fetched, not ${url.protocol}`,
      "scheme",
    );
}

/** The address to connect to for `hostname`, each address it resolves to checked. */
async function checkedAddress(hostname: string, allowed: AllowedNetworks): Promise<string> {
  if (isIP(hostname)) {
    const verdict = judgeAddress(hostname, allowed);
    if (!verdict.allowed)
      throw new OutboundFetchError(`address not allowed: ${hostname} is ${verdict.why}`, "address");
    return hostname;
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await lookup(hostname, { all: true, verbatim: true });
  } catch {
    throw new OutboundFetchError(`the host name ${hostname} was not found`, "network");
  }
  // Every address must pass: the one to connect to is chosen from checked addresses only.
  for (const { address } of addresses) {
    const verdict = judgeAddress(address, allowed);
    if (!verdict.allowed)
      throw new OutboundFetchError(
        `address not allowed: ${hostname} resolves to ${address}, ${verdict.why}`,
        "address",
      );
  }
  // One address is connected to, with no second try on another family: IPv4 where there is one,
  // as a server without an IPv6 route is more common than one without IPv4.
  const first = addresses.find((a) => a.family === 4) ?? addresses[0];
  if (!first) throw new OutboundFetchError(`the host name ${hostname} was not found`, "network");
  return first.address;
}

/** An undici Agent whose sockets connect only to addresses the policy allows. */
function guardedAgent(allowed: AllowedNetworks): Agent {
  const connector = buildConnector({ timeout: CONNECT_TIMEOUT_MS });
  return new Agent({
    connect(options, callback) {
      // undici hands over the URL's host name (brackets removed); TLS keeps it for SNI and the
      // certificate check (from `host`), the socket gets the checked address.
      checkedAddress(options.hostname, allowed).then(
        (address) => connector({ ...options, hostname: address }, callback),
        (error: Error) => callback(error, null),
      );
    },
  });
}

function toHeaders(raw: Record<string, string | string[] | undefined>): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  return headers;
}

function networkError(error: unknown, timeoutMs: number): OutboundFetchError {
  if (error instanceof OutboundFetchError) return error;
  const cause = (error as { cause?: unknown }).cause;
  if (cause instanceof OutboundFetchError) return cause;
  const name = (error as Error).name;
  if (
    name === "TimeoutError" ||
    name === "AbortError" ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError
  )
    return new OutboundFetchError(`timed out after ${seconds(timeoutMs)}`, "timeout");
  const code = (error as { code?: string }).code;
  if (code === "ECONNREFUSED")
    return new OutboundFetchError("the connection was refused", "network");
  if (code === "ECONNRESET" || code === "UND_ERR_SOCKET")
    return new OutboundFetchError("the connection was closed before an answer", "network");
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID" || /certificate/i.test((error as Error).message))
    return new OutboundFetchError(
      `the TLS certificate was not accepted (${code ?? "invalid"})`,
      "network",
    );
  return new OutboundFetchError(`could not connect (${code ?? name})`, "network");
}

/** A fetch through an agent that checks every connection against `allowed`. */
export function createOutboundFetch(allowed: AllowedNetworks = NO_ALLOWED_NETWORKS): {
  fetch: OutboundFetch;
  close(): Promise<void>;
} {
  const agent = guardedAgent(allowed);

  async function guardedFetch(address: string, init: OutboundRequest = {}): Promise<Response> {
    const timeoutMs = init.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const maxBytes = init.maxBytes ?? DEFAULT_MAX_BYTES;
    const maxRedirects = init.maxRedirects ?? DEFAULT_MAX_REDIRECTS;
    const signal = AbortSignal.timeout(timeoutMs);
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      throw new OutboundFetchError("not a full http(s) address", "scheme");
    }
    let method = (init.method ?? "GET").toUpperCase();
    let body = init.body;
    const headers = { ...init.headers };
    try {
      for (let hop = 0; ; hop++) {
        schemeOf(url);
        const answer = await request(url, {
          dispatcher: agent,
          method: method as "GET",
          headers,
          body,
          signal,
        });
        const status = answer.statusCode;
        const location = answer.headers.location;
        if (REDIRECTS.has(status) && typeof location === "string") {
          await answer.body.dump().catch(() => undefined);
          if (hop >= maxRedirects)
            throw new OutboundFetchError(
              maxRedirects === 0
                ? `answered ${status} with a redirect, which is not followed`
                : `more than ${maxRedirects} redirects`,
              "redirect",
              status,
            );
          const next = new URL(location, url);
          schemeOf(next);
          if (next.origin !== url.origin)
            for (const name of Object.keys(headers))
              if (CREDENTIAL_HEADERS.includes(name.toLowerCase())) delete headers[name];
          // As browsers do: a 303, or a 301/302 after a POST, is followed with a GET.
          if (status === 303 || ((status === 301 || status === 302) && method === "POST")) {
            method = method === "HEAD" ? "HEAD" : "GET";
            body = undefined;
            for (const name of Object.keys(headers))
              if (/^content-/i.test(name)) delete headers[name];
          }
          url = next;
          continue;
        }
        const responseHeaders = toHeaders(answer.headers);
        if (init.discardBody) {
          // undici reads a little of it to keep the connection, then closes it.
          await answer.body.dump().catch(() => undefined);
          return new Response(null, {
            status,
            statusText: STATUS_CODES[status] ?? "",
            headers: responseHeaders,
          });
        }
        const declared = Number(responseHeaders.get("content-length") ?? 0);
        if (declared > maxBytes) {
          await answer.body.destroy();
          throw new OutboundFetchError(`larger than ${megabytes(maxBytes)}`, "size", status);
        }
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of answer.body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) {
            answer.body.destroy();
            throw new OutboundFetchError(`larger than ${megabytes(maxBytes)}`, "size", status);
          }
          chunks.push(chunk);
        }
        return new Response(NULL_BODY.has(status) ? null : Buffer.concat(chunks), {
          status,
          statusText: STATUS_CODES[status] ?? "",
          headers: responseHeaders,
        });
      }
    } catch (error) {
      throw networkError(signal.aborted ? signal.reason : error, timeoutMs);
    }
  }

  return { fetch: guardedFetch, close: () => agent.close() };
}

/**
 * The process's client, kept under a registered symbol: the React Router build bundles its own
 * copy of the server modules its routes import, and both copies must use the allow-list set at start.
 */
const CURRENT = Symbol.for("dealer-sites.outbound-fetch");
type Holder = { [CURRENT]?: ReturnType<typeof createOutboundFetch> };
const current = () => ((globalThis as Holder)[CURRENT] ??= createOutboundFetch());

/**
 * Sets the operator's allow-list (OUTBOUND_ALLOWED_NETWORKS) for this process: done once at start,
 * as a process has one environment.
 */
export function setOutboundAllowedNetworks(entries: readonly string[]): void {
  const previous = (globalThis as Holder)[CURRENT];
  (globalThis as Holder)[CURRENT] = createOutboundFetch(parseAllowedNetworks(entries));
  void previous?.close().catch(() => undefined);
}

/** The process's guarded fetch (see the top of this file). */
export const outboundFetch: OutboundFetch = (url, init) => current().fetch(url, init);

/**
 * For a provider URL from the operator's environment (see the top of this file): the same
 * scheme, time, size and redirect bounds and error words, any address.
 */
export const operatorFetch: OutboundFetch = createOutboundFetch(
  parseAllowedNetworks(["0.0.0.0/0", "::/0"]),
).fetch;
