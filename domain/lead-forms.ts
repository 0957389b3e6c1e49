/**
 * The product's lead forms (docs/product/leads-and-forms.md): which fields each form asks,
 * built from the field toolkit (`form-fields.ts`) and the enquiry form's rules
 * (`enquiry-form.ts`), with the categories each form sends. Pages, actions and the browser all
 * validate a form with the same definitions.
 */
import { enquiryFormFields, type EnquiryFormContext } from "./enquiry-form";
import { LEAD_FORM_CATEGORIES } from "./lead-categories";
import { DEFAULT_CONSENT_WORDING } from "./marketing-consent";
import { nameFields, type FieldDefinition, type SelectOption } from "./form-fields";
import type { SiteSettings } from "./site-settings";
import { visitorSources } from "./ui-constants";

/** A toolkit field, plus how the page shows it where the toolkit's kinds do not say. */
export type LeadFormField = FieldDefinition & {
  control?: "time-slot" | "file" | "checkbox-group" | "number";
  /** Asked only for this category (a CV for a careers enquiry). */
  whenCategory?: string;
  /** Shown under the label. */
  hint?: string;
  autoComplete?: string;
};

export const LEAD_FORM_SUBCATEGORIES = {
  serviceBooking: "Service Booking",
  tradeIn: "Trade-In Valuation",
  requestPhotos: "Request Photos",
  historyReport: "Car History Report",
  quickEnquiry: "Quick Enquiry",
  financeApplication: "Finance Application",
} as const;

/** The enquiry category of a vehicle: new and demo vehicles are new-vehicle enquiries. */
export function vehicleEnquiryCategory(carType: string | null | undefined): string {
  return carType === "used" ? LEAD_FORM_CATEGORIES.usedVehicle : LEAD_FORM_CATEGORIES.newVehicle;
}

type RuleSettings = Pick<SiteSettings, "enquiryMessageOptional" | "visitorSources">;

function contactFields(): LeadFormField[] {
  return [
    ...nameFields().map((f) => ({
      ...f,
      autoComplete: f.name === "first_name" ? "given-name" : "family-name",
    })),
    { name: "email", kind: "email", label: "Email", autoComplete: "email" },
    { name: "phone", kind: "phone", label: "Phone", autoComplete: "tel" },
  ];
}

function hearAboutUs(settings: Pick<SiteSettings, "visitorSources">): LeadFormField {
  return {
    name: "hear_about_us",
    kind: "select",
    label: "How did you hear about us?",
    required: false,
    options: visitorSources(settings).map((s) => ({ value: s, label: s })),
  };
}

/** The general enquiry (/contact): the enquiry form of docs/product/leads-and-forms.md, and a CV for careers. */
export function contactFormFields(
  context: EnquiryFormContext,
  settings: RuleSettings,
): LeadFormField[] {
  const fields: LeadFormField[] = enquiryFormFields(context, settings).map((f) =>
    f.name === "first_name" || f.name === "last_name" || f.name === "email" || f.name === "phone"
      ? {
          ...f,
          autoComplete: {
            first_name: "given-name",
            last_name: "family-name",
            email: "email",
            phone: "tel",
          }[f.name],
        }
      : f,
  );
  const messageIndex = fields.findIndex((f) => f.name === "message");
  fields.splice(messageIndex, 0, hearAboutUs(settings));
  if (context.showCategory) {
    fields.splice(messageIndex + 1, 0, {
      name: "cv",
      kind: "text",
      control: "file",
      label: "Your CV",
      hint: "For careers enquiries: a PDF or an image, 10 MB at most.",
      whenCategory: LEAD_FORM_CATEGORIES.careers,
    });
  }
  return fields;
}

/** The fields a submission answers: those tied to another category are left out. */
export function fieldsForValues<T extends LeadFormField>(
  fields: readonly T[],
  values: Readonly<Record<string, unknown>>,
): T[] {
  return fields.filter((f) => f.whenCategory === undefined || values.category === f.whenCategory);
}

/** A vehicle enquiry, quick enquiry, photo request or history report request: the vehicle is known. */
export function vehicleEnquiryFields(
  settings: RuleSettings,
  options: { messageRequired?: boolean } = {},
): LeadFormField[] {
  return [
    ...contactFields(),
    {
      name: "postcode",
      kind: "postcode",
      label: "Postcode",
      required: false,
      autoComplete: "postal-code",
    },
    {
      name: "message",
      kind: "textarea",
      label: "Message",
      required: options.messageRequired ?? !settings.enquiryMessageOptional,
    },
    {
      name: "opt_in",
      kind: "checkbox",
      label: DEFAULT_CONSENT_WORDING,
      required: false,
    },
  ];
}

