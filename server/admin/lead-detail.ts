/**
 * One lead in the back office (docs/product/back-office.md, "Lead detail"): everything stored
 * about it, its delivery log, its status history; and what staff do to it: change its status
 * with a note, resend a failed or lost delivery. Every read and write first finds the lead
 * within the staff scope: a lead outside it is "not found", whatever its id.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isLeadStatus, LEAD_STATUS_LABELS } from "~/domain/staff";
import type { LeadStatus } from "~/domain/staff";
import type { Database } from "../db/client";
import { leadDeliveries, leadEvents, leadFiles, leads, leadStatusChanges } from "../db/schema";
import { OUTBOX_CHANNEL } from "../leads/delivery-worker";
import { loadLeadDocument } from "../leads/lead-document";
import type { SiteRegistry } from "../sites/site-registry";
import { recordAudit } from "./staff-scope";
import type { StaffMember, StaffScope } from "./staff-scope";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isLeadId = (id: string | undefined): id is string => !!id && UUID.test(id);

export const NOTE_MAX_LENGTH = 2000;

/** The lead's row if the scope reaches it. */
async function leadInScope(db: Pick<Database, "select">, scope: StaffScope, leadId: string) {
  if (!isLeadId(leadId)) return null;
  const [row] = await db
    .select({
      id: leads.id,
      siteId: leads.siteId,
      dealershipId: leads.dealershipId,
      deliveryStatus: leads.deliveryStatus,
    })
    .from(leads)
    .where(and(eq(leads.id, leadId), scope.leads()))
    .limit(1);
  return row ?? null;
}

export async function loadLeadDetail(
  db: Database,
  registry: SiteRegistry,
  scope: StaffScope,
  leadId: string,
) {
  const found = await leadInScope(db, scope, leadId);
  if (!found) return null;
  const [document, events, deliveries, statuses] = await Promise.all([
    loadLeadDocument(db, leadId, (id) => registry.byId(id)),
    db.select().from(leadEvents).where(eq(leadEvents.leadId, leadId)).orderBy(asc(leadEvents.id)),
    db
      .select()
      .from(leadDeliveries)
      .where(eq(leadDeliveries.leadId, leadId))
      .orderBy(asc(leadDeliveries.id)),
    db
      .select()
      .from(leadStatusChanges)
      .where(eq(leadStatusChanges.leadId, leadId))
      .orderBy(asc(leadStatusChanges.id)),
  ]);
  if (!document) return null;
  const current = statuses.find((s) => s.current);
  return {
    lead: document,
    deliveryStatus: found.deliveryStatus,
    status: (current?.status ?? "new") as LeadStatus,
    statuses,
    events,
    deliveries,
  };
}

/** A file of a lead the scope reaches (null: not found). */
export async function findLeadFile(
  db: Database,
  scope: StaffScope,
  leadId: string,
  fileId: string,
) {
  if (!isLeadId(fileId) || !(await leadInScope(db, scope, leadId))) return null;
  const [file] = await db
    .select()
    .from(leadFiles)
    .where(and(eq(leadFiles.id, fileId), eq(leadFiles.leadId, leadId)))
    .limit(1);
  return file ?? null;
}

export type StatusChangeResult =
  | { ok: true }
  | { ok: false; status: number; errors: { status?: string; note?: string }; message?: string };

/** Reads and checks the status form (before any I/O). */
export function parseStatusForm(form: FormData) {
  const status = form.get("status");
  const note = String(form.get("note") ?? "").trim();
  const errors: { status?: string; note?: string } = {};
  if (!isLeadStatus(status)) errors.status = "Choose the lead's new status.";
  if (note.length > NOTE_MAX_LENGTH)
    errors.note = `Keep the note to ${NOTE_MAX_LENGTH} characters (it has ${note.length}).`;
  return { status: isLeadStatus(status) ? status : null, note: note || null, errors };
}

