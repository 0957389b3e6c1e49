/**
 * A lead form: server-rendered, posts to a route action (so it works without JavaScript), and
 * progressively enhanced: the browser checks the fields with the same domain rules before sending,
 * moves focus to the first field in error and announces how many need attention, shows the field
 * errors and form failures the action returns (docs/product/leads-and-forms.md, "Lead errors"), and
 * sends a repeat of the same submission with the same idempotency key.
 */
import { SavedUserPrefill } from "~/app/components/garage/saved-user-prefill";
import { Fragment, useEffect, useMemo, useRef, useState } from "react";
import type { FormEvent, ReactNode } from "react";
import { Form, useFetcher, useNavigate, useNavigation } from "react-router";
import { isFieldShown, type FormValues } from "~/domain/form-fields";
import type { LeadFormField } from "~/domain/lead-forms";
import { localiseText } from "~/domain/locale";
import { formSubmitFailureAlerts } from "~/domain/http-errors";
import type { SlotDay } from "~/domain/booking-slots";
import type { Locale } from "~/domain/site-settings";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { hashValues, readFormValues } from "~/app/lib/lead-form-schema";
import { useHydrated } from "~/app/lib/use-hydrated";
import {
  CheckboxControl,
  CheckboxGroupControl,
  FileControl,
  FormAlert,
  Honeypot,
  PhoneControl,
  RadioControl,
  SelectControl,
  TextareaControl,
  TextControl,
} from "./field-controls";
import type { FormValuesData, LeadFormActionData } from "./form-types";
import { CONSENT_FIELD, consentBox, withConsentDefault } from "./marketing-consent";
import { TimeSlotPicker } from "./time-slot-picker";
import { focusField, useLeadSubmit } from "./use-lead-submit";

export const HONEYPOT_NAME = "company_website";

export type FieldsProps = {
  formId: string;
  fields: readonly LeadFormField[];
  values: FormValuesData;
  errors: Record<string, string>;
  slots?: readonly SlotDay[];
  /** false until hydration: conditional fields are all shown to visitors without JavaScript. */
  hydrated: boolean;
  /** Something a page puts right after one field (a lookup button beside the field it reads). */
  afterField?: { name: string; node: ReactNode };
};

/** Renders fields from their definitions. */
export function LeadFormFields({
  formId,
  fields,
  values,
  errors,
  slots = [],
  hydrated,
  afterField,
}: FieldsProps) {
  const site = useSite();
  const rules = {
    phoneVariant: site.settings.phoneVariant,
    testPhoneNumber: site.settings.testPhoneNumber,
  };
  const rendered = fields.map((defined) => {
    // What the visitor reads in the market's words; names and option values stay as sent.
    const field = localiseField(defined, site.locale);
    if (hydrated && field.whenCategory !== undefined && values.category !== field.whenCategory)
      return null;
    if (hydrated && !isFieldShown(field, fields, values as FormValues, rules)) return null;
    // The opt-in box reads the site's own words as they are stored with the lead.
    const label =
      field.name === CONSENT_FIELD
        ? consentBox(site).wording
        : localiseText(field.label ?? field.name, site.locale);
    const common = {
      formId,
      field,
      value: values[field.name],
      error: errors[field.name],
      label,
    };
    if (field.control === "time-slot") {
      return (
        <TimeSlotPicker
          key={field.name}
          formId={formId}
          field={field}
          label={label}
          days={slots}
          value={
            typeof values[field.name] === "string" ? (values[field.name] as string) : undefined
          }
          error={errors[field.name]}
          locale={site.locale}
        />
      );
    }
    if (field.control === "file") return <FileControl key={field.name} {...common} />;
    if (field.control === "checkbox-group")
      return <CheckboxGroupControl key={field.name} {...common} />;
    switch (field.kind) {
      case "phone":
        return (
          <PhoneControl
            key={field.name}
            {...common}
            variant={site.settings.phoneVariant}
            testPhoneNumber={site.settings.testPhoneNumber}
          />
        );
      case "textarea":
        return <TextareaControl key={field.name} {...common} />;
      case "select":
        return <SelectControl key={field.name} {...common} />;
      case "radio":
        return <RadioControl key={field.name} {...common} />;
      case "checkbox":
        return <CheckboxControl key={field.name} {...common} />;
      default:
        return <TextControl key={field.name} {...common} />;
    }
  });
  if (afterField) {
    const at = fields.findIndex((field) => field.name === afterField.name);
    if (at >= 0)
      rendered.splice(at + 1, 0, <Fragment key="after-field">{afterField.node}</Fragment>);
  }
  return <>{rendered}</>;
}

function localiseField(field: LeadFormField, locale: Locale): LeadFormField {
  if (locale === "en-AU") return field;
  return {
    ...field,
    ...(field.hint ? { hint: localiseText(field.hint, locale) } : {}),
    ...(field.requiredMessage
      ? { requiredMessage: localiseText(field.requiredMessage, locale) }
      : {}),
    ...(field.options
      ? {
          options: field.options.map((option) => ({
            ...option,
            label: localiseText(option.label, locale),
          })),
        }
      : {}),
  };
}

