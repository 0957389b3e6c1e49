/**
 * The browser's favourites of one site (docs/product/garage.md, "Favourites"): kept in
 * localStorage under the site's key, read after hydration, shared by every save button, the
 * header count and the garage page. A signed-in visitor's changes also go to the server
 * watchlist (`syncWatchlist`).
 */
import { useMemo, useSyncExternalStore } from "react";
import { favouritesStorageKey, toggleFavourite, type Favourite } from "~/domain/favourites";
import { browserStorage } from "~/app/components/engagement/browser-storage";

/** Fired on this page when the favourites change (`storage` only fires in other tabs). */
const CHANGE_EVENT = "garage:favourites";

const subscribe = (onChange: () => void) => {
  window.addEventListener("storage", onChange);
  window.addEventListener(CHANGE_EVENT, onChange);
  return () => {
    window.removeEventListener("storage", onChange);
    window.removeEventListener(CHANGE_EVENT, onChange);
  };
};

function parse(raw: string | null): Favourite[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter(
      (f): f is Favourite =>
        typeof f === "object" &&
        f !== null &&
        Number.isInteger((f as Favourite).id) &&
        typeof (f as Favourite).slug === "string",
    );
  } catch {
    return [];
  }
}

export function readFavourites(siteSlug: string): Favourite[] {
  return parse(browserStorage.get(favouritesStorageKey(siteSlug)));
}

export function writeFavourites(siteSlug: string, favourites: readonly Favourite[]): void {
  browserStorage.set(favouritesStorageKey(siteSlug), JSON.stringify(favourites));
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

/** Toggles one vehicle; answers whether it is saved now. */
export function toggleStoredFavourite(siteSlug: string, vehicle: Favourite): boolean {
  const next = toggleFavourite(readFavourites(siteSlug), vehicle);
  writeFavourites(siteSlug, next);
  const saved = next.some((f) => f.id === vehicle.id);
  void syncWatchlist(siteSlug, saved ? "add" : "remove", vehicle.id);
  return saved;
}

/** Server and hydrating render: no favourites (they live in the browser only). */
const NONE = () => null;

/** This site's favourites; empty on the server and while hydrating. */
export function useFavourites(siteSlug: string): Favourite[] {
  const raw = useSyncExternalStore(
    subscribe,
    () => browserStorage.get(favouritesStorageKey(siteSlug)),
    NONE,
  );
  return useMemo(() => parse(raw), [raw]);
}

/** Marks this browser signed in to the garage of a site (set after sign-in, cleared on sign-out). */
export function signedInKey(siteSlug: string): string {
  return `garage-signed-in:${siteSlug}`;
}

/**
 * A signed-in visitor's change reaches the server watchlist, so every device they sign in on
 * sees it. Failures are logged only: the browser keeps the favourite either way.
 */
async function syncWatchlist(siteSlug: string, op: "add" | "remove", vehicleId: number) {
  if (browserStorage.get(signedInKey(siteSlug)) !== "1") return;
  try {
    await fetch(`/api/garage/watchlist/${vehicleId}`, {
      method: op === "add" ? "PUT" : "DELETE",
      headers: { Accept: "application/json" },
    });
  } catch (error) {
    console.warn("watchlist sync failed", error);
  }
}
