/**
 * The fixed choices site settings pick from (locales, templates, sort orders, ...), apart from
 * the settings schema so that browser code can use them without the schema library.
 */
export const LOCALES = ["en-AU", "en-NZ", "en-US"] as const;
export type Locale = (typeof LOCALES)[number];

export const TEMPLATES = ["classic", "bold"] as const;
export type Template = (typeof TEMPLATES)[number];

export const SORT_OPTIONS = [
  "custom_rank:desc",
  "created_at_timestamp:desc",
  "price:desc",
  "price:asc",
  "subscription_price:desc",
  "subscription_price:asc",
  "km:desc",
  "km:asc",
] as const;
export type SortOption = (typeof SORT_OPTIONS)[number];

export const PHONE_VARIANTS = ["au", "au-mobile", "nz", "us", "au-nz-uk"] as const;
export type PhoneVariant = (typeof PHONE_VARIANTS)[number];

export const VEHICLE_PATHS = ["cars", "motorcycles", "campers"] as const;
export type VehiclePath = (typeof VEHICLE_PATHS)[number];

export const PAYMENT_PROVIDERS = ["stripe", "windcave", "pin-payments"] as const;

export const HOME_BLOCKS = [
  "hero",
  "our-range",
  "value-proposition",
  "book-service",
  "vehicle-valuation",
  "finance-solutions",
  "buy-online",
  "locations",
  "lifestyle-tiles",
  "specials",
  "reviews",
  "payments",
] as const;
export type HomeBlock = (typeof HOME_BLOCKS)[number];
