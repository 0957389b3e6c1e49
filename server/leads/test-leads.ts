/**
 * Leads of a site in test mode (`leadApiMode: mock`): kept in `test_leads`, which nothing
 * delivers; the same idempotency and multi-step rules as live leads, without the resolution.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { DEFAULT_ENQUIRY_CATEGORY } from "~/domain/enquiry-form";
import { leadName, type LeadFormValues } from "~/domain/lead";
import type { Database } from "../db/client";
import { testLeads } from "../db/schema";
import { createSiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import {
  CHECK_FIELDS_MESSAGE,
  LEAD_ALREADY_SENT_MESSAGE,
  LEAD_NOT_FOUND_MESSAGE,
  fail,
  success,
  type IntakeResult,
} from "./intake-result";
import {
  isCompletedSubmission,
  textOf,
  validateContactFields,
  type LeadFields,
} from "./lead-fields";

export async function createTestLead(
  db: Database,
  site: Site,
  lead: {
    payload: Record<string, unknown>;
    key: string | null;
    completed: boolean;
    category: string;
  },
): Promise<IntakeResult> {
  const scope = createSiteScope(db, site.id);
  const { key, completed, category } = lead;
  const byKey = async (k: string) => scope.findFirst(testLeads, eq(testLeads.idempotencyKey, k));
  if (key !== null) {
    const existing = await byKey(key);
    if (existing) return success(200, existing.id, true, existing.formCompleted, category);
  }
  const id = randomUUID();
  const inserted = await db
    .insert(testLeads)
    .values({
      id,
      siteId: site.id,
      formCompleted: completed,
      payload: lead.payload,
      idempotencyKey: key,
    })
    .onConflictDoNothing()
    .returning({ id: testLeads.id });
  if (inserted.length === 0) {
    const existing = key !== null ? await byKey(key) : undefined;
    return success(200, existing?.id ?? id, true, completed, category);
  }
  return success(201, id, false, completed, category);
}

export async function updateTestLead(
  db: Database,
  site: Site,
  leadId: string,
  fields: LeadFields,
): Promise<IntakeResult> {
  const lead = await createSiteScope(db, site.id).findFirst(testLeads, eq(testLeads.id, leadId));
  if (!lead) return fail(404, LEAD_NOT_FOUND_MESSAGE);
  const completed = isCompletedSubmission(fields);
  if (lead.formCompleted)
    return completed
      ? success(200, lead.id, true, true, String(lead.payload.category ?? ""))
      : fail(409, LEAD_ALREADY_SENT_MESSAGE);
  const merged = { ...(lead.payload as LeadFields), ...fields };
  const errors = validateContactFields(merged, site.settings, { completed });
  if (Object.keys(errors).length > 0) return fail(422, CHECK_FIELDS_MESSAGE, errors);
  const payload = { ...merged, lead_id: lead.id, name: leadName(merged as LeadFormValues) };
  await db
    .update(testLeads)
    .set({ payload, formCompleted: completed, updatedAt: new Date() })
    .where(eq(testLeads.id, lead.id));
  return success(
    200,
    lead.id,
    false,
    completed,
    textOf(merged.category) || DEFAULT_ENQUIRY_CATEGORY,
  );
}
