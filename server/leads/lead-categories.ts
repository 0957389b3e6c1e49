/**
 * Which lead categories a site takes: the enquiry types and the bookings its forms send
 * (docs/product/leads-and-forms.md). A lead naming any other category is refused with a field
 * message, so the dealer's routing by category (recipients, success pages) sees known values
 * only. Read from the one table of
 * categories (domain/lead-categories.ts); a site-level list would replace the body of this function.
 */
import { LEAD_CATEGORIES } from "~/domain/lead-categories";
import type { Site } from "../sites/site";

const KNOWN_CATEGORIES: ReadonlySet<string> = new Set(
  Object.values(LEAD_CATEGORIES).map((category) => category.name),
);

export const UNKNOWN_CATEGORY_MESSAGE = "Please choose one of the listed categories.";

export function isSiteLeadCategory(category: string, _site: Pick<Site, "settings">): boolean {
  return KNOWN_CATEGORIES.has(category);
}
