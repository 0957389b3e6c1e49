/**
 * The delivery worker: sends each completed lead to its recipients from the outbox
 * (`lead_deliveries`), written in the same transaction as the lead.
 *
 * - Jobs are claimed with `FOR UPDATE SKIP LOCKED` under a short lease, so several processes on
 *   one PostgreSQL share the work. While a job is worked on, a heartbeat renews its lease every
 *   third of the lease; a process that dies stops renewing, and its jobs are taken over when the
 *   lease ends (seconds, not minutes). Stopping hands back the jobs not yet sent.
 * - Each attempt is logged (lead_events) before the message goes out: if the process dies
 *   between the SMTP server's acceptance and our 'delivered' mark, the retry that follows is in
 *   the log, and the message id is the same, so receivers can fold the copies.
 * - Failures are retried with exponential backoff (with jitter); after the last attempt the job
 *   and the lead are marked failed and stay visible.
 */
import { backoffDelay } from "~/server/platform/backoff";
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type pg from "pg";
import type { Logger } from "pino";
import type { Database } from "../db/client";
import { leadDeliveries, leadEvents, leadRecipients, leads } from "../db/schema";
import type { FinancePartner } from "../providers/finance-partner/car-clarity";
import type { MailTransport } from "../providers/mail/mail-transport";
import type { Site } from "../sites/site";
import { buildLeadEmail } from "./lead-email";
import { loadLeadDocument } from "./lead-document";
import { postSigned, webhookBody } from "./webhook";

export const OUTBOX_CHANNEL = "lead_outbox";

export type DeliveryConfig = {
  pollMs: number;
  leaseMs: number;
  baseDelayMs: number;
  maxAttempts: number;
  batchSize: number;
  concurrency: number;
  fromAddress: string;
  filesDir: string;
};

export type DeliveryDependencies = {
  db: Database;
  /** PostgreSQL: LISTEN for other processes' new leads. PGlite: null (one process). */
  pool: pg.Pool | null;
  transport: MailTransport;
  partner: FinancePartner | null;
  logger: Logger;
  siteOf: (siteId: number) => Site | undefined;
  config: DeliveryConfig;
};

/**
 * A channel another module delivers through this outbox (the reservation receipt to the
 * shopper): same claim, lease, retries and log as the lead's own channels. Answers the
 * receiver's response; throws to be retried.
 */
export type ChannelHandler = (job: {
  leadId: string;
  siteId: number;
  target: string;
  attempt: number;
}) => Promise<string>;

type Job = {
  id: number;
  leadId: string;
  siteId: number;
  channel: string;
  target: string;
  attempts: number;
  /** > 0: staff asked for this delivery again (back office "Resend"). */
  resends: number;
};

function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];
}

export class LeadDeliveryWorker {
  readonly workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  readonly #deps: DeliveryDependencies;
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #again = false;
  #stopping = false;
  #listener: pg.PoolClient | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  /** Jobs this worker holds a lease on: claimed and not yet settled. */
  readonly #held = new Map<number, Job>();
  /** Claimed jobs whose sending has not started (handed back on stop). */
  readonly #queued = new Set<Job>();
  readonly #channels = new Map<string, ChannelHandler>();
  /**
   * Channels that write to the shopper (receipts, acknowledgements): the lead's delivery status
   * is the dealership's, so these neither hold it back nor mark it failed.
   */
  readonly #shopperChannels = new Set<string>();

  constructor(deps: DeliveryDependencies) {
    this.#deps = deps;
  }

  /** Delivers the outbox's jobs of `channel` with `handler`. */
  registerChannel(
    channel: string,
    handler: ChannelHandler,
    options: { toShopper?: boolean } = {},
  ): void {
    this.#channels.set(channel, handler);
    if (options.toShopper) this.#shopperChannels.add(channel);
  }

  /** The channels whose jobs decide the lead's delivery status, as SQL to exclude the others. */
  #dealerChannelsOnly(column: SQL): SQL {
    const shopper = [...this.#shopperChannels];
    return shopper.length === 0
      ? sql`TRUE`
      : sql`${column} NOT IN (${sql.join(
          shopper.map((c) => sql`${c}`),
          sql`, `,
        )})`;
  }

