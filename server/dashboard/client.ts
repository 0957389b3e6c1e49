/**
 * A client of a dashboard backend (docs/dashboard-api.md), behaving as the product's error
 * catalogue says (docs/product/data-in.md):
 *
 * - Basic auth on every call; a timeout per request.
 * - A failed call (network error, timeout, a non-ok status, malformed JSON, an answer not in
 *   the expected shape) is logged and tried again, up to 2 times (3 tries in all); then the last
 *   error propagates.
 * - A non-ok answer whose body has an `error` field raises that message with the status;
 *   otherwise 'An unexpected error occurred' plus the status text.
 * - A car answered with `status: 404` in the body is no car (null), as is a slug that breaks the
 *   product's slug rule (never requested).
 * - Search slugs and search page templates are kept for one week (604800 s).
 * - A staging backend, when set and in use, replaces the base URL.
 */
import type { Logger } from "pino";
import { z } from "zod";
import {
  DASHBOARD_CACHE_SECONDS,
  MAX_FETCH_RETRIES,
  errorFromBody,
  isNotFoundBody,
} from "~/domain/http-errors";
import { OutboundFetchError, outboundFetch } from "../net/outbound-fetch";
import {
  CarsPageSchema,
  DashboardCarSchema,
  ManufacturerSchema,
  SearchPageTemplatesSchema,
  SearchSlugsSchema,
  WebsiteSessionDataSchema,
  type DashboardCar,
} from "./shapes";

export const DEFAULT_TIMEOUT_MS = 10_000;
const CAR_SLUG = /^[A-Za-z0-9_-]+$/;
/** Cars read per request when a whole stock is read. */
const CARS_PER_PAGE = 500;

export type DashboardClientOptions = {
  baseUrl: string;
  stagingBaseUrl?: string | null;
  useStaging?: boolean;
  username: string;
  password: string;
  timeoutMs?: number;
  logger?: Pick<Logger, "warn">;
  /** The clock of the one-week cache (milliseconds). */
  now?: () => number;
};

/** A call that failed for good. `status` is the HTTP status, null when none came back. */
export class DashboardError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "DashboardError";
  }
}

const BookingSlotsSchema = z.looseObject({
  dealership_id: z.number().int(),
  locations: z.array(z.looseObject({ id: z.number().int() })),
});

export type DashboardClient = ReturnType<typeof createDashboardClient>;

