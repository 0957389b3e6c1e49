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

export const PAYMENT_PROVIDERS = ["stripe", "windcave", "pin-payments", "test"] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * The height of the home page's promotion banner where a site overrides it (px), as the demo's
 * setting `promotionSliderHeight` does (docs/product/vehicle-card-and-page.md, "Other blocks").
 */
export const PROMOTION_SLIDER_HEIGHT_OVERRIDE = 531;

/** How long collapsible sections and accordions take to open or close (app/app.css). */
export const COLLAPSE_ANIMATION_MS = 300;

/** How long a pointer rests on a control before its tooltip shows (app/app.css). */
export const TOOLTIP_DELAY_MS = 0;

export const HOME_BLOCKS = [
  "hero",
  "featured-vehicles",
  "just-arrived",
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

/** Every action a vehicle can offer (docs/product/vehicle-card-and-page.md). */
export const VEHICLE_ACTION_KINDS = [
  "enquire",
  "enquire-now",
  "shop-now",
  "quick-enquiry",
  "book-test-drive",
  "get-finance",
  "view-details",
  "explore-vehicle",
  "reserve-now",
  "reserve-this-car",
  "buy-online",
  "online-purchase",
  "request-photos",
  "call",
  "trade-in",
  "whatsapp",
  "chat",
  "history-report",
  "find-similar",
] as const;
export type VehicleActionKind = (typeof VEHICLE_ACTION_KINDS)[number];

/** The vehicle card's buttons when a site chooses none. */
export const DEFAULT_VEHICLE_CARD_ACTIONS: readonly VehicleActionKind[] = [
  "enquire-now",
  "view-details",
  "book-test-drive",
  "get-finance",
  "reserve-now",
  "call",
];

/** Value proposition carousel autoplay delay: 3000 to 4000 ms. */
export const CAROUSEL_AUTOPLAY_MS = { min: 3_000, max: 4_000 } as const;

/** Home lifestyle tiles ('Join Our Team' is an external link). */
export const LIFESTYLE_TILES = [
  "Car Care",
  "Finance",
  "Offers & Promotions",
  "Fleet",
  "Contact Us",
  "Join Our Team",
] as const;

/** How the marketing opt-in box starts (marketing-consent.ts): by the market's law, or always so. */
export const MARKETING_CONSENT_DEFAULTS = ["market", "ticked", "unticked"] as const;

/** The words beside the marketing opt-in box unless the site sets its own. */
export const DEFAULT_CONSENT_WORDING = "Keep me up to date with news and offers";

/** The deposit's conditions unless the site sets its own (deposit-terms.ts): as staff cancel and refund. */
export const DEFAULT_DEPOSIT_CONDITIONS =
  "Refundable in full until you sign the contract of sale: call us and we cancel the reservation and refund the deposit to your card. It comes off the price when you buy the car.";

/** What happens to the deposit when the shopper's finance is declined, unless the site says. */
export const DEFAULT_DEPOSIT_FINANCE_DECLINED =
  "If your finance application is declined, we cancel the reservation and refund your deposit in full.";

/** Hours a paid deposit holds the car unless the site says. */
export const DEFAULT_DEPOSIT_HELD_HOURS = 48;
