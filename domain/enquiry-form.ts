/**
 * The enquiry form (docs/product/leads-and-forms.md, "Enquiry form rules"): its fields and rules,
 * and the changes made to the values before submission.
 */
import { nameFields, type FieldDefinition, type SelectOption } from "./form-fields";
import { ENQUIRY_CATEGORIES, LEAD_FORM_CATEGORIES, type EnquiryCategory } from "./lead-categories";
import { DEFAULT_CONSENT_WORDING } from "./marketing-consent";
import type { SiteSettings } from "./site-settings";

export const DEFAULT_ENQUIRY_CATEGORY: EnquiryCategory = LEAD_FORM_CATEGORIES.general;
export const CAREERS_CATEGORY = LEAD_FORM_CATEGORIES.careers;
export const CAREER_SUBCATEGORY = "Career Enquiry";

/**
 * Initial values: category General Enquiry. The opt-in box starts as the site's market allows
 * (marketing-consent.ts).
 */
export const ENQUIRY_DEFAULTS = { category: DEFAULT_ENQUIRY_CATEGORY } as const;

export type EnquiryFormContext = {
  /** The category select is shown (it is then required). */
  showCategory: boolean;
  /** Location options; a location select is shown (and required) when there are any. */
  locations: readonly SelectOption[];
  /** The group's dealerships; more than one makes the preferred dealership required. */
  dealerships: readonly SelectOption[];
  /** The form carries a test drive date (always optional). */
  showTestDriveDate?: boolean;
  /** Ask for the middle name too. */
  middleName?: boolean;
};

/** The enquiry form's fields with their rules (docs/product/leads-and-forms.md). */
export function enquiryFormFields(
  context: EnquiryFormContext,
  settings: Pick<SiteSettings, "enquiryMessageOptional">,
): FieldDefinition[] {
  const fields: FieldDefinition[] = [
    ...nameFields({ middleName: context.middleName }),
    { name: "email", kind: "email", label: "Email" },
    { name: "phone", kind: "phone", label: "Phone" },
  ];
  if (context.showCategory) {
    fields.push({
      name: "category",
      kind: "select",
      label: "Category",
      options: ENQUIRY_CATEGORIES.map((c) => ({ value: c, label: c })),
    });
  }
  if (context.locations.length > 0) {
    fields.push({
      name: "location",
      kind: "select",
      label: "Location",
      options: context.locations,
    });
  }
  if (context.dealerships.length > 1) {
    fields.push({
      name: "dealership_slug",
      kind: "select",
      label: "Preferred Dealership",
      options: context.dealerships,
    });
  }
  if (context.showTestDriveDate) {
    fields.push({
      name: "test_drive_date",
      kind: "date",
      label: "Test Drive Date",
      required: false,
    });
  }
  fields.push(
    { name: "Rego", kind: "text", label: "Rego", required: false },
    {
      name: "message",
      kind: "textarea",
      label: "Message",
      required: !settings.enquiryMessageOptional,
    },
    { name: "opt_in", kind: "checkbox", label: DEFAULT_CONSENT_WORDING, required: false },
  );
  return fields;
}

function isChecked(value: unknown): boolean {
  return value === true || value === "true" || value === "on" || value === "yes" || value === "Yes";
}

export type EnquirySubmissionOptions = {
  /** Keys of the radio/checkbox options gathered into additional_services (e.g. service extras). */
  serviceOptionKeys?: readonly string[];
};

/**
 * The values as submitted (docs/product/leads-and-forms.md, "Enquiry form rules"):
 * - a Careers Enquiry becomes a General Enquiry with subcategory Career Enquiry;
 * - option keys are removed and the checked ones gathered into additional_services;
 * - the site's yes/no fields turn from booleans into 'Yes' or 'No';
 * - opt_in is sent as true or false when the form showed the box; without it, nothing is
 *   claimed (marketing consent is only ever a ticked box: marketing-consent.ts).
 */
export function prepareEnquirySubmission(
  values: Readonly<Record<string, unknown>>,
  settings: Pick<SiteSettings, "yesNoFields">,
  options: EnquirySubmissionOptions = {},
): Record<string, unknown> {
  const result: Record<string, unknown> = { ...values };

  if (result.category === CAREERS_CATEGORY) {
    result.category = DEFAULT_ENQUIRY_CATEGORY;
    result.subcategory = CAREER_SUBCATEGORY;
  }

  const optionKeys = options.serviceOptionKeys ?? [];
  if (optionKeys.length > 0) {
    const checked = optionKeys.filter((key) => isChecked(values[key]));
    for (const key of optionKeys) delete result[key];
    result.additional_services = checked;
  }

  for (const key of settings.yesNoFields) {
    const value = result[key];
    if (value !== undefined && value !== null && value !== "Yes" && value !== "No") {
      result[key] = isChecked(value) ? "Yes" : "No";
    }
  }

  if (result.opt_in !== undefined) result.opt_in = isChecked(result.opt_in);
  return result;
}
