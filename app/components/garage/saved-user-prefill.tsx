/**
 * The saved user record in lead forms (docs/product/garage.md, "Saved user record"): empty
 * fields of the record are filled in from it after hydration; a submitted form's record waits in
 * this tab's session until the success page says the lead was taken (`KeepSavedUser`).
 */
import { useEffect, type RefObject } from "react";
import { useSite } from "~/app/lib/site";
import { rememberSavedUser, SAVED_USER_FIELDS, useSavedUser } from "./saved-user";

const PENDING_KEY = "saved-user:pending";

/** The form fields a record field fills: the record's name is the lead's first name. */
const FORM_NAMES: Record<(typeof SAVED_USER_FIELDS)[number], readonly string[]> = {
  name: ["name", "first_name"],
  last_name: ["last_name"],
  email: ["email"],
  phone: ["phone"],
  postcode: ["postcode"],
};

function inputOf(form: HTMLFormElement, field: (typeof SAVED_USER_FIELDS)[number]) {
  for (const name of FORM_NAMES[field]) {
    const input = form.elements.namedItem(name);
    if (input instanceof HTMLInputElement) return input;
  }
  return null;
}

/** Sets an input's value the way typing does, so the form's own change handling sees it. */
function fill(input: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
  setter?.call(input, value);
  input.dispatchEvent(new Event("input", { bubbles: true }));
}

export function SavedUserPrefill({ formRef }: { formRef: RefObject<HTMLFormElement | null> }) {
  const site = useSite();
  const user = useSavedUser(site.slug);

  useEffect(() => {
    const form = formRef.current;
    if (!form || !user) return;
    for (const field of SAVED_USER_FIELDS) {
      const input = inputOf(form, field);
      const value = user[field];
      if (input && input.value === "" && value) fill(input, value);
    }
  }, [formRef, user]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const onSubmit = () => {
      const values: Record<string, string> = {};
      for (const field of SAVED_USER_FIELDS) {
        const input = inputOf(form, field);
        if (input) values[field] = input.value;
      }
      try {
        window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ site: site.slug, values }));
      } catch {
        // Storage blocked: nothing is remembered.
      }
    };
    form.addEventListener("submit", onSubmit);
    return () => form.removeEventListener("submit", onSubmit);
  }, [formRef, site.slug]);

  return null;
}

/** On the success page: the lead was taken, so its details become the saved user record. */
export function KeepSavedUser() {
  useEffect(() => {
    try {
      const raw = window.sessionStorage.getItem(PENDING_KEY);
      if (!raw) return;
      window.sessionStorage.removeItem(PENDING_KEY);
      const pending = JSON.parse(raw) as { site: string; values: Record<string, unknown> };
      rememberSavedUser(pending.site, pending.values);
    } catch {
      // Nothing kept.
    }
  }, []);
  return null;
}
