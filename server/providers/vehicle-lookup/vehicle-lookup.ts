/**
 * Registration lookup and valuation providers behind one interface. The built-in provider
 * answers from the sample registrations of the demo data; NEVDIS and Autograb are used when a
 * site's feature flag is on and the platform has their credentials.
 */
import type { Site } from "~/server/sites/site";

export type RegoQuery = { rego: string; state: string; km?: number | null };

export type LookedUpVehicle = {
  year: number;
  make: string;
  model: string;
  badge: string | null;
  body: string | null;
  fuel: string | null;
  transmission: string | null;
  colour: string | null;
  vin: string | null;
};

export type Valuation = { low: number; high: number; currency: string };

export type LookupResult = {
  rego: string;
  state: string;
  vehicle: LookedUpVehicle;
  valuation: Valuation | null;
  provider: string;
};

export interface VehicleLookupProvider {
  readonly name: string;
  /** null when the registry does not know the plate. */
  lookup(query: RegoQuery, site: Site): Promise<LookupResult | null>;
}

/** Which lookup an endpoint asked for (docs/product/leads-and-forms.md, "Lead calls"). */
export type LookupKind = "nevdis" | "autograb" | "rego";

export type LookupProviders = {
  builtIn: VehicleLookupProvider;
  nevdis: VehicleLookupProvider | null;
  autograb: VehicleLookupProvider | null;
};

/**
 * The provider for a site and endpoint: the real one when the site's flag is on and credentials
 * exist, else the built-in one. The registration lookup prefers a provider with valuations.
 */
export function selectProvider(
  providers: LookupProviders,
  site: Site,
  kind: LookupKind,
): VehicleLookupProvider {
  const flags = site.settings.featureFlags;
  const nevdis = flags.nevdis ? providers.nevdis : null;
  const autograb = flags.autograb ? providers.autograb : null;
  if (kind === "nevdis") return nevdis ?? providers.builtIn;
  if (kind === "autograb") return autograb ?? providers.builtIn;
  return autograb ?? nevdis ?? providers.builtIn;
}

/** Values a trade-in at this odometer reading: 1% off per 5,000 km above the typical reading. */
export function adjustForOdometer(
  valuation: Valuation,
  year: number,
  km: number | null | undefined,
  now = new Date(),
): Valuation {
  if (!km || km <= 0) return valuation;
  const age = Math.max(1, now.getUTCFullYear() - year);
  const typical = age * 15_000;
  const factor = Math.min(1.1, Math.max(0.6, 1 - (km - typical) / 500_000));
  const round = (n: number) => Math.round((n * factor) / 50) * 50;
  return { ...valuation, low: round(valuation.low), high: round(valuation.high) };
}
