/**
 * The marketing opt-in box of the lead forms (docs/product/leads-and-forms.md, "Marketing
 * consent"): it starts ticked or not by the site's market, and reads the site's own words, the
 * same words the server stores with a lead that ticks it.
 */
import { consentBoxStartsTicked, consentWording } from "~/domain/marketing-consent";
import type { ClientSite } from "~/app/lib/site";
import type { FormValuesData } from "./form-types";

/** The field every lead form names its opt-in box with. */
export const CONSENT_FIELD = "opt_in";

export function consentBox(site: Pick<ClientSite, "settings" | "locale">) {
  const setting = site.settings.marketingConsent;
  return { ticked: consentBoxStartsTicked(setting, site.locale), wording: consentWording(setting) };
}

/** A form's starting values with its opt-in box as the site's market has it. */
export function withConsentDefault(
  fields: ReadonlyArray<{ name: string }>,
  values: FormValuesData | undefined,
  site: Pick<ClientSite, "settings" | "locale">,
): FormValuesData {
  if (!fields.some((f) => f.name === CONSENT_FIELD)) return { ...values };
  return { [CONSENT_FIELD]: consentBox(site).ticked, ...values };
}
