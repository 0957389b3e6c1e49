import { useSyncExternalStore } from "react";

const subscribeToStorage = (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
};

/**
 * A value only the browser knows (storage, the clock), read after hydration: the server and
 * the hydrating render use `serverValue`, then React re-renders with `read()`. Values must be
 * primitives (compared with Object.is). Re-read when another tab changes storage.
 */
export function useClientValue<T extends string | number | boolean | null>(
  read: () => T,
  serverValue: T,
): T {
  return useSyncExternalStore(subscribeToStorage, read, () => serverValue);
}
