/**
 * The trade-in estimates this process has just shown: a registration lookup's valuation, kept
 * for a while by site, plate and state, so the lead sent after it (and its success page) carries
 * the estimate the shopper saw, as the server found it, without paying for a second lookup.
 */
import type {
  LookupProviders,
  LookupResult,
  Valuation,
  VehicleLookupProvider,
} from "../providers/vehicle-lookup/vehicle-lookup";

const KEEP_MS = 2 * 60 * 60 * 1000;
const MAX_ENTRIES = 5_000;

export class RecentValuations {
  #entries = new Map<string, { valuation: Valuation; at: number }>();

  #key(siteId: number, rego: string, state: string): string {
    return `${siteId}:${rego.toUpperCase()}:${state.toUpperCase()}`;
  }

  remember(siteId: number, result: LookupResult, now = Date.now()): void {
    const key = this.#key(siteId, result.rego, result.state);
    this.#entries.delete(key);
    if (!result.valuation) return;
    // Oldest first: the map keeps insertion order.
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, { valuation: result.valuation, at: now });
  }

  find(siteId: number, rego: string, state: string, now = Date.now()): Valuation | null {
    const entry = this.#entries.get(this.#key(siteId, rego, state));
    if (!entry || now - entry.at > KEEP_MS) return null;
    return entry.valuation;
  }

  /** The providers, each remembering the valuations it finds. */
  remembering(providers: LookupProviders): LookupProviders {
    const wrap = (provider: VehicleLookupProvider): VehicleLookupProvider => ({
      name: provider.name,
      lookup: async (query, site) => {
        const result = await provider.lookup(query, site);
        if (result) this.remember(site.id, result);
        return result;
      },
    });
    return {
      builtIn: wrap(providers.builtIn),
      nevdis: providers.nevdis ? wrap(providers.nevdis) : null,
      autograb: providers.autograb ? wrap(providers.autograb) : null,
    };
  }
}
