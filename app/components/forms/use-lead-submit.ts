/**
 * The one submit path of the lead forms, single-step and multi-step (docs/product/leads-and-forms.md,
 * "Lead errors"): Conform runs the form. On submit it parses the data with the fields' zod schema
 * (the domain's rules and messages, app/lib/lead-form-schema.ts) and keeps a form in error from
 * posting; focus then moves to the first field in error. The action's answer becomes Conform's last
 * result, so its field errors are the form's errors, shown and focused the same way. An error the
 * visitor fixes clears as they type. Without JavaScript the form simply posts and the action answers.
 */
import { useForm } from "@conform-to/react";
import { useId, useMemo, useRef, useState } from "react";
import type { FormEvent } from "react";
import type { LeadFormField } from "~/domain/lead-forms";
import {
  firstErrors,
  leadFieldErrors,
  parseLeadSubmission,
  readFormValues,
  submissionResultOf,
} from "~/app/lib/lead-form-schema";
import { useSite } from "~/app/lib/site";
import { fieldId } from "./field-controls";
import type { FormValuesData, LeadFormActionData } from "./form-types";

export type LeadSubmitOptions = {
  /** The form's DOM id (and the form_id it posts). */
  id: string;
  /** The fields checked on submit: all of a single-step form, the step's of a multi-step one. */
  fields: readonly LeadFormField[];
  /** The action's last answer (or the fetcher's). */
  actionData: LeadFormActionData | null | undefined;
  /** A submit button that posts without the check (Back, a lookup); formnovalidate ones never are checked. */
  skipsCheck?: (submitter: HTMLButtonElement) => boolean;
  /** After the check passed: the values checked (the event can still be prevented, e.g. to send files elsewhere). */
  onChecked?: (event: FormEvent<HTMLFormElement>, values: FormValuesData) => void;
  /** A new answer of the action, while rendering (state that follows the answer resets here). */
  onAnswer?: (answer: LeadFormActionData | null) => void;
  /** After the check found errors: how many. */
  onInvalid?: (count: number) => void;
};

export function useLeadSubmit(options: LeadSubmitOptions) {
  const site = useSite();
  const rules = {
    phoneVariant: site.settings.phoneVariant,
    testPhoneNumber: site.settings.testPhoneNumber,
    locale: site.locale,
  };
  const formId = `${options.id}-${useId().replace(/[^A-Za-z0-9]/g, "")}`;
  const formRef = useRef<HTMLFormElement>(null);
  const actionData = options.actionData ?? null;
  const lastResult = useMemo(
    () =>
      actionData
        ? {
            ...submissionResultOf(actionData.errors),
            ...(Object.keys(actionData.errors).length === 0 ? { status: undefined } : {}),
          }
        : undefined,
    [actionData],
  );
  const checked = useRef<{ values: FormValuesData; errors: Record<string, string> } | null>(null);

  const [form] = useForm({
    id: options.id,
    lastResult,
    shouldValidate: "onSubmit",
    onValidate({ formData, submitter }) {
      const button = submitter instanceof HTMLButtonElement ? submitter : null;
      const skip = button !== null && (button.formNoValidate || options.skipsCheck?.(button));
      const fields = skip ? [] : options.fields;
      const submission = parseLeadSubmission(formData, fields, rules);
      checked.current = skip
        ? null
        : {
            values: readFormValues(formData, options.fields),
            errors: firstErrors(submission.status === "success" ? {} : submission.error),
          };
      return submission;
    },
  });

  // Each answer of the action: the fields render afresh from its values (a lookup may have filled
  // some) and its errors stand until the next one; errors found in the browser clear once fixed.
  const [answer, setAnswer] = useState({ data: actionData, version: 0 });
  const [fixed, setFixed] = useState<{ from: "client" | "server"; names: ReadonlySet<string> }>({
    from: "server",
    names: new Set(),
  });
  if (answer.data !== actionData) {
    setAnswer({ data: actionData, version: answer.version + 1 });
    setFixed({ from: "server", names: new Set() });
    options.onAnswer?.(actionData);
  }
  const allErrors = firstErrors(form.allErrors);
  const errors = Object.fromEntries(
    Object.entries(allErrors).filter(([name]) => name !== "" && !fixed.names.has(name)),
  );

  function onValuesChange(values: FormValuesData) {
    if (fixed.from !== "client") return;
    const remaining = leadFieldErrors(options.fields, values, rules);
    const names = Object.keys(errors).filter((name) => !remaining[name]);
    if (names.length > 0) setFixed({ from: "client", names: new Set([...fixed.names, ...names]) });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    checked.current = null;
    form.onSubmit(event);
    const found = checked.current as {
      values: FormValuesData;
      errors: Record<string, string>;
    } | null;
    if (!found) return;
    const count = Object.keys(found.errors).length;
    if (count > 0) {
      event.preventDefault();
      setFixed({ from: "client", names: new Set() });
      const first = options.fields.find((f) => found.errors[f.name]);
      if (first) focusField(event.currentTarget, formId, first.name);
      options.onInvalid?.(count);
      return;
    }
    options.onChecked?.(event, found.values);
  }

  return {
    /** The prefix of the fields' DOM ids. */
    formId,
    formRef,
    rules,
    /** The field errors shown: the action's, or the browser's check not yet fixed. */
    errors,
    /** Bumps with each answer of the action (the fields render afresh). */
    answerVersion: answer.version,
    onValuesChange,
    formProps: { id: options.id, ref: formRef, noValidate: true, onSubmit },
  };
}

/** Moves focus to a field (by its id, else its name) and scrolls it into the middle of the view. */
export function focusField(form: HTMLFormElement, formId: string, name: string): void {
  const target =
    form.querySelector<HTMLElement>(`#${CSS.escape(fieldId(formId, name))}`) ??
    form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  target?.focus();
  target?.scrollIntoView({ block: "center" });
}
