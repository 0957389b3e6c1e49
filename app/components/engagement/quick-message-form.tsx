import { useId, useMemo, useRef, useState } from "react";
import type { FormEvent } from "react";
import { ANALYTICS_EVENT_IDS, AD_PIXEL_LEAD_EVENT } from "~/domain/analytics-events";
import {
  DEFAULT_ENQUIRY_CATEGORY,
  enquiryFormFields,
  prepareEnquirySubmission,
} from "~/domain/enquiry-form";
import { validateFields } from "~/domain/form-fields";
import type { FormValues } from "~/domain/form-fields";
import { errorFromResponse, formSubmitFailureAlerts, submitLead } from "~/domain/http-errors";
import { leadBasePath } from "~/domain/lead";
import { localiseText } from "~/domain/locale";
import { cn } from "~/app/lib/cn";
import { pushAnalyticsEvent } from "./analytics";
import { useSite, useTemplate } from "~/app/lib/site";
import { consentBox } from "~/app/components/forms/marketing-consent";

const INPUT_TYPES: Record<string, string> = { email: "email", phone: "tel" };
const AUTOCOMPLETE: Record<string, string> = {
  first_name: "given-name",
  last_name: "family-name",
  email: "email",
  phone: "tel",
};

/**
 * Chat's 'leave a message' form, for sites with no chat provider: validated with the domain's
 * enquiry field rules and sent to the lead API of the site's mode (POST /api/leads, or /mock/leads
 * for a site in test mode, as every form: docs/product/leads-and-forms.md) with an idempotency
 * key, so a double click makes one lead; the server adds the lead's extras. The visitor stays where
 * they were and sees a confirmation in the dialog.
 */