export type BookingFormContext = {
  /** Locations that take the booking; a select is shown when there is more than one. */
  locations: readonly SelectOption[];
};

/** Test drive booking (/book-test-drive/): a location, a time, the driver. */
export function testDriveFormFields(
  context: BookingFormContext,
  settings: RuleSettings,
): LeadFormField[] {
  return [
    ...(context.locations.length > 1
      ? [
          {
            name: "location_id",
            kind: "select",
            label: "Location",
            options: context.locations,
          } as LeadFormField,
        ]
      : []),
    {
      name: "booking_time",
      kind: "text",
      control: "time-slot",
      label: "Date and time",
      requiredMessage: "Please choose a time.",
    },
    ...contactFields(),
    { name: "message", kind: "textarea", label: "Anything we should know?", required: false },
    hearAboutUs(settings),
    {
      name: "opt_in",
      kind: "checkbox",
      label: DEFAULT_CONSENT_WORDING,
      required: false,
    },
  ];
}

export type ServiceFormContext = BookingFormContext & { additionalServices: readonly string[] };

/** Service booking (/service, /pages/book-a-service): a drop-off time, the vehicle, extras. */
export function serviceFormFields(
  context: ServiceFormContext,
  settings: RuleSettings,
): LeadFormField[] {
  return [
    ...(context.locations.length > 1
      ? [
          {
            name: "location_id",
            kind: "select",
            label: "Service centre",
            options: context.locations,
          } as LeadFormField,
        ]
      : []),
    {
      name: "booking_time",
      kind: "text",
      control: "time-slot",
      label: "Drop-off date and time",
      requiredMessage: "Please choose a time.",
    },
    ...contactFields(),
    { name: "Rego", kind: "text", label: "Rego", required: false },
    { name: "Vehicle Make", kind: "text", label: "Vehicle make" },
    { name: "Vehicle Model", kind: "text", label: "Vehicle model" },
    { name: "year", kind: "text", control: "number", label: "Year", required: false },
    { name: "odometer", kind: "text", control: "number", label: "Odometer", required: false },
    ...(context.additionalServices.length > 0
      ? [
          {
            name: "additional_services",
            kind: "checkbox",
            control: "checkbox-group",
            label: "Additional services",
            required: false,
            options: context.additionalServices.map((s) => ({ value: s, label: s })),
          } as LeadFormField,
        ]
      : []),
    {
      name: "message",
      kind: "textarea",
      label: "Tell us what your vehicle needs",
      required: false,
    },
    hearAboutUs(settings),
    {
      name: "opt_in",
      kind: "checkbox",
      label: DEFAULT_CONSENT_WORDING,
      required: false,
    },
  ];
}

/** The fields of a booking form of either kind. */
export function bookingFormFields(
  kind: "test_drive" | "service",
  locations: readonly SelectOption[],
  settings: RuleSettings & Pick<SiteSettings, "serviceAdditionalServices">,
): LeadFormField[] {
  return kind === "service"
    ? serviceFormFields(
        { locations, additionalServices: settings.serviceAdditionalServices },
        settings,
      )
    : testDriveFormFields({ locations }, settings);
}

export type FinanceFormContext = { dealerships: readonly SelectOption[] };

export type FormStep = { title: string; fields: LeadFormField[] };

export const EMPLOYMENT_OPTIONS = [
  "Full time",
  "Part time",
  "Casual",
  "Self employed",
  "Retired",
  "Other",
] as const;
export const RESIDENTIAL_OPTIONS = [
  "Own home",
  "Mortgage",
  "Renting",
  "Living with family",
  "Other",
] as const;
export const LOAN_TERMS = ["12", "24", "36", "48", "60", "72", "84"] as const;

/**
 * The finance application (/finance): three steps. 'User Details' comes first so the dealer
 * hears of an application started and left (each step is saved as an incomplete lead).
 */
