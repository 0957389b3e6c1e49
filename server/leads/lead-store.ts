/**
 * The writes of lead intake, one function per table, each inside the caller's transaction:
 * the lead row, its audit events, its files, its booking seat and its delivery jobs. Every
 * row written carries the site it belongs to; reads go through the site scope.
 */
import { eq } from "drizzle-orm";
import type { BookingKind } from "~/domain/booking-slots";
import type { Database } from "../db/client";
import type { leadFiles } from "../db/schema";
import { bookings, leadDeliveries, leadEvents, leads } from "../db/schema";
import type { StoredFile } from "./uploads";

/** A transaction of the database (what `db.transaction` hands its callback). */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type LeadRow = typeof leads.$inferInsert;
export type LeadEventRow = typeof leadEvents.$inferInsert;

export async function updateLead(
  tx: Transaction,
  leadId: string,
  changes: Partial<LeadRow>,
): Promise<void> {
  await tx.update(leads).set(changes).where(eq(leads.id, leadId));
}

/** A lead's events of one transaction, in order, in one insert (one round trip per lead). */
export async function addLeadEvents(tx: Transaction, events: LeadEventRow[]): Promise<void> {
  if (events.length > 0) await tx.insert(leadEvents).values(events);
}

/** The rows of a lead's files. */
export function fileRows(
  lead: { id: string; siteId: number },
  files: readonly StoredFile[],
): Array<typeof leadFiles.$inferInsert> {
  return files.map((f) => ({
    id: f.id,
    leadId: lead.id,
    siteId: lead.siteId,
    fieldName: f.fieldName,
    originalName: f.originalName,
    contentType: f.contentType,
    size: f.size,
    sha256: f.sha256,
    storageKey: f.storageKey,
  }));
}

/** A `file_added` event per file, to add with the lead's other events. */
export function fileEvents(
  lead: { id: string; siteId: number; requestId: string },
  files: readonly StoredFile[],
): LeadEventRow[] {
  return files.map((f) => ({
    leadId: lead.id,
    siteId: lead.siteId,
    kind: "file_added",
    requestId: lead.requestId,
    data: { file_id: f.id, name: f.originalName, content_type: f.contentType, size: f.size },
  }));
}

/** Outbox rows; the ones inserted (a job already queued is not queued twice). */
export async function addDeliveries(
  tx: Transaction,
  lead: { id: string; siteId: number },
  jobs: ReadonlyArray<{ channel: string; target: string }>,
): Promise<Array<{ id: number; channel: string; target: string }>> {
  return tx
    .insert(leadDeliveries)
    .values(
      jobs.map((j) => ({
        leadId: lead.id,
        siteId: lead.siteId,
        channel: j.channel,
        target: j.target,
      })),
    )
    .onConflictDoNothing()
    .returning({
      id: leadDeliveries.id,
      channel: leadDeliveries.channel,
      target: leadDeliveries.target,
    });
}

export class SlotTakenError extends Error {}

/** Takes a free seat of the slot; the unique index makes two shoppers unable to take the same one. */
export async function takeSlot(
  tx: Transaction,
  booking: { siteId: number; kind: BookingKind; locationId: number; start: string },
  leadId: string,
  capacity: number,
): Promise<void> {
  for (let seat = 1; seat <= capacity; seat += 1) {
    const taken = await tx
      .insert(bookings)
      .values({
        siteId: booking.siteId,
        locationId: booking.locationId,
        kind: booking.kind,
        startsAt: new Date(booking.start),
        seat,
        leadId,
      })
      .onConflictDoNothing()
      .returning({ id: bookings.id });
    if (taken.length > 0) return;
  }
  throw new SlotTakenError();
}
