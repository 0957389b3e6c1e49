/**
 * The raw fields of a lead as the API and the forms receive them: their shape and size limits
 * (zod), and the field rules of SPEC.md section 5 applied through the domain's toolkit, so the
 * API answers with the same messages as the forms.
 */
import { z } from "zod";
import { FIELD_MESSAGES, fieldError, type FieldDefinition } from "~/domain/form-fields";
import type { SiteSettings } from "~/domain/site-settings";

export const MAX_FIELDS = 120;
export const MAX_TEXT_LENGTH = 5_000;

/** Field names as forms send them: 'first_name', 'Vehicle Make', 'Ready to sell', 'lead[email]'. */
const FIELD_NAME = /^[A-Za-z0-9][A-Za-z0-9 _.\-/()?']{0,79}$/;

const ShortText = z.string().max(500, "This value is too long (500 characters at most).");

const LeadValueSchema = z.union([
  z
    .string()
    .max(
      MAX_TEXT_LENGTH,
      `This text is too long (${MAX_TEXT_LENGTH.toLocaleString("en-AU")} characters at most).`,
    ),
  z.number().finite(),
  z.boolean(),
  z.null(),
  z.array(z.union([ShortText, z.number().finite()])).max(200, "Too many values in this list."),
  z.record(z.string().max(80), z.union([ShortText, z.number().finite(), z.boolean(), z.null()])),
]);

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
      if (!parsed.success) {
        const message = parsed.error.issues[0]?.message;
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

/**
 * The contact rules every lead meets, whatever form sent it: each contact field that is present
 * follows its toolkit rule; a completed lead names the person and gives an e-mail or phone.
 * Forms check their own required fields first with the same toolkit.
 */
export function validateContactFields(
  fields: LeadFields,
  settings: Pick<SiteSettings, "phoneVariant" | "testPhoneNumber">,
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
