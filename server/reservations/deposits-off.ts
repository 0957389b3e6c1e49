/**
 * The back office's notice of sites whose deposits are off: the site names a card provider that
 * has no credentials on this server (and the test provider does not stand in), so its pages
 * offer no Reserve Now and no deposit (docs/product/payments.md, "Card payments").
 */
import type { Site } from "../sites/site";
import type { SiteRegistry } from "../sites/site-registry";
import type { ReservationService } from "./reservation-service";

const PROVIDER_NAMES: Record<string, string> = {
  stripe: "Stripe",
  windcave: "Windcave",
  "pin-payments": "Pin Payments",
  test: "test card provider",
};

export function depositsOffSites(
  context: { reservations: ReservationService; registry: Pick<SiteRegistry, "byId"> },
  sites: readonly Pick<Site, "id" | "name" | "settings">[],
): Array<{ name: string; provider: string }> {
  return sites
    .map((s) => context.registry.byId(s.id) ?? s)
    .filter((s) => context.reservations.depositsOff(s))
    .map((s) => ({
      name: s.name,
      provider:
        PROVIDER_NAMES[s.settings.paymentProvider ?? ""] ?? String(s.settings.paymentProvider),
    }));
}
