/**
 * The action behind every lead form page: reads the posted form (multipart when it carries files),
 * checks it with the form's field definitions (the same rules the browser ran), and hands it to
 * lead intake. Success redirects to the success page; anything else answers the page with its
 * values, one message per field, or a form-level failure (docs/product/leads-and-forms.md,
 * "Lead errors").
 */
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { prepareEnquirySubmission } from "~/domain/enquiry-form";
import { validateFields, type FormValues } from "~/domain/form-fields";
import {
  checkboxFieldNames,
  fieldsForValues,
  optionKeysOf,
  type LeadFormField,
} from "~/domain/lead-forms";
import { isFieldShown } from "~/domain/form-fields";
import type { FormValuesData, LeadFormActionData } from "./form-types";
import {
  CLIENT_IP_HEADER,
  CROSS_SITE_MESSAGE,
  EMPTY_FORM_MESSAGE,
  HONEYPOT_FIELD,
  RATE_LIMITED_MESSAGE,
  clientKey,
  formPostRefusal,
  isCrossSiteRequest,
  readFormData,
} from "./guard";
import { LeadFieldsSchema, fieldErrorsOf, type LeadFields } from "./lead-fields";
import type { IntakeResult } from "./intake-result";
import type { LeadMeta } from "./lead-intake";
import { SAVE_FAILED_MESSAGE } from "./router";
import { isUploadError, type ReceivedFile } from "./uploads";

export type PostedForm = {
  fields: Record<string, string | string[]>;
  files: ReceivedFile[];
};

export type FormFailure = { status: number; body: LeadFormActionData };

export function failure(
  status: number,
  body: Partial<LeadFormActionData> & { values?: FormValuesData },
): FormFailure {
  return {
    status,
    body: {
      values: body.values ?? {},
      errors: body.errors ?? {},
      formError: body.formError ?? null,
      ...body,
    },
  };
}

export function respond(result: FormFailure) {
  return data(result.body, { status: result.status });
}

/** Abuse checks of a form post: cross-site posts and the per-client limit. */
export async function checkFormRequest(
  request: Request,
  context: AppLoadContext,
): Promise<FormFailure | null> {
  if (isCrossSiteRequest(request.headers)) return failure(403, { formError: CROSS_SITE_MESSAGE });
  const hit = await context.leads.limiter.hit(
    clientKey(context.site.id, request.headers.get(CLIENT_IP_HEADER)),
  );
  if (!hit.allowed) return failure(429, { formError: RATE_LIMITED_MESSAGE });
  return null;
}

/** The posted fields (and files, for multipart forms). */
export async function readPostedForm(
  request: Request,
  context: AppLoadContext,
): Promise<PostedForm | FormFailure> {
  const refused = formPostRefusal(request.headers);
  if (refused) return failure(refused.status, { formError: refused.message });
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    if (!request.body) return failure(400, { formError: EMPTY_FORM_MESSAGE });
    try {
      const received = await context.leads.files.receive(
        Readable.fromWeb(request.body as unknown as NodeReadableStream),
        Object.fromEntries(request.headers.entries()),
      );
      return received;
    } catch (error) {
      if (isUploadError(error)) {
        return failure(error.status, {
          formError: error.field ? null : error.message,
          errors: error.field ? { [error.field]: error.message } : {},
        });
      }
      throw error;
    }
  }
  const form = await readFormData(request);
  if ("status" in form) return failure(form.status, { formError: form.message });
  if ([...form.keys()].length === 0) return failure(400, { formError: EMPTY_FORM_MESSAGE });
  const fields: Record<string, string | string[]> = {};
  for (const [name, value] of form.entries()) {
    if (typeof value !== "string") continue;
    const current = fields[name];
    fields[name] =
      current === undefined
        ? value
        : Array.isArray(current)
          ? [...current, value]
          : [current, value];
  }
  return { fields, files: [] };
}

export function isFailure(value: unknown): value is FormFailure {
  return typeof value === "object" && value !== null && "status" in value && "body" in value;
}

function first(value: string | string[] | undefined): string {
  return Array.isArray(value) ? (value[0] ?? "") : (value ?? "");
}

/** The toolkit's values of a form's fields from what was posted. */
export function formValues(fields: readonly LeadFormField[], posted: PostedForm): FormValuesData {
  const values: FormValuesData = {};
  for (const field of fields) {
    if (field.control === "checkbox-group") {
      values[field.name] = (field.options ?? [])
        .filter((o) => posted.fields[o.value] !== undefined)
        .map((o) => o.value);
    } else if (field.kind === "checkbox") {
      values[field.name] = posted.fields[field.name] !== undefined;
    } else if (field.control === "file") {
      values[field.name] = posted.files.find((f) => f.fieldName === field.name)?.originalName ?? "";
    } else {
      values[field.name] = first(posted.fields[field.name]).trim();
    }
  }
  return values;
}

/** Errors of the fields a submission answers (conditional and category-bound fields included only when asked). */
export function validateForm(
  fields: readonly LeadFormField[],
  values: FormValuesData,
  context: AppLoadContext,
): Record<string, string> {
  const rules = {
    phoneVariant: context.site.settings.phoneVariant,
    testPhoneNumber: context.site.settings.testPhoneNumber,
    locale: context.site.locale,
  };
  const asked = fieldsForValues(fields, values).filter((f) =>
    isFieldShown(f, fields, values as FormValues, rules),
  );
  return validateFields(asked, values as FormValues, rules);
}