export function financeFormSteps(context: FinanceFormContext): FormStep[] {
  const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
  return [
    {
      title: "User Details",
      fields: [
        ...contactFields(),
        { name: "postcode", kind: "postcode", label: "Postcode", autoComplete: "postal-code" },
      ],
    },
    {
      title: "Your Vehicle and Loan",
      fields: [
        {
          name: "vehiclePriceBudget",
          kind: "text",
          control: "number",
          label: "Vehicle price or budget ($)",
        },
        {
          name: "deposit",
          kind: "text",
          control: "number",
          label: "Deposit or trade-in ($)",
          required: false,
        },
        {
          name: "loan_term_months",
          kind: "select",
          label: "Loan term",
          options: LOAN_TERMS.map((t) => ({
            value: t,
            label: `${Number(t) / 12} years (${t} months)`,
            highlighted: t === "60",
          })),
        },
        ...(context.dealerships.length > 1
          ? [
              {
                name: "dealership_slug",
                kind: "select",
                label: "Preferred Dealership",
                options: context.dealerships,
              } as LeadFormField,
            ]
          : []),
      ],
    },
    {
      title: "Employment and Income",
      fields: [
        {
          name: "employment_status",
          kind: "radio",
          label: "Employment",
          options: options(EMPLOYMENT_OPTIONS),
        },
        {
          name: "annual_income",
          kind: "text",
          control: "number",
          label: "Annual income before tax ($)",
        },
        {
          name: "residential_status",
          kind: "radio",
          label: "Where do you live?",
          options: options(RESIDENTIAL_OPTIONS),
        },
        {
          name: "message",
          kind: "textarea",
          label: "Anything else we should know?",
          required: false,
        },
        {
          name: "terms_conditions",
          kind: "checkbox",
          label: "I agree to be contacted about finance and to the privacy policy",
          requiredMessage: "Please agree so that we can contact you about finance.",
        },
      ],
    },
  ];
}

export const VEHICLE_CONDITIONS = ["Excellent", "Good", "Fair", "Needs work"] as const;

/** Trade-in valuation and Value My Car: the visitor's vehicle (looked up by rego), then them. */
export function tradeInFormFields(
  context: { states: readonly string[] },
  settings: RuleSettings,
): LeadFormField[] {
  return [
    {
      name: "Rego",
      kind: "text",
      label: "Rego",
      required: false,
      hint: "We can fill in your vehicle's details from its plate.",
    },
    ...(context.states.length > 0
      ? [
          {
            name: "regoState",
            kind: "select",
            label: "State",
            // The registration lookup needs the state a plate is registered in (plates are
            // per state), so a typed plate asks for it.
            required: true,
            // Asked once a plate is typed (a field shown depending on another: docs/product/leads-and-forms.md).
            showWhen: "Rego",
            options: context.states.map((s) => ({ value: s, label: s })),
          } as LeadFormField,
        ]
      : []),
    { name: "trade_in_year", kind: "text", control: "number", label: "Year" },
    { name: "trade_in_make", kind: "text", label: "Make" },
    { name: "trade_in_model", kind: "text", label: "Model" },
    { name: "trade_in_km", kind: "text", control: "number", label: "Odometer" },
    {
      name: "vehicle_condition",
      kind: "radio",
      label: "Condition",
      options: VEHICLE_CONDITIONS.map((c) => ({ value: c, label: c, highlighted: c === "Good" })),
    },
    ...contactFields(),
    { name: "postcode", kind: "postcode", label: "Postcode", autoComplete: "postal-code" },
    {
      name: "message",
      kind: "textarea",
      label: "Anything else about the vehicle?",
      required: false,
    },
    hearAboutUs(settings),
    {
      name: "opt_in",
      kind: "checkbox",
      label: DEFAULT_CONSENT_WORDING,
      required: false,
    },
  ];
}

export const FLEET_SIZES = ["1-4", "5-9", "10-24", "25-49", "50+"] as const;

/** Fleet enquiry (/fleet). */
export function fleetFormFields(settings: RuleSettings): LeadFormField[] {
  return [
    ...contactFields(),
    { name: "company", kind: "text", label: "Company", autoComplete: "organization" },
    {
      name: "fleet_size",
      kind: "select",
      label: "Fleet size",
      options: FLEET_SIZES.map((s) => ({ value: s, label: s })),
    },
    { name: "vehicles_of_interest", kind: "text", label: "Vehicles of interest", required: false },
    {
      name: "message",
      kind: "textarea",
      label: "Message",
      required: !settings.enquiryMessageOptional,
    },
    {
      name: "opt_in",
      kind: "checkbox",
      label: DEFAULT_CONSENT_WORDING,
      required: false,
    },
  ];
}

/** Checkbox fields a form sends (an unticked box sends nothing, so the server fills false). */
export function checkboxFieldNames(fields: readonly LeadFormField[]): string[] {
  return fields
    .filter((f) => f.kind === "checkbox" && f.control !== "checkbox-group")
    .map((f) => f.name);
}

/** The options of checkbox groups, each a key gathered into additional_services (leads-and-forms.md). */
export function optionKeysOf(fields: readonly LeadFormField[]): string[] {
  return fields
    .filter((f) => f.control === "checkbox-group")
    .flatMap((f) => (f.options ?? []).map((o) => o.value));
}
