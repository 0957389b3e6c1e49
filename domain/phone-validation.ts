/**
 * Phone number rules of the form field toolkit (docs/product/leads-and-forms.md, "Phone numbers"):
 * Australian by default, with country prefix normalisation (+61, 0061, +64, 0064, +44), masks, the
 * variants (mobile only, New Zealand, US, combined AU/NZ/UK), the always-accepted test number and
 * the exact messages.
 */
import type { PhoneVariant, SiteSettings } from "./site-settings";

export const PHONE_MESSAGES = {
  australian: "Invalid phone number. Must be an Australian number.",
  australianMobile: "Invalid phone number. Must be an Australian mobile number.",
  us: "Invalid phone number. Must be a US number.",
  newZealand: "Invalid phone number. Must be a New Zealand number.",
  tooManyCharacters: "Invalid phone number. Too many characters.",
} as const;

/** New Zealand numbers of 15 or more characters are too long. */
export const NZ_PHONE_LENGTH_LIMIT = 15;

/** Country prefixes replaced by a trunk '0', longest first so '0061' is not read as '00'. */
const COUNTRY_PREFIXES = ["0061", "0064", "0044", "+61", "+64", "+44"] as const;

/** Separators people type inside numbers. */
function stripSeparators(value: string): string {
  return value.replace(/[\s().-]/g, "");
}

/**
 * The number as a national number: separators removed and a country prefix (+61, 0061, +64,
 * 0064, +44) replaced by '0'. '+61 411 222 333' -> '0411222333'.
 */
export function normalisePhonePrefix(value: string): string {
  const compact = stripSeparators(value.trim());
  const prefix = COUNTRY_PREFIXES.find((p) => compact.startsWith(p));
  if (!prefix) return compact;
  const rest = compact.slice(prefix.length);
  // '+61 (0)4..' style numbers already carry the trunk zero.
  return rest.startsWith("0") ? rest : `0${rest}`;
}

const AU_LANDLINE = /^0[23578]\d{8}$/;
const AU_MOBILE = /^04\d{8}$/;
const NZ_NUMBER = /^0(?:2\d{7,9}|[34679]\d{7}|800\d{6,7}|508\d{6})$/;
const UK_NUMBER = /^0[1-9]\d{8,9}$/;

export function isAustralianNumber(value: string): boolean {
  const national = normalisePhonePrefix(value);
  return AU_LANDLINE.test(national) || AU_MOBILE.test(national);
}

export function isAustralianMobile(value: string): boolean {
  return AU_MOBILE.test(normalisePhonePrefix(value));
}

export function isNewZealandNumber(value: string): boolean {
  return NZ_NUMBER.test(normalisePhonePrefix(value));
}

export function isUkNumber(value: string): boolean {
  return UK_NUMBER.test(normalisePhonePrefix(value));
}

/** US: 11 digits starting with 1, or 10 digits starting 2 to 9 (separators and '+' ignored). */
export function isUsNumber(value: string): boolean {
  const digits = stripSeparators(value.trim()).replace(/^\+/, "");
  return /^1\d{10}$/.test(digits) || /^[2-9]\d{9}$/.test(digits);
}

function isTestNumber(value: string, testPhoneNumber: string): boolean {
  return (
    testPhoneNumber !== "" && stripSeparators(value.trim()) === stripSeparators(testPhoneNumber)
  );
}

export type PhoneRuleSettings = Pick<SiteSettings, "testPhoneNumber">;

/**
 * The error for a phone value under a variant, or null when it is acceptable. Empty values are
 * the required rule's business, not this one's. The site's test number is always accepted.
 */
export function phoneError(
  value: string,
  variant: PhoneVariant,
  settings: PhoneRuleSettings,
): string | null {
  if (isTestNumber(value, settings.testPhoneNumber)) return null;
  switch (variant) {
    case "au":
      return isAustralianNumber(value) ? null : PHONE_MESSAGES.australian;
    case "au-mobile":
      return isAustralianMobile(value) ? null : PHONE_MESSAGES.australianMobile;
    case "nz":
      if (value.length >= NZ_PHONE_LENGTH_LIMIT) return PHONE_MESSAGES.tooManyCharacters;
      return isNewZealandNumber(value) ? null : PHONE_MESSAGES.newZealand;
    case "us":
      return isUsNumber(value) ? null : PHONE_MESSAGES.us;
    case "au-nz-uk":
      // The product reference names no message of its own for the combined variant; the default one
      // is used.
      return isAustralianNumber(value) || isNewZealandNumber(value) || isUkNumber(value)
        ? null
        : PHONE_MESSAGES.australian;
  }
}

/**
 * Input masks ('0' = a digit). Australian mobiles and landlines group differently, so the mask
 * follows what has been typed.
 */
export function phoneMask(value: string, variant: PhoneVariant): string {
  const national = normalisePhonePrefix(value);
  switch (variant) {
    case "us":
      return national.startsWith("1") ? "0 (000) 000-0000" : "(000) 000-0000";
    case "nz":
      return national.startsWith("02") ? "000 000 00000" : "00 000 0000";
    case "au-mobile":
      return "0000 000 000";
    case "au":
    case "au-nz-uk":
      return national.startsWith("04") || national.startsWith("1")
        ? "0000 000 000"
        : "00 0000 0000";
  }
}

/** Fills a mask with the typed digits; digits beyond the mask are kept at the end. */
export function applyPhoneMask(value: string, mask: string): string {
  const digits = value.replace(/\D/g, "");
  let index = 0;
  let result = "";
  for (const slot of mask) {
    if (index >= digits.length) break;
    if (slot === "0") {
      result += digits[index];
      index += 1;
    } else {
      result += slot;
    }
  }
  return result + digits.slice(index);
}

/** The national number formatted with the variant's mask: '+61411222333' -> '0411 222 333'. */
export function formatPhone(value: string, variant: PhoneVariant): string {
  const national = variant === "us" ? value : normalisePhonePrefix(value);
  return applyPhoneMask(national, phoneMask(value, variant));
}

/** A lead's phone as the dealer reads it: E.164, with the typed form beside it when it differs. */
export function leadPhoneText(typed: string | null, e164: string | null): string {
  if (!e164) return typed ?? "";
  return typed && typed !== e164 ? `${e164} (as typed: ${typed})` : e164;
}
