/**
 * Registration lookups (docs/product/leads-and-forms.md, "Lead calls"): a provider per endpoint,
 * chosen by the site's feature flags and the platform's credentials; the HTTP providers read their
 * answers defensively and retry.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSiteSettings } from "~/domain/site-settings";
import type { Site } from "~/server/sites/site";
import { createAutograbProvider, createNevdisProvider } from "./http-providers";
import {
  adjustForOdometer,
  selectProvider,
  type LookupProviders,
  type VehicleLookupProvider,
} from "./vehicle-lookup";

const stub = (name: string): VehicleLookupProvider => ({ name, lookup: async () => null });
const providers: LookupProviders = {
  builtIn: stub("built-in"),
  nevdis: stub("nevdis"),
  autograb: stub("autograb"),
};

function site(flags: Partial<{ nevdis: boolean; autograb: boolean }> = {}): Site {
  const settings = defaultSiteSettings();
  return {
    locale: "en-AU",
    settings: { ...settings, featureFlags: { ...settings.featureFlags, ...flags } },
  } as Site;
}

describe("provider selection", () => {
  it.each([
    ["nevdis", {}, "built-in"],
    ["nevdis", { nevdis: true }, "nevdis"],
    ["autograb", { autograb: true }, "autograb"],
    ["autograb", { nevdis: true }, "built-in"],
    ["rego", { nevdis: true }, "nevdis"],
    ["rego", { nevdis: true, autograb: true }, "autograb"],
    ["rego", {}, "built-in"],
  ] as const)("%s with flags %j uses %s", (kind, flags, expected) => {
    expect(selectProvider(providers, site(flags), kind).name).toBe(expected);
  });

  it("falls back to the built-in provider when the flag is on but the platform has no credentials", () => {
    expect(
      selectProvider({ ...providers, nevdis: null }, site({ nevdis: true }), "nevdis").name,
    ).toBe("built-in");
  });

  it("adjusts a valuation for a high odometer reading, within bounds", () => {
    const base = { low: 20_000, high: 22_000, currency: "AUD" };
    const now = new Date("2026-11-22");
    expect(adjustForOdometer(base, 2021, null, now)).toEqual(base);
    expect(adjustForOdometer(base, 2021, 175_000, now).high).toBeLessThan(22_000);
    expect(adjustForOdometer(base, 2021, 5_000_000, now).low).toBe(12_000);
  });
});

describe("HTTP providers", () => {
  const calls: Array<{ path: string; auth: string | undefined; body: string }> = [];
  let failures = 0;
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      calls.push({ path: req.url ?? "", auth: req.headers.authorization, body });
      const plate =
        (JSON.parse(body) as { plate?: string; rego?: string }).plate ??
        (JSON.parse(body) as { rego?: string }).rego;
      if (plate === "FLAKY1" && failures++ < 2) return res.writeHead(502).end();
      if (plate === "GONE1")
        return res.writeHead(200, { "content-type": "application/json" }).end('{"status":404}');
      res.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          vehicle: {
            year_of_manufacture: "2020",
            manufacturer: "Mazda",
            family: "CX-5",
            variant: "Touring",
            color: "Blue",
          },
          prediction: { trade_price_min: 25000, trade_price_max: 27500 },
        }),
      );
    });
  });
  let url = "";
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => void server.close());

  it("maps a NEVDIS answer, sending the plate with the key", async () => {
    const nevdis = createNevdisProvider({ url, apiKey: "k1" });
    const result = await nevdis.lookup({ rego: "ABC123", state: "NSW" }, site());
    expect(result).toMatchObject({
      provider: "nevdis",
      vehicle: { year: 2020, make: "Mazda", model: "CX-5", badge: "Touring", colour: "Blue" },
    });
    expect(calls.at(-1)).toMatchObject({ path: "/vehicles/lookup", auth: "Bearer k1" });
  });

  it("maps an Autograb valuation, retries a failing provider twice (data-in.md, Error catalogue), and reads a 404 in the body as not found", async () => {
    const autograb = createAutograbProvider({ url, apiKey: "k2" });
    const result = await autograb.lookup({ rego: "FLAKY1", state: "VIC", km: 40_000 }, site());
    expect(result?.valuation).toEqual({ low: 25_000, high: 27_500, currency: "AUD" });
    expect(calls.filter((c) => c.body.includes("FLAKY1"))).toHaveLength(3);
    expect(await autograb.lookup({ rego: "GONE1", state: "VIC" }, site())).toBeNull();
  });
});
