/**
 * A vehicle card's view model: the fields the card, its tags, its actions, its save button and
 * the results page's JSON-LD read of a search hit, and nothing else. Loaders send this instead of
 * the whole hit (description, features, every photo...), which the page would send again in its
 * scripts for hydration.
 */
import type { PaymentProcessor, Vehicle } from "~/domain/vehicle";
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
  "show_on_dealer_website",
  "trade_in_allowed",
  "file",
  "autograb_data",
] as const satisfies readonly (keyof Vehicle)[];

export type CardVehicle = Pick<Vehicle, (typeof CARD_FIELDS)[number]> & {
  /** The card's photo: the primary image, else the first one. */
  primary_image_url: string | null;
  /** How many photos there are, up to the number the actions' rules look at. */
  photo_count: number;
  /** Whether the vehicle takes a deposit online, and how much (Reserve Now). */
  payment_processors: Pick<PaymentProcessor, "deposit_amount">[];
  /** The number the card's Call action dials, when the vehicle's location has one. */
  location: Pick<NonNullable<Vehicle["location"]>, "phone"> | null;
};

/** The card's part of a vehicle. */
export function toCardVehicle(vehicle: Vehicle): CardVehicle {
  const card: Partial<Record<keyof Vehicle, unknown>> = {};
  for (const key of CARD_FIELDS) card[key] = vehicle[key];
  return {
    ...(card as Pick<Vehicle, (typeof CARD_FIELDS)[number]>),
    primary_image_url: vehicle.primary_image_url ?? vehicle.images[0]?.url ?? null,
    photo_count: Math.min(vehicle.images.length, ENOUGH_PHOTOS),
    payment_processors: vehicle.payment_processors.map(({ deposit_amount }) => ({
      deposit_amount,
    })),
    location: vehicle.location ? { phone: vehicle.location.phone } : null,
  };
}

/** A packed card's values follow this order. */
const PACKED_FIELDS = [
  ...CARD_FIELDS,
  "primary_image_url",
  "photo_count",
  "payment_processors",
  "location",
] as const satisfies readonly (keyof CardVehicle)[];

/** A card as the search page's loader sends it: its values, in PACKED_FIELDS' order. */
type PackedFields = typeof PACKED_FIELDS;
export type PackedCard = {
  -readonly [I in keyof PackedFields]: PackedFields[I] extends keyof CardVehicle
    ? CardVehicle[PackedFields[I]]
    : never;
};

/**
 * Cards without their field names, for loader data. React Router's stream writes every field of
 * an object as a key reference beside its value (about 11 characters with the script's escaping):
 * 40 fields of 21 cards were 9 KB of a results page. A row of values costs a third of that.
 */
export function packCard(card: CardVehicle): PackedCard {
  return PACKED_FIELDS.map((field) => card[field]) as unknown as PackedCard;
}

export function unpackCard(packed: PackedCard): CardVehicle {
  return Object.fromEntries(PACKED_FIELDS.map((field, i) => [field, packed[i]])) as CardVehicle;
}
