/**
 * The vehicle as the product sees it (docs/product/vehicle-card-and-page.md, "Vehicle fields"): the
 * shape of a document in the `Car_production` search collection and of the data a vehicle page
 * renders. Field names follow the product reference (snake_case), so search filters and sorts name
 * them as it does.
 */

export const VEHICLE_STATUSES = ["in_stock", "coming_soon", "sold"] as const;
export type VehicleStatus = (typeof VEHICLE_STATUSES)[number];

export const CAR_TYPES = ["new", "used", "demo"] as const;
export type CarType = (typeof CAR_TYPES)[number];

/** What kind of vehicle it is; drives the loading animation, vehicle path and card icons. */
export const ITEM_TYPES = ["car", "truck", "motorcycle", "caravan", "camper", "rental"] as const;
export type ItemType = (typeof ITEM_TYPES)[number];

/** Tags with special meaning. */
export const TEST_DRIVE_ONLY_TAGS = ["Test Drive Only", "*** Test Drive Vehicle Only ***"] as const;
export const PREORDER_TAG = "Pre-order";

export type PaymentProcessor = {
  authorization_type: string;
  authorization_key: string;
  deposit_amount: number | null;
};

export type VehicleImage = { url: string; thumb: string };

export type VehicleLocation = {
  name: string;
  phone: string | null;
  slug: string;
  distribution_locations: string[];
};

export type AutograbData = {
  average_market_price: number | null;
  state_average_market_price: number | null;
};

export type Vehicle = {
  id: number;
  /** The site (tenant) that owns the vehicle; every query is scoped by it. */
  site_id: number;
  slug: string;
  name: string;
  make: string;
  model: string;
  /** "{make} {model}", the make/model facet. */
  make_model: string;
  year: number;
  km: number;
  badge: string | null;
  series: string | null;
  price: number;
  price_type: string | null;
  before_price: number | null;
  subscription_price: number | null;
  weekly_price: number | null;
  preorder: boolean;
  status: VehicleStatus;
  car_type: CarType;
  item_type: ItemType;
  certified: boolean;
  reserved: boolean;
  sold: boolean;
  reservable: boolean;
  has_checkout_payment_processor: boolean;
  payment_processors: PaymentProcessor[];
  stocknum: string | null;
  vin: string | null;
  dealership_id: number;
  dealership_slug: string;
  dealership_name: string;
  location: VehicleLocation | null;
  location_id: number | null;
  location_name: string | null;
  city: string | null;
  state: string | null;
  simple_fuel: string | null;
  simple_body: string | null;
  simple_drive: string | null;
  simple_transmission: string | null;
  /**
   * Facet aliases of the simple_* fields, named as the facet list of
   * docs/product/search-and-urls.md names them.
   */
  fuel: string | null;
  body: string | null;
  drive: string | null;
  transmission: string | null;
  colour: string | null;
  seats: number | null;
  engine: string | null;
  categories: string[];
  filtered_features: string[];
  tag: string | null;
  custom_rank: number;
  created_at: string;
  created_at_timestamp: number;
  primary_image_url: string | null;
  images: VehicleImage[];
  thumbnails: string[];
  photos_count: number;
  /** History report file URL, when the vehicle has one. */
  file: string | null;
  autograb_data: AutograbData | null;
  show_on_dealer_website: boolean;
  sold_date_timestamp: number | null;
  manufacturer: string | null;
  description: string | null;
  /** Trade-in valuation offered for this vehicle; absent means the site's setting decides. */
  trade_in_allowed?: boolean;
};

/** Sold: the flag or the status says so (stock feeds set either). */
export function isSold(vehicle: Pick<Vehicle, "sold" | "status">): boolean {
  return vehicle.sold || vehicle.status === "sold";
}
