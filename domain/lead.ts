/**
 * The lead payload (docs/product/leads-and-forms.md, "Lead payload" and "Lead extras"): the form's
 * values wrapped in `lead`, the name fallback, the extras added automatically, push-to-primary
 * overrides and fixed slugs.
 */
import { leadCategorySlug } from "./lead-categories";
import type { SiteSettings } from "./site-settings";
import type { TrackingParams } from "./tracking";
import { VISITED_PAGES_LIMIT } from "./tracking";

/** Every lead's source. */
export const LEAD_SOURCE = "Website";

/**
 * Leads go to /api, or /mock on mock and test builds (docs/product/leads-and-forms.md,
 * "Lead extras").
 */
export function leadBasePath(mock: boolean): "/api" | "/mock" {
  return mock ? "/mock" : "/api";
}

export type LeadFormValues = {
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  middle_name?: string | null;
  email?: string | null;
  phone?: string | null;
  postcode?: string | null;
  category?: string | null;
  location_id?: number | null;
  dealership_slug?: string | null;
  lead_id?: number | string | null;
  [field: string]: unknown;
};

/** Where and how the lead was sent from, gathered by the browser or the server. */
export type LeadContext = {
  websiteSlug: string;
  /** The site's own dealership slug, used when the form chose none. */
  dealershipSlug: string | null;
  url: string;
  userAgent: string;
  visitedPages: readonly string[];
  linkedQueryParams: TrackingParams;
  /** The group's primary location and dealership, for push-to-primary sites. */
  primaryLocationId?: number | null;
  primaryDealershipSlug?: string | null;
};

type LeadSettings = Pick<
  SiteSettings,
  | "pushLeadsToPrimaryLocation"
  | "pushLeadsToPrimaryDealership"
  | "fixedLeadDealershipSlug"
  | "fixedLeadWebsiteSlug"
>;

/**
 * The first name stands in when the name is empty or reads 'undefined
 * undefined' (what joining two missing names gives).
 */
export function leadName(
  values: Pick<LeadFormValues, "name" | "first_name" | "last_name">,
): string {
  const name = (values.name ?? "").trim();
  if (name !== "" && name !== "undefined undefined") return name;
  return (values.first_name ?? "").trim();
}

/** The body of POST /api/leads: `{lead: {...}}` with the extras added. */
export function buildLeadPayload(
  values: LeadFormValues,
  context: LeadContext,
  settings: LeadSettings,
): { lead: Record<string, unknown> } {
  let dealershipSlug = values.dealership_slug || context.dealershipSlug || null;
  let locationId = values.location_id ?? null;
  if (settings.pushLeadsToPrimaryDealership && context.primaryDealershipSlug) {
    dealershipSlug = context.primaryDealershipSlug;
  }
  if (
    settings.pushLeadsToPrimaryLocation &&
    context.primaryLocationId !== undefined &&
    context.primaryLocationId !== null
  ) {
    locationId = context.primaryLocationId;
  }
  // A fixed slug wins over everything the form or the group chose.
  if (settings.fixedLeadDealershipSlug) dealershipSlug = settings.fixedLeadDealershipSlug;
  const websiteSlug = settings.fixedLeadWebsiteSlug ?? context.websiteSlug;

  return {
    lead: {
      ...values,
      name: leadName(values),
      location_id: locationId,
      dealership_slug: dealershipSlug,
      website_slug: websiteSlug,
      url: context.url,
      source: LEAD_SOURCE,
      user_agent: context.userAgent,
      visited_pages: context.visitedPages.slice(-VISITED_PAGES_LIMIT),
      linked_query_params: { ...context.linkedQueryParams },
      lead_id: values.lead_id ?? null,
    },
  };
}

/**
 * The success page after a lead (docs/product/leads-and-forms.md, "Success page"):
 * /success?category={slug}&{extra pairs}.
 */
export function successPagePath(
  category: string,
  extra: Readonly<Record<string, string>> = {},
): string {
  const slug = leadCategorySlug(category);
  const params = new URLSearchParams([
    ["category", slug],
    ...Object.entries(extra).filter(([key]) => key !== "category"),
  ]);
  return `/success?${params.toString()}`;
}
