/**
 * Everything the lead features need, created once per server (server/start.ts) and handed to
 * the Express routes and to React Router's actions through the load context.
 */
import { join } from "node:path";
import type { Logger } from "pino";
import type { DatabaseHandle } from "../db/client";
import type { Env } from "../env";
import {
  createCarClarityPartner,
  type FinancePartner,
} from "../providers/finance-partner/car-clarity";
import { createDevOutboxTransport } from "../providers/mail/dev-outbox-transport";
import type { MailTransport } from "../providers/mail/mail-transport";
import { createSmtpTransport } from "../providers/mail/smtp-transport";
import {
  createAutograbProvider,
  createNevdisProvider,
} from "../providers/vehicle-lookup/http-providers";
import { createSampleRegistrationProvider } from "../providers/vehicle-lookup/sample-registrations";
import type { LookupProviders } from "../providers/vehicle-lookup/vehicle-lookup";
import type { RateLimiter, RateLimiterFactory } from "../http/rate-limiter";
import type { Site } from "../sites/site";
import type { SearchIndex } from "../stock/search-sync";
import { LeadDeliveryWorker } from "./delivery-worker";
import { LeadIntake } from "./lead-intake";
import { RecentValuations } from "./recent-valuations";
import { SlotService } from "./slots";
import { LeadFileStore } from "./uploads";

export type LeadServices = {
  intake: LeadIntake;
  files: LeadFileStore;
  slots: SlotService;
  lookups: LookupProviders;
  /** Lead submissions per client and site. */
  limiter: RateLimiter;
  /** Registration lookups per client and site (they cost money with real providers). */
  lookupLimiter: RateLimiter;
  transport: MailTransport;
  partner: FinancePartner | null;
  worker: LeadDeliveryWorker | null;
  /** /_dev/mail on the platform host. */
  devMailPage: boolean;
  start(): Promise<void>;
  close(): Promise<void>;
};

export function createLeadServices(options: {
  env: Env;
  database: DatabaseHandle;
  siteOf: (siteId: number) => Site | undefined;
  logger: Logger;
  /** Tests pass their own transport (a real SMTP server on loopback is also possible via SMTP_URL). */
  transport?: MailTransport;
  rateLimiter: RateLimiterFactory;
  /** The stock search: a lead names only a vehicle its site lists. */
  search: SearchIndex;
}): LeadServices {
  const { env, database, logger } = options;
  const db = database.db;
  const files = new LeadFileStore(env.LEAD_FILES_DIR ?? join(env.DATA_DIR, "lead-files"));
  const slots = new SlotService(db);
  const transport =
    options.transport ??
    (env.SMTP_URL ? createSmtpTransport(env.SMTP_URL) : createDevOutboxTransport(db));
  const partner = createCarClarityPartner({
    url: env.CAR_CLARITY_API_URL,
    apiKey: env.CAR_CLARITY_API_KEY,
  });
  const worker = env.LEAD_DELIVERY
    ? new LeadDeliveryWorker({
        db,
        pool: database.pool,
        transport,
        partner,
        logger: logger.child({ component: "lead-delivery" }),
        siteOf: options.siteOf,
        config: {
          pollMs: env.LEAD_POLL_MS,
          leaseMs: env.LEAD_DELIVERY_LEASE_MS,
          baseDelayMs: env.LEAD_RETRY_BASE_MS,
          maxAttempts: env.LEAD_MAX_ATTEMPTS,
          batchSize: 20,
          concurrency: 4,
          fromAddress: env.MAIL_FROM,
          filesDir: files.dir,
        },
      })
    : null;
  const valuations = new RecentValuations();
  const intake = new LeadIntake({
    db,
    search: options.search,
    valuations,
    files,
    slots,
    onQueued: () => worker?.wake(),
    partnerConfigured: partner !== null,
    notifyOtherProcesses: database.pool !== null,
    transactionsRunOneAtATime: database.kind === "pglite",
    logger: logger.child({ component: "lead-intake" }),
  });
  const windowMs = env.LEAD_RATE_WINDOW_SECONDS * 1000;
  const devMailPage = env.DEV_MAIL_PAGE ?? (env.DEMO || env.NODE_ENV !== "production");
  return {
    intake,
    files,
    slots,
    lookups: valuations.remembering({
      builtIn: createSampleRegistrationProvider(db),
      nevdis:
        env.NEVDIS_API_URL && env.NEVDIS_API_KEY
          ? createNevdisProvider({ url: env.NEVDIS_API_URL, apiKey: env.NEVDIS_API_KEY })
          : null,
      autograb:
        env.AUTOGRAB_API_URL && env.AUTOGRAB_API_KEY
          ? createAutograbProvider({ url: env.AUTOGRAB_API_URL, apiKey: env.AUTOGRAB_API_KEY })
          : null,
    }),
    limiter: options.rateLimiter("leads", env.LEAD_RATE_LIMIT, windowMs),
    lookupLimiter: options.rateLimiter("lookups", env.LEAD_RATE_LIMIT * 2, windowMs),
    transport,
    partner,
    worker,
    devMailPage,
    async start() {
      if (transport.kind === "dev-outbox") {
        logger.info(
          devMailPage
            ? "lead e-mail goes to the dev outbox (no SMTP_URL): see /_dev/mail on the platform host"
            : "lead e-mail goes to the dev outbox (no SMTP_URL); set DEV_MAIL_PAGE=true to see it at /_dev/mail",
        );
      }
      await worker?.start();
    },
    async close() {
      await worker?.stop();
      await transport.close();
    },
  };
}
