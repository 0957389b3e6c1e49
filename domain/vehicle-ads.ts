/**
 * Vehicle ads feeds (docs/product/feeds.md): which listed vehicles may be published to Google's
 * vehicle ads and Meta's automotive catalogue, and how the product's fields map onto each
 * provider's published values. Every left-out vehicle gets a reason a person can act on.
 */
import type { Locale } from "./site-settings";
import { isPriceShown } from "./vehicle-price";
import { isSold, type Vehicle } from "./vehicle";

export const VIN_LENGTH = 17;
/** Meta's limit on a description. */
export const FEED_DESCRIPTION_MAX = 5000;
/** Meta takes up to 20 images per vehicle; Google up to 10 additional images beside the first. */
export const META_IMAGE_MAX = 20;
export const GOOGLE_ADDITIONAL_IMAGE_MAX = 10;
/** Google's product category for cars, trucks and vans (Vehicles & Parts > Vehicles > Motor Vehicles). */
export const GOOGLE_VEHICLE_CATEGORY = "916";

export const FEED_NAMES = ["google-vehicle-ads", "meta-vehicles"] as const;
export type FeedName = (typeof FEED_NAMES)[number];

export type FeedMarket = {
  country: "AU" | "NZ" | "US";
  currency: "AUD" | "NZD" | "USD";
  /** The odometer reading is in the site's unit already (docs/product/sites-and-settings.md). */
  mileageUnit: "km" | "miles";
  /** US VINs carry a check digit in position 9 (49 CFR 565); other markets' VINs need not. */
  vinCheckDigit: boolean;
};

const MARKETS: Record<Locale, FeedMarket> = {
  "en-AU": { country: "AU", currency: "AUD", mileageUnit: "km", vinCheckDigit: false },
  "en-NZ": { country: "NZ", currency: "NZD", mileageUnit: "km", vinCheckDigit: false },
  "en-US": { country: "US", currency: "USD", mileageUnit: "miles", vinCheckDigit: true },
};

export function feedMarket(locale: Locale): FeedMarket {
  return MARKETS[locale];
}

// ---------------------------------------------------------------------------------------------
// VINs

const TRANSLITERATION: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit (position 9) a 17-character VIN should carry: '0'-'9' or 'X'. */
export function vinCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < VIN_LENGTH; i++) {
    const c = vin[i]!.toUpperCase();
    const value = /\d/.test(c) ? Number(c) : (TRANSLITERATION[c] ?? 0);
    sum += value * WEIGHTS[i]!;
  }
  const remainder = sum % 11;
  return remainder === 10 ? "X" : String(remainder);
}

