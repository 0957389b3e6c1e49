/**
 * The back office's form parts: the CSRF field every form carries, labelled inputs with their
 * error message (aria-invalid, aria-describedby), and the summary of what to fix. Used by every
 * back office page (docs/product/back-office.md, "Forms").
 */
import type { ReactNode } from "react";
import { useRouteLoaderData } from "react-router";
import { CSRF_FIELD } from "~/domain/staff";

/** Loader id of the signed-in shell (app/routes/admin/layout.tsx). */
export const ADMIN_LAYOUT_ID = "admin-layout";

export type StaffView = {
  id: number;
  name: string;
  email: string;
  role: string;
  roleLabel: string;
  reach: string;
  csrfToken: string;
  can: string[];
};

/** The signed-in staff member, from the shell's loader. */
export function useStaff(): StaffView {
  const data = useRouteLoaderData(ADMIN_LAYOUT_ID) as { staff: StaffView } | undefined;
  if (!data) throw new Error("useStaff() outside the back office shell");
  return data.staff;
}

/** The hidden CSRF field: every back office form that posts carries it. */
export function CsrfField({ token }: { token?: string }) {
  const staff = useRouteLoaderData(ADMIN_LAYOUT_ID) as { staff: StaffView } | undefined;
  return <input type="hidden" name={CSRF_FIELD} value={token ?? staff?.staff.csrfToken ?? ""} />;
}

export type FieldErrors = Partial<Record<string, string>>;

const inputClass =
  "mt-1 block w-full rounded-md border border-slate-400 px-3 py-2 text-base text-slate-900 focus:border-blue-700 focus:outline-2 focus:outline-blue-700 aria-[invalid=true]:border-red-700";

export function TextField(props: {
  name: string;
  label: string;
  error?: string;
  hint?: ReactNode;
  defaultValue?: string | number | null;
  type?: "text" | "email" | "password" | "url" | "search" | "tel" | "date" | "number";
  autoComplete?: string;
  required?: boolean;
  multiline?: boolean;
}) {
  const id = `field-${props.name}`;
  const describedBy =
    [props.error ? `${id}-error` : null, props.hint ? `${id}-hint` : null]
      .filter(Boolean)
      .join(" ") || undefined;
  const common = {
    id,
    name: props.name,
    defaultValue: props.defaultValue ?? undefined,
    required: props.required,
    "aria-invalid": props.error ? true : undefined,
    "aria-describedby": describedBy,
    className: inputClass,
  };
  return (
    <div className="mt-4">
      <label htmlFor={id} className="block font-medium text-slate-900">
        {props.label}
        {props.required ? null : <span className="font-normal text-slate-600"> (optional)</span>}
      </label>
      {props.hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {props.hint}
        </p>
      ) : null}
      {props.multiline ? (
        <textarea {...common} rows={4} />
      ) : (
        <input {...common} type={props.type ?? "text"} autoComplete={props.autoComplete} />
      )}
      {props.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-800">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/** The form's outcome: what to fix (linked to each field), or the form-wide message. */
export function FormMessage({
  errors,
  message,
}: {
  errors?: FieldErrors;
  message?: string | null;
}) {
  const entries = Object.entries(errors ?? {}).filter(([, text]) => text);
  if (!message && entries.length === 0) return null;
  return (
    <div role="alert" className="mt-4 rounded-md border border-red-700 bg-red-50 p-3 text-red-900">
      {message ? <p className="font-medium">{message}</p> : null}
      {entries.length ? (
        <ul className="mt-1 list-disc pl-5">
          {entries.map(([name, text]) => (
            <li key={name}>
              <a href={`#field-${name}`} className="underline">
                {text}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-blue-800 px-4 py-2 font-semibold text-white hover:bg-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-800";
export const secondaryButtonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md border border-slate-500 bg-white px-4 py-2 font-semibold text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-800";