export async function changeLeadStatus(
  db: Database,
  scope: StaffScope,
  staff: StaffMember,
  leadId: string,
  form: FormData,
  requestId: string,
): Promise<StatusChangeResult | null> {
  const { status, note, errors } = parseStatusForm(form);
  if (errors.status || errors.note) return { ok: false, status: 400, errors };
  return db.transaction(async (tx) => {
    const lead = await leadInScope(tx as unknown as Database, scope, leadId);
    if (!lead) return null;
    const [previous] = await tx
      .update(leadStatusChanges)
      .set({ current: false })
      .where(and(eq(leadStatusChanges.leadId, leadId), eq(leadStatusChanges.current, true)))
      .returning({ status: leadStatusChanges.status });
    const before = (previous?.status ?? "new") as LeadStatus;
    if (before === status && !note) {
      // Nothing to record: put the current row back as it was.
      if (previous)
        await tx
          .update(leadStatusChanges)
          .set({ current: true })
          .where(
            sql`${leadStatusChanges.id} = (SELECT max(id) FROM lead_status_changes WHERE lead_id = ${leadId})`,
          );
      return {
        ok: false,
        status: 400,
        errors: {
          status: `The lead is already ${LEAD_STATUS_LABELS[before]}; add a note or choose another status.`,
        },
      } satisfies StatusChangeResult;
    }
    await tx.insert(leadStatusChanges).values({
      leadId,
      siteId: lead.siteId,
      status: status!,
      note,
      staffUserId: staff.id,
      staffName: staff.name,
      current: true,
    });
    await recordAudit(tx, staff, {
      action: "lead.status",
      subject: `lead:${leadId}`,
      siteId: lead.siteId,
      dealershipId: lead.dealershipId,
      before: { status: before },
      after: { status, note },
      requestId,
    });
    return { ok: true } satisfies StatusChangeResult;
  });
}

export const RESEND_MESSAGES = {
  choose: "Choose a delivery to send again.",
  busy: "This delivery is being sent right now; wait for its result before sending it again.",
} as const;

/**
 * Puts a failed or delivered ("lost": the dealer did not receive it) delivery back in the
 * outbox as a resend: the worker sends it again, marked as a resend in the log and the e-mail.
 */
export async function resendDelivery(
  db: Database,
  scope: StaffScope,
  staff: StaffMember,
  leadId: string,
  form: FormData,
  requestId: string,
  queue: { wake(): void },
): Promise<{ ok: true } | { ok: false; status: number; message: string } | null> {
  const raw = String(form.get("delivery") ?? "");
  if (!/^\d{1,9}$/.test(raw)) return { ok: false, status: 400, message: RESEND_MESSAGES.choose };
  const deliveryId = Number(raw);
  const result = await db.transaction(async (tx) => {
    const lead = await leadInScope(tx as unknown as Database, scope, leadId);
    if (!lead) return null;
    const [delivery] = await tx
      .select()
      .from(leadDeliveries)
      .where(and(eq(leadDeliveries.id, deliveryId), eq(leadDeliveries.leadId, leadId)))
      .limit(1);
    if (!delivery) return null;
    const [updated] = await tx
      .update(leadDeliveries)
      .set({
        status: "pending",
        attempts: 0,
        nextAttemptAt: new Date(),
        lockedUntil: null,
        lockedBy: null,
        lastError: null,
        resends: sql`${leadDeliveries.resends} + 1`,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(leadDeliveries.id, deliveryId),
          inArray(leadDeliveries.status, ["failed", "delivered"]),
        ),
      )
      .returning({ resends: leadDeliveries.resends });
    if (!updated) return { ok: false as const, status: 409, message: RESEND_MESSAGES.busy };
    await tx
      .update(leads)
      .set({ deliveryStatus: "pending", updatedAt: new Date() })
      .where(eq(leads.id, leadId));
    await tx.insert(leadEvents).values({
      leadId,
      siteId: lead.siteId,
      kind: "delivery.resend",
      requestId,
      data: {
        delivery_id: deliveryId,
        channel: delivery.channel,
        target: delivery.target,
        resend: updated.resends,
        previous_status: delivery.status,
        by: staff.name,
      },
    });
    await recordAudit(tx, staff, {
      action: "lead.resend",
      subject: `lead:${leadId}`,
      siteId: lead.siteId,
      dealershipId: lead.dealershipId,
      before: { delivery: deliveryId, status: delivery.status },
      after: { delivery: deliveryId, status: "pending", resend: updated.resends },
      requestId,
    });
    // Other processes' workers (PostgreSQL) hear of it; this process's is woken below.
    await tx.execute(sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${leadId})`);
    return { ok: true as const };
  });
  if (result?.ok) queue.wake();
  return result;
}
