/**
 * Sends the garage alert outbox: e-mail to a watcher with an address, SMS otherwise. A claimed
 * row is leased (its next attempt moved on) so two nodes never send it together; a failure is
 * retried with a growing wait, up to `maxAttempts`, then marked failed. Every message carries a
 * one-click unsubscribe link that works without signing in.
 */
import { backoffDelay } from "~/server/platform/backoff";
import { and, eq, inArray, lte } from "drizzle-orm";
import type { Logger } from "pino";
import { formatPrice, isPriceShown, NO_PRICE_TEXT } from "~/domain/vehicle-price";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import type { Database } from "../db/client";
import { garageAlerts, garageUsers } from "../db/schema";
import type { MailTransport } from "../providers/mail/mail-transport";
import type { SmsProvider } from "../providers/sms/sms-provider";
import type { Site } from "../sites/site";
import type { DigestCar } from "./saved-search-digest";
import { unsubscribePath } from "./unsubscribe";

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
  /** Queues the saved searches' digests that are due (saved-search-digest.ts). */
  queueDigests?: () => Promise<number>;
  /** Due digests are looked for at most this often. */
  digestCheckMs?: number;
};

const BATCH = 20;
const LEASE_MS = 60_000;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export class GarageAlertWorker {
  #timer: NodeJS.Timeout | null = null;
  #running: Promise<void> | null = null;
  #stopped = false;
  #lastDigestCheck = 0;

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
    if (
      this.deps.queueDigests &&
      now.getTime() - this.#lastDigestCheck >= (this.deps.digestCheckMs ?? 60_000)
    ) {
      this.#lastDigestCheck = now.getTime();
      await this.deps.queueDigests();
    }
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
        const wait = backoffDelay(attempts, { baseMs: this.deps.retryBaseMs ?? 30_000 });
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
    const unsubscribeUrl = `${origin}${unsubscribePath(user.unsubscribeToken)}`;
    const price = (n: number | undefined) =>
      isPriceShown(n) ? formatPrice(n, site.locale) : NO_PRICE_TEXT;
    if (alert.kind === "search_digest") {
      const digest = alert.payload as { search: string; total: number; cars: DigestCar[] };
      const searchUrl = `${origin}${digest.search}`;
      const lines = digest.cars.map((c) => `${c.name}, ${price(c.price)}: ${origin}${c.path}`);
      const subject = `${digest.total} new ${digest.total === 1 ? "car matches" : "cars match"} your saved search`;
      return this.#deliver(site, user, alert.id, origin, unsubscribeUrl, {
        subject,
        text: `New at ${site.name} since yesterday:\n\n${lines.join("\n")}\n\nAll results: ${searchUrl}`,
        html: `<p>New at ${escapeHtml(site.name)} since yesterday:</p><ul>${digest.cars
          .map(
            (c) =>
              `<li><a href="${escapeHtml(origin + c.path)}">${escapeHtml(c.name)}</a>, ${escapeHtml(price(c.price))}</li>`,
          )
          .join("")}</ul><p><a href="${escapeHtml(searchUrl)}">See all results</a></p>`,
        sms: `${subject}: ${searchUrl}`,
      });
    }
    const carUrl = `${origin}${vehiclePagePath(p.slug, site.settings)}`;
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
    return this.#deliver(site, user, alert.id, origin, unsubscribeUrl, {
      subject,
      text: `${line}\n\n${carUrl}`,
      html: `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(carUrl)}">See the car</a></p>`,
      sms: `${line} ${carUrl}`,
    });
  }

  /** E-mail to a watcher with an address, SMS otherwise; each with the unsubscribe link. */
  async #deliver(
    site: Site,
    user: typeof garageUsers.$inferSelect,
    alertId: number,
    origin: string,
    unsubscribeUrl: string,
    message: { subject: string; text: string; html: string; sms: string },
  ): Promise<null> {
    if (user.email) {
      await this.deps.mail.send({
        messageId: `<garage-alert-${alertId}@${new URL(origin).hostname}>`,
        from: { name: site.name, address: this.deps.fromAddress },
        to: user.email,
        subject: message.subject,
        text: `${message.text}\n\nStop these alerts: ${unsubscribeUrl}\n`,
        html: `${message.html}<p style="font-size:12px"><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe from garage alerts</a></p>`,
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
        body: `${message.sms} Stop: ${unsubscribeUrl}`,
        siteId: site.id,
      });
    }
    return null;
  }
}
