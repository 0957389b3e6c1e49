/**
 * One row per vehicle of each feed (docs/product/feeds.md, "Field mappings"): the product's
 * vehicle mapped onto Google's vehicle ads attributes and Meta's automotive catalogue fields, and
 * the rows of Google's local store data. Columns are fixed per feed and market, so a feed is a
 * header and then rows written one page of stock at a time.
 */
import {
  feedDescription,
  feedPrice,
  GOOGLE_ADDITIONAL_IMAGE_MAX,
  GOOGLE_VEHICLE_CATEGORY,
  googleBodyStyle,
  googleCondition,
  googleEngine,
  googlePriceType,
  META_IMAGE_MAX,
  metaBodyStyle,
  metaDrivetrain,
  metaFuelType,
  metaStateOfVehicle,
  metaTransmission,
  storeCodeOf,
  type FeedMarket,
  type FeedName,
} from "~/domain/vehicle-ads";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import type { SiteSettings } from "~/domain/site-settings";
import type { Vehicle } from "~/domain/vehicle";

/** What a row needs of a location (server/feeds/feed-service.ts reads them through the site scope). */
export type FeedLocation = {
  id: number;
  slug: string;
  name: string;
  locationType: string;
  visible: boolean;
  externalIdentifiers: Record<string, string>;
  address: {
    street: string;
    city: string;
    state: string;
    postcode: string;
    lat: number | null;
    long: number | null;
  };
  contactDetail: { phone: string | null; landline_phone: string | null };
};

export type RowContext = {
  origin: string;
  settings: Pick<SiteSettings, "vehiclePath">;
  market: FeedMarket;
  /** The site's name: the business name where a dealership has none of its own. */
  siteName: string;
  locations: ReadonlyMap<number, FeedLocation>;
};

type Row = readonly (string | number | null)[];

export const GOOGLE_COLUMNS = [
  "id",
  "vin",
  "store_code",
  "google_product_category",
  "title",
  "description",
  "link",
  "image_link",
  "additional_image_link",
  "price",
  "vehicle_price_type",
  "vehicle_msrp",
  "condition",
  "certified_pre-owned",
  "brand",
  "model",
  "year",
  "trim",
  "mileage",
  "color",
  "body_style",
  "engine",
] as const;

export const META_COLUMNS = [
  "vehicle_id",
  "vin",
  "title",
  "description",
  "url",
  "make",
  "model",
  "year",
  "trim",
  "mileage.value",
  "mileage.unit",
  "price",
  "state_of_vehicle",
  "availability",
  "body_style",
  "exterior_color",
  "transmission",
  "fuel_type",
  "drivetrain",
  "image",
  "dealer_id",
  "dealer_name",
  "dealer_phone",
  "address.addr1",
  "address.city",
  "address.region",
  "address.postal_code",
  "address.country",
  "latitude",
  "longitude",
] as const;

/** Google Business Profile's bulk upload columns: the store data beside the vehicle feed. */
export const STORE_COLUMNS = [
  "Store code",
  "Business name",
  "Address line 1",
  "Locality",
  "Administrative area",
  "Postal code",
  "Country / Region",
  "Primary phone",
  "Latitude",
  "Longitude",
] as const;

export function columnsOf(feed: FeedName): readonly string[] {
  return feed === "google-vehicle-ads" ? GOOGLE_COLUMNS : META_COLUMNS;
}

const absolute = (url: string, origin: string) => new URL(url, `${origin}/`).href;

function photoUrls(vehicle: Vehicle, origin: string): string[] {
  const urls = vehicle.images.map((image) => image.url).filter((url) => url.trim() !== "");
  if (vehicle.primary_image_url && !urls.includes(vehicle.primary_image_url))
    urls.unshift(vehicle.primary_image_url);
  // A photo named twice is sent once.
  return [...new Set(urls.map((url) => absolute(url, origin)))];
}

const titleOf = (vehicle: Vehicle) =>
  vehicle.name.trim() ||
  [vehicle.year, vehicle.make, vehicle.model, vehicle.badge].filter(Boolean).join(" ");

/** The location a vehicle is sold from; null when the site has no such location. */
export function locationOf(vehicle: Vehicle, context: RowContext): FeedLocation | null {
  return vehicle.location_id === null ? null : (context.locations.get(vehicle.location_id) ?? null);
}

