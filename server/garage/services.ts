/**
 * The garage's services, created once per server (server/start.ts): sign-in with its SMS
 * provider and rate limits, and the alert worker. Twilio when its credentials are set,
 * otherwise the dev SMS outbox (/_dev/sms on the platform host).
 */
import type { Logger } from "pino";
import type { Database } from "../db/client";
import type { Env } from "../env";
import type { RateLimiterFactory } from "../http/rate-limiter";
import type { MailTransport } from "../providers/mail/mail-transport";
import { createDevOutboxSms } from "../providers/sms/dev-outbox-sms";
import type { SmsProvider } from "../providers/sms/sms-provider";
import { createTwilioSms } from "../providers/sms/twilio-sms";
import type { Site } from "../sites/site";
import { GarageAlertWorker } from "./alert-worker";
import { GarageAuth } from "./garage-auth";
import { queueSavedSearchDigests } from "./saved-search-digest";
import { createSiteSearch } from "../stock/site-search";
import type { SearchIndex } from "../stock/search-sync";

export type GarageServices = {
  auth: GarageAuth;
  sms: SmsProvider;
  alerts: GarageAlertWorker;
  start(): void;
  close(): Promise<void>;
};

export function createGarageServices(options: {
  env: Env;
  db: Database;
  mail: MailTransport;
  rateLimiter: RateLimiterFactory;
  siteOf: (siteId: number) => Site | undefined;
  originOf: (site: Site) => string;
  logger: Logger;
  /** The search index, for the saved searches' digests. */
  search: SearchIndex;
}): GarageServices {
  const { env, db, rateLimiter } = options;
  const sms =
    env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM
      ? createTwilioSms({
          accountSid: env.TWILIO_ACCOUNT_SID,
          authToken: env.TWILIO_AUTH_TOKEN,
          from: env.TWILIO_FROM,
          apiUrl: env.TWILIO_API_URL,
        })
      : createDevOutboxSms(db);
  const hour = 60 * 60_000;
  const auth = new GarageAuth({
    db,
    search: options.search,
    sms,
    clientLimiter: rateLimiter("garage-code-client", env.GARAGE_CODE_CLIENT_LIMIT, hour),
    numberLimiter: rateLimiter("garage-code-number", env.GARAGE_CODE_NUMBER_LIMIT, hour),
    verifyLimiter: rateLimiter("garage-verify-client", env.GARAGE_VERIFY_CLIENT_LIMIT, hour),
  });
  const alerts = new GarageAlertWorker({
    db,
    mail: options.mail,
    sms,
    siteOf: options.siteOf,
    originOf: options.originOf,
    fromAddress: env.MAIL_FROM,
    logger: options.logger,
    pollMs: env.GARAGE_ALERT_POLL_MS,
    digestCheckMs: env.GARAGE_DIGEST_CHECK_MS,
    queueDigests: () =>
      queueSavedSearchDigests(db, options.siteOf, (site) =>
        createSiteSearch(options.search, site, options.logger),
      ),
  });
  return {
    auth,
    sms,
    alerts,
    start: () => alerts.start(),
    close: () => alerts.stop(),
  };
}