export type LeadFormProps = {
  /** DOM id (and anchor) of the form. */
  id: string;
  fields: readonly LeadFormField[];
  defaults?: FormValuesData;
  actionData?: LeadFormActionData | null;
  /** Context the form sends as hidden fields (category, car_id, ...). */
  hidden?: Record<string, string | number | null | undefined>;
  submitLabel: string;
  /** Where the form posts; the current route's action by default. */
  action?: string;
  multipart?: boolean;
  slots?: readonly SlotDay[];
  /** Submit through a fetcher (stay on the page, e.g. in a dialog) instead of a navigation. */
  useFetcherSubmit?: boolean;
  /** Called with each change of the live values (a booking form refetches slots on a new location). */
  onValuesChange?: (values: FormValuesData) => void;
  className?: string;
  children?: ReactNode;
  /** Something put right after one field (see LeadFormFields). */
  afterField?: FieldsProps["afterField"];
  /** Extra buttons (e.g. a lookup) rendered before the submit button. */
  actions?: ReactNode;
  /**
   * With JavaScript, a submission carrying files goes to this lead API (POST /api/leads/with-files,
   * docs/product/leads-and-forms.md) instead of the page's action; the action stays the path
   * without JavaScript.
   */
  filesApi?: string;
  /** Fields the files API needs that the page's action adds itself (e.g. the location of /contact-us/{slug}). */
  apiFields?: Record<string, string | number | null | undefined>;
  /** Errors and a notice from something the page did in the browser (e.g. a lookup). */
  extraErrors?: Record<string, string>;
  notice?: string | null;
};

