/**
 * Lead categories (docs/product/leads-and-forms.md): one table of what each category is called,
 * whether the enquiry form offers it, the interest it names in ADF/XML, and what the success
 * page says happens next. The forms, the success page and the lead e-mail read it.
 */
import { slugify } from "./slug";

/** ADF's `vehicle interest` attribute. */
export type AdfInterest = "buy" | "sell" | "test-drive";

export type LeadCategory = {
  /** The category a lead carries, as the dealer reads it. */
  name: string;
  /** One of the enquiry types the enquiry form lets a visitor choose. */
  enquiryType: boolean;
  adfInterest: AdfInterest;
  /** What the success page tells the visitor happens next. */
  nextSteps: string;
};

/** What happens next after a lead of a category this table does not know. */
export const DEFAULT_NEXT_STEPS = "Our team will get back to you, usually within one business day.";

/** In the order the enquiry form lists its types. */
export const LEAD_CATEGORIES = {
  general: {
    name: "General Enquiry",
    enquiryType: true,
    adfInterest: "buy",
    nextSteps: DEFAULT_NEXT_STEPS,
  },
  service: {
    name: "Service Enquiry",
    enquiryType: true,
    adfInterest: "buy",
    nextSteps: "We'll confirm your booking and let you know when your vehicle is ready to collect.",
  },
  parts: {
    name: "Parts Enquiry",
    enquiryType: true,
    adfInterest: "buy",
    nextSteps: DEFAULT_NEXT_STEPS,
  },
  newVehicle: {
    name: "New Vehicle Enquiry",
    enquiryType: true,
    adfInterest: "buy",
    nextSteps: DEFAULT_NEXT_STEPS,
  },
  usedVehicle: {
    name: "Used Vehicle Enquiry",
    enquiryType: true,
    adfInterest: "buy",
    nextSteps: DEFAULT_NEXT_STEPS,
  },
  fleet: {
    name: "Fleet Enquiry",
    enquiryType: true,
    adfInterest: "buy",
    nextSteps: "Our fleet team will be in touch to talk about your business's needs.",
  },
  finance: {
    name: "Finance Enquiry",
    enquiryType: true,
    adfInterest: "buy",
    nextSteps:
      "A finance specialist will call you to talk through your application. Applying online has no impact on your credit score until you choose to go ahead.",
  },
  careers: {
    name: "Careers Enquiry",
    enquiryType: true,
    adfInterest: "buy",
    nextSteps:
      "Thank you for your interest in joining our team. We'll be in touch if your experience matches a current position.",
  },
  sellMyCar: {
    name: "Sell My Car",
    enquiryType: true,
    adfInterest: "sell",
    nextSteps: "We'll review your vehicle's details and come back to you with a valuation.",
  },
  testDrive: {
    name: "Test Drive Booking",
    enquiryType: false,
    adfInterest: "test-drive",
    nextSteps:
      "We'll confirm your test drive by phone or e-mail. Please bring your driver's licence.",
  },
} as const satisfies Record<string, LeadCategory>;

type Categories = typeof LEAD_CATEGORIES;
export type LeadCategoryKey = keyof Categories;

const entries = Object.entries(LEAD_CATEGORIES) as Array<[LeadCategoryKey, LeadCategory]>;

/** The name of each category, by key: what the forms send. */
export const LEAD_FORM_CATEGORIES = Object.fromEntries(
  entries.map(([key, category]) => [key, category.name]),
) as { readonly [K in LeadCategoryKey]: Categories[K]["name"] };

export type EnquiryCategory = {
  [K in LeadCategoryKey]: Categories[K]["enquiryType"] extends true ? Categories[K]["name"] : never;
}[LeadCategoryKey];

/** The enquiry types the enquiry form offers, in order. */
export const ENQUIRY_CATEGORIES: readonly EnquiryCategory[] = entries
  .filter(([, category]) => category.enquiryType)
  .map(([, category]) => category.name as EnquiryCategory);

/** How a category travels in a URL: 'Test Drive Booking' -> 'test-drive-booking'. */
export function leadCategorySlug(category: string): string {
  return slugify(category);
}

/** The table's entry for a category name or its slug; undefined for one it does not know. */
export function findLeadCategory(
  nameOrSlug: string,
): (LeadCategory & { key: LeadCategoryKey }) | undefined {
  const slug = leadCategorySlug(nameOrSlug);
  const found = entries.find(([, category]) => leadCategorySlug(category.name) === slug);
  return found ? { ...found[1], key: found[0] } : undefined;
}
