/**
 * Which lead categories a site takes: the enquiry types and the bookings its forms send
 * (docs/product/leads-and-forms.md). A lead naming any other category is refused with a field
 * message, so the dealer's routing by category (recipients, success pages) sees known values
 * only. The one place that decides; a site-level list would replace the body of this function.
 */
import { ENQUIRY_CATEGORIES } from "~/domain/enquiry-form";
import { LEAD_FORM_CATEGORIES } from "~/domain/lead-forms";
import type { Site } from "../sites/site";

const KNOWN_CATEGORIES: ReadonlySet<string> = new Set([
  ...ENQUIRY_CATEGORIES,
  ...Object.values(LEAD_FORM_CATEGORIES),
]);

export const UNKNOWN_CATEGORY_MESSAGE = "Please choose one of the listed categories.";

export function isSiteLeadCategory(category: string, _site: Pick<Site, "settings">): boolean {
  return KNOWN_CATEGORIES.has(category);
}
