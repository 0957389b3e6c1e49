/**
 * A vehicle card's view model: the fields the card, its tags, its actions, its save button and
 * the results page's JSON-LD read of a search hit, and nothing else. Loaders send this instead of
 * the whole hit (description, features, every photo...), which the page would send again in its
 * scripts for hydration.
 */
import type { PaymentProcessor, Vehicle } from "~/domain/vehicle";
import { madeOncePer } from "~/domain/made-once";
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
  /**
   * Whether the vehicle takes a deposit online, and how much (Reserve Now): its first payment
   * processor, the only one the rules read.
   */
  payment_processors: Pick<PaymentProcessor, "deposit_amount">[];
  /** The number the card's Call action dials, when the vehicle's location has one. */
  location_phone: string | null;
};

/** The card's part of a vehicle. */
function toCardVehicle(vehicle: Vehicle): CardVehicle {
  const card: Partial<Record<keyof Vehicle, unknown>> = {};
  for (const key of CARD_FIELDS) card[key] = vehicle[key];
  return {
    ...(card as Pick<Vehicle, (typeof CARD_FIELDS)[number]>),
    primary_image_url: vehicle.primary_image_url ?? vehicle.images[0]?.url ?? null,
    photo_count: Math.min(vehicle.images.length, ENOUGH_PHOTOS),
    payment_processors: vehicle.payment_processors
      .slice(0, 1)
      .map(({ deposit_amount }) => ({ deposit_amount })),
    location_phone: vehicle.location?.phone ?? null,
  };
}

/** A packed card's values follow this order, then the deposit (`PackedDeposit`). */
const PACKED_FIELDS = [
  ...CARD_FIELDS,
  "primary_image_url",
  "photo_count",
  "location_phone",
] as const satisfies readonly (keyof CardVehicle)[];

/** The payment processor as one value: `false` for none, else its deposit. */
type PackedDeposit = false | PaymentProcessor["deposit_amount"];

/**
 * Names most vehicles have by rule: `make_model` is the stock import's 'make model', and a name
 * is most often 'year make model badge'. A packed card sends `null` for one that follows its rule.
 */
const DERIVED = {
  make_model: (card: CardVehicle) => `${card.make} ${card.model}`,
  name: (card: CardVehicle) =>
    [card.year, card.make, card.model, card.badge].filter((part) => part).join(" "),
} satisfies Partial<Record<keyof CardVehicle, (card: CardVehicle) => string>>;

type DerivedField = keyof typeof DERIVED;

const isDerived = (field: keyof CardVehicle): field is DerivedField => field in DERIVED;

/** A card as the search page's loader sends it: its values, in PACKED_FIELDS' order. */
type PackedFields = typeof PACKED_FIELDS;
export type PackedCard = [
  ...{
    -readonly [I in keyof PackedFields]: PackedFields[I] extends DerivedField
      ? CardVehicle[PackedFields[I]] | null
      : PackedFields[I] extends keyof CardVehicle
        ? CardVehicle[PackedFields[I]]
        : never;
  },
  PackedDeposit,
];

/**
 * Cards without their field names, for loader data. React Router's stream writes every field of
 * an object as a key reference beside its value (about 11 characters with the script's escaping):
 * 40 fields of 21 cards were 9 KB of a results page. A row of values costs a third of that.
 */
export function packCard(card: CardVehicle): PackedCard {
  const [processor] = card.payment_processors;
  const deposit: PackedDeposit = processor ? processor.deposit_amount : false;
  const values = PACKED_FIELDS.map((field) =>
    isDerived(field) && card[field] === DERIVED[field](card) ? null : card[field],
  );
  return [...values, deposit] as unknown as PackedCard;
}

/**
 * Made once per search document and per packed row: the search engine hands out the same
 * document object for the same vehicle until it changes, and the server renders from the same
 * loader rows, so a results page does not rebuild 21 cards on every request (nothing changes a
 * card once made).
 */

/** A search hit's card. */
export const cardOf = madeOncePer(toCardVehicle);

/** A search hit's packed card. */
export const packedCardOf = madeOncePer((vehicle: Vehicle) => packCard(cardOf(vehicle)));

export const unpackCard = madeOncePer(unpackRow);

function unpackRow(packed: PackedCard): CardVehicle {
  const deposit = packed[PACKED_FIELDS.length] as PackedDeposit;
  const card = {
    ...(Object.fromEntries(PACKED_FIELDS.map((field, i) => [field, packed[i]])) as Omit<
      CardVehicle,
      "payment_processors"
    >),
    payment_processors: deposit === false ? [] : [{ deposit_amount: deposit }],
  };
  for (const field of Object.keys(DERIVED) as DerivedField[]) {
    card[field] ??= DERIVED[field](card);
  }
  return card;
}
