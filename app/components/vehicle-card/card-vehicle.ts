/**
 * A vehicle card's view model: the fields the card, its tags, its actions, its save button and
 * the results page's JSON-LD read of a search hit, and nothing else. Loaders send this instead of
 * the whole hit (description, features, every photo...), which the page would send again in its
 * scripts for hydration.
 */
import type { Vehicle, VehicleImage } from "~/domain/vehicle";
import { ENOUGH_PHOTOS } from "~/domain/vehicle-actions";

const CARD_FIELDS = [
  "id",
  "slug",
  "name",
  "year",
  "make",
  "model",
  "make_model",
  "badge",
  "series",
  "stocknum",
  "vin",
  "km",
  "price",
  "price_type",
  "before_price",
  "subscription_price",
  "preorder",
  "tag",
  "status",
  "sold",
  "reserved",
  "certified",
  "car_type",
  "created_at_timestamp",
  "simple_fuel",
  "fuel",
  "simple_transmission",
  "transmission",
  "dealership_id",
  "dealership_slug",
  "payment_processors",
  "show_on_dealer_website",
  "trade_in_allowed",
  "file",
  "primary_image_url",
  "autograb_data",
] as const satisfies readonly (keyof Vehicle)[];

export type CardVehicle = Pick<Vehicle, (typeof CARD_FIELDS)[number]> & {
  /** The card's photo and how many there are, up to the number the actions' rules look at. */
  images: Pick<VehicleImage, "url">[];
  /** The number the card's Call action dials, when the vehicle's location has one. */
  location: Pick<NonNullable<Vehicle["location"]>, "phone"> | null;
};

/** The card's part of a vehicle: at most the photos the card's rules look at. */
export function toCardVehicle(vehicle: Vehicle): CardVehicle {
  const card: Partial<Record<keyof Vehicle, unknown>> = {};
  for (const key of CARD_FIELDS) card[key] = vehicle[key];
  return {
    ...(card as Pick<Vehicle, (typeof CARD_FIELDS)[number]>),
    images: vehicle.images.slice(0, ENOUGH_PHOTOS).map(({ url }) => ({ url })),
    location: vehicle.location ? { phone: vehicle.location.phone } : null,
  };
}
