/**
 * Configuration from the environment, parsed once at start. A bad value stops the server
 * with a message naming the variable; nothing else in the code reads process.env.
 */
import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";
import { isAllowedNetworkEntry } from "./net/address-policy";

/** Names Express (proxy-addr) knows for the usual private ranges. */
const PROXY_RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An IP address, an IP/prefix range, or one of the range names above. */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const flag = z
  .enum(["true", "false", "1", "0", "on", "off"])
  .transform((v) => v === "true" || v === "1" || v === "on");

/** A comma-separated list, trimmed, empty entries dropped; empty by default. */
const commaList = () =>
  z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter((entry) => entry !== ""),
    );

export const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe("Port to listen on."),
  HOST: z.string().default("0.0.0.0").describe("Interface to listen on."),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .describe("PostgreSQL URL; unset = embedded PGlite under DATA_DIR."),
  DATA_DIR: z.string().default(".data").describe("Where the embedded database keeps its files."),
  PLATFORM_DOMAIN: z
    .string()
    .optional()
    .describe("Sites answer at {slug}.{PLATFORM_DOMAIN} as well as their own domain_name."),
  PLATFORM_INDEX: flag
    .default(true)
    .describe("Serve the list of sites at the bare host; set false in production."),
  DEMO: flag
    .default(false)
    .describe(
      "Run as a demo (npm start): on an empty database load the demo sites and their back office accounts with the published password, take test card payments, show the dev mail and SMS outboxes. Never on a live server.",
    ),
  SEED_DEMO: flag
    .optional()
    .describe(
      "Load the demo sites when the database has no site; default: on in a demo or outside production, off in production.",
    ),
  SEARCH_MASTER_KEY: z
    .string()
    .min(16, "SEARCH_MASTER_KEY must be at least 16 characters")
    .optional()
    .describe(
      "Master key of the search API; generated and printed at start when unset (set it when several servers share a database).",
    ),
  TRUSTED_PROXIES: commaList()
    .refine((entries) => entries.every(isProxyAddress), {
      message:
        "TRUSTED_PROXIES must list IP addresses or ranges (10.0.0.0/8), or loopback, linklocal, uniquelocal, separated by commas",
    })
    .describe(
      "Proxies whose X-Forwarded-For names the client (addresses, CIDR ranges, loopback/linklocal/uniquelocal); none by default.",
    ),
  OUTBOUND_ALLOWED_NETWORKS: commaList()
    .refine((entries) => entries.every(isAllowedNetworkEntry), {
      message:
        "OUTBOUND_ALLOWED_NETWORKS must list IP addresses or ranges (10.0.0.0/8), or loopback, private, separated by commas",
    })
    .describe(
      "Networks that feeds, webhooks, data sources and image hosts may be fetched from although private (addresses, CIDR ranges, loopback, private); none by default.",
    ),
  PAGE_CACHE: flag.default(true).describe("In-process cache of rendered pages per site and URL."),
  PAGE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(2000),
  // Every in-process cache is bounded by bytes, so a node's memory has a ceiling (GET /metrics).
  PAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024)
    .describe("Bytes of rendered pages kept (bodies and their gzip forms)."),
  SEARCH_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(32 * 1024 * 1024)
    .describe("Bytes of search results kept (their JSON length)."),
  IMAGE_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024)
    .describe("Bytes of resized images kept."),
  DEMO_PHOTO_DIR: z
    .string()
    .min(1)
    .optional()
    .describe(
      "Where the demo sites' drawn photos are also kept, for every server process of the machine; unset = in memory only.",
    ),
  SITE_MEMO_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024 * 1024)
    .describe(
      "Bytes of per-site reads kept (locations, content pages, reviews; their JSON length).",
    ),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number()
    .int()
    .min(0)
    .default(10_000)
    .describe(
      "On SIGTERM: how long requests in flight may take to finish before their connections are cut.",
    ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),

  // Leads (server/leads): mail, files, delivery and abuse limits.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional()
    .describe("SMTP server for lead e-mail; unset = the dev outbox (shown at /_dev/mail)."),
  MAIL_FROM: z
    .string()
    .email("MAIL_FROM must be an e-mail address")
    .default("leads@dealer-sites.localhost")
    .describe("Sender address of lead e-mail (the display name is the site's)."),
  DEV_MAIL_PAGE: flag
    .optional()
    .describe(
      "Show the dev outbox at /_dev/mail on the platform host; default: on unless production.",
    ),
  LEAD_FILES_DIR: z
    .string()
    .optional()
    .describe(
      "Where uploaded lead files are stored (outside the web root); default DATA_DIR/lead-files.",
    ),
  LEAD_DELIVERY: flag.default(true).describe("Run the lead delivery worker in this process."),
  DATA_SOURCE_REFRESH: flag
    .default(true)
    .describe(
      "Refresh the sites whose dataSource is a dashboard backend from this process (one process per deployment is enough).",
    ),
  LEAD_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(12),
  LEAD_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  LEAD_DELIVERY_LEASE_MS: z.coerce
    .number()
    .int()
    .min(100)
    .default(10_000)
    .describe(
      "A claimed delivery's lease, renewed every third of it while the job is worked on: a dead process's jobs are taken over within this plus LEAD_POLL_MS.",
    ),
  LEAD_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  LEAD_RATE_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe("Lead submissions per client and site in LEAD_RATE_WINDOW_SECONDS."),
  LEAD_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(600),
  REDIS_URL: z
    .string()
    .url()
    .optional()
    .describe(
      "Redis (redis://host:6379): every web node counts the per-client limits there; unset = each node counts alone.",
    ),
  REDIS_KEY_PREFIX: z
    .string()
    .default("dealer-sites:")
    .describe(
      "Prefix of this deployment's Redis keys, so that several deployments can share one Redis.",
    ),
  STOCK_FEED_PULL: flag
    .default(true)
    .describe("Pull the sites' stock feed URLs in this process (one node per site at a time)."),
  STOCK_FEED_PULL_TICK_MS: z.coerce
    .number()
    .int()
    .min(1000)
    .default(60_000)
    .describe("How often to look for stock feeds due for a pull."),
  // Garage (server/garage): SMS sign-in codes and alerts.
  TWILIO_ACCOUNT_SID: z
    .string()
    .optional()
    .describe("Twilio account for SMS; unset = the dev SMS outbox (/_dev/sms)."),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z
    .string()
    .optional()
    .describe("Sender: a Twilio number (E.164) or a Messaging Service SID."),
  TWILIO_API_URL: z.string().url().optional().describe("Another origin for Twilio's API (tests)."),
  GARAGE_CODE_CLIENT_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe("Sign-in code requests per client and site per hour."),
  GARAGE_CODE_NUMBER_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(5)
    .describe("Sign-in code requests per mobile number and site per hour."),
  GARAGE_VERIFY_CLIENT_LIMIT: z.coerce
    .number()
    .int()
    .min(1)
    .default(60)
    .describe("Sign-in code submissions per client and site per hour."),
  GARAGE_ALERT_POLL_MS: z.coerce.number().int().min(10).default(5_000),
  GARAGE_DIGEST_CHECK_MS: z.coerce.number().int().min(10).default(60_000),
  NEVDIS_API_URL: z.string().url().optional(),
  NEVDIS_API_KEY: z.string().optional(),
  AUTOGRAB_API_URL: z.string().url().optional(),
  AUTOGRAB_API_KEY: z.string().optional(),
  CAR_CLARITY_API_URL: z.string().url().optional(),
  CAR_CLARITY_API_KEY: z.string().optional(),
  PAYMENTS_TEST_PROVIDER: flag
    .optional()
    .describe(
      "A site whose card provider has no credentials here takes deposits with the built-in test card provider (no real card is charged); off: such a site offers no online payment. Default: on in a demo or outside production, off in production.",
    ),
  TEST_PAYMENTS_WEBHOOK_SECRET: z
    .string()
    .min(16)
    .optional()
    .describe("Signing secret of the built-in test provider's webhooks (generated when unset)."),
  STRIPE_SECRET_KEY: z.string().optional().describe("Stripe secret key (sk_...)."),
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .optional()
    .describe("Stripe webhook signing secret (whsec_...)."),
  STRIPE_API_URL: z
    .string()
    .url()
    .optional()
    .describe("Stripe API base URL; unset = Stripe's own (tests point it at a local server)."),
  WINDCAVE_API_URL: z
    .string()
    .url()
    .default("https://sec.windcave.com")
    .describe("Windcave REST API base URL (https://uat.windcave.com for testing)."),
  WINDCAVE_USERNAME: z.string().optional().describe("Windcave REST API username."),
  WINDCAVE_API_KEY: z.string().optional().describe("Windcave REST API key."),
  PIN_API_URL: z
    .string()
    .url()
    .default("https://api.pinpayments.com")
    .describe("Pin Payments API base URL (https://test-api.pinpayments.com for testing)."),
  PIN_SECRET_KEY: z.string().optional().describe("Pin Payments secret API key."),
  PIN_HOSTED_FIELDS_URL: z
    .string()
    .url()
    .default("https://cdn.pinpayments.com/pin.hosted_fields.v1.js")
    .describe("Pin Payments Hosted Fields script; its origin is allowed in the card page's CSP."),
  PIN_WEBHOOK_SIGNING_KEY: z
    .string()
    .optional()
    .describe("Pin Payments webhook endpoint signing key (Pin-Signature)."),
  RESERVATION_SWEEP_MS: z.coerce
    .number()
    .int()
    .min(50)
    .default(30_000)
    .describe("How often unpaid reservation holds past their time are ended."),
});

export type Env = Omit<z.infer<typeof EnvSchema>, "SEED_DEMO" | "PAYMENTS_TEST_PROVIDER"> & {
  SEARCH_MASTER_KEY: string;
  TEST_PAYMENTS_WEBHOOK_SECRET: string;
  SEED_DEMO: boolean;
  PAYMENTS_TEST_PROVIDER: boolean;
};

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  // Demo data and test payments are never a production default: a live server gets them only
  // when asked for by name (DEMO, or the variable itself).
  const demoDefault = env.DEMO || env.NODE_ENV !== "production";
  return {
    ...env,
    SEED_DEMO: env.SEED_DEMO ?? demoDefault,
    PAYMENTS_TEST_PROVIDER: env.PAYMENTS_TEST_PROVIDER ?? demoDefault,
    SEARCH_MASTER_KEY: env.SEARCH_MASTER_KEY ?? randomBytes(24).toString("hex"),
    TEST_PAYMENTS_WEBHOOK_SECRET:
      env.TEST_PAYMENTS_WEBHOOK_SECRET ?? randomBytes(24).toString("hex"),
  };
}