export function formMeta(request: Request, context: AppLoadContext): LeadMeta {
  return {
    requestId: context.requestId,
    userAgent: request.headers.get("user-agent") ?? "",
    clientIp: request.headers.get(CLIENT_IP_HEADER),
    origin: context.origin,
    // The form's own page (without React Router's data suffix).
    pageUrl: request.url
      .replace(/\.data(?=\?|$)/, "")
      .replace(/([?&])index(&|$)/, "$1")
      .replace(/[?&]$/, ""),
  };
}

/** The lead fields of a form submission: its values, with the page's fixed context. */
export function leadFieldsOf(
  fields: readonly LeadFormField[],
  values: FormValuesData,
  posted: PostedForm,
  fixed: Record<string, string | number | boolean | null | undefined>,
  context: AppLoadContext,
): LeadFields {
  const lead: Record<string, unknown> = {};
  const asked = new Set(fieldsForValues(fields, values).map((f) => f.name));
  for (const [name, value] of Object.entries(values)) {
    const field = fields.find((f) => f.name === name);
    if (!asked.has(name) || field?.control === "file" || field?.control === "checkbox-group")
      continue;
    if (value === "") continue;
    lead[name] = value;
  }
  // Each checked extra as its own key; the domain gathers them into additional_services.
  const optionKeys = optionKeysOf(fields);
  for (const key of optionKeys) if (posted.fields[key] !== undefined) lead[key] = true;
  for (const [name, value] of Object.entries(fixed))
    if (value !== null && value !== undefined && value !== "") lead[name] = value;
  for (const name of checkboxFieldNames(fields)) lead[name] = values[name] === true;
  const firstName = typeof lead.first_name === "string" ? lead.first_name : "";
  const lastName = typeof lead.last_name === "string" ? lead.last_name : "";
  if (firstName || lastName) lead.name = `${firstName} ${lastName}`.trim();
  lead[HONEYPOT_FIELD] = first(posted.fields[HONEYPOT_FIELD]);
  const prepared = prepareEnquirySubmission(lead as FormValues, context.site.settings, {
    serviceOptionKeys: optionKeys,
  });
  if (optionKeys.length === 0) delete prepared.additional_services;
  return prepared as LeadFields;
}

/** Hands a submission to intake; the redirect to the success page, or the failure to show. */
export async function submitToIntake(
  request: Request,
  context: AppLoadContext,
  values: FormValuesData,
  lead: LeadFields,
  posted: PostedForm,
  options: { leadId?: string; extraSuccessParams?: Record<string, string> } = {},
): Promise<{ result: IntakeResult } | FormFailure> {
  const parsed = LeadFieldsSchema.safeParse(lead);
  if (!parsed.success) {
    await context.leads.files.discard(posted.files);
    return failure(422, { values, errors: fieldErrorsOf(parsed.error) });
  }
  const mode = context.site.settings.leadApiMode === "mock" ? "test" : "live";
  const key = first(posted.fields.idempotency_key).trim() || null;
  try {
    const input = {
      site: context.site,
      fields: parsed.data,
      meta: formMeta(request, context),
      mode,
      files: posted.files,
    } as const;
    const result = options.leadId
      ? await context.leads.intake.update({ ...input, leadId: options.leadId })
      : await context.leads.intake.create({ ...input, idempotencyKey: key });
    return { result };
  } catch (error) {
    console.error("lead form submission failed", error);
    return failure(503, { values, formError: SAVE_FAILED_MESSAGE });
  }
}

/** A complete single-step lead form action: check, validate, store, redirect. */
export async function handleLeadForm(
  request: Request,
  context: AppLoadContext,
  options: {
    fields: readonly LeadFormField[];
    fixed: Record<string, string | number | boolean | null | undefined>;
    /** Pairs added to the success page's query (/success?category={slug}&{extra pairs}). */
    successParams?: Record<string, string>;
  },
) {
  const blocked = await checkFormRequest(request, context);
  if (blocked) return respond(blocked);
  const posted = await readPostedForm(request, context);
  if (isFailure(posted)) return respond(posted);
  const values = formValues(options.fields, posted);
  const errors = validateForm(options.fields, values, context);
  if (Object.keys(errors).length > 0) {
    await context.leads.files.discard(posted.files);
    return respond(failure(422, { values: withoutFiles(values, options.fields), errors }));
  }
  const lead = leadFieldsOf(options.fields, values, posted, options.fixed, context);
  const outcome = await submitToIntake(request, context, values, lead, posted);
  if (isFailure(outcome)) return respond(outcome);
  const { result } = outcome;
  if (!result.ok) {
    return respond(
      failure(result.status, {
        values: withoutFiles(values, options.fields),
        errors: result.errors,
        formError: Object.keys(result.errors).length > 0 ? null : result.error,
      }),
    );
  }
  return redirect(withParams(result.successPath ?? "/success", options.successParams), 303);
}

export function withParams(path: string, params: Record<string, string> | undefined): string {
  if (!params || Object.keys(params).length === 0) return path;
  const url = new URL(path, "http://x");
  for (const [k, v] of Object.entries(params))
    if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}`;
}

export function withoutFiles(
  values: FormValuesData,
  fields: readonly LeadFormField[],
): FormValuesData {
  const files = new Set(fields.filter((f) => f.control === "file").map((f) => f.name));
  return Object.fromEntries(Object.entries(values).filter(([k]) => !files.has(k)));
}