  async start(): Promise<void> {
    // Jobs left 'sending' by a process that died are taken over when their short lease ends.
    const { pool, logger } = this.#deps;
    if (pool) {
      this.#listener = await pool.connect();
      this.#listener.on("notification", () => this.wake());
      this.#listener.on("error", (error) =>
        logger.warn({ err: error }, "lead outbox listener failed"),
      );
      await this.#listener.query(`LISTEN ${OUTBOX_CHANNEL}`);
    }
    this.#heartbeat = setInterval(
      () => void this.#renewLeases(),
      Math.max(50, Math.floor(this.#deps.config.leaseMs / 3)),
    );
    this.#heartbeat.unref();
    this.wake();
  }

  /** Extends the lease of every job still being worked on; a job lost meanwhile is dropped. */
  async #renewLeases(): Promise<void> {
    const ids = [...this.#held.keys()];
    if (ids.length === 0) return;
    const { db, config, logger } = this.#deps;
    try {
      const renewed = await db
        .update(leadDeliveries)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${config.leaseMs / 1000})` })
        .where(
          and(
            inArray(leadDeliveries.id, ids),
            eq(leadDeliveries.lockedBy, this.workerId),
            eq(leadDeliveries.status, "sending"),
          ),
        )
        .returning({ id: leadDeliveries.id });
      if (renewed.length < ids.length)
        logger.warn(
          { held: ids.length, renewed: renewed.length },
          "some lead delivery leases ran out before they were renewed",
        );
    } catch (error) {
      logger.warn({ err: error }, "could not renew lead delivery leases");
    }
  }

  /** Look at the outbox now (a lead was just committed). */
  wake(): void {
    if (this.#stopping) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#running = this.#loop().finally(() => {
      this.#running = null;
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#stopping) return;
    this.#timer = setTimeout(() => this.wake(), this.#deps.config.pollMs);
    this.#timer.unref();
  }

  async #loop(): Promise<void> {
    try {
      do {
        this.#again = false;
        while (!this.#stopping && (await this.runOnce()) > 0) {
          // Keep going while there is due work.
        }
      } while (this.#again && !this.#stopping);
    } catch (error) {
      this.#deps.logger.error({ err: error }, "lead delivery loop failed");
    }
  }

  /** Claims and sends one batch of due jobs; the number claimed. */
  async runOnce(): Promise<number> {
    const jobs = await this.#claim();
    for (const job of jobs) {
      this.#held.set(job.id, job);
      this.#queued.add(job);
    }
    const queue = [...jobs];
    const lanes = Array.from(
      { length: Math.min(this.#deps.config.concurrency, queue.length) },
      async () => {
        for (let job = queue.shift(); job && !this.#stopping; job = queue.shift()) {
          if (!this.#queued.delete(job)) continue;
          try {
            await this.#deliver(job);
          } finally {
            this.#held.delete(job.id);
          }
        }
      },
    );
    await Promise.all(lanes);
    return jobs.length;
  }

  async #claim(): Promise<Job[]> {
    const { db, config } = this.#deps;
    return db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        UPDATE lead_deliveries AS d
        SET status = 'sending', attempts = d.attempts + 1, locked_by = ${this.workerId},
            locked_until = now() + make_interval(secs => ${config.leaseMs / 1000}), updated_at = now()
        WHERE d.id IN (
          SELECT id FROM lead_deliveries
          WHERE (status = 'pending' AND next_attempt_at <= now())
             OR (status = 'sending' AND locked_until < now())
          ORDER BY next_attempt_at, id
          LIMIT ${config.batchSize}
          FOR UPDATE SKIP LOCKED)
        RETURNING d.id, d.lead_id, d.site_id, d.channel, d.target, d.attempts, d.resends`);
      const jobs = rowsOf<{
        id: number;
        lead_id: string;
        site_id: number;
        channel: string;
        target: string;
        attempts: number;
        resends: number;
      }>(result).map((r) => ({
        id: r.id,
        leadId: r.lead_id,
        siteId: r.site_id,
        channel: r.channel,
        target: r.target,
        attempts: r.attempts,
        resends: r.resends,
      }));
      if (jobs.length > 0) {
        await tx.insert(leadEvents).values(
          jobs.map((job) => ({
            leadId: job.leadId,
            siteId: job.siteId,
            kind: job.attempts > 1 ? "delivery.retry" : "delivery.attempt",
            data: {
              delivery_id: job.id,
              channel: job.channel,
              target: job.target,
              attempt: job.attempts,
              worker: this.workerId,
              ...(job.resends > 0 ? { resend: job.resends } : {}),
            },
          })),
        );
      }
      return jobs;
    });
  }

  async #deliver(job: Job): Promise<void> {
    const started = Date.now();
    try {
      const response = await this.#send(job);
      await this.#markDelivered(job, response, Date.now() - started);
    } catch (error) {
      await this.#markFailed(job, error).catch((markError: unknown) =>
        this.#deps.logger.error(
          { err: markError, delivery: job.id },
          "could not record a failed lead delivery",
        ),
      );
    }
  }

  async #send(job: Job): Promise<string> {
    const { db, transport, partner, siteOf, config } = this.#deps;
    const lead = await loadLeadDocument(db, job.leadId, siteOf);
    if (!lead) throw new Error("The lead or its site no longer exists");
    switch (job.channel) {
      case "email": {
        const mail = buildLeadEmail(lead, {
          deliveryId: job.id,
          to: job.target,
          fromAddress: config.fromAddress,
          filesDir: config.filesDir,
          resend: job.resends,
        });
        const sent = await transport.send(mail);
        return sent.response || sent.messageId;
      }
      case "webhook": {
        const [recipient] = await db
          .select({ secret: leadRecipients.secret })
          .from(leadRecipients)
          .where(
            and(
              eq(leadRecipients.siteId, job.siteId),
              eq(leadRecipients.channel, "webhook"),
              eq(leadRecipients.target, job.target),
            ),
          )
          .limit(1);
        return postSigned({
          url: job.target,
          body: webhookBody(lead),
          secret: recipient?.secret ?? null,
          headers: { "x-lead-id": lead.id, "idempotency-key": `${lead.id}.${job.id}` },
        });
      }
      case "partner": {
        if (!partner)
          throw new Error("The finance partner is not configured (CAR_CLARITY_API_URL)");
        const site = siteOf(job.siteId);
        return partner.send(
          lead,
          site?.settings.financePartnerCode ?? null,
          `${lead.id}.${job.id}`,
        );
      }
      default: {
        const handler = this.#channels.get(job.channel);
        if (!handler) throw new Error(`Unknown delivery channel ${job.channel}`);
        return handler({
          leadId: job.leadId,
          siteId: job.siteId,
          target: job.target,
          attempt: job.attempts,
        });
      }
    }
  }

  /**
   * One statement: the job is marked delivered (if this worker still holds it), the delivery is
   * logged, and the lead is marked delivered once none of its dealership jobs is left.
   */
  async #markDelivered(job: Job, response: string, ms: number): Promise<void> {
    const data = {
      delivery_id: job.id,
      channel: job.channel,
      target: job.target,
      attempt: job.attempts,
      response: response.slice(0, 300),
      ms,
    };
    const result = await this.#deps.db.execute(sql`
      WITH done AS (
        UPDATE lead_deliveries
        SET status = 'delivered', delivered_at = now(), locked_until = NULL, last_error = NULL, updated_at = now()
        WHERE id = ${job.id} AND locked_by = ${this.workerId} AND attempts = ${job.attempts}
        RETURNING id, lead_id),
      logged AS (
        INSERT INTO lead_events (lead_id, site_id, kind, data)
        VALUES (${job.leadId}, ${job.siteId},
                CASE WHEN EXISTS (SELECT 1 FROM done) THEN 'delivery.delivered' ELSE 'delivery.delivered_after_lease' END,
                ${JSON.stringify(data)}::jsonb))
      UPDATE leads SET delivery_status = 'delivered', updated_at = now()
      WHERE id = (SELECT lead_id FROM done)
        AND ${this.#shopperChannels.has(job.channel) ? sql`FALSE` : sql`TRUE`}
        AND NOT EXISTS (
          SELECT 1 FROM lead_deliveries other
          WHERE other.lead_id = leads.id AND other.status <> 'delivered' AND other.id <> ${job.id}
            AND ${this.#dealerChannelsOnly(sql`other.channel`)})`);
    void result;
  }

  async #markFailed(job: Job, error: unknown): Promise<void> {
    const { db, config, logger } = this.#deps;
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    const last = job.attempts >= config.maxAttempts;
    const next = new Date(Date.now() + backoffDelay(job.attempts, { baseMs: config.baseDelayMs }));
    await db.transaction(async (tx) => {
      const updated = await tx
        .update(leadDeliveries)
        .set(
          last
            ? { status: "failed", lockedUntil: null, lastError: message, updatedAt: new Date() }
            : {
                status: "pending",
                lockedUntil: null,
                nextAttemptAt: next,
                lastError: message,
                updatedAt: new Date(),
              },
        )
        .where(
          and(
            eq(leadDeliveries.id, job.id),
            eq(leadDeliveries.lockedBy, this.workerId),
            eq(leadDeliveries.attempts, job.attempts),
          ),
        )
        .returning({ id: leadDeliveries.id });
      if (updated.length === 0) return;
      await tx.insert(leadEvents).values({
        leadId: job.leadId,
        siteId: job.siteId,
        kind: last ? "delivery.failed" : "delivery.retry_scheduled",
        data: {
          delivery_id: job.id,
          channel: job.channel,
          target: job.target,
          attempt: job.attempts,
          error: message,
          ...(last ? {} : { next_attempt_at: next.toISOString() }),
        },
      });
      if (last && !this.#shopperChannels.has(job.channel))
        await tx
          .update(leads)
          .set({ deliveryStatus: "failed", updatedAt: new Date() })
          .where(eq(leads.id, job.leadId));
    });
    if (last) {
      logger.error(
        {
          lead: job.leadId,
          delivery: job.id,
          channel: job.channel,
          attempts: job.attempts,
          err: message,
        },
        "lead delivery failed for good",
      );
    } else {
      logger.warn(
        { lead: job.leadId, delivery: job.id, attempt: job.attempts, err: message, next },
        "lead delivery will be retried",
      );
    }
  }

  /**
   * Stops claiming, hands back the claimed jobs not yet started, and waits (up to `timeoutMs`)
   * for the sends in flight; those still unfinished then are handed back too (another worker
   * sends them again, under the same message id).
   */
  async stop(timeoutMs = 10_000): Promise<void> {
    this.#stopping = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const unstarted = [...this.#queued];
    this.#queued.clear();
    for (const job of unstarted) this.#held.delete(job.id);
    await this.#handBack(unstarted, { started: false });
    if (this.#running) {
      await Promise.race([
        this.#running,
        new Promise((resolve) => setTimeout(resolve, timeoutMs).unref()),
      ]);
    }
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
    await this.#handBack([...this.#held.values()], { started: true });
    this.#held.clear();
    if (this.#listener) {
      await this.#listener.query(`UNLISTEN ${OUTBOX_CHANNEL}`).catch(() => undefined);
      this.#listener.release();
      this.#listener = null;
    }
  }

  /**
   * Gives jobs back to the outbox, due now, for any worker. A job never started gives back its
   * attempt too; one cut short keeps it, since its message may have gone out.
   */
  async #handBack(jobs: Job[], { started }: { started: boolean }): Promise<void> {
    if (jobs.length === 0) return;
    try {
      await this.#deps.db
        .update(leadDeliveries)
        .set({
          status: "pending",
          lockedUntil: null,
          lockedBy: null,
          nextAttemptAt: sql`now()`,
          updatedAt: new Date(),
          ...(started ? {} : { attempts: sql`${leadDeliveries.attempts} - 1` }),
        })
        .where(
          and(
            inArray(
              leadDeliveries.id,
              jobs.map((job) => job.id),
            ),
            eq(leadDeliveries.lockedBy, this.workerId),
            eq(leadDeliveries.status, "sending"),
          ),
        );
    } catch (error) {
      this.#deps.logger.warn({ err: error }, "could not hand back lead deliveries");
    }
  }
}
