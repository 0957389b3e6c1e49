/**
 * Resuming the checkout journey (docs/product/payments.md, "The checkout journey"): the
 * incomplete lead a browser's journey saved for a vehicle, read through the site's scope.
 */
import { and, eq } from "drizzle-orm";
import { leads } from "../db/schema";
import type { SiteScope } from "../sites/scope";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The saved answers and step of the journey's lead, while it is still incomplete. */
export async function incompleteJourneyLead(
  scope: SiteScope,
  leadId: string,
  vehicleId: number,
): Promise<{ payload: Record<string, unknown>; stepNumber: number | null } | null> {
  if (!UUID.test(leadId)) return null;
  const lead = await scope.findFirst(
    leads,
    and(eq(leads.id, leadId), eq(leads.vehicleId, vehicleId), eq(leads.formCompleted, false)),
  );
  if (!lead) return null;
  return { payload: (lead.payload ?? {}) as Record<string, unknown>, stepNumber: lead.stepNumber };
}
