/**
 * The checkout journey (docs/product/payments.md, "The checkout journey"): buying a vehicle
 * online in steps on the multi-step form rules: your details, trade-in, finance, delivery or
 * pickup, the deposit; the confirmation follows the payment. Each step is saved as the
 * dealership's incomplete lead.
 */
import type { SelectOption } from "./form-fields";
import type { FormStep, LeadFormField } from "./lead-forms";
import { AUSTRALIAN_STATES } from "./drive-away";

const YES_NO = [
  { value: "Yes", label: "Yes" },
  { value: "No", label: "No" },
];

export const DELIVERY_OPTIONS = ["Pick up from the dealership", "Deliver to my address"] as const;

export function checkoutJourneySteps(context: {
  deposit: string;
  locations: readonly SelectOption[];
  tradeInAllowed: boolean;
}): FormStep[] {
  const optional = (field: LeadFormField): LeadFormField => ({ ...field, required: false });
  const steps: FormStep[] = [
    {
      title: "User Details",
      fields: [
        { name: "first_name", kind: "name", label: "First Name", autoComplete: "given-name" },
        { name: "last_name", kind: "name", label: "Last Name", autoComplete: "family-name" },
        { name: "email", kind: "email", label: "Email", autoComplete: "email" },
        { name: "phone", kind: "phone", label: "Phone", autoComplete: "tel" },
      ],
    },
  ];
  if (context.tradeInAllowed)
    steps.push({
      title: "Trade-In",
      fields: [
        {
          name: "has_trade_in",
          kind: "radio",
          label: "Do you have a car to trade in?",
          options: YES_NO,
        },
        optional({ name: "trade_in_rego", kind: "text", label: "Trade-in registration" }),
        optional({
          name: "trade_in_state",
          kind: "select",
          label: "Registered in",
          options: AUSTRALIAN_STATES.map((s) => ({ value: s, label: s })),
        }),
        optional({
          name: "trade_in_km",
          kind: "text",
          control: "number",
          label: "Trade-in odometer (km)",
        }),
        // Filled by the registration lookup, or typed.
        optional({ name: "trade_in_year", kind: "text", label: "Trade-in year" }),
        optional({ name: "trade_in_make", kind: "text", label: "Trade-in make" }),
        optional({ name: "trade_in_model", kind: "text", label: "Trade-in model" }),
      ],
    });
  steps.push(
    {
      title: "Finance",
      fields: [
        { name: "need_finance", kind: "radio", label: "Would you like finance?", options: YES_NO },
        optional({
          name: "employment_status",
          kind: "select",
          label: "Employment",
          options: ["Full time", "Part time", "Casual", "Self employed", "Retired", "Other"].map(
            (v) => ({ value: v, label: v }),
          ),
        }),
        optional({
          name: "annual_income",
          kind: "text",
          control: "number",
          label: "Annual income before tax ($)",
        }),
      ],
    },
    {
      title: "Delivery or Pickup",
      fields: [
        {
          name: "delivery_method",
          kind: "radio",
          label: "How would you like to receive the vehicle?",
          options: DELIVERY_OPTIONS.map((v) => ({ value: v, label: v })),
        },
        ...(context.locations.length > 0
          ? [
              optional({
                name: "pickup_location",
                kind: "select",
                label: "Pickup location",
                options: context.locations,
              }),
            ]
          : []),
        optional({ name: "delivery_postcode", kind: "postcode", label: "Delivery postcode" }),
      ],
    },
    {
      title: "Deposit",
      fields: [
        {
          name: "terms_conditions",
          kind: "checkbox",
          label: `I agree to pay a ${context.deposit} deposit to hold this vehicle, and to the terms and conditions`,
          requiredMessage: "Please agree to the deposit terms to continue.",
        },
      ],
    },
  );
  return steps;
}
