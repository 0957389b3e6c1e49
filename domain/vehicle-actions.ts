/**
 * What a visitor can do with a vehicle (docs/product/vehicle-card-and-page.md, "Actions"): reserve,
 * buy online, the deposit text, the unavailable-vehicle action, trade-in and history report
 * buttons, and the vehicle slug rule.
 */
import type { SiteSettings } from "./site-settings";
import { TEST_DRIVE_ONLY_TAGS, type PaymentProcessor, type Vehicle } from "./vehicle";
import { formatNumber } from "./number-format";

/** Reserve or buy online only above this price (docs/product/payments.md). */
export const MIN_RESERVE_PRICE = 200;

/** Deposit text when the processor names no amount (docs/product/payments.md, "Deposits"). */
export const DEFAULT_DEPOSIT_TEXT = "$200";

/** Action texts of the vehicle card and page (docs/product/vehicle-card-and-page.md, "Actions"). */
export const VEHICLE_ACTION_TEXT = {
  enquire: "Enquire",
  enquireNow: "Enquire Now",
  bookTestDrive: "Book a Test Drive",
  viewDetails: "View Details",
  reserveNow: "Reserve Now",
  reserveThisCar: "Reserve This Car",
  buyOnline: "Buy Online",
  findSimilar: "Find Me Something Similar",
  requestPhotos: "Request Photos",
  tradeIn: "Trade-In Valuation",
  historyReport: "Car History Report",
  interested: "Interested in this vehicle?",
} as const;

function isSold(vehicle: Pick<Vehicle, "sold" | "status">): boolean {
  return vehicle.sold || vehicle.status === "sold";
}

/** Whether the vehicle carries a test-drive-only tag ('Test Drive Only' and its variant). */
export function hasTestDriveOnlyTag(vehicle: Pick<Vehicle, "tag">): boolean {
  const tag = vehicle.tag?.trim();
  return tag !== undefined && (TEST_DRIVE_ONLY_TAGS as readonly string[]).includes(tag);
}

/**
 * docs/product/vehicle-card-and-page.md, "Reservable": in_stock (or coming_soon where the site
 * allows it), not sold, not reserved, no test-drive-only tag.
 */
export function isReservable(
  vehicle: Pick<Vehicle, "status" | "sold" | "reserved" | "tag">,
  settings: Pick<SiteSettings, "comingSoonReservable">,
): boolean {
  const statusAllows =
    vehicle.status === "in_stock" ||
    (settings.comingSoonReservable && vehicle.status === "coming_soon");
  return statusAllows && !isSold(vehicle) && !vehicle.reserved && !hasTestDriveOnlyTag(vehicle);
}

/** The processor that takes the deposit: the vehicle's first payment processor, if any. */
export function depositPaymentProcessor(
  vehicle: Pick<Vehicle, "payment_processors">,
): PaymentProcessor | null {
  return vehicle.payment_processors[0] ?? null;
}

/**
 * docs/product/payments.md, "Reserve and buy online": only when the price is above 200, a deposit
 * payment processor exists and the vehicle is neither sold nor reserved. A site without a card
 * payment provider offers no online reservation at all.
 */
export function canReserveOnline(
  vehicle: Pick<Vehicle, "price" | "payment_processors" | "sold" | "status" | "reserved">,
  settings: Pick<SiteSettings, "paymentProvider">,
): boolean {
  return (
    settings.paymentProvider !== null &&
    vehicle.price > MIN_RESERVE_PRICE &&
    depositPaymentProcessor(vehicle) !== null &&
    !isSold(vehicle) &&
    !vehicle.reserved
  );
}

/** Whole dollars without cents, cents when there are some: '$200', '$1,000', '$99.50'. */
function depositAmountText(amount: number): string {
  const whole = Number.isInteger(amount);
  return `$${formatNumber(amount, "en-AU", {
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: 2,
  })}`;
}

/** The deposit on 'Reserve Now': the processor's deposit_amount, else '$200'. */
export function depositText(vehicle: Pick<Vehicle, "payment_processors">): string {
  const amount = depositPaymentProcessor(vehicle)?.deposit_amount;
  return amount === null || amount === undefined ? DEFAULT_DEPOSIT_TEXT : depositAmountText(amount);
}

/**
 * docs/product/vehicle-card-and-page.md, "Unavailable vehicles": sold vehicles, or ones no longer
 * shown on the website, are unavailable.
 */
export function isUnavailable(
  vehicle: Pick<Vehicle, "sold" | "status" | "show_on_dealer_website">,
) {
  return isSold(vehicle) || !vehicle.show_on_dealer_website;
}

/** Trade-in only when the site allows it and the vehicle does not opt out. */
export function canShowTradeIn(
  vehicle: Pick<Vehicle, "trade_in_allowed">,
  settings: Pick<SiteSettings, "tradeInAllowed">,
): boolean {
  return settings.tradeInAllowed && vehicle.trade_in_allowed !== false;
}

/** The history report button only when the car has a file. */
export function canShowHistoryReport(vehicle: Pick<Vehicle, "file">): boolean {
  return vehicle.file !== null && vehicle.file.trim() !== "";
}

export type VehicleAction =
  | "enquire"
  | "book-test-drive"
  | "get-finance"
  | "reserve"
  | "buy-online"
  | "trade-in"
  | "history-report"
  | "find-similar";

/**
 * The actions a vehicle offers. An unavailable vehicle offers 'Find Me Something Similar'
 * instead of the enquiry actions.
 */
export function vehicleActions(
  vehicle: Vehicle,
  settings: Pick<SiteSettings, "paymentProvider" | "tradeInAllowed">,
): VehicleAction[] {
  if (isUnavailable(vehicle)) return ["find-similar"];
  const actions: VehicleAction[] = ["enquire", "book-test-drive", "get-finance"];
  if (canReserveOnline(vehicle, settings)) actions.push("reserve", "buy-online");
  if (canShowTradeIn(vehicle, settings)) actions.push("trade-in");
  if (canShowHistoryReport(vehicle)) actions.push("history-report");
  return actions;
}

/**
 * docs/product/vehicle-card-and-page.md, "Vehicle slug": a slug holds only letters, digits, hyphen
 * and underscore.
 */
const VEHICLE_SLUG = /^[A-Za-z0-9_-]+$/;

export function isValidVehicleSlug(slug: string): boolean {
  return VEHICLE_SLUG.test(slug);
}

/** The slug to look up, or null when it breaks the rule (the lookup then yields no vehicle). */
export function vehicleLookupSlug(slug: string | null | undefined): string | null {
  return slug !== null && slug !== undefined && isValidVehicleSlug(slug) ? slug : null;
}

/**
 * Vehicle page paths (docs/product/search-and-urls.md, "Routes"): /cars, /motorcycles or /campers
 * by site.
 */
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

/** The finance page for a vehicle, with the finance pages' query parameters and form anchor. */
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
