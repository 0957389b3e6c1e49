/**
 * Favourites, the garage (docs/product/garage.md, "Favourites"): toggled on and off, kept in the
 * browser per site.
 */
import type { Vehicle } from "./vehicle";

/** What a favourite keeps of a vehicle (docs/product/garage.md). */
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

/** The garage's calls to action (docs/product/garage.md). */
export const GARAGE_CALLS_TO_ACTION = ["Finance Quote", "Book Service", "Sell My Car"] as const;

export function garagePath(garageBasePath: string): string {
  return `${garageBasePath}?tab=saved-cars`;
}