/** The vehicle on Google's vehicle ads attributes (the vehicle passed feedExclusion). */
export function googleRow(vehicle: Vehicle, location: FeedLocation, context: RowContext): Row {
  const { market, origin } = context;
  const photos = photoUrls(vehicle, origin);
  const condition = googleCondition(vehicle);
  const priceType = googlePriceType(vehicle, market);
  // The recommended retail price where the page shows one (the struck-out price), else the price.
  const msrp =
    vehicle.before_price !== null && vehicle.before_price > vehicle.price
      ? vehicle.before_price
      : vehicle.price;
  const title = titleOf(vehicle);
  return [
    String(vehicle.id),
    vehicle.vin!.trim().toUpperCase(),
    storeCodeOf(location),
    GOOGLE_VEHICLE_CATEGORY,
    title,
    feedDescription(vehicle.description, title),
    absolute(vehiclePagePath(vehicle.slug, context.settings), origin),
    photos[0] ?? null,
    photos.slice(1, 1 + GOOGLE_ADDITIONAL_IMAGE_MAX).join(","),
    feedPrice(vehicle.price, market),
    priceType.ok ? priceType.value : null,
    condition === "new" ? feedPrice(msrp, market) : null,
    condition,
    condition === "used" && vehicle.certified ? "yes" : null,
    vehicle.make,
    vehicle.model,
    vehicle.year,
    vehicle.badge,
    `${Math.max(0, Math.round(vehicle.km))} ${market.mileageUnit}`,
    vehicle.colour,
    googleBodyStyle(vehicle.body ?? vehicle.simple_body, market),
    googleEngine(vehicle.fuel ?? vehicle.simple_fuel),
  ];
}

/**
 * The vehicle on Meta's automotive catalogue fields. vehicle_id is the vehicle's id: the id the
 * storefront names a vehicle by (car_id), which a pixel's content_ids must send.
 */
export function metaRow(vehicle: Vehicle, location: FeedLocation | null, context: RowContext): Row {
  const { market, origin } = context;
  const title = titleOf(vehicle);
  const images = photoUrls(vehicle, origin)
    .slice(0, META_IMAGE_MAX)
    .map((url) => ({ url }));
  const address = location?.address;
  return [
    String(vehicle.id),
    vehicle.vin!.trim().toUpperCase(),
    title,
    feedDescription(vehicle.description, title),
    absolute(vehiclePagePath(vehicle.slug, context.settings), origin),
    vehicle.make,
    vehicle.model,
    vehicle.year,
    vehicle.badge,
    Math.max(0, Math.round(vehicle.km)),
    market.mileageUnit === "miles" ? "MI" : "KM",
    feedPrice(vehicle.price, market),
    metaStateOfVehicle(vehicle),
    "AVAILABLE",
    metaBodyStyle(vehicle.body ?? vehicle.simple_body),
    vehicle.colour,
    metaTransmission(vehicle.transmission ?? vehicle.simple_transmission),
    metaFuelType(vehicle.fuel ?? vehicle.simple_fuel),
    metaDrivetrain(vehicle.drive ?? vehicle.simple_drive),
    JSON.stringify(images),
    location ? storeCodeOf(location) : null,
    location?.name ?? vehicle.dealership_name ?? context.siteName,
    location?.contactDetail.phone ?? location?.contactDetail.landline_phone ?? null,
    address?.street ?? null,
    address?.city ?? vehicle.city,
    address?.state ?? vehicle.state,
    address?.postcode ?? null,
    market.country,
    address?.lat ?? null,
    address?.long ?? null,
  ];
}

/** A location on Google Business Profile's bulk upload columns. */
export function storeRow(location: FeedLocation, context: RowContext): Row {
  return [
    storeCodeOf(location),
    location.name || context.siteName,
    location.address.street,
    location.address.city,
    location.address.state,
    location.address.postcode,
    context.market.country,
    location.contactDetail.phone ?? location.contactDetail.landline_phone ?? null,
    location.address.lat,
    location.address.long,
  ];
}

// ---------------------------------------------------------------------------------------------
// Text formats

/** A TSV line (Google's delimited text): tabs and line breaks inside a value become spaces. */
export function tsvLine(values: Row): string {
  return `${values.map((v) => (v === null ? "" : String(v).replace(/[\t\r\n]+/g, " "))).join("\t")}\n`;
}

/** A CSV line (RFC 4180, as Meta reads it): a value with a comma, quote or line break is quoted. */
export function csvLine(values: Row): string {
  return `${values
    .map((v) => {
      if (v === null) return "";
      const text = String(v).replace(/[\r\n]+/g, " ");
      return /[",]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    })
    .join(",")}\n`;
}
