/**
 * Controls the editors need beyond a text input: a checkbox, a select and a list (one entry per
 * line), each labelled, with its hint and error tied to it (aria-describedby). Ids follow the
 * back office's `field-{name}` so the form's summary links to them.
 */
import type { ReactNode } from "react";

export const controlClass =
  "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 focus:border-blue-700 focus:outline-2 focus:outline-blue-700 aria-[invalid=true]:border-red-700";

type Common = {
  name: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  disabled?: boolean;
};

function describedBy(id: string, { hint, error }: Common) {
  return (
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(" ") ||
    undefined
  );
}

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="text-sm text-slate-700">
      {hint}
    </p>
  ) : null;
}

function ErrorText({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
      {error}
    </p>
  ) : null;
}

export function Checkbox(props: Common & { defaultChecked: boolean }) {
  const id = `field-${props.name}`;
  return (
    <div className="mt-4">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          name={props.name}
          defaultChecked={props.defaultChecked}
          disabled={props.disabled}
          aria-invalid={props.error ? true : undefined}
          aria-describedby={describedBy(id, props)}
          className="mt-1 size-5"
        />
        <label htmlFor={id} className="font-medium text-slate-900">
          {props.label}
        </label>
      </div>
      <Hint id={id} hint={props.hint} />
      <ErrorText id={id} error={props.error} />
    </div>
  );
}

export function Select(
  props: Common & {
    defaultValue: string;
    options: { value: string; label: string }[];
  },
) {
  const id = `field-${props.name}`;
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block font-medium text-slate-900">
        {props.label}
      </label>
      <Hint id={id} hint={props.hint} />
      <select
        id={id}
        name={props.name}
        defaultValue={props.defaultValue}
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(id, props)}
        className={controlClass}
      >
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ErrorText id={id} error={props.error} />
    </div>
  );
}

export function Input(
  props: Common & {
    defaultValue: string;
    type?: "text" | "number" | "color" | "date" | "time" | "url" | "email" | "tel" | "search";
    min?: number;
    max?: number;
    step?: string;
    multiline?: number;
    required?: boolean;
  },
) {
  const id = `field-${props.name}`;
  const common = {
    id,
    name: props.name,
    defaultValue: props.defaultValue,
    required: props.required,
    disabled: props.disabled,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy(id, props),
  };
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block font-medium text-slate-900">
        {props.label}
      </label>
      <Hint id={id} hint={props.hint} />
      {props.multiline ? (
        <textarea
          {...common}
          rows={props.multiline}
          className={`${controlClass} font-mono text-sm`}
        />
      ) : (
        <input
          {...common}
          type={props.type ?? "text"}
          min={props.min}
          max={props.max}
          step={props.step}
          className={
            props.type === "color"
              ? "mt-1 block h-11 w-24 rounded-md border border-slate-400"
              : controlClass
          }
        />
      )}
      <ErrorText id={id} error={props.error} />
    </div>
  );
}
