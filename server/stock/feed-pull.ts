/**
 * The scheduled pull of a site's feed URL (site setting stockFeed.url), imported as a full feed
 * through the same code path as the API and the CLI. The last answer's ETag and Last-Modified are
 * kept per site, so an unchanged feed is a 304 and costs nothing more. Of several web nodes
 * sharing the database, one pulls a given site at a time: it holds a lease on the site's
 * `stock_feed_pulls` row (decision 021).
 */
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { stockFeedPulls } from "../db/schema";
import type { ChangeBus } from "../events/change-bus";
import { answeredStatus, OutboundFetchError, outboundFetch } from "../net/outbound-fetch";
import type { Site } from "../sites/site";
import type { SiteRegistry } from "../sites/site-registry";
import { feedFormatOfContentType, feedFormatOfFile } from "./stock-feed";
import { importStock } from "./stock-import";

/** Longest a pull may hold a site: past it, another node may take the site over. */
const LEASE_MS = 5 * 60_000;
const FETCH_TIMEOUT_MS = 60_000;
/** The same ceiling as the stock API's body limit. */
const MAX_FEED_BYTES = 32 * 1024 * 1024;

export type PullOutcome = "not_modified" | "imported" | "refused" | "failed" | "busy";

export async function pullSiteFeed(
  deps: { db: Database; bus: ChangeBus },
  site: Pick<Site, "id" | "dealershipId" | "settings">,
  owner: string = randomUUID(),
): Promise<PullOutcome> {
  const { db } = deps;
  const url = site.settings.stockFeed.url;
  if (!url) return "failed";
  await db.insert(stockFeedPulls).values({ siteId: site.id, feedUrl: url }).onConflictDoNothing();
  const [claimed] = await db
    .update(stockFeedPulls)
    .set({ leaseUntil: sql`now() + ${`${LEASE_MS} milliseconds`}::interval`, leaseOwner: owner })
    .where(
      and(
        eq(stockFeedPulls.siteId, site.id),
        or(isNull(stockFeedPulls.leaseUntil), lt(stockFeedPulls.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
  if (!claimed) return "busy";

  // Validators of another address say nothing about this one.
  const sameUrl = claimed.feedUrl === url;
  const finish = (outcome: Exclude<PullOutcome, "busy">, fields: Partial<typeof claimed> = {}) =>
    db
      .update(stockFeedPulls)
      .set({
        feedUrl: url,
        lastPulledAt: new Date(),
        lastOutcome: outcome,
        lastError: null,
        leaseUntil: null,
        leaseOwner: null,
        ...fields,
      })
      .where(and(eq(stockFeedPulls.siteId, site.id), eq(stockFeedPulls.leaseOwner, owner)))
      .then(() => outcome);

  let response: Response;
  try {
    const headers: Record<string, string> = { accept: "text/csv, application/json;q=0.9" };
    if (sameUrl && claimed.etag) headers["if-none-match"] = claimed.etag;
    if (sameUrl && claimed.lastModified) headers["if-modified-since"] = claimed.lastModified;
    // Through the guard: the feed URL is a site setting, so it must not reach this network.
    response = await outboundFetch(url, {
      headers,
      timeoutMs: FETCH_TIMEOUT_MS,
      maxBytes: MAX_FEED_BYTES,
    });
  } catch (error) {
    const failure = error instanceof OutboundFetchError ? error : null;
    return finish("failed", {
      lastError:
        failure?.failure === "size"
          ? "The feed is larger than 32 MB: split it across several feeds."
          : `The feed URL was not fetched: ${failure?.message ?? "the request failed"}`,
    });
  }
  if (response.status === 304) return finish("not_modified");
  if (!response.ok) {
    return finish("failed", { lastError: `The feed URL ${answeredStatus(response)}` });
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  const format =
    feedFormatOfContentType(response.headers.get("content-type") ?? undefined) ??
    feedFormatOfFile(new URL(url).pathname, bytes);
  const report = await importStock(deps, { site, source: "pull", mode: "full", format, bytes });
  return finish(report.status === "applied" ? "imported" : "refused", {
    etag: response.headers.get("etag"),
    lastModified: response.headers.get("last-modified"),
    lastError: report.error,
  });
}

/**
 * The last pull of a site's feed URL, for the back office's imports page: when, what came of it,
 * and why it failed (words of our own, never the answer's body). Null before the first pull.
 */
export async function feedPullStatus(db: Database, siteId: number) {
  const [row] = await db
    .select({
      feedUrl: stockFeedPulls.feedUrl,
      lastPulledAt: stockFeedPulls.lastPulledAt,
      lastOutcome: stockFeedPulls.lastOutcome,
      lastError: stockFeedPulls.lastError,
    })
    .from(stockFeedPulls)
    .where(eq(stockFeedPulls.siteId, siteId));
  if (!row?.lastPulledAt) return null;
  // Shown to anyone who may read the stock: a password or token in the address (user info,
  // query) stays in the settings.
  const shown = URL.parse(row.feedUrl);
  return { ...row, feedUrl: shown ? `${shown.origin}${shown.pathname}` : "" };
}

/**
 * Every `tickMs`, pulls the feeds that are due (stockFeed.pullIntervalMinutes since the last
 * pull), one site after another. Answers a function that stops it.
 */
export function startFeedPuller(options: {
  db: Database;
  bus: ChangeBus;
  registry: SiteRegistry;
  logger: Logger;
  tickMs: number;
}): () => Promise<void> {
  const { db, registry, logger } = options;
  const owner = randomUUID();
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  const tick = async () => {
    const withFeed = registry.all().filter((site) => site.settings.stockFeed.url);
    if (withFeed.length === 0) return;
    const last = new Map(
      (
        await db
          .select({ siteId: stockFeedPulls.siteId, at: stockFeedPulls.lastPulledAt })
          .from(stockFeedPulls)
      ).map((row) => [row.siteId, row.at?.getTime() ?? 0]),
    );
    for (const site of withFeed) {
      if (stopped) return;
      const due = (last.get(site.id) ?? 0) + site.settings.stockFeed.pullIntervalMinutes * 60_000;
      if (due > Date.now()) continue;
      const outcome = await pullSiteFeed(options, site, owner);
      logger.info({ site: site.slug, outcome }, "stock feed pulled");
    }
  };
  const timer = setInterval(() => {
    running = running
      .then(tick)
      .catch((error: unknown) => logger.error({ err: error }, "stock feed pull failed"));
  }, options.tickMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
