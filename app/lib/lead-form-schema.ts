/**
 * A lead form's submission as the browser checks it before sending (docs/product/leads-and-forms.md,
 * "Form field toolkit"): the values read as the domain reads them, a zod schema whose every message
 * is the domain's (validateFields), and the Conform submission parsed with it. The route action
 * checks the same fields with the same rules and stays the authority.
 */
import { parse } from "@conform-to/react";
import { z } from "zod/mini";
import {
  isFieldShown,
  validateFields,
  type FieldRuleSettings,
  type FormValues,
} from "~/domain/form-fields";
import { fieldsForValues, type LeadFormField } from "~/domain/lead-forms";
import type { FormValuesData } from "~/server/leads/form-types";

/** The values of the given fields in a form's data, as the domain's rules read them. */
export function readFormValues(
  data: FormData | HTMLFormElement,
  fields: readonly LeadFormField[],
): FormValuesData {
  const form = data instanceof FormData ? data : new FormData(data);
  const values: FormValuesData = {};
  for (const field of fields) {
    if (field.control === "checkbox-group") {
      values[field.name] = (field.options ?? [])
        .filter((o) => form.has(o.value))
        .map((o) => o.value);
    } else if (field.kind === "checkbox") {
      values[field.name] = form.has(field.name);
    } else if (field.control === "file") {
      const file = form.get(field.name);
      values[field.name] = file instanceof File ? file.name : "";
    } else {
      const value = form.get(field.name);
      values[field.name] = typeof value === "string" ? value : "";
    }
  }
  return values;
}

/** The fields shown for these values (conditional fields, the category's own fields). */
export function visibleFields(
  fields: readonly LeadFormField[],
  values: FormValuesData,
  rules: FieldRuleSettings,
): LeadFormField[] {
  return fieldsForValues(fields, values).filter((f) =>
    isFieldShown(f, fields, values as FormValues, rules),
  );
}

/** The errors of the shown fields for these values, with the domain's messages. */
export function leadFieldErrors(
  fields: readonly LeadFormField[],
  values: FormValuesData,
  rules: FieldRuleSettings,
): Record<string, string> {
  return validateFields(visibleFields(fields, values, rules), values as FormValues, rules);
}

/**
 * A zod schema of a form's values: one issue per field in error, at the field's name. zod's mini
 * build (the same rules, a fraction of the browser's download: docs/decisions/034).
 */
export function leadValuesSchema(fields: readonly LeadFormField[], rules: FieldRuleSettings) {
  return z.record(z.string(), z.unknown()).check(
    z.superRefine((values, context) => {
      const errors = leadFieldErrors(fields, values as FormValuesData, rules);
      for (const field of fields) {
        const message = errors[field.name];
        if (message) context.addIssue({ code: "custom", path: [field.name], message });
      }
    }),
  );
}

/**
 * The submission of a form's data, parsed by Conform and checked with the values schema. The
 * values are read from the data by field (a checkbox group's options are inputs of their own),
 * and errors keyed by the field's name as sent, so any field name the domain allows (dots and
 * brackets included) is one field.
 */
export function parseLeadSubmission(
  formData: FormData,
  fields: readonly LeadFormField[],
  rules: FieldRuleSettings,
) {
  const values = readFormValues(formData, fields);
  return parse(formData, {
    resolve: () => {
      const result = leadValuesSchema(fields, rules).safeParse(values);
      if (result.success) return { value: values };
      const error: Record<string, string[]> = {};
      for (const issue of result.error.issues)
        (error[String(issue.path[0] ?? "")] ??= []).push(issue.message);
      return { error };
    },
  });
}

/** Conform's first message of each field in error. */
export function firstErrors(
  errors: Record<string, readonly string[] | null | undefined> | null | undefined,
): Record<string, string> {
  const first: Record<string, string> = {};
  for (const [name, messages] of Object.entries(errors ?? {}))
    if (messages && messages[0]) first[name] = messages[0];
  return first;
}

/** A form answer's field errors as Conform's last result (its state follows the server's answer). */
export function submissionResultOf(
  errors: Record<string, string> | undefined,
  formError?: string | null,
) {
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(errors ?? {})) error[name] = [message];
  if (formError) error[""] = [formError];
  return { status: "error" as const, error };
}

/** A key for these values (FNV-1a): the same submission gives the same key, an edited one a new key. */
export function hashValues(values: FormValuesData): string {
  const text = JSON.stringify(Object.entries(values).sort(([a], [b]) => a.localeCompare(b)));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}
