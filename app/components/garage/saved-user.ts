/**
 * The saved user record (docs/product/garage.md, "Saved user record"): the details of the
 * visitor's last lead, kept in this browser per site to prefill the next form, until they say
 * 'not you?'.
 */
import { useMemo, useSyncExternalStore } from "react";
import { browserStorage } from "~/app/components/engagement/browser-storage";

export const SAVED_USER_FIELDS = ["name", "last_name", "email", "phone", "postcode"] as const;
export type SavedUser = Partial<Record<(typeof SAVED_USER_FIELDS)[number], string>>;

const CHANGE_EVENT = "garage:saved-user";
const keyOf = (siteSlug: string) => `saved-user:${siteSlug}`;

function parse(raw: string | null): SavedUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Record<string, unknown>;
    const user: SavedUser = {};
    for (const field of SAVED_USER_FIELDS) {
      const v = value[field];
      if (typeof v === "string" && v.trim() !== "") user[field] = v.slice(0, 200);
    }
    return Object.keys(user).length > 0 ? user : null;
  } catch {
    return null;
  }
}

/** Keeps the record fields of a lead just sent (other fields are not kept). */
export function rememberSavedUser(siteSlug: string, values: Record<string, unknown>): void {
  const user: SavedUser = {};
  for (const field of SAVED_USER_FIELDS) {
    const v = values[field];
    if (typeof v === "string" && v.trim() !== "") user[field] = v.trim().slice(0, 200);
  }
  if (Object.keys(user).length === 0) return;
  browserStorage.set(keyOf(siteSlug), JSON.stringify(user));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** 'Not you?': forgets the record. */
export function clearSavedUser(siteSlug: string): void {
  browserStorage.set(keyOf(siteSlug), "");
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

const subscribe = (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
};

/** The record, after hydration (null on the server). */
export function useSavedUser(siteSlug: string): SavedUser | null {
  const raw = useSyncExternalStore(
    subscribe,
    () => browserStorage.get(keyOf(siteSlug)),
    () => null,
  );
  return useMemo(() => parse(raw), [raw]);
}
