/**
 * A lead's phone number in E.164 (docs/product/leads-and-forms.md, "Phone numbers"), read by the
 * site's phone rules (its phone variant names the countries it takes) with libphonenumber's
 * numbering plans. The number as typed is kept beside it; a number the plans do not know (the
 * site's test number, say) has no E.164 form.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/max";
import type { PhoneVariant } from "./site-settings";

/** The countries each phone variant takes, the first the one a national number is read in. */
export const PHONE_VARIANT_COUNTRIES: Record<PhoneVariant, readonly CountryCode[]> = {
  au: ["AU"],
  "au-mobile": ["AU"],
  nz: ["NZ"],
  us: ["US"],
  "au-nz-uk": ["AU", "NZ", "GB"],
};

/**
 * '0411 222 333' (au) -> '+61411222333'; '0061 411 222 333' and '+61 (0)411 222 333' too;
 * '(212) 555-0123' (us) -> '+12125550123'. Null when it is no valid number of the variant's
 * countries.
 */
export function phoneE164(value: string, variant: PhoneVariant): string | null {
  const countries = PHONE_VARIANT_COUNTRIES[variant] ?? PHONE_VARIANT_COUNTRIES.au;
  const text = value
    .trim()
    // '0061 …' and '+61 (0)4…', as the site's phone rules accept them.
    .replace(/^00(?=[1-9])/, "+")
    .replace(/^(\+\d{1,3})\s*\(0\)/, "$1");
  if (!/^\+?[\d\s().-]{3,40}$/.test(text)) return null;
  for (const country of countries) {
    const number = parsePhoneNumberFromString(text, country);
    if (number?.isValid() && number.country && countries.includes(number.country))
      return number.number;
  }
  return null;
}