export function QuickMessageForm({
  category = DEFAULT_ENQUIRY_CATEGORY,
  subcategory,
  locationId,
  dealershipSlug,
  submitLabel = "Send message",
  onSent,
}: {
  category?: string;
  subcategory?: string;
  locationId?: number;
  dealershipSlug?: string;
  submitLabel?: string;
  onSent?: () => void;
}) {
  const site = useSite();
  const t = useTemplate();
  const formId = useId();
  const consent = consentBox(site);
  // The enquiry form's own fields and rules, without the selects this context already answers.
  const fields = useMemo(
    () => enquiryFormFields({ showCategory: false, locations: [], dealerships: [] }, site.settings),
    [site.settings],
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [state, setState] = useState<
    { kind: "idle" | "submitting" | "sent" } | { kind: "failed"; message: string }
  >({
    kind: "idle",
  });
  const [sentName, setSentName] = useState("");
  const idempotencyKey = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ruleSettings = {
    phoneVariant: site.settings.phoneVariant,
    testPhoneNumber: site.settings.testPhoneNumber,
    locale: site.locale,
  };

  const valuesOf = (form: HTMLFormElement): FormValues => {
    const data = new FormData(form);
    return Object.fromEntries(
      fields.map((f) => [
        f.name,
        f.kind === "checkbox" ? data.has(f.name) : String(data.get(f.name) ?? ""),
      ]),
    );
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === "submitting") return;
    const form = event.currentTarget;
    const values = valuesOf(form);
    const found = validateFields(fields, values, ruleSettings);
    setErrors(found);
    const firstInvalid = fields.find((f) => found[f.name]);
    if (firstInvalid) {
      form.querySelector<HTMLElement>(`[name="${firstInvalid.name}"]`)?.focus();
      return;
    }
    setState({ kind: "submitting" });
    idempotencyKey.current ??= crypto.randomUUID();
    const firstName = String(values.first_name).trim();
    const lastName = String(values.last_name).trim();
    const trimmed = Object.fromEntries(
      Object.entries(values).map(([key, value]) => [
        key,
        typeof value === "string" ? value.trim() : value,
      ]),
    );
    const lead = prepareEnquirySubmission(
      {
        ...trimmed,
        name: `${firstName} ${lastName}`.trim(),
        category,
        ...(subcategory ? { subcategory } : {}),
        ...(dealershipSlug ? { dealership_slug: dealershipSlug } : {}),
      },
      site.settings,
    );
    if (locationId !== undefined) lead.location_id = locationId;
    const outcome = await submitLead(async () => {
      const response = await fetch(`${leadBasePath(site.settings.leadApiMode === "mock")}/leads`, {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json",
          "Idempotency-Key": idempotencyKey.current ?? "",
        },
        body: JSON.stringify({ lead }),
      });
      if (!response.ok) throw await errorFromResponse(response);
      return response.json();
    });
    if (outcome.ok) {
      // A form submission, reported to the ad pixel as a Lead (docs/product/analytics.md).
      pushAnalyticsEvent(ANALYTICS_EVENT_IDS.defaultForm, {
        category,
        lead_id: outcome.lead_id,
        pixel_event: AD_PIXEL_LEAD_EVENT,
      });
      setSentName(firstName);
      setState({ kind: "sent" });
      onSent?.();
    } else {
      setState({ kind: "failed", message: formSubmitFailureAlerts(outcome.error).destructive });
    }
  }

  if (state.kind === "sent") {
    return (
      <div
        role="status"
        className="rounded-site border border-emerald-300 bg-emerald-50 p-4 text-emerald-900"
      >
        <p className="font-semibold">
          Thanks{sentName ? `, ${sentName}` : ""}. Your message is on its way.
        </p>
        <p className="mt-1 text-sm">Our team will get back to you shortly.</p>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      className="space-y-3"
      aria-describedby={`${formId}-note`}
    >
      <p id={`${formId}-note`} className="text-sm text-slate-700">
        Fields marked optional may be left empty.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {fields.map((field) => {
          const id = `${formId}-${field.name}`;
          const error = errors[field.name];
          const common = {
            id,
            name: field.name,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? `${id}-error` : undefined,
            required: field.required !== false,
            className: cn(
              "mt-1 block w-full rounded-site border bg-white px-3 py-2 text-slate-900",
              error ? "border-red-700" : "border-slate-400",
            ),
          };
          const label = (
            <>
              {localiseText(field.label ?? field.name, site.locale)}
              {field.required === false && field.kind !== "checkbox" && (
                <span className="font-normal text-slate-600"> (optional)</span>
              )}
            </>
          );
          if (field.kind === "checkbox") {
            return (
              <div key={field.name} className="flex items-start gap-2 sm:col-span-2">
                <input
                  id={id}
                  name={field.name}
                  type="checkbox"
                  defaultChecked={consent.ticked}
                  className="mt-1 size-4 accent-[var(--brand)]"
                />
                <label htmlFor={id} className="text-sm text-slate-800">
                  {consent.wording}
                </label>
              </div>
            );
          }
          return (
            <div key={field.name} className={cn(field.kind === "textarea" && "sm:col-span-2")}>
              <label htmlFor={id} className="text-sm font-semibold text-slate-900">
                {label}
              </label>
              {field.kind === "textarea" ? (
                <textarea {...common} rows={4} />
              ) : (
                <input
                  {...common}
                  type={INPUT_TYPES[field.kind] ?? "text"}
                  autoComplete={AUTOCOMPLETE[field.name]}
                />
              )}
              {error && (
                <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                  {error}
                </p>
              )}
            </div>
          );
        })}
      </div>
      {state.kind === "failed" && (
        <div
          role="alert"
          className="rounded-site border border-red-300 bg-red-50 p-3 text-sm text-red-900"
        >
          <p className="font-semibold">{formSubmitFailureAlerts(null).alert}</p>
          <p>{state.message}</p>
        </div>
      )}
      <button
        type="submit"
        disabled={state.kind === "submitting"}
        aria-busy={state.kind === "submitting"}
        className={cn("w-full px-5 py-3 font-semibold disabled:opacity-70", t.button)}
      >
        {state.kind === "submitting" ? "Sending…" : submitLabel}
      </button>
    </form>
  );
}
