/**
 * Where a completed lead goes (docs/product/leads-and-forms.md): the site's recipients for its
 * category, the most specific first (its location's, else its dealership's, else the site's),
 * else the location's or the site's contact e-mail (an ADF recipient counts as an e-mail
 * recipient); every matching webhook; and the finance
 * partner for partner leads. Queued as outbox jobs in the lead's transaction, with the shopper's
 * acknowledgement (shopper-acknowledgement.ts).
 */
import { sql } from "drizzle-orm";
import { leadRecipients } from "../db/schema";
import type { SiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import { OUTBOX_CHANNEL } from "./delivery-worker";
import type { ResolvedLead } from "./lead-resolution";
import { addDeliveries, updateLead, type LeadEventRow, type Transaction } from "./lead-store";
import { acknowledgementJob } from "./shopper-acknowledgement";

type Recipient = typeof leadRecipients.$inferSelect;
export type DeliveryJob = { channel: string; target: string };

/** The outbox jobs of a lead, without repeats. Pure. */
export function deliveryJobs(
  site: Pick<Site, "contactDetails">,
  recipients: readonly Recipient[],
  resolved: Pick<ResolvedLead, "category" | "locationId" | "dealershipId" | "details">,
  toPartner: boolean,
): DeliveryJob[] {
  const forCategory = recipients.filter(
    (r) => r.categories.length === 0 || r.categories.includes(resolved.category),
  );
  const atLocation = forCategory.filter(
    (r) => resolved.locationId !== null && r.locationId === resolved.locationId,
  );
  const atDealership = forCategory.filter(
    (r) =>
      r.locationId === null &&
      resolved.dealershipId !== null &&
      r.dealershipId === resolved.dealershipId,
  );
  const siteWide = forCategory.filter((r) => r.locationId === null && r.dealershipId === null);
  const emails =
    [atLocation, atDealership, siteWide]
      // An ADF recipient (a CRM's lead address) gets the e-mail, whose ADF/XML it reads.
      .map((group) => group.filter((r) => r.channel === "email" || r.channel === "adf"))
      .find((g) => g.length > 0)
      ?.map((r) => r.target) ??
    [resolved.details.location?.email, site.contactDetails.email]
      .filter((e): e is string => Boolean(e))
      .slice(0, 1);
  const webhooks = [...atLocation, ...atDealership, ...siteWide]
    .filter((r) => r.channel === "webhook")
    .map((r) => r.target);
  const jobs = [
    ...emails.map((target) => ({ channel: "email", target })),
    ...webhooks.map((target) => ({ channel: "webhook", target })),
    ...(toPartner ? [{ channel: "partner", target: "car-clarity" }] : []),
  ];
  return [...new Map(jobs.map((j) => [`${j.channel}:${j.target}`, j])).values()];
}

/**
 * Queues a completed lead's deliveries in its transaction; answers the number queued and the
 * event recording it, for the caller to add with the lead's other events. Other processes'
 * workers (PostgreSQL) hear of the lead when it commits.
 */
export async function queueDeliveries(
  tx: Transaction,
  scope: SiteScope,
  site: Site,
  lead: { id: string; requestId: string },
  resolved: ResolvedLead,
  options: { toPartner: boolean; notifyOtherProcesses: boolean },
): Promise<{ queued: number; events: LeadEventRow[] }> {
  const recipients = await tx.select().from(leadRecipients).where(scope.own(leadRecipients));
  const jobs = deliveryJobs(site, recipients, resolved, options.toPartner);
  // The shopper's acknowledgement goes with the dealership's jobs, in this transaction.
  const acknowledgement = acknowledgementJob(site, resolved.values);
  const event = { leadId: lead.id, siteId: site.id, requestId: lead.requestId };
  const events: LeadEventRow[] = [];
  if (jobs.length === 0) {
    await updateLead(tx, lead.id, { deliveryStatus: "none" });
    events.push({ ...event, kind: "delivery.no_recipient", data: {} });
  }
  const all = acknowledgement ? [...jobs, acknowledgement] : jobs;
  if (all.length === 0) return { queued: 0, events };
  const inserted = await addDeliveries(tx, { id: lead.id, siteId: site.id }, all);
  if (options.notifyOtherProcesses)
    await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${lead.id})`);
  const deliveries = inserted.map((d) => ({ id: d.id, channel: d.channel, target: d.target }));
  if (jobs.length > 0) events.push({ ...event, kind: "delivery.queued", data: { deliveries } });
  return { queued: inserted.length, events };
}
