/**
 * The form field toolkit (docs/product/leads-and-forms.md, "Form field toolkit"): required by
 * default with the exact messages, email, names, postcode and phone rules, conditional fields and
 * select options. Both the browser (as the visitor types) and the server (on submit) validate with
 * these functions, so a form without JavaScript gets the same messages.
 */
import { phoneError, type PhoneRuleSettings } from "./phone-validation";
import type { Locale, PhoneVariant } from "./site-settings";

export const FIELD_MESSAGES = {
  required: "*This is a required field.",
  email: "invalid email address",
  name: "Please use alphabetical characters only.",
  postcode: "Invalid postcode. Please enter a 4-digit number.",
} as const;

/** Postcodes have 4 digits (Australia, New Zealand); ZIP codes 5 (United States). */
export const POSTCODE_LENGTH = 4;

/** The postcode rule of a locale: its digits and the message of a wrong one. */
export function postcodeRule(locale: Locale = "en-AU"): { length: number; message: string } {
  return locale === "en-US"
    ? { length: 5, message: "Invalid ZIP code. Please enter a 5-digit ZIP code." }
    : { length: POSTCODE_LENGTH, message: FIELD_MESSAGES.postcode };
}

const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;
const NAME = /^[\p{L} ]+$/u;

export function isValidEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

/** Letters (any alphabet) and spaces only. */
export function isValidName(value: string): boolean {
  return NAME.test(value);
}

export function isValidPostcode(value: string, locale: Locale = "en-AU"): boolean {
  return new RegExp(`^\\d{${postcodeRule(locale).length}}$`).test(value.trim());
}

export type FieldKind =
  | "text"
  | "textarea"
  | "email"
  | "name"
  | "postcode"
  | "phone"
  | "select"
  | "radio"
  | "checkbox"
  | "date";

export type SelectOption = { value: string; label: string; highlighted?: boolean };

export type FieldDefinition = {
  name: string;
  kind: FieldKind;
  label?: string;
  /** Every field is required unless it opts out (the toolkit's first rule). */
  required?: boolean;
  /** Replaces '*This is a required field.' for this field. */
  requiredMessage?: string;
  /** Phone fields: the variant; the site's `phoneVariant` when absent. */
  phoneVariant?: PhoneVariant;
  /** Shown only while this other field holds a value without an error. */
  showWhen?: string;
  options?: readonly SelectOption[];
};

export type FieldValue = string | boolean | readonly string[] | null | undefined;
export type FormValues = Readonly<Record<string, FieldValue>>;
export type FieldRuleSettings = PhoneRuleSettings & {
  phoneVariant: PhoneVariant;
  /** The site's locale: the postcode rule (a US ZIP code has 5 digits). en-AU when absent. */
  locale?: Locale;
};

export function isFieldRequired(field: FieldDefinition): boolean {
  return field.required ?? true;
}

function isEmpty(value: FieldValue): boolean {
  if (value === null || value === undefined || value === false) return true;
  if (typeof value === "string") return value.trim() === "";
  if (typeof value === "boolean") return false;
  return value.length === 0;
}

/** The error shown under a field, or null. An empty optional field has no error. */
export function fieldError(
  field: FieldDefinition,
  value: FieldValue,
  settings: FieldRuleSettings,
): string | null {
  if (isEmpty(value)) {
    return isFieldRequired(field) ? (field.requiredMessage ?? FIELD_MESSAGES.required) : null;
  }
  if (typeof value !== "string") return null;
  switch (field.kind) {
    case "email":
      return isValidEmail(value) ? null : FIELD_MESSAGES.email;
    case "name":
      return isValidName(value) ? null : FIELD_MESSAGES.name;
    case "postcode":
      return isValidPostcode(value, settings.locale) ? null : postcodeRule(settings.locale).message;
    case "phone":
      return phoneError(value, field.phoneVariant ?? settings.phoneVariant, settings);
    default:
      return null;
  }
}

/** A conditional field shows while the field it depends on has no error. */
export function isFieldShown(
  field: FieldDefinition,
  fields: readonly FieldDefinition[],
  values: FormValues,
  settings: FieldRuleSettings,
): boolean {
  if (field.showWhen === undefined) return true;
  const dependsOn = fields.find((f) => f.name === field.showWhen);
  if (!dependsOn) return false;
  const value = values[dependsOn.name];
  return !isEmpty(value) && fieldError({ ...dependsOn, required: true }, value, settings) === null;
}

/** Errors of the shown fields, keyed by field name; an empty object means the form is valid. */
export function validateFields(
  fields: readonly FieldDefinition[],
  values: FormValues,
  settings: FieldRuleSettings,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (!isFieldShown(field, fields, values, settings)) continue;
    if (field.kind === "select" && !hasSelectOptions(field.options)) continue;
    const error = fieldError(field, values[field.name], settings);
    if (error !== null) errors[field.name] = error;
  }
  return errors;
}

/** A select without options renders nothing (and so asks nothing). */
export function hasSelectOptions(options: readonly SelectOption[] | undefined): boolean {
  return options !== undefined && options.length > 0;
}

/** Select options as listed: highlighted ones first, each group in its given order. */
export function orderSelectOptions(options: readonly SelectOption[]): SelectOption[] {
  return [...options.filter((o) => o.highlighted), ...options.filter((o) => !o.highlighted)];
}

/**
 * The name fields: first and last name, plus middle name (optional) only when requested.
 */
export function nameFields(options: { middleName?: boolean } = {}): FieldDefinition[] {
  return [
    { name: "first_name", kind: "name", label: "First Name" },
    ...(options.middleName
      ? [{ name: "middle_name", kind: "name", label: "Middle Name", required: false } as const]
      : []),
    { name: "last_name", kind: "name", label: "Last Name" },
  ];
}
