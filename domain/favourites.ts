/**
 * Favourites, the garage (SPEC.md sections 2, 3 and 4): toggled on and off, kept in the
 * browser per site.
 */
import type { Vehicle } from "./vehicle";

/** SPEC.md section 3: what a favourite keeps of a vehicle. */
export type Favourite = Pick<
  Vehicle,
  "id" | "name" | "slug" | "make" | "model" | "primary_image_url"
>;

/** Browser storage key: favourites never mix between sites. */
export function favouritesStorageKey(siteSlug: string): string {
  return `favourites:${siteSlug}`;
}

export function isFavourite(favourites: readonly Favourite[], vehicleId: number): boolean {
  return favourites.some((f) => f.id === vehicleId);
}

export function toFavourite(vehicle: Favourite): Favourite {
  const { id, name, slug, make, model, primary_image_url } = vehicle;
  return { id, name, slug, make, model, primary_image_url };
}

/** Adds the vehicle, or removes it when it is already a favourite. */
export function toggleFavourite(favourites: readonly Favourite[], vehicle: Favourite): Favourite[] {
  return isFavourite(favourites, vehicle.id)
    ? favourites.filter((f) => f.id !== vehicle.id)
    : [...favourites, toFavourite(vehicle)];
}

/** SPEC.md section 2: the garage's calls to action. */
export const GARAGE_CALLS_TO_ACTION = ["Finance Quote", "Book Service", "Sell My Car"] as const;

export function garagePath(garageBasePath: string): string {
  return `${garageBasePath}?tab=saved-cars`;
}
