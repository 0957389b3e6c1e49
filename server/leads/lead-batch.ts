/**
 * New leads written together (decision 033): the leads that arrive while a transaction is being
 * written go in the next one, with one statement per table for the whole batch (the repeat
 * lookup, the recipients, the leads, the files, the delivery jobs, the events), so a burst costs
 * a few statements per batch instead of seven per lead. Each lead keeps its own outcome: stored,
 * a repeat of an earlier lead, or its booking slot taken; a lead that the database refuses fails
 * alone (server/db/group-commit.ts splits its batch). A lead is answered after its batch commits.
 */
import { and, gt, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { GroupCommit, turnsBetweenStatements } from "../db/group-commit";
import { insertRecordset, recordsetInsertable } from "../db/recordset-insert";
import { leadDeliveries, leadEvents, leadFiles, leadRecipients, leads } from "../db/schema";
import type { SiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import { OUTBOX_CHANNEL } from "./delivery-worker";
import { FINGERPRINT_WINDOW_MS, replayColumns, type Replay } from "./lead-idempotency";
import type { ResolvedLead } from "./lead-resolution";
import { deliveryJobs } from "./lead-routing";
import { acknowledgementJob } from "./shopper-acknowledgement";
import {
  fileEvents,
  fileRows,
  takeSlot,
  SlotTakenError,
  type LeadEventRow,
  type LeadRow,
} from "./lead-store";
import type { Transaction } from "./lead-store";
import type { StoredFile } from "./uploads";

/** A new lead, checked and resolved, ready to write. */
export type NewLead = {
  site: Site;
  scope: SiteScope;
  /** Its row; the delivery status is settled here (none when no recipient takes it). */
  row: LeadRow & { id: string };
  key: string | null;
  fingerprint: string;
  completed: boolean;
  requestId: string;
  resolved: ResolvedLead;
  files: readonly StoredFile[];
  /** Its first event (created or step_saved). */
  event: LeadEventRow;
  toPartner: boolean;
};

export type NewLeadOutcome = { replay: Replay } | { queued: number } | { slotTaken: true };

export type LeadBatchOptions = {
  db: Database;
  /** Seats of a booking slot. */
  capacity: (site: Site, kind: NonNullable<ResolvedLead["booking"]>["kind"]) => number;
  notifyOtherProcesses: boolean;
  /** PGlite: one connection, one batch at a time, no locks needed between batches. */
  transactionsRunOneAtATime: boolean;
};

/** The most leads in one batch (a lead row has some 25 values; PostgreSQL takes 65,535). */
const MAX_BATCH = 100;
/** PostgreSQL: batches written at once (the pool has 10 connections, shared with pages). */
const POSTGRES_BATCHES = 4;

/** Two submissions that may repeat each other never share a batch: the later waits for the next. */
function keysOf(lead: NewLead): string[] {
  const site = lead.site.id;
  const byFingerprint = `f:${site}:${lead.completed}:${lead.fingerprint}`;
  return lead.key === null ? [byFingerprint] : [`k:${site}:${lead.key}`, byFingerprint];
}

export function createLeadBatchWriter(
  options: LeadBatchOptions,
): GroupCommit<NewLead, NewLeadOutcome> {
  return new GroupCommit<NewLead, NewLeadOutcome>({
    write: (batch) => options.db.transaction((tx) => writeLeads(tx, batch, options)),
    maxBatch: MAX_BATCH,
    concurrency: options.transactionsRunOneAtATime ? 1 : POSTGRES_BATCHES,
    keysOf,
  });
}

/** Each site's condition, or'ed: every statement names the sites it reads. */
function bySite(batch: readonly NewLead[], condition: (leads: NewLead[]) => SQL): SQL {
  const sites = new Map<number, NewLead[]>();
  for (const lead of batch) sites.set(lead.site.id, [...(sites.get(lead.site.id) ?? []), lead]);
  return or(...[...sites.values()].map(condition))!;
}

/** The earlier leads the batch repeats: by key, or without a key by fingerprint in the window. */
async function findReplays(
  tx: Transaction,
  batch: readonly NewLead[],
  options: LeadBatchOptions,
): Promise<Array<Replay | undefined>> {
  const keyless = batch.filter((l) => l.key === null);
  if (!options.transactionsRunOneAtATime && keyless.length > 0) {
    // Two identical submissions at once in two processes make one lead: the fingerprints are
    // locked, in one order, for the rest of the transaction.
    const fingerprints = [...new Set(keyless.map((l) => l.fingerprint))].sort();
    const locks = fingerprints.map((f) => sql`pg_advisory_xact_lock(hashtextextended(${f}, 0))`);
    await tx.execute(sql`SELECT ${sql.join(locks, sql`, `)}`);
  }
  const since = new Date(Date.now() - FINGERPRINT_WINDOW_MS);
  const rows = await tx
    .select({
      ...replayColumns,
      siteId: leads.siteId,
      key: leads.idempotencyKey,
      createdAt: leads.createdAt,
    })
    .from(leads)
    .where(
      bySite(batch, (ofSite) => {
        const keys = ofSite.flatMap((l) => (l.key === null ? [] : [l.key]));
        const fingerprints = ofSite.filter((l) => l.key === null).map((l) => l.fingerprint);
        const conditions: SQL[] = [];
        if (keys.length > 0) conditions.push(inArray(leads.idempotencyKey, keys));
        if (fingerprints.length > 0)
          conditions.push(
            and(inArray(leads.fingerprint, fingerprints), gt(leads.createdAt, since))!,
          );
        return ofSite[0]!.scope.own(leads, or(...conditions));
      }),
    );
  return batch.map((lead) => {
    const mine = rows.filter((r) =>
      r.siteId !== lead.site.id
        ? false
        : lead.key !== null
          ? r.key === lead.key
          : r.fingerprint === lead.fingerprint &&
            r.formCompleted === lead.completed &&
            r.createdAt > since,
    );
    const latest = mine.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())[0];
    return latest
      ? {
          id: latest.id,
          fingerprint: latest.fingerprint,
          formCompleted: latest.formCompleted,
          category: latest.category,
        }
      : undefined;
  });
}

/** Writes a batch of new leads in the caller's transaction; one outcome per lead, in order. */
export async function writeLeads(
  tx: Transaction,
  batch: readonly NewLead[],
  options: LeadBatchOptions,
): Promise<NewLeadOutcome[]> {
  // PGlite: the event loop turns between statements, taking in connections and requests.
  const turn = turnsBetweenStatements(options.transactionsRunOneAtATime);
  const replays = await findReplays(tx, batch, options);
  const outcomes: Array<NewLeadOutcome | undefined> = replays.map((replay) =>
    replay ? { replay } : undefined,
  );
  const fresh = batch.filter((_, i) => !outcomes[i]);
  if (fresh.length === 0) return outcomes as NewLeadOutcome[];

  // Where each completed lead goes, from the recipients read in this transaction.
  const completed = fresh.filter((l) => l.completed);
  await turn();
  const recipients =
    completed.length > 0
      ? await tx
          .select()
          .from(leadRecipients)
          .where(bySite(completed, (ofSite) => ofSite[0]!.scope.own(leadRecipients)))
      : [];
  const jobs = new Map(
    completed.map((l) => [
      l.row.id,
      deliveryJobs(
        l.site,
        recipients.filter((r) => r.siteId === l.site.id),
        l.resolved,
        l.toPartner,
      ),
    ]),
  );
  const rows = fresh.map((l) =>
    jobs.get(l.row.id)?.length === 0 ? { ...l.row, deliveryStatus: "none" } : l.row,
  );
  await turn();
  const inserted = new Set(
    (recordsetInsertable(leads, rows)
      ? await insertRecordset<{ id: string }>(tx, leads, rows, {
          onConflict: sql`ON CONFLICT DO NOTHING`,
          returning: [leads.id],
        })
      : await tx.insert(leads).values(rows).onConflictDoNothing().returning({ id: leads.id })
    ).map((r) => r.id),
  );

  // A key another process's transaction committed meanwhile (PostgreSQL): that lead is the first.
  const conflicted = fresh.filter((l) => !inserted.has(l.row.id));
  if (conflicted.length > 0) {
    if (conflicted.some((l) => l.key === null))
      throw new Error("lead insert conflicted without an existing lead");
    const firsts = await findReplays(tx, conflicted, {
      ...options,
      transactionsRunOneAtATime: true,
    });
    conflicted.forEach((l, i) => {
      const replay = firsts[i];
      if (!replay) throw new Error("lead insert conflicted without an existing lead");
      outcomes[batch.indexOf(l)] = { replay };
    });
  }

  // Booking seats, in the order the leads came; a lead whose slot is full is not kept.
  const slotTaken: string[] = [];
  for (const l of fresh) {
    const booking = l.completed && inserted.has(l.row.id) ? l.resolved.booking : null;
    if (!booking) continue;
    try {
      const capacity = options.capacity(l.site, booking.kind);
      await takeSlot(tx, { siteId: l.site.id, ...booking }, l.row.id, capacity);
    } catch (error) {
      if (!(error instanceof SlotTakenError)) throw error;
      slotTaken.push(l.row.id);
      outcomes[batch.indexOf(l)] = { slotTaken: true };
    }
  }
  if (slotTaken.length > 0) await tx.delete(leads).where(inArray(leads.id, slotTaken));

  const stored = fresh.filter((l) => inserted.has(l.row.id) && !slotTaken.includes(l.row.id));
  const files = stored.flatMap((l) => fileRows(l.row, l.files));
  if (files.length > 0) await tx.insert(leadFiles).values(files);

  // Each completed lead's jobs, and the shopper's acknowledgement with them.
  const wanted = stored.flatMap((l) => {
    const acknowledgement = l.completed ? acknowledgementJob(l.site, l.resolved.values) : null;
    return [...(jobs.get(l.row.id) ?? []), ...(acknowledgement ? [acknowledgement] : [])].map(
      (j) => ({ leadId: l.row.id, siteId: l.site.id, ...j }),
    );
  });
  await turn();
  const queued =
    wanted.length === 0
      ? []
      : recordsetInsertable(leadDeliveries, wanted)
        ? (
            await insertRecordset<{ id: number; lead_id: string; channel: string; target: string }>(
              tx,
              leadDeliveries,
              wanted,
              {
                onConflict: sql`ON CONFLICT DO NOTHING`,
                returning: [
                  leadDeliveries.id,
                  leadDeliveries.leadId,
                  leadDeliveries.channel,
                  leadDeliveries.target,
                ],
              },
            )
          ).map((d) => ({ id: d.id, leadId: d.lead_id, channel: d.channel, target: d.target }))
        : await tx.insert(leadDeliveries).values(wanted).onConflictDoNothing().returning({
            id: leadDeliveries.id,
            leadId: leadDeliveries.leadId,
            channel: leadDeliveries.channel,
            target: leadDeliveries.target,
          });

  const events: LeadEventRow[] = [];
  for (const l of stored) {
    const ref = { id: l.row.id, siteId: l.site.id, requestId: l.requestId };
    events.push(l.event, ...fileEvents(ref, l.files));
    const lead = { leadId: l.row.id, siteId: l.site.id, requestId: l.requestId };
    const deliveries = queued
      .filter((d) => d.leadId === l.row.id)
      .map((d) => ({ id: d.id, channel: d.channel, target: d.target }));
    // A saved step is delivered when its form completes.
    if (l.completed && jobs.get(l.row.id)?.length === 0)
      events.push({ ...lead, kind: "delivery.no_recipient", data: {} });
    else if (l.completed) events.push({ ...lead, kind: "delivery.queued", data: { deliveries } });
    outcomes[batch.indexOf(l)] = { queued: deliveries.length };
  }
  await turn();
  if (events.length > 0) {
    if (recordsetInsertable(leadEvents, events)) await insertRecordset(tx, leadEvents, events);
    else await tx.insert(leadEvents).values(events);
  }
  if (options.notifyOtherProcesses && queued.length > 0)
    await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${queued[0]!.leadId})`);
  await turn();
  return outcomes as NewLeadOutcome[];
}
