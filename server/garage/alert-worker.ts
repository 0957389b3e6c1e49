/**
 * Sends the garage alert outbox: e-mail to a watcher with an address, SMS otherwise. A claimed
 * row is leased (its next attempt moved on) so two nodes never send it together; a failure is
 * retried with a growing wait, up to `maxAttempts`, then marked failed. Every message carries a
 * one-click unsubscribe link that works without signing in.
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { formatPrice } from "~/domain/vehicle-price";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import type { Database } from "../db/client";
import { garageAlerts, garageUsers } from "../db/schema";
import type { MailTransport } from "../providers/mail/mail-transport";
import type { SmsProvider } from "../providers/sms/sms-provider";
import type { Site } from "../sites/site";

export type AlertPayload = {
  vehicleId: number;
  name: string;
  slug: string;
  make: string;
  model: string;
  oldPrice?: number;
  newPrice?: number;
};

export type AlertWorkerDeps = {
  db: Database;
  mail: MailTransport;
  sms: SmsProvider;
  siteOf: (siteId: number) => Site | undefined;
  originOf: (site: Site) => string;
  fromAddress: string;
  logger: Logger;
  pollMs: number;
  maxAttempts?: number;
  retryBaseMs?: number;
};

const BATCH = 20;
const LEASE_MS = 60_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class GarageAlertWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;

  constructor(private readonly deps: AlertWorkerDeps) {}

  start(): void {
    this.#stopped = false;
    const tick = () => {
      if (this.#stopped) return;
      this.#running = this.runOnce()
        .then(() => undefined)
        .catch((error: unknown) => this.deps.logger.error({ err: error }, "garage alerts failed"))
        .finally(() => {
          this.#running = null;
          if (!this.#stopped) this.#timer = setTimeout(tick, this.deps.pollMs);
        });
    };
    this.#timer = setTimeout(tick, 0);
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    await this.#running;
  }

  /** Sends what is due now; answers how many were sent. */
  async runOnce(): Promise<number> {
    const { db } = this.deps;
    const now = new Date();
    const due = await db
      .select({ id: garageAlerts.id })
      .from(garageAlerts)
      .where(and(eq(garageAlerts.status, "pending"), lte(garageAlerts.nextAttemptAt, now)))
      .orderBy(garageAlerts.id)
      .limit(BATCH);
    if (due.length === 0) return 0;
    // The lease: only rows still due are taken; another node's claim wins over ours.
    const claimed = await db
      .update(garageAlerts)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(
        and(
          inArray(
            garageAlerts.id,
            due.map((d) => d.id),
          ),
          eq(garageAlerts.status, "pending"),
          lte(garageAlerts.nextAttemptAt, now),
        ),
      )
      .returning();
    let sent = 0;
    for (const alert of claimed) {
      try {
        const done = await this.#send(alert);
        await db
          .update(garageAlerts)
          .set({
            status: "sent",
            sentAt: new Date(),
            attempts: alert.attempts + 1,
            lastError: done,
          })
          .where(eq(garageAlerts.id, alert.id));
        sent += 1;
      } catch (error) {
        const attempts = alert.attempts + 1;
        const max = this.deps.maxAttempts ?? 8;
        const wait = (this.deps.retryBaseMs ?? 30_000) * 2 ** (attempts - 1);
        await db
          .update(garageAlerts)
          .set({
            attempts,
            status: attempts >= max ? "failed" : "pending",
            nextAttemptAt: new Date(Date.now() + wait),
            lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
          })
          .where(eq(garageAlerts.id, alert.id));
        this.deps.logger.warn({ alert: alert.id, attempts, err: error }, "garage alert not sent");
      }
    }
    return sent;
  }

  /** Sends one alert; answers a note when it was skipped on purpose (null when sent). */
  async #send(alert: typeof garageAlerts.$inferSelect): Promise<string | null> {
    const site = this.deps.siteOf(alert.siteId);
    const [user] = await this.deps.db
      .select()
      .from(garageUsers)
      .where(and(eq(garageUsers.id, alert.userId), eq(garageUsers.siteId, alert.siteId)));
    if (!site || !user) return "skipped: no site or user";
    if (user.alertsOff) return "skipped: unsubscribed";
    if (alert.kind === "sold" && !site.settings.garage.notifyWhenSavedCarSells)
      return "skipped: site sends no sold alerts";
    const p = alert.payload as AlertPayload;
    const origin = this.deps.originOf(site);
    const carUrl = `${origin}${vehiclePagePath(p.slug, site.settings)}`;
    const unsubscribeUrl = `${origin}/api/garage/unsubscribe?token=${user.unsubscribeToken}`;
    const price = (n: number | undefined) => formatPrice(n ?? 0, site.locale);
    const { subject, line } =
      alert.kind === "sold"
        ? {
            subject: `A car in your garage has sold: ${p.name}`,
            line: `The ${p.name} you saved at ${site.name} has sold. We can help you find something similar.`,
          }
        : {
            subject: `Price drop: ${p.name} is now ${price(p.newPrice)}`,
            line: `The ${p.name} you saved at ${site.name} dropped from ${price(p.oldPrice)} to ${price(p.newPrice)}.`,
          };
    if (user.email) {
      await this.deps.mail.send({
        messageId: `<garage-alert-${alert.id}@${new URL(origin).hostname}>`,
        from: { name: site.name, address: this.deps.fromAddress },
        to: user.email,
        subject,
        text: `${line}\n\n${carUrl}\n\nStop these alerts: ${unsubscribeUrl}\n`,
        html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(carUrl)}">See the car</a></p><p style="font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from garage alerts</a></p>`,
        headers: {
          "List-Unsubscribe": `<${unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        },
        attachments: [],
        siteId: site.id,
      });
    } else {
      await this.deps.sms.send({
        to: user.phone,
        body: `${line} ${carUrl} Stop: ${unsubscribeUrl}`,
        siteId: site.id,
      });
    }
    return null;
  }
}

/** Pending alerts of a site (tests and the dev page). */
export async function pendingAlertCount(db: Database, siteId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(garageAlerts)
    .where(and(eq(garageAlerts.siteId, siteId), eq(garageAlerts.status, "pending")));
  return row?.n ?? 0;
}
