/**
 * NEVDIS (national registration data) and Autograb (valuations) over HTTP. Their answers are
 * read defensively: a field that is missing or of another type becomes null, and a provider
 * that is down fails the lookup after the error catalogue's 2 retries (docs/product/data-in.md).
 */
import { errorFromResponse, fetchWithRetry, isNotFoundBody } from "~/domain/http-errors";
import type { LookupResult, VehicleLookupProvider } from "./vehicle-lookup";

type Json = Record<string, unknown>;

function pick(source: Json | undefined, ...keys: string[]): unknown {
  for (const key of keys) {
    const value = key
      .split(".")
      .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Json)[k] : undefined), source);
    if (value !== undefined && value !== null && value !== "") return value;
  }
  return null;
}
const str = (v: unknown) => (typeof v === "string" || typeof v === "number" ? String(v) : null);
const num = (v: unknown) =>
  typeof v === "number"
    ? v
    : typeof v === "string" && v.trim() !== "" && !Number.isNaN(Number(v))
      ? Number(v)
      : null;

async function postJson(url: string, apiKey: string, body: unknown): Promise<Json | null> {
  const response = await fetchWithRetry(
    (u: string, init?: RequestInit) => fetch(u, init),
    url,
    {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json",
        authorization: `Bearer ${apiKey}`,
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(8_000),
    },
    { wait: (attempt) => new Promise((resolve) => setTimeout(resolve, 250 * attempt)) },
  ).catch(async (error: unknown) => {
    if (
      error &&
      typeof error === "object" &&
      "status" in error &&
      (error as { status: number }).status === 404
    )
      return null;
    throw error;
  });
  if (!response) return null;
  if (!response.ok) throw await errorFromResponse(response);
  const json = (await response.json()) as Json;
  return isNotFoundBody(json) ? null : json;
}

function toResult(
  json: Json,
  query: { rego: string; state: string },
  provider: string,
  currency: string,
): LookupResult | null {
  const v = (pick(json, "vehicle", "result.vehicle", "data.vehicle") ?? json) as Json;
  const year = num(pick(v, "year", "year_of_manufacture", "build_year"));
  const make = str(pick(v, "make", "manufacturer"));
  const model = str(pick(v, "model", "family"));
  if (year === null || !make || !model) return null;
  const low = num(
    pick(json, "valuation.trade_low", "valuation.low", "prediction.trade_price_min", "trade.min"),
  );
  const high = num(
    pick(json, "valuation.trade_high", "valuation.high", "prediction.trade_price_max", "trade.max"),
  );
  return {
    rego: query.rego,
    state: query.state,
    vehicle: {
      year,
      make,
      model,
      badge: str(pick(v, "badge", "variant")),
      body: str(pick(v, "body", "body_type")),
      fuel: str(pick(v, "fuel", "fuel_type")),
      transmission: str(pick(v, "transmission", "transmission_type")),
      colour: str(pick(v, "colour", "color")),
      vin: str(pick(v, "vin")),
    },
    valuation: low !== null && high !== null ? { low, high, currency } : null,
    provider,
  };
}

export function createNevdisProvider(config: {
  url: string;
  apiKey: string;
}): VehicleLookupProvider {
  return {
    name: "nevdis",
    async lookup(query, site) {
      const json = await postJson(
        `${config.url.replace(/\/$/, "")}/vehicles/lookup`,
        config.apiKey,
        {
          plate: query.rego,
          state: query.state,
        },
      );
      return json ? toResult(json, query, "nevdis", site.locale === "en-NZ" ? "NZD" : "AUD") : null;
    },
  };
}

export function createAutograbProvider(config: {
  url: string;
  apiKey: string;
}): VehicleLookupProvider {
  return {
    name: "autograb",
    async lookup(query, site) {
      const json = await postJson(
        `${config.url.replace(/\/$/, "")}/v2/valuations/rego`,
        config.apiKey,
        {
          rego: query.rego,
          state: query.state,
          kms: query.km ?? undefined,
          region: site.locale === "en-NZ" ? "nz" : "au",
        },
      );
      return json
        ? toResult(json, query, "autograb", site.locale === "en-NZ" ? "NZD" : "AUD")
        : null;
    },
  };
}
