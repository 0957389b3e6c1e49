/**
 * The form field toolkit (docs/product/leads-and-forms.md, "Form field toolkit") as accessible
 * controls: a label, an optional hint, the control, and the error in red under it, tied together
 * with aria-describedby and aria-invalid. Required fields are marked and carry aria-required (the
 * browser's own validation stays off: the toolkit's messages are the ones shown, with or without
 * JavaScript).
 */
import { useState } from "react";
import type { ReactNode } from "react";
import {
  hasSelectOptions,
  orderSelectOptions,
  isFieldRequired,
  postcodeRule,
} from "~/domain/form-fields";
import { formatPhone, phoneError } from "~/domain/phone-validation";
import type { LeadFormField } from "~/domain/lead-forms";
import type { PhoneVariant } from "~/domain/site-settings";
import { cn } from "~/app/lib/cn";
import { useSite } from "~/app/lib/site";
import type { FormValue } from "./form-types";

/** A text, select or textarea control's look (app.css: one class, sent with every field). */
export const inputClass = "field-input";

export function fieldId(formId: string, name: string): string {
  return `${formId}-${name.replace(/[^A-Za-z0-9_-]/g, "-")}`;
}

type ControlProps = {
  formId: string;
  field: LeadFormField;
  value: FormValue | undefined;
  error: string | undefined;
  label: string;
};

