/**
 * What the success page shows of the lead just sent: its booking and subcategory, read through
 * the site's scope (a lead id of another site reads as no lead).
 */
import { eq } from "drizzle-orm";
import { leads } from "../db/schema";
import type { SiteScope } from "../sites/scope";
import type { LeadDetails } from "./lead-document";

const LEAD_ID = /^[0-9a-f-]{36}$/i;

export type SuccessLead = {
  booking: LeadDetails["booking"];
  subcategory: string | null;
  /** The trade-in estimate shown before sending, kept with the lead. */
  valuation: { low: number; high: number } | null;
};

/** The public lead id, if the text is one. */
export function leadIdOf(text: string | null): string | null {
  return text !== null && LEAD_ID.test(text) ? text : null;
}

export async function loadSuccessLead(scope: SiteScope, leadId: string): Promise<SuccessLead> {
  const lead = await scope.findFirst(leads, eq(leads.id, leadId));
  const details = lead?.details as LeadDetails | undefined;
  const valuation = details?.tradeIn?.valuation;
  return {
    booking: details?.booking ?? null,
    subcategory: lead?.subcategory ?? null,
    valuation: valuation ? { low: valuation.low, high: valuation.high } : null,
  };
}
