/**
 * The payload a lead carries to the dealer (docs/product/leads-and-forms.md): the domain's
 * payload builder over what the visitor sent and what the server resolved, with the page URL,
 * visited pages and tracking parameters put on the site's configured origin.
 */
import { buildLeadPayload } from "~/domain/lead";
import { consentWording, isConsentTicked } from "~/domain/marketing-consent";
import { pickTrackingParams } from "~/domain/tracking";
import type { Site } from "../sites/site";
import { onSiteOrigin } from "../sites/site-origin";
import { stableJson } from "./lead-idempotency";
import { textOf, type LeadFields } from "./lead-fields";
import type { ResolvedLead } from "./lead-resolution";

export function leadPayload(
  site: Site,
  fields: LeadFields,
  meta: { origin: string; pageUrl: string | null; userAgent: string },
  resolved: ResolvedLead,
  leadId: string | null,
): Record<string, unknown> {
  const pageUrl =
    onSiteOrigin(textOf(fields.url), meta.origin) ??
    onSiteOrigin(meta.pageUrl, meta.origin) ??
    `${meta.origin}/`;
  const visited = Array.isArray(fields.visited_pages)
    ? fields.visited_pages
        .map((p) => onSiteOrigin(String(p), meta.origin))
        .filter((p): p is string => p !== null)
        .map((p) => p.slice(meta.origin.length) || "/")
    : [];
  const linked = fields.linked_query_params;
  const linkedQuery =
    typeof linked === "string"
      ? linked
      : linked && typeof linked === "object" && !Array.isArray(linked)
        ? new URLSearchParams(
            Object.entries(linked).map(([k, v]) => [k, String(v ?? "")]),
          ).toString()
        : "";
  const tracking = { ...pickTrackingParams(pageUrl), ...pickTrackingParams(linkedQuery) };
  const { lead } = buildLeadPayload(
    { ...resolved.values, lead_id: leadId },
    {
      websiteSlug: site.slug,
      dealershipSlug: resolved.details.dealership?.slug ?? resolved.primaryDealershipSlug,
      url: pageUrl,
      userAgent: meta.userAgent,
      visitedPages: visited,
      linkedQueryParams: tracking,
      primaryLocationId: resolved.primaryLocationId,
      primaryDealershipSlug: resolved.primaryDealershipSlug,
    },
    site.settings,
  );
  return lead;
}

/** The contact columns of the lead row, from the payload. */
export function contactColumns(payload: Record<string, unknown>) {
  const str = (v: unknown) =>
    typeof v === "string" && v.trim() !== "" ? v.trim().slice(0, 300) : null;
  return {
    name: str(payload.name),
    firstName: str(payload.first_name),
    lastName: str(payload.last_name),
    email: str(payload.email),
    phone: str(payload.phone),
    postcode: str(payload.postcode),
  };
}

/**
 * The marketing consent columns of the lead row (docs/product/leads-and-forms.md, "Marketing
 * consent"). Consent is the opt-in box ticked, nothing else a client sends: the words are the
 * site's, as its forms show them, and the time is the server's at intake (a later step keeps the
 * time the box was first sent ticked). A lead whose form had no box records nothing.
 */
export function consentColumns(
  site: Pick<Site, "settings">,
  fields: LeadFields,
  now: Date,
  givenBefore: Date | null = null,
) {
  if (fields.opt_in === undefined || fields.opt_in === null)
    return { marketingConsent: null, marketingConsentWording: null, marketingConsentAt: null };
  const given = isConsentTicked(fields.opt_in);
  return {
    marketingConsent: given,
    marketingConsentWording: consentWording(site.settings.marketingConsent),
    marketingConsentAt: given ? (givenBefore ?? now) : null,
  };
}

/** Keys whose values differ between two payloads (the audit of a later step). */
export function changedKeys(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...keys].filter((k) => stableJson(before[k]) !== stableJson(after[k])).sort();
}
