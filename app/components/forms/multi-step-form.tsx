/**
 * A multi-step lead form (docs/product/leads-and-forms.md, "Multi-step forms"): 'Step X of Y' with
 * a progress bar, Back on every step but the first, 'Continue' then 'Submit', a loading state. The
 * domain's state machine runs in the action; its state travels in a hidden field, the answers of
 * the other steps as hidden inputs, so Back and Continue work with and without JavaScript.
 */
import { useEffect, useRef } from "react";
import { Form, useNavigation } from "react-router";
import { formSubmitFailureAlerts } from "~/domain/http-errors";
import type { FormStep } from "~/domain/lead-forms";
import {
  isLoading,
  progressPercent,
  showBackButton,
  startMultiStepForm,
  stepLabel,
  submitButtonText,
  type MultiStepState,
} from "~/domain/multi-step-form";
import { ANALYTICS_EVENT_IDS } from "~/domain/analytics-events";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { FormAlert, Honeypot } from "./field-controls";
import type { FormValuesData, LeadFormActionData } from "./form-types";
import { useHydrated } from "~/app/lib/use-hydrated";
import { HONEYPOT_NAME, LeadFormFields } from "./lead-form";
import { withConsentDefault } from "./marketing-consent";
import { focusField, useLeadSubmit } from "./use-lead-submit";

type AnalyticsWindow = Window & { dataLayer?: unknown[] };

export function MultiStepLeadForm({
  id,
  steps,
  defaults,
  hidden,
  actionData,
  stepActions,
}: {
  id: string;
  steps: FormStep[];
  defaults: FormValuesData;
  hidden: Record<string, string>;
  actionData: LeadFormActionData | undefined;
  /** Extra submit buttons of a step (e.g. a registration lookup), by step title. */
  stepActions?: Record<string, { intent: string; label: string }>;
}) {
  const t = useTemplate();
  const site = useSite();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const keyInput = useRef<HTMLInputElement>(null);

  const base: MultiStepState = actionData?.step ?? startMultiStepForm(steps.length);
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("form_id") === id;
  const state: MultiStepState = submitting
    ? { ...base, status: base.current === steps.length - 1 ? "submitting" : "saving" }
    : base;
  const step = steps[state.current] ?? steps[0]!;
  const allFields = steps.flatMap((s) => s.fields);
  const values: FormValuesData = {
    ...withConsentDefault(allFields, defaults, site),
    ...actionData?.values,
  };
  const stepFieldNames = new Set(step.fields.map((f) => f.name));
  // Back and a step's own button (a lookup) post without the step's check.
  const submit = useLeadSubmit({
    id,
    fields: step.fields,
    actionData,
    skipsCheck: (button) =>
      button.value === "back" || button.value === stepActions?.[step.title]?.intent,
  });
  const { formId, formRef, errors } = submit;

  // A new step (or a server answer): focus its heading, or the first field in error.
  useEffect(() => {
    if (!actionData) return;
    const form = formRef.current;
    const first = step.fields.find((f) => actionData.errors[f.name]);
    if (form && first) focusField(form, formId, first.name);
    else if (actionData.formError || actionData.stepError)
      document.getElementById(`${formId}-alert`)?.focus();
    else headingRef.current?.focus();
    if (actionData.step && !actionData.formError && Object.keys(actionData.errors).length === 0) {
      // docs/product/analytics.md: the multi-step event, suffixed ' - Step {n}'.
      (window as AnalyticsWindow).dataLayer?.push({
        event: "form_step",
        event_id: ANALYTICS_EVENT_IDS.multiStep,
        name: `Multi-Step Form - Step ${actionData.step.current + 1}`,
      });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per server answer
  }, [submit.answerVersion]);

  useEffect(() => {
    if (keyInput.current && !keyInput.current.value) keyInput.current.value = crypto.randomUUID();
  }, []);

  const failure = actionData?.formError ? formSubmitFailureAlerts(actionData.formError) : null;
  const extra = stepActions?.[step.title];
  const stepError = actionData?.stepError;
  const percent = progressPercent(state);

  return (
    <Form
      {...submit.formProps}
      method="post"
      aria-busy={isLoading(state) || undefined}
      className="relative space-y-5"
    >
      <div>
        <p className="text-sm font-semibold text-slate-700" aria-live="polite">
          {stepLabel(state)}
        </p>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-label="Progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="h-full bg-brand transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-xl font-semibold">
          {step.title}
        </h2>
      </div>
      {!failure && actionData?.notice && (
        <FormAlert id={`${formId}-notice`} kind="success">
          {actionData.notice}
        </FormAlert>
      )}
      {failure && (
        <FormAlert id={`${formId}-alert`} kind="error" title={failure.alert}>
          {failure.destructive}
        </FormAlert>
      )}
      {!failure && stepError && stepError.message && (
        <FormAlert
          id={`${formId}-alert`}
          kind={stepError.style === "success" ? "success" : "error"}
        >
          {stepError.message}
        </FormAlert>
      )}
      <input type="hidden" name="form_id" value={id} />
      <input
        type="hidden"
        name="form_state"
        value={JSON.stringify({
          current: base.current,
          history: base.history,
          skippedSteps: base.skippedSteps,
          savedSteps: base.savedSteps,
          leadId: base.leadId,
        })}
      />
      <input ref={keyInput} type="hidden" name="idempotency_key" defaultValue="" />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* The other steps' answers travel with every step. */}
      {allFields
        .filter((f) => !stepFieldNames.has(f.name))
        .flatMap((f) => {
          const v = values[f.name];
          if (v === undefined || v === "" || v === false) return [];
          if (f.kind === "checkbox")
            return [<input key={f.name} type="hidden" name={f.name} value="on" />];
          if (Array.isArray(v))
            return v.map((item) => (
              <input key={`${f.name}-${item}`} type="hidden" name={item} value="on" />
            ));
          return [<input key={f.name} type="hidden" name={f.name} value={String(v)} />];
        })}
      <Honeypot name={HONEYPOT_NAME} />
      <div key={submit.answerVersion} className="space-y-5">
        <LeadFormFields
          formId={formId}
          fields={step.fields}
          values={values}
          errors={errors}
          hydrated={hydrated}
        />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {extra && (
          <button
            type="submit"
            name="intent"
            value={extra.intent}
            formNoValidate
            disabled={submitting}
            className={cn("px-5 py-3 font-semibold", t.buttonOutline)}
          >
            {extra.label}
          </button>
        )}
        {showBackButton(state) && (
          <button
            type="submit"
            name="intent"
            value="back"
            formNoValidate
            disabled={submitting}
            className={cn("px-5 py-3 font-semibold", t.buttonOutline)}
          >
            Back
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value={state.current === steps.length - 1 ? "submit" : "next"}
          disabled={submitting}
          className={cn("px-6 py-3 font-semibold disabled:opacity-60", t.button)}
        >
          {isLoading(state) ? "Sending…" : submitButtonText(state)}
        </button>
      </div>
    </Form>
  );
}
