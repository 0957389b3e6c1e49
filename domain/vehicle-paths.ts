/**
 * Where a vehicle's pages and forms live (docs/product/search-and-urls.md): the vehicle slug
 * rule, the vehicle page under the site's vehicle path, and the forms that take the vehicle
 * preselected.
 */
import type { SiteSettings } from "./site-settings";
import type { Vehicle } from "./vehicle";

/** A vehicle slug holds only letters, digits, hyphen and underscore. */
const VEHICLE_SLUG = /^[A-Za-z0-9_-]+$/;

export function isValidVehicleSlug(slug: string): boolean {
  return VEHICLE_SLUG.test(slug);
}

/** The slug to look up, or null when it breaks the rule (the lookup then yields no vehicle). */
export function vehicleLookupSlug(slug: string | null | undefined): string | null {
  return slug !== null && slug !== undefined && isValidVehicleSlug(slug) ? slug : null;
}

/** Vehicle page paths: /cars, /motorcycles or /campers by site. */
export function vehiclePagePath(slug: string, settings: Pick<SiteSettings, "vehiclePath">): string {
  return `/${settings.vehiclePath}/${encodeURIComponent(slug)}`;
}

export function checkoutPath(slug: string, settings: Pick<SiteSettings, "vehiclePath">): string {
  return `${vehiclePagePath(slug, settings)}/checkout`;
}

export function buyOnlinePath(slug: string, settings: Pick<SiteSettings, "vehiclePath">): string {
  return `${vehiclePagePath(slug, settings)}/buy-online`;
}

export function tradeInPath(vehicle: Pick<Vehicle, "id">): string {
  return `/cars/trade-in?car_id=${encodeURIComponent(String(vehicle.id))}`;
}

/** The finance page for a vehicle, with its query parameters and form anchor. */
export function financePath(
  vehicle: Pick<Vehicle, "id" | "price" | "car_type" | "vin" | "dealership_slug">,
): string {
  const params = new URLSearchParams({
    preferredDealership: vehicle.dealership_slug,
    vehiclePriceBudget: String(vehicle.price),
    car_id: String(vehicle.id),
    car_type: vehicle.car_type,
  });
  if (vehicle.vin) params.set("vin", vehicle.vin);
  return `/finance?${params.toString()}#finance-form`;
}

/** The checkout journey takes the vehicle's slug. */
export function checkoutJourneyPath(vehicle: Pick<Vehicle, "slug">): string {
  return `/checkout-journey?car_id=${encodeURIComponent(vehicle.slug)}`;
}

/** The test drive booking form with the vehicle preselected. */
export function bookTestDrivePath(vehicle: Pick<Vehicle, "id">): string {
  return `/book-test-drive/?car_id=${encodeURIComponent(String(vehicle.id))}`;
}

/** The anchor of the 'Interested in this vehicle?' block, which holds the enquiry form. */
export const ENQUIRY_ANCHOR = "enquiry";

/** The enquiry form on the vehicle's page. */
export function enquiryPath(
  vehicle: Pick<Vehicle, "slug">,
  settings: Pick<SiteSettings, "vehiclePath">,
): string {
  return `${vehiclePagePath(vehicle.slug, settings)}#${ENQUIRY_ANCHOR}`;
}

/** The vehicle enquiry on the contact page (where the vehicle page's own form posts). */
export function vehicleEnquiryPath(vehicle: Pick<Vehicle, "id">, subcategory?: string): string {
  const base = `/contact?car_id=${encodeURIComponent(String(vehicle.id))}`;
  return subcategory ? `${base}&subcategory=${encodeURIComponent(subcategory)}` : base;
}

/** A wa.me link with a message naming the vehicle. */
export function whatsappHref(
  number: string,
  vehicle: Pick<Vehicle, "year" | "make" | "model" | "stocknum">,
): string {
  const stock = vehicle.stocknum ? ` (stock ${vehicle.stocknum})` : "";
  const text = `Hi, I'm interested in the ${vehicle.year} ${vehicle.make} ${vehicle.model}${stock}.`;
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}
