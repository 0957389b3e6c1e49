/**
 * The fields of the reserve and buy-online forms: the vehicle enquiry's contact fields (message
 * optional) and the shopper's agreement to the deposit.
 */
import { vehicleEnquiryFields, type LeadFormField } from "~/domain/lead-forms";
import type { SiteSettings } from "~/domain/site-settings";

export function checkoutFields(
  settings: Pick<SiteSettings, "enquiryMessageOptional" | "visitorSources">,
  deposit: string,
): LeadFormField[] {
  return [
    ...vehicleEnquiryFields(settings, { messageRequired: false }),
    {
      name: "terms_conditions",
      kind: "checkbox",
      label: `I agree to pay a ${deposit} deposit to hold this vehicle, on the deposit terms above and the terms and conditions`,
      requiredMessage: "Please agree to the deposit terms to continue.",
    },
  ];
}