export function createDashboardClient(options: DashboardClientOptions) {
  const base = (
    options.useStaging && options.stagingBaseUrl ? options.stagingBaseUrl : options.baseUrl
  ).replace(/\/+$/, "");
  const authorization = `Basic ${Buffer.from(`${options.username}:${options.password}`).toString("base64")}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { expiresAt: number; value: unknown }>();

  /** One try: the parsed body of an ok answer (or of a `status: 404` body, when accepted). */
  async function attempt(path: string, accept404Body: boolean): Promise<unknown> {
    let response: Response;
    try {
      // Through the guard: the backend's address is a site setting.
      response = await outboundFetch(`${base}${path}`, {
        headers: { authorization, accept: "application/json" },
        timeoutMs,
      });
    } catch (error) {
      const failure = error instanceof OutboundFetchError ? error.failure : null;
      throw new DashboardError(
        failure === "timeout"
          ? `The dashboard did not answer within ${timeoutMs} ms.`
          : failure === "size"
            ? `The dashboard's answer to ${path} is ${(error as Error).message}.`
            : `The dashboard could not be reached: ${(error as Error).message}`,
        (error as OutboundFetchError).status ?? null,
      );
    }
    let body: unknown;
    const text = await response.text().catch(() => "");
    try {
      body = text === "" ? null : JSON.parse(text);
    } catch {
      body = undefined;
    }
    const record = body && typeof body === "object" ? (body as Record<string, unknown>) : null;
    if (accept404Body && isNotFoundBody(record)) return record;
    if (!response.ok)
      throw new DashboardError(
        errorFromBody(record, response.status, response.statusText).message,
        response.status,
      );
    if (body === undefined)
      throw new DashboardError(
        `The dashboard answered ${path} with malformed JSON.`,
        response.status,
      );
    return body;
  }

  /**
   * Tries a call up to 1 + MAX_FETCH_RETRIES times; an answer not in the expected shape is a
   * failed try too. Null: a `status: 404` body, when `accept404Body`.
   */
  async function request<T>(
    path: string,
    schema: z.ZodType<T>,
    accept404Body: boolean,
  ): Promise<T | null> {
    let lastError: unknown;
    for (let tries = 0; tries <= MAX_FETCH_RETRIES; tries++) {
      try {
        const body = await attempt(path, accept404Body);
        if (accept404Body && isNotFoundBody(body)) return null;
        const parsed = schema.safeParse(body);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new DashboardError(
            `The dashboard's answer to ${path} is not in the expected shape (${issue?.path.join(".") || "body"}: ${issue?.message}).`,
            200,
          );
        }
        return parsed.data;
      } catch (error) {
        lastError = error;
        options.logger?.warn({ err: error, path, try: tries + 1 }, "dashboard request failed");
      }
    }
    throw lastError;
  }

  const get = async <T>(path: string, schema: z.ZodType<T>): Promise<T> =>
    (await request(path, schema, false)) as T;

  async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
    const hit = cache.get(key);
    if (hit && hit.expiresAt > now()) return hit.value as T;
    const value = await load();
    cache.set(key, { value, expiresAt: now() + DASHBOARD_CACHE_SECONDS * 1000 });
    return value;
  }

  const id = (value: number) => encodeURIComponent(String(value));

  return {
    /** One car by slug, or null (unknown car, or a slug the product's rule refuses). */
    async car(websiteId: number, slug: string): Promise<DashboardCar | null> {
      if (!CAR_SLUG.test(slug)) return null;
      return request(`/websites/${id(websiteId)}/cars/${slug}.json`, DashboardCarSchema, true);
    },

    /** Every car of the website, read page by page. */
    async cars(websiteId: number): Promise<DashboardCar[]> {
      const cars: DashboardCar[] = [];
      for (let page = 1; ; page++) {
        const answer = await get(
          `/websites/${id(websiteId)}/cars.json?page=${page}&per_page=${CARS_PER_PAGE}`,
          CarsPageSchema,
        );
        cars.push(...answer.cars);
        if (answer.cars.length === 0 || cars.length >= answer.total) return cars;
      }
    },

    manufacturer(manufacturerId: number, websiteId: number) {
      return get(
        `/manufacturers/${id(manufacturerId)}.json?website_id=${id(websiteId)}`,
        ManufacturerSchema,
      );
    },

    serviceBookings(dealershipId: number) {
      return get(
        `/dealerships/${id(dealershipId)}/available_service_bookings.json`,
        BookingSlotsSchema,
      );
    },

    appointmentBookings(dealershipId: number) {
      return get(
        `/dealerships/${id(dealershipId)}/available_appointment_bookings.json`,
        BookingSlotsSchema,
      );
    },

    searchSlugs(websiteId: number) {
      return cached(
        `slugs:${websiteId}`,
        async () =>
          (await get(`/websites/${id(websiteId)}/pages/search_slugs.json`, SearchSlugsSchema))
            .search_slugs,
      );
    },

    searchPageTemplates(websiteId: number) {
      return cached(
        `templates:${websiteId}`,
        async () =>
          (
            await get(
              `/websites/${id(websiteId)}/pages/search_page_templates.json`,
              SearchPageTemplatesSchema,
            )
          ).search_page_templates,
      );
    },

    /** What a page needs at start; nothing without a website id. */
    async websiteSessionData(websiteId: number | null | undefined) {
      if (!websiteId) return null;
      return get(
        `/api/v1/websites/${id(websiteId)}/website_session_data.json`,
        WebsiteSessionDataSchema,
      );
    },
  };
}
