/**
 * The raw fields of a lead as the API and the forms receive them: their shape and size limits
 * (zod), and the field rules of docs/product/leads-and-forms.md applied through the domain's
 * toolkit, so the API answers with the same messages as the forms.
 */
import { z } from "zod";
import { FIELD_MESSAGES, fieldError, type FieldDefinition } from "~/domain/form-fields";
import type { Locale, SiteSettings } from "~/domain/site-settings";

export const MAX_FIELDS = 120;
export const MAX_TEXT_LENGTH = 5_000;

/** Field names as forms send them: 'first_name', 'Vehicle Make', 'Ready to sell', 'lead[email]'. */
const FIELD_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.\-/()?']{0,79}$/;

/** The largest whole number the database's integer columns (ids, step numbers) hold. */
export const MAX_STORED_INTEGER = 2_147_483_647;

export const TEXT_NOT_ACCEPTED_MESSAGE =
  "This text contains characters we cannot accept. Please retype it.";

/**
 * Text the database can store: no NUL character (PostgreSQL text refuses it) and no lone UTF-16
 * surrogate (not a character at all; JSON columns refuse it). Every text of a lead passes here,
 * so such input is a 422 for its field, never a failed write.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const StoredText = z
  .string()
  .refine(
    (text) => !text.includes("\u0000") && !LONE_SURROGATE.test(text),
    TEXT_NOT_ACCEPTED_MESSAGE,
  );

const ShortText = StoredText.max(500, "This value is too long (500 characters at most).");

const LeadValueSchema = z.union([
  StoredText.max(
    MAX_TEXT_LENGTH,
    `This text is too long (${MAX_TEXT_LENGTH.toLocaleString("en-AU")} characters at most).`,
  ),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(z.union([ShortText, z.number().finite()])).max(200, "Too many values in this list."),
  z.record(StoredText.max(80), z.union([ShortText, z.number().finite(), z.boolean(), z.null()])),
]);

const WHOLE_NUMBER_MESSAGE = "Please enter a whole number.";
const TOO_LARGE_MESSAGE = "This number is too large.";

/** A whole number the database can store, sent as a number or as digits. */
const StoredInteger = z.union([z.number(), z.string()]).superRefine((value, context) => {
  const text = typeof value === "string" ? value.trim() : null;
  if (text === "") return;
  const n = text === null ? value : /^\d+$/.test(text) ? Number(text) : NaN;
  if (typeof n !== "number" || !Number.isInteger(n) || n < 0)
    context.addIssue({ code: "custom", message: WHOLE_NUMBER_MESSAGE });
  else if (n > MAX_STORED_INTEGER) context.addIssue({ code: "custom", message: TOO_LARGE_MESSAGE });
});

/** A record's id (a whole number the database can store) or its slug or name. */
const Reference = z.union([z.number(), StoredText.max(200)]).superRefine((value, context) => {
  const text = typeof value === "string" ? value.trim() : null;
  const n = typeof value === "number" ? value : text && /^\d+$/.test(text) ? Number(text) : null;
  if (n === null) return;
  if (!Number.isInteger(n) || n < 0)
    context.addIssue({ code: "custom", message: WHOLE_NUMBER_MESSAGE });
  else if (n > MAX_STORED_INTEGER) context.addIssue({ code: "custom", message: TOO_LARGE_MESSAGE });
});

const TEXT_MESSAGE = "Please enter this as text.";
const Text = z.union([StoredText, z.null()], { error: TEXT_MESSAGE });

/**
 * Fields whose meaning fixes their type (the payload builder reads them as text, the database
 * stores them as integers or looks records up by them): checked here, before anything else.
 * Every other field follows the general shape above.
 */
const FIELD_SCHEMAS: Record<string, z.ZodType> = {
  name: Text,
  first_name: Text,
  middle_name: Text,
  last_name: Text,
  email: Text,
  phone: Text,
  postcode: Text,
  category: Text,
  subcategory: Text,
  lead_status: Text,
  url: Text,
  dealership_slug: Text,
  booking_time: Text,
  booking_type: Text,
  car_id: Reference,
  location_id: Reference,
  step_number: StoredInteger,
};

export type LeadValue = z.infer<typeof LeadValueSchema>;
export type LeadFields = Record<string, LeadValue>;