export function LeadForm(props: LeadFormProps) {
  const fetcher = useFetcher<LeadFormActionData>();
  const navigation = useNavigation();
  const site = useSite();
  const t = useTemplate();
  const hydrated = useHydrated();
  const actionData = props.useFetcherSubmit ? (fetcher.data ?? null) : (props.actionData ?? null);
  const initial = useMemo(
    () => ({ ...withConsentDefault(props.fields, props.defaults, site), ...actionData?.values }),
    [props.fields, props.defaults, actionData, site],
  );
  const [live, setLive] = useState<FormValuesData>(initial);
  const [announcement, setAnnouncement] = useState("");
  const [apiAnswer, setApiAnswer] = useState<{
    errors: Record<string, string>;
    formError: string | null;
  } | null>(null);
  const [apiBusy, setApiBusy] = useState(false);
  const navigate = useNavigate();
  const mountKey = useRef<string>("");
  const keyInput = useRef<HTMLInputElement>(null);
  const submit = useLeadSubmit({
    id: props.id,
    fields: props.fields,
    actionData,
    // Each server answer renders the fields afresh from its values (a lookup may have filled some).
    onAnswer: (data) => {
      setLive(initial);
      setApiAnswer(null);
      const count = Object.keys(data?.errors ?? {}).length;
      setAnnouncement(
        count > 0 ? `${count} ${count === 1 ? "field needs" : "fields need"} your attention.` : "",
      );
    },
    onInvalid: (count) => {
      // The browser's errors replace the files API's (its alert stays until the next answer).
      setApiAnswer((answer) => answer && { errors: {}, formError: answer.formError });
      setAnnouncement(`${count} ${count === 1 ? "field needs" : "fields need"} your attention.`);
    },
    onChecked: (event, values) => {
      if (keyInput.current)
        keyInput.current.value = `${mountKey.current || "k"}-${hashValues(values)}`;
      setAnnouncement("Sending…");
      const form = event.currentTarget;
      const files = [...form.querySelectorAll<HTMLInputElement>('input[type="file"]')].filter(
        (i) => i.files && i.files.length > 0,
      );
      if (props.filesApi && files.length > 0) {
        event.preventDefault();
        void sendWithFiles(form, values, files);
      }
    },
  });
  const { formId, formRef } = submit;
  const alertId = `${formId}-alert`;

  useEffect(() => {
    mountKey.current = crypto.randomUUID();
  }, []);

  // A new answer from the server: show its errors and move focus to the first one.
  useEffect(() => {
    if (!actionData) return;
    const form = formRef.current;
    if (!form) return;
    if (actionData.formError) {
      document.getElementById(alertId)?.focus();
      return;
    }
    const first = props.fields.find((f) => actionData.errors[f.name]);
    if (first) focusField(form, formId, first.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per server answer
  }, [submit.answerVersion]);

  // An answer from the files API: focus once React has rendered the alert or the field errors.
  useEffect(() => {
    const form = formRef.current;
    if (!apiAnswer || !form) return;
    if (apiAnswer.formError !== null) {
      document.getElementById(alertId)?.focus();
      return;
    }
    const first = props.fields.find((f) => apiAnswer.errors[f.name]);
    if (first) focusField(form, formId, first.name);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per API answer
  }, [apiAnswer]);

  const errors = {
    ...(apiAnswer && Object.keys(apiAnswer.errors).length > 0 ? apiAnswer.errors : submit.errors),
    ...props.extraErrors,
  };
  const submitting =
    apiBusy ||
    (props.useFetcherSubmit
      ? fetcher.state === "submitting"
      : navigation.state === "submitting" && navigation.formData?.get("form_id") === props.id);

  function onChange(event: FormEvent<HTMLFormElement>) {
    const next = readFormValues(event.currentTarget, props.fields);
    setLive(next);
    props.onValuesChange?.(next);
    submit.onValuesChange(next);
  }

  /** The lead and its files as multipart data to the lead API; its answer shown like the action's. */
  async function sendWithFiles(
    form: HTMLFormElement,
    values: FormValuesData,
    files: HTMLInputElement[],
  ) {
    setApiBusy(true);
    setApiAnswer(null);
    const fileFields = new Set(props.fields.filter((f) => f.control === "file").map((f) => f.name));
    const lead: Record<string, unknown> = { ...props.hidden, ...props.apiFields };
    for (const [name, value] of Object.entries(values)) {
      if (fileFields.has(name) || value === "") continue;
      const field = props.fields.find((f) => f.name === name);
      if (field?.control === "checkbox-group" && Array.isArray(value)) {
        for (const option of value) lead[option] = true;
      } else {
        lead[name] = value;
      }
    }
    const fullName = `${String(values.first_name ?? "")} ${String(values.last_name ?? "")}`.trim();
    if (fullName) lead.name = fullName;
    lead.url = window.location.href;
    lead[HONEYPOT_NAME] =
      (form.elements.namedItem(HONEYPOT_NAME) as HTMLInputElement | null)?.value ?? "";
    const body = new FormData();
    body.set("lead", JSON.stringify(lead));
    for (const input of files)
      for (const file of input.files ?? []) body.append(input.name, file, file.name);
    try {
      const response = await fetch(props.filesApi!, {
        method: "POST",
        headers: {
          Accept: "application/json",
          "Idempotency-Key": keyInput.current?.value ?? crypto.randomUUID(),
        },
        body,
      });
      const answer = (await response.json().catch(() => ({}))) as {
        success_url?: string;
        error?: string;
        errors?: Record<string, string>;
      };
      if (response.ok && answer.success_url) {
        navigate(answer.success_url);
        return;
      }
      const errors = answer.errors ?? {};
      setApiAnswer({
        errors,
        formError: Object.keys(errors).length > 0 ? null : (answer.error ?? ""),
      });
    } catch (error) {
      setApiAnswer({ errors: {}, formError: error instanceof Error ? error.message : "" });
    } finally {
      setApiBusy(false);
    }
  }

  const FormComponent = props.useFetcherSubmit ? fetcher.Form : Form;
  const formError = apiAnswer ? apiAnswer.formError : (actionData?.formError ?? null);
  // The alert, and the server's message or 'An unexpected error occured'
  // (docs/product/leads-and-forms.md, "Lead errors").
  const failure = formError !== null ? formSubmitFailureAlerts(formError) : null;

  return (
    <FormComponent
      {...submit.formProps}
      method="post"
      action={props.action}
      encType={props.multipart ? "multipart/form-data" : undefined}
      onChange={onChange}
      aria-busy={submitting || undefined}
      className={cn("relative space-y-5", props.className)}
    >
      {failure && (
        <FormAlert id={alertId} kind="error" title={failure.alert}>
          {failure.destructive}
        </FormAlert>
      )}
      {(props.notice ?? actionData?.notice) && (
        <FormAlert kind="info">{props.notice ?? actionData?.notice}</FormAlert>
      )}
      <p className="text-sm text-slate-600">
        Fields marked{" "}
        <span aria-hidden="true" className="text-red-700">
          *
        </span>
        <span className="sr-only">with an asterisk</span> are required.
      </p>
      <input type="hidden" name="form_id" value={props.id} />
      <input ref={keyInput} type="hidden" name="idempotency_key" defaultValue="" />
      {Object.entries(props.hidden ?? {}).map(([name, value]) =>
        value === null || value === undefined ? null : (
          <input key={name} type="hidden" name={name} value={String(value)} />
        ),
      )}
      <Honeypot name={HONEYPOT_NAME} />
      <SavedUserPrefill formRef={formRef} />
      {props.children}
      <div key={submit.answerVersion} className="space-y-5">
        <LeadFormFields
          formId={formId}
          fields={props.fields}
          values={hydrated ? live : initial}
          errors={errors}
          slots={props.slots}
          hydrated={hydrated}
          afterField={props.afterField}
        />
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {props.actions}
        <button
          type="submit"
          name="intent"
          value="submit"
          disabled={submitting}
          className={cn("px-6 py-3 font-semibold disabled:opacity-60", t.button)}
        >
          {submitting ? "Sending…" : localiseText(props.submitLabel, site.locale)}
        </button>
      </div>
    </FormComponent>
  );
}