function describedBy(
  id: string,
  field: LeadFormField,
  error: string | undefined,
): string | undefined {
  const ids = [field.hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(" ") : undefined;
}

function RequiredMark({ field }: { field: LeadFormField }) {
  if (!isFieldRequired(field))
    return <span className="ml-1 text-sm font-normal text-slate-600">(optional)</span>;
  return (
    <span aria-hidden="true" className="ml-0.5 text-red-700">
      *
    </span>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

function Hint({ id, field }: { id: string; field: LeadFormField }) {
  if (!field.hint) return null;
  return (
    <p id={`${id}-hint`} className="mt-0.5 text-sm text-slate-600">
      {field.hint}
    </p>
  );
}

function Labelled({
  id,
  field,
  label,
  error,
  children,
}: {
  id: string;
  field: LeadFormField;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div data-field={field.name}>
      <label htmlFor={id} className="block font-medium text-slate-900">
        {label}
        <RequiredMark field={field} />
      </label>
      <Hint id={id} field={field} />
      <div className="mt-1">{children}</div>
      <FieldError id={id} error={error} />
    </div>
  );
}

const INPUT_TYPE: Partial<Record<LeadFormField["kind"], string>> = {
  email: "email",
  phone: "tel",
  date: "date",
};

export function TextControl({ formId, field, value, error, label }: ControlProps) {
  const id = fieldId(formId, field.name);
  const type = field.control === "number" ? "text" : (INPUT_TYPE[field.kind] ?? "text");
  const { locale } = useSite();
  return (
    <Labelled id={id} field={field} label={label} error={error}>
      <input
        id={id}
        name={field.name}
        type={type}
        inputMode={
          field.control === "number" ? "numeric" : field.kind === "postcode" ? "numeric" : undefined
        }
        autoComplete={field.autoComplete ?? (field.kind === "postcode" ? "postal-code" : undefined)}
        maxLength={field.kind === "postcode" ? postcodeRule(locale).length : undefined}
        defaultValue={typeof value === "string" ? value : ""}
        aria-invalid={error ? true : undefined}
        aria-required={isFieldRequired(field) || undefined}
        aria-describedby={describedBy(id, field, error)}
        className={inputClass}
      />
    </Labelled>
  );
}

/** Phone input: the site's variant decides the placeholder mask and the formatting on leaving the field. */
export function PhoneControl({
  formId,
  field,
  value,
  error,
  label,
  variant,
  testPhoneNumber,
}: ControlProps & { variant: PhoneVariant; testPhoneNumber: string }) {
  const id = fieldId(formId, field.name);
  return (
    <Labelled id={id} field={field} label={label} error={error}>
      <input
        id={id}
        name={field.name}
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        defaultValue={typeof value === "string" ? value : ""}
        onBlur={(event) => {
          const input = event.currentTarget;
          const v = field.phoneVariant ?? variant;
          if (
            input.value.trim() !== "" &&
            phoneError(input.value, v, { testPhoneNumber }) === null
          ) {
            input.value = formatPhone(input.value, v);
          }
        }}
        aria-invalid={error ? true : undefined}
        aria-required={isFieldRequired(field) || undefined}
        aria-describedby={describedBy(id, field, error)}
        className={inputClass}
      />
    </Labelled>
  );
}

export function TextareaControl({ formId, field, value, error, label }: ControlProps) {
  const id = fieldId(formId, field.name);
  return (
    <Labelled id={id} field={field} label={label} error={error}>
      <textarea
        id={id}
        name={field.name}
        rows={4}
        defaultValue={typeof value === "string" ? value : ""}
        aria-invalid={error ? true : undefined}
        aria-required={isFieldRequired(field) || undefined}
        aria-describedby={describedBy(id, field, error)}
        className={inputClass}
      />
    </Labelled>
  );
}

/** A select renders nothing without options; highlighted options come first. */
export function SelectControl({
  formId,
  field,
  value,
  error,
  label,
  placeholder = "Please choose",
}: ControlProps & { placeholder?: string }) {
  if (!hasSelectOptions(field.options)) return null;
  const id = fieldId(formId, field.name);
  const options = orderSelectOptions(field.options ?? []);
  return (
    <Labelled id={id} field={field} label={label} error={error}>
      <select
        id={id}
        name={field.name}
        defaultValue={typeof value === "string" ? value : ""}
        aria-invalid={error ? true : undefined}
        aria-required={isFieldRequired(field) || undefined}
        aria-describedby={describedBy(id, field, error)}
        className={inputClass}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Labelled>
  );
}

function Fieldset({
  id,
  field,
  label,
  error,
  children,
}: {
  id: string;
  field: LeadFormField;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <fieldset
      data-field={field.name}
      aria-describedby={describedBy(id, field, error)}
      aria-invalid={error ? true : undefined}
    >
      <legend className="font-medium text-slate-900">
        {label}
        <RequiredMark field={field} />
      </legend>
      <Hint id={id} field={field} />
      {children}
      <FieldError id={id} error={error} />
    </fieldset>
  );
}

export function RadioControl({ formId, field, value, error, label }: ControlProps) {
  if (!hasSelectOptions(field.options)) return null;
  const id = fieldId(formId, field.name);
  return (
    <Fieldset id={id} field={field} label={label} error={error}>
      <div className="mt-2 flex flex-wrap gap-2">
        {orderSelectOptions(field.options ?? []).map((o, i) => (
          <label
            key={o.value}
            className="inline-flex cursor-pointer items-center gap-2 rounded-site border border-slate-300 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand/10"
          >
            <input
              id={i === 0 ? id : undefined}
              type="radio"
              name={field.name}
              value={o.value}
              defaultChecked={value === o.value}
              aria-invalid={error ? true : undefined}
              className="accent-[var(--brand)]"
            />
            {o.label}
          </label>
        ))}
      </div>
    </Fieldset>
  );
}

export function CheckboxControl({ formId, field, value, error, label }: ControlProps) {
  const id = fieldId(formId, field.name);
  return (
    <div data-field={field.name}>
      <label htmlFor={id} className="inline-flex cursor-pointer items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={field.name}
          defaultChecked={value === true || value === "on" || value === "true"}
          aria-invalid={error ? true : undefined}
          aria-required={isFieldRequired(field) || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 size-4 accent-[var(--brand)]"
        />
        <span>
          {label}
          {isFieldRequired(field) && (
            <span aria-hidden="true" className="ml-0.5 text-red-700">
              *
            </span>
          )}
        </span>
      </label>
      <FieldError id={id} error={error} />
    </div>
  );
}

/**
 * Checkboxes whose checked options are gathered into additional_services
 * (docs/product/leads-and-forms.md).
 */
export function CheckboxGroupControl({ formId, field, value, error, label }: ControlProps) {
  if (!hasSelectOptions(field.options)) return null;
  const id = fieldId(formId, field.name);
  const checked = new Set(Array.isArray(value) ? value : []);
  return (
    <Fieldset id={id} field={field} label={label} error={error}>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {orderSelectOptions(field.options ?? []).map((o, i) => (
          <label key={o.value} className="inline-flex cursor-pointer items-center gap-2">
            <input
              id={i === 0 ? id : undefined}
              type="checkbox"
              name={o.value}
              defaultChecked={checked.has(o.value)}
              className="size-4 accent-[var(--brand)]"
            />
            {o.label}
          </label>
        ))}
      </div>
    </Fieldset>
  );
}

export function FileControl({ formId, field, error, label }: ControlProps) {
  const id = fieldId(formId, field.name);
  const [chosen, setChosen] = useState<string | null>(null);
  return (
    <Labelled id={id} field={field} label={label} error={error}>
      <input
        id={id}
        name={field.name}
        type="file"
        accept="application/pdf,image/jpeg,image/png,image/gif,image/webp,image/heic"
        onChange={(event) => setChosen(event.currentTarget.files?.[0]?.name ?? null)}
        aria-invalid={error ? true : undefined}
        aria-required={isFieldRequired(field) || undefined}
        aria-describedby={describedBy(id, field, error)}
        className="block w-full text-sm file:mr-3 file:rounded-site file:border-0 file:bg-brand file:px-3 file:py-2 file:font-semibold file:text-brand-foreground"
      />
      {chosen && <p className="sr-only" aria-live="polite">{`${chosen} chosen`}</p>}
    </Labelled>
  );
}

/** A field no person fills: bots that fill every input give themselves away (server/leads/guard.ts). */
export function Honeypot({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function FormAlert({
  kind,
  title,
  children,
  id,
}: {
  kind: "error" | "success" | "info";
  title?: string;
  children: ReactNode;
  id?: string;
}) {
  return (
    <div
      id={id}
      role={kind === "info" ? "status" : "alert"}
      tabIndex={-1}
      className={cn(
        "rounded-site border px-4 py-3",
        kind === "error" && "border-red-700 bg-red-50 text-red-900",
        kind === "success" && "border-green-700 bg-green-50 text-green-900",
        kind === "info" && "border-slate-300 bg-slate-50 text-slate-900",
      )}
    >
      {title && <p className="font-semibold">{title}</p>}
      <div className={title ? "mt-1" : undefined}>{children}</div>
    </div>
  );
}