export const LeadFieldsSchema = z
  .record(z.string(), z.unknown())
  .superRefine((record, context) => {
    const keys = Object.keys(record);
    if (keys.length > MAX_FIELDS) {
      context.addIssue({
        code: "custom",
        path: [],
        message: `A lead can carry at most ${MAX_FIELDS} fields.`,
      });
    }
    for (const key of keys) {
      if (!FIELD_NAME.test(key)) {
        context.addIssue({
          code: "custom",
          path: [key],
          message: "This field name is not accepted.",
        });
        continue;
      }
      const parsed = LeadValueSchema.safeParse(record[key]);
      const schema = Object.hasOwn(FIELD_SCHEMAS, key) ? FIELD_SCHEMAS[key] : undefined;
      const typed = parsed.success ? schema?.safeParse(record[key]) : parsed;
      if (!parsed.success || (typed && !typed.success)) {
        const issues = (parsed.success ? typed!.error! : parsed.error).issues;
        const message = deepestMessage(issues);
        context.addIssue({
          code: "custom",
          path: [key],
          message:
            message && !message.startsWith("Invalid") ? message : "This value is not accepted.",
        });
      }
    }
  })
  .transform((record) => record as LeadFields);

/** The most specific message of a value's issues (a union reports its branches' issues inside). */
function deepestMessage(issues: readonly z.core.$ZodIssue[]): string | undefined {
  for (const issue of issues) {
    if (issue.code === "invalid_union") {
      for (const branch of issue.errors) {
        const inner = deepestMessage(branch);
        if (inner && !inner.startsWith("Invalid")) return inner;
      }
    }
  }
  return issues[0]?.message;
}

/** The body of POST /api/leads and PUT /api/leads/{id}. */
export const LeadBodySchema = z.object(
  {
    lead: LeadFieldsSchema,
  },
  { error: 'Send the lead as JSON: {"lead": {...}}.' },
);

/** Field errors keyed by field name, from a zod error (for 422 answers). */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.filter((p) => p !== "lead");
    const key = path.length > 0 ? String(path[0]) : "lead";
    errors[key] ??= issue.message;
  }
  return errors;
}

/** The standard contact fields of every lead and the toolkit rule each follows. */
const CONTACT_FIELDS: readonly FieldDefinition[] = [
  { name: "first_name", kind: "name", required: false },
  { name: "middle_name", kind: "name", required: false },
  { name: "last_name", kind: "name", required: false },
  { name: "email", kind: "email", required: false },
  { name: "phone", kind: "phone", required: false },
  { name: "postcode", kind: "postcode", required: false },
];

export function textOf(value: LeadValue | undefined): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value.trim();
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return "";
}

/** A positive whole number sent as a number or as digits (an id, a step number); else null. */
export function positiveIntegerOf(value: LeadValue | undefined): number | null {
  const n =
    typeof value === "number"
      ? value
      : typeof value === "string" && /^\d+$/.test(value.trim())
        ? Number(value)
        : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/**
 * The contact rules every lead meets, whatever form sent it: each contact field that is present
 * follows its toolkit rule; a completed lead names the person and gives an e-mail or phone.
 * Forms check their own required fields first with the same toolkit.
 */
export function validateContactFields(
  fields: LeadFields,
  settings: Pick<SiteSettings, "phoneVariant" | "testPhoneNumber"> & { locale?: Locale },
  options: { completed: boolean },
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of CONTACT_FIELDS) {
    const value = fields[field.name];
    if (value === undefined || value === null) continue;
    if (typeof value !== "string") {
      errors[field.name] = "This value is not accepted.";
      continue;
    }
    const error = fieldError(field, value, settings);
    if (error) errors[field.name] = error;
  }
  if (options.completed) {
    if (!textOf(fields.first_name) && !textOf(fields.name))
      errors.first_name ??= FIELD_MESSAGES.required;
    if (!textOf(fields.email) && !textOf(fields.phone)) errors.email ??= FIELD_MESSAGES.required;
  }
  return errors;
}

/** A completed lead unless it says it is a saved step (form_completed false / lead_status Incomplete). */
export function isCompletedSubmission(fields: LeadFields): boolean {
  const completed = fields.form_completed;
  if (completed === false || completed === "false" || completed === "0") return false;
  if (completed === undefined && textOf(fields.lead_status).toLowerCase() === "incomplete")
    return false;
  return true;
}