/** Why a VIN may not be published, or null when it may. */
export function vinProblem(
  vin: string | null | undefined,
  market: Pick<FeedMarket, "vinCheckDigit">,
): string | null {
  const text = (vin ?? "").trim().toUpperCase();
  if (text === "") return "No VIN: add the vehicle's 17-character VIN.";
  if (text.length !== VIN_LENGTH)
    return `The VIN must have 17 characters; this one has ${text.length}.`;
  if (/[IOQ]/.test(text)) return "The VIN holds I, O or Q, which VINs never use.";
  if (!/^[A-HJ-NPR-Z0-9]{17}$/.test(text)) return "The VIN may hold only letters and digits.";
  if (market.vinCheckDigit) {
    const expected = vinCheckDigit(text);
    if (text[8] !== expected)
      return `The VIN's check digit (9th character) is ${text[8]}; this VIN needs ${expected}.`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// What may be published

/** Google's vehicle ads take passenger cars (utes and pickups included); Meta's catalogue takes what is for sale. */
const ITEM_TYPES: Record<FeedName, readonly Vehicle["item_type"][]> = {
  "google-vehicle-ads": ["car"],
  "meta-vehicles": ["car", "truck", "motorcycle", "caravan", "camper"],
};

export type FeedVehicle = Pick<
  Vehicle,
  | "vin"
  | "price"
  | "price_type"
  | "status"
  | "sold"
  | "reserved"
  | "show_on_dealer_website"
  | "primary_image_url"
  | "images"
  | "item_type"
  | "car_type"
  | "colour"
>;

/**
 * Why a listed vehicle stays out of a feed, or null when it goes in: shown, unsold, unreserved, in
 * stock, of a kind the provider takes, with a valid VIN, a photo and a price the site may show
 * (and, for Google in Australia, a price type Google allows for its condition).
 */
export function feedExclusion(
  vehicle: FeedVehicle,
  feed: FeedName,
  market: FeedMarket,
): string | null {
  if (!vehicle.show_on_dealer_website) return "Hidden from the website.";
  if (isSold(vehicle)) return "Sold.";
  if (vehicle.reserved) return "Reserved.";
  if (vehicle.status !== "in_stock") return "Not in stock yet (coming soon).";
  if (vehicle.item_type === "rental") return "A rental vehicle, not for sale.";
  if (!ITEM_TYPES[feed].includes(vehicle.item_type))
    return `Google vehicle ads take passenger cars only; this is a ${vehicle.item_type}.`;
  const vin = vinProblem(vehicle.vin, market);
  if (vin) return vin;
  if (!vehicle.primary_image_url && vehicle.images.length === 0)
    return "No photo: add at least one.";
  if (!isPriceShown(vehicle.price)) return "No price the site may show (Enquire for price).";
  if (feed === "meta-vehicles" && !vehicle.colour?.trim())
    return "No colour: Meta's catalogue needs the exterior colour.";
  if (feed === "google-vehicle-ads") {
    const priceType = googlePriceType(vehicle, market);
    if (!priceType.ok) return priceType.reason;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Google vehicle ads

export const GOOGLE_AU_PRICE_TYPES = {
  new: ["drive_away_price", "estimated_drive_away_price"],
  used: ["drive_away_price", "excluding_government_charges_price"],
} as const;

export function googleCondition(vehicle: Pick<Vehicle, "car_type">): "new" | "used" {
  // A demonstrator has been registered: sold as used.
  return vehicle.car_type === "new" ? "new" : "used";
}

/** Google's name for the price type the page shows beside the price (the vehicle's price_type). */
export function googlePriceTypeOf(priceType: string | null): string | null {
  const text = (priceType ?? "").toLowerCase().replace(/[^a-z]+/g, " ");
  if (/\bexcl(uding|udes|\b)/.test(text) || /\bplus\b/.test(text))
    return "excluding_government_charges_price";
  if (/drive ?away|driveaway|inc(l|luding)? govt|including government/.test(text))
    return /\best(imated)?\b/.test(text) ? "estimated_drive_away_price" : "drive_away_price";
  return null;
}

/**
 * The vehicle_price_type Google requires in Australia (drive-away or estimated drive-away for new
 * vehicles; drive-away or excluding government charges for used ones), from the price type the
 * page shows. Other markets send none.
 */
export function googlePriceType(
  vehicle: Pick<Vehicle, "price_type" | "car_type">,
  market: Pick<FeedMarket, "country">,
): { ok: true; value: string | null } | { ok: false; reason: string } {
  if (market.country !== "AU") return { ok: true, value: null };
  const condition = googleCondition(vehicle);
  const value = googlePriceTypeOf(vehicle.price_type);
  const allowed: readonly string[] = GOOGLE_AU_PRICE_TYPES[condition];
  if (value !== null && allowed.includes(value)) return { ok: true, value };
  const shown = vehicle.price_type ? `'${vehicle.price_type}'` : "none";
  return {
    ok: false,
    reason:
      condition === "new"
        ? `A new vehicle's price must be drive-away in Australia; its price type is ${shown}.`
        : `A used vehicle's price must be drive-away or excluding government charges in Australia; its price type is ${shown}.`,
  };
}

const GOOGLE_BODY_STYLES: Record<string, string> = {
  hatch: "hatchback",
  hatchback: "hatchback",
  sedan: "sedan",
  suv: "suv",
  coupe: "coupe",
  convertible: "convertible",
  cabriolet: "convertible",
  wagon: "station_wagon",
  "people mover": "minivan",
  minivan: "minivan",
  van: "full_size_van",
  crossover: "crossover",
  pickup: "truck",
  "cab chassis": "ute",
  ute: "ute",
};

/** Google's body_style for the product's body type; null when Google's list has none (left out). */
export function googleBodyStyle(body: string | null, market: Pick<FeedMarket, "country">) {
  const style = GOOGLE_BODY_STYLES[(body ?? "").trim().toLowerCase()] ?? null;
  // 'ute' is the Australian word; elsewhere Google's value is 'truck'.
  return style === "ute" && market.country !== "AU" ? "truck" : style;
}

const GOOGLE_ENGINES: Record<string, string> = {
  petrol: "gasoline",
  gas: "gasoline",
  gasoline: "gasoline",
  diesel: "diesel",
  electric: "electric",
  hybrid: "hybrid",
  phev: "plug-in_hybrid",
  "plug-in hybrid": "plug-in_hybrid",
  lpg: "lpg",
  other: "other",
};

export function googleEngine(fuel: string | null): string | null {
  return GOOGLE_ENGINES[(fuel ?? "").trim().toLowerCase()] ?? null;
}

// ---------------------------------------------------------------------------------------------
// Meta automotive catalogue

export const META_BODY_STYLES = [
  "CONVERTIBLE",
  "COUPE",
  "HATCHBACK",
  "MINIVAN",
  "TRUCK",
  "SUV",
  "SEDAN",
  "VAN",
  "WAGON",
  "CROSSOVER",
  "OTHER",
] as const;
export type MetaBodyStyle = (typeof META_BODY_STYLES)[number];

const META_BODY: Record<string, MetaBodyStyle> = {
  hatch: "HATCHBACK",
  hatchback: "HATCHBACK",
  sedan: "SEDAN",
  suv: "SUV",
  coupe: "COUPE",
  convertible: "CONVERTIBLE",
  cabriolet: "CONVERTIBLE",
  wagon: "WAGON",
  "people mover": "MINIVAN",
  minivan: "MINIVAN",
  van: "VAN",
  crossover: "CROSSOVER",
  ute: "TRUCK",
  pickup: "TRUCK",
  "cab chassis": "TRUCK",
};

/** Meta's body_style (required): the product's body type on Meta's list, else OTHER. */
export function metaBodyStyle(body: string | null): MetaBodyStyle {
  return META_BODY[(body ?? "").trim().toLowerCase()] ?? "OTHER";
}

/** state_of_vehicle: NEW, USED or CPO (a certified used vehicle); a demonstrator is used. */
export function metaStateOfVehicle(
  vehicle: Pick<Vehicle, "car_type" | "certified">,
): "NEW" | "USED" | "CPO" {
  if (vehicle.car_type === "new") return "NEW";
  return vehicle.certified ? "CPO" : "USED";
}

const META_FUEL: Record<string, string> = {
  petrol: "PETROL",
  gas: "GASOLINE",
  gasoline: "GASOLINE",
  diesel: "DIESEL",
  electric: "ELECTRIC",
  hybrid: "HYBRID",
  phev: "PLUGIN_HYBRID",
  "plug-in hybrid": "PLUGIN_HYBRID",
  flex: "FLEX",
};

export function metaFuelType(fuel: string | null): string | null {
  if (!fuel?.trim()) return null;
  return META_FUEL[fuel.trim().toLowerCase()] ?? "OTHER";
}

export function metaTransmission(transmission: string | null): string | null {
  const text = (transmission ?? "").trim().toLowerCase();
  if (text === "") return null;
  if (text.startsWith("manual")) return "MANUAL";
  return "AUTOMATIC";
}

const META_DRIVETRAIN: Record<string, string> = {
  fwd: "FWD",
  rwd: "RWD",
  awd: "AWD",
  "4wd": "4X4",
  "4x4": "4X4",
  "4x2": "4X2",
};

export function metaDrivetrain(drive: string | null): string | null {
  if (!drive?.trim()) return null;
  return META_DRIVETRAIN[drive.trim().toLowerCase()] ?? "OTHER";
}

/** A description within Meta's 5,000 characters, on one line (both feeds are one row a vehicle). */
export function feedDescription(text: string | null, fallback: string): string {
  const flat = (text ?? "").replace(/\s+/g, " ").trim() || fallback;
  return flat.length <= FEED_DESCRIPTION_MAX ? flat : `${flat.slice(0, FEED_DESCRIPTION_MAX - 1)}…`;
}

/** '27990.00 AUD': the amount with two decimals and the ISO currency, as both providers read it. */
export function feedPrice(amount: number, market: Pick<FeedMarket, "currency">): string {
  return `${amount.toFixed(2)} ${market.currency}`;
}

/**
 * The store code of a location (its Google Business Profile store code): the location's
 * `google_store_code` identifier when set, else its slug.
 */
export function storeCodeOf(location: {
  slug: string;
  externalIdentifiers: Record<string, string>;
}): string {
  return location.externalIdentifiers.google_store_code?.trim() || location.slug;
}
