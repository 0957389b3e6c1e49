/**
 * Which card provider takes a site's deposits: the site's `paymentProvider` setting, with the
 * credentials of this deployment's environment. A provider without credentials here is replaced
 * by the built-in test provider while PAYMENTS_TEST_PROVIDER is on (the demo), and offers no
 * online payment otherwise.
 */
import type { Logger } from "pino";
import type { PaymentProviderName } from "~/domain/site-settings";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { Site } from "../sites/site";
import type { PaymentProvider } from "./provider";
import { createPinProvider } from "./pin-provider";
import { createStripeProvider } from "./stripe-provider";
import { createTestProvider, type TestProvider } from "./test-provider";
import { createWindcaveProvider } from "./windcave-provider";

export type PaymentProviders = {
  /** The provider of a site's deposits, or null when it takes none online. */
  forSite(site: Pick<Site, "settings">): PaymentProvider | null;
  /** By name, for webhooks; null when not configured here. */
  byName(name: string): PaymentProvider | null;
  /**
   * The site as its pages see it: one whose provider cannot take a card in this deployment (no
   * credentials, no test provider) has no payment provider, so no page offers a deposit.
   */
  siteAsServed<S extends Pick<Site, "settings">>(site: S): S;
  /** The site names a provider that has no credentials here: its deposits are off. */
  depositsOff(site: Pick<Site, "settings">): boolean;
  test: TestProvider;
};

export function createPaymentProviders(options: {
  env: Env;
  db: Database;
  port: () => number;
  logger: Logger;
}): PaymentProviders {
  const { env, logger } = options;
  const test = createTestProvider({
    db: options.db,
    webhookSecret: env.TEST_PAYMENTS_WEBHOOK_SECRET,
    port: options.port,
    onWebhookError: (error) => logger.warn({ err: error }, "test provider webhook not delivered"),
  });
  const configured = new Map<PaymentProviderName, PaymentProvider>([["test", test]]);
  if (env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)
    configured.set(
      "stripe",
      createStripeProvider({
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiUrl: env.STRIPE_API_URL,
      }),
    );
  if (env.WINDCAVE_USERNAME && env.WINDCAVE_API_KEY)
    configured.set(
      "windcave",
      createWindcaveProvider({
        apiUrl: env.WINDCAVE_API_URL,
        username: env.WINDCAVE_USERNAME,
        apiKey: env.WINDCAVE_API_KEY,
      }),
    );
  if (env.PIN_SECRET_KEY && env.PIN_WEBHOOK_SIGNING_KEY)
    configured.set(
      "pin-payments",
      createPinProvider({
        apiUrl: env.PIN_API_URL,
        secretKey: env.PIN_SECRET_KEY,
        webhookSigningKey: env.PIN_WEBHOOK_SIGNING_KEY,
        hostedFieldsUrl: env.PIN_HOSTED_FIELDS_URL,
      }),
    );
  const forSite = (site: Pick<Site, "settings">) => {
    const name = site.settings.paymentProvider;
    if (name === null) return null;
    return configured.get(name) ?? (env.PAYMENTS_TEST_PROVIDER ? test : null);
  };
  // One served copy per site object (a settings change makes a new object), so whatever is
  // kept per site object (its client site, card actions) is made once for the copy too.
  const served = new WeakMap<object, object>();
  return {
    forSite,
    siteAsServed(site) {
      if (site.settings.paymentProvider === null || forSite(site)) return site;
      let copy = served.get(site);
      if (!copy)
        served.set(
          site,
          (copy = { ...site, settings: { ...site.settings, paymentProvider: null } }),
        );
      return copy as typeof site;
    },
    depositsOff: (site) => site.settings.paymentProvider !== null && forSite(site) === null,
    byName(name) {
      return configured.get(name as PaymentProviderName) ?? null;
    },
    test,
  };
}
