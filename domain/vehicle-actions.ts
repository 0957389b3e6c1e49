/**
 * What a visitor can do with a vehicle (docs/product/vehicle-card-and-page.md): one model of the
 * actions, their rules, texts and targets. The vehicle card and the vehicle page's 'Interested
 * in this vehicle?' block are two selections of it (`vehicleCardActions`, `vehiclePageActions`).
 */
import { localiseText } from "./locale";
import type { Locale, SiteSettings } from "./site-settings";
import type { VehicleActionKind } from "./site-constants";
import { isSold, TEST_DRIVE_ONLY_TAGS, type PaymentProcessor, type Vehicle } from "./vehicle";
import { formatAmount } from "./vehicle-price";
import {
  buyOnlinePath,
  checkoutJourneyPath,
  checkoutPath,
  bookTestDrivePath,
  enquiryPath,
  financePath,
  tradeInPath,
  vehicleEnquiryPath,
  vehiclePagePath,
  whatsappHref,
} from "./vehicle-paths";

/** Reserve or buy online only above this price. */
export const MIN_RESERVE_PRICE = 200;

/** Deposit text when the processor names no amount. */
export const DEFAULT_DEPOSIT_TEXT = "$200";

/**
 * Fewer photos than this and the vehicle offers 'Request Photos'. The product does not say how
 * few is few; 3 is its own line for enough photos (the preset `photos_count >= 3` filter).
 */
export const ENOUGH_PHOTOS = 3;

/** Whether the vehicle carries a test-drive-only tag ('Test Drive Only' and its variant). */
export function hasTestDriveOnlyTag(vehicle: Pick<Vehicle, "tag">): boolean {
  const tag = vehicle.tag?.trim();
  return tag !== undefined && (TEST_DRIVE_ONLY_TAGS as readonly string[]).includes(tag);
}

/**
 * Reservable: in_stock (or coming_soon where the site allows it), not sold, not reserved, no
 * test-drive-only tag.
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

/** What the rules read of a payment processor: whether there is one, and its deposit. */
type DepositProcessor = Pick<PaymentProcessor, "deposit_amount">;

/** The processor that takes the deposit: the vehicle's first payment processor, if any. */
export function depositPaymentProcessor<P extends DepositProcessor>(vehicle: {
  payment_processors: readonly P[];
}): P | null {
  return vehicle.payment_processors[0] ?? null;
}

/**
 * Reserve or buy online only when the price is above 200, a deposit payment processor exists
 * and the vehicle is neither sold nor reserved. A site without a card payment provider offers no
 * online reservation at all.
 */
export function canReserveOnline(
  vehicle: Pick<Vehicle, "price" | "sold" | "status" | "reserved"> & {
    payment_processors: readonly DepositProcessor[];
  },
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

/** What the action rules and links read of a vehicle (a card's view model carries these). */
export type ActionVehicle = Pick<
  Vehicle,
  | "id"
  | "slug"
  | "year"
  | "make"
  | "model"
  | "stocknum"
  | "vin"
  | "price"
  | "car_type"
  | "dealership_slug"
  | "status"
  | "sold"
  | "reserved"
  | "tag"
  | "show_on_dealer_website"
  | "trade_in_allowed"
  | "file"
> & {
  payment_processors: readonly DepositProcessor[];
} & PhotoCount;

/**
 * How many photos a vehicle has, the only thing the rules read of them (Request Photos): its
 * photos, or (a card's view model) their number.
 */
type PhotoCount = { images: readonly unknown[] } | { photo_count: number };

function photoCount(vehicle: PhotoCount): number {
  return "photo_count" in vehicle ? vehicle.photo_count : vehicle.images.length;
}

/** 'Reserve Now': the online reservation rule and the reservable rule together. */
export function canReserveNow(
  vehicle: ActionVehicle,
  settings: Pick<SiteSettings, "paymentProvider" | "comingSoonReservable">,
): boolean {
  return canReserveOnline(vehicle, settings) && isReservable(vehicle, settings);
}

/** The deposit on 'Reserve Now': the processor's deposit_amount, else '$200'. */
export function depositText(vehicle: { payment_processors: readonly DepositProcessor[] }): string {
  const amount = depositPaymentProcessor(vehicle)?.deposit_amount;
  return amount === null || amount === undefined ? DEFAULT_DEPOSIT_TEXT : formatAmount(amount);
}

/** Sold vehicles, or ones no longer shown on the website, are unavailable. */
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

export function offersRequestPhotos(
  vehicle: Pick<Vehicle, "sold" | "status" | "show_on_dealer_website"> & PhotoCount,
): boolean {
  return !isUnavailable(vehicle) && photoCount(vehicle) < ENOUGH_PHOTOS;
}

/** Where an action is shown: on the vehicle card, or in the vehicle page's sidebar block. */
export type VehicleActionView = "card" | "page";

type ActionText = {
  label: string;
  /** The page's sidebar block words a few actions its own way, with a line under the label. */
  page?: { label: string; detail?: string };
};

/**
 * The texts of every action, in one place so that where the card and the page differ it is on
 * purpose. Get Finance is the site's `getFinanceText`.
 */
export const VEHICLE_ACTION_TEXT: Readonly<
  Record<Exclude<VehicleActionKind, "get-finance">, ActionText>
> = {
  enquire: { label: "Enquire" },
  "enquire-now": { label: "Enquire Now" },
  "shop-now": { label: "Shop Now" },
  "quick-enquiry": { label: "Quick Enquiry" },
  "book-test-drive": { label: "Book a Test Drive" },
  "view-details": { label: "View Details" },
  "explore-vehicle": { label: "Explore Vehicle" },
  "reserve-now": {
    label: "Reserve Now",
    page: { label: "Reserve Now", detail: "secure with a debit or credit card payment" },
  },
  "reserve-this-car": { label: "Reserve This Car" },
  "buy-online": { label: "Buy Online" },
  "online-purchase": { label: "Online Purchase" },
  "request-photos": { label: "Request Photos" },
  call: { label: "Call" },
  "trade-in": {
    label: "Trade-In Valuation",
    page: {
      label: "Trade In Valuation",
      detail: "instant price from an independent valuation tool",
    },
  },
  whatsapp: { label: "WhatsApp" },
  chat: { label: "Chat with us", page: { label: "Chat with us now" } },
  "history-report": { label: "Car History Report" },
  "find-similar": { label: "Find Me Something Similar" },
};

/** Actions that ask the dealer about an available vehicle: none for an unavailable one. */
const AVAILABLE_ONLY: ReadonlySet<VehicleActionKind> = new Set<VehicleActionKind>([
  "enquire",
  "enquire-now",
  "shop-now",
  "quick-enquiry",
  "book-test-drive",
  "get-finance",
  "reserve-now",
  "reserve-this-car",
  "buy-online",
  "online-purchase",
  "request-photos",
  "trade-in",
  "whatsapp",
  "chat",
]);

export type VehicleAction =
  | {
      kind: VehicleActionKind;
      label: string;
      /** A plain link; `external` ones open in a new tab. */
      type: "link";
      href: string;
      external: boolean;
      /** Extra text with the label, e.g. the deposit of Reserve Now. */
      detail: string | null;
    }
  | { kind: "call"; label: string; type: "call"; phone: string }
  | { kind: "chat"; label: string; type: "chat" };

export type VehicleActionContext = {
  settings: Pick<
    SiteSettings,
    | "vehicleCardActions"
    | "vehiclePath"
    | "paymentProvider"
    | "tradeInAllowed"
    | "comingSoonReservable"
    | "getFinanceText"
    | "whatsappNumber"
    | "chatEnabled"
  >;
  locale: Locale;
  /** The number the Call action dials: the vehicle's location, else the site's. */
  phone: string | null;
  /** Where 'Find Me Something Similar' leads (a search for the same make and model). */
  similarSearchHref: string;
};

function isAllowed(
  kind: VehicleActionKind,
  vehicle: ActionVehicle,
  context: VehicleActionContext,
): boolean {
  const { settings } = context;
  if (kind === "find-similar") return isUnavailable(vehicle);
  if (AVAILABLE_ONLY.has(kind) && isUnavailable(vehicle)) return false;
  switch (kind) {
    case "reserve-now":
    case "reserve-this-car":
      return canReserveNow(vehicle, settings);
    case "buy-online":
    case "online-purchase":
      return canReserveOnline(vehicle, settings);
    case "request-photos":
      return offersRequestPhotos(vehicle);
    case "call":
      return context.phone !== null && context.phone.trim() !== "";
    case "trade-in":
      return canShowTradeIn(vehicle, settings);
    case "whatsapp":
      return settings.whatsappNumber !== null && settings.whatsappNumber.trim() !== "";
    case "chat":
      return settings.chatEnabled;
    case "history-report":
      return canShowHistoryReport(vehicle);
    default:
      return true;
  }
}

function link(
  kind: VehicleActionKind,
  label: string,
  href: string,
  options: { external?: boolean; detail?: string | null } = {},
): VehicleAction {
  return {
    kind,
    label,
    type: "link",
    href,
    external: options.external ?? false,
    detail: options.detail ?? null,
  };
}

function buildAction(
  kind: VehicleActionKind,
  vehicle: ActionVehicle,
  context: VehicleActionContext,
  view: VehicleActionView,
): VehicleAction {
  const { settings, locale } = context;
  const text =
    kind === "get-finance" ? { label: settings.getFinanceText } : VEHICLE_ACTION_TEXT[kind];
  const worded = view === "page" && text.page ? text.page : text;
  const label = localiseText(worded.label, locale);
  const detail = "detail" in worded ? (worded.detail ?? null) : null;
  // The card's enquiries lead to the form on the vehicle page; on that page, the contact page's.
  const enquiry = view === "card" ? enquiryPath(vehicle, settings) : vehicleEnquiryPath(vehicle);
  switch (kind) {
    case "view-details":
    case "explore-vehicle":
      return link(kind, label, vehiclePagePath(vehicle.slug, settings));
    case "book-test-drive":
      return link(kind, label, bookTestDrivePath(vehicle));
    case "get-finance":
      return link(kind, label, financePath(vehicle));
    case "reserve-now": {
      const deposit = `${depositText(vehicle)} deposit`;
      const href = checkoutPath(vehicle.slug, settings);
      // The page says the deposit in the label and how it is paid under it.
      return view === "page"
        ? link(kind, `${label} ${deposit}`, href, { detail })
        : link(kind, label, href, { detail: deposit });
    }
    case "reserve-this-car":
      return link(kind, label, checkoutPath(vehicle.slug, settings));
    case "buy-online":
      return link(kind, label, buyOnlinePath(vehicle.slug, settings));
    case "online-purchase":
      return link(kind, label, checkoutJourneyPath(vehicle));
    case "trade-in":
      return link(kind, label, tradeInPath(vehicle), { detail });
    case "history-report":
      return link(kind, label, vehicle.file ?? "", { external: true });
    case "whatsapp":
      return link(kind, label, whatsappHref(settings.whatsappNumber ?? "", vehicle), {
        external: true,
      });
    case "find-similar":
      return link(kind, label, context.similarSearchHref);
    case "call":
      return { kind, label, type: "call", phone: context.phone ?? "" };
    case "chat":
      return { kind, label, type: "chat" };
    case "request-photos":
      return link(
        kind,
        label,
        view === "card" ? enquiry : vehicleEnquiryPath(vehicle, VEHICLE_ACTION_TEXT[kind].label),
      );
    case "enquire":
    case "enquire-now":
    case "shop-now":
    case "quick-enquiry":
      return link(kind, label, enquiry);
  }
}

/** The allowed actions among `kinds`, in that order, worded for where they are shown. */
export function vehicleActions(
  vehicle: ActionVehicle,
  context: VehicleActionContext,
  view: VehicleActionView,
  kinds: readonly VehicleActionKind[],
): VehicleAction[] {
  return [...new Set(kinds)]
    .filter((kind) => isAllowed(kind, vehicle, context))
    .map((kind) => buildAction(kind, vehicle, context, view));
}

/**
 * The card's buttons, in the site's order, each only where its rule allows it. An unavailable
 * vehicle always offers 'Find Me Something Similar' (first, in place of the enquiry actions).
 */
export function vehicleCardActions(
  vehicle: ActionVehicle,
  context: VehicleActionContext,
): VehicleAction[] {
  const kinds = [...new Set(context.settings.vehicleCardActions)];
  if (isUnavailable(vehicle) && !kinds.includes("find-similar")) kinds.unshift("find-similar");
  return vehicleActions(vehicle, context, "card", kinds);
}

/** The page's 'Interested in this vehicle?' block, in the order it shows them. */
export const VEHICLE_PAGE_ACTIONS: readonly VehicleActionKind[] = [
  "find-similar",
  "reserve-now",
  "enquire-now",
  "book-test-drive",
  "get-finance",
  "trade-in",
  "buy-online",
  "call",
  "whatsapp",
  "chat",
  "history-report",
  "request-photos",
];

export function vehiclePageActions(
  vehicle: ActionVehicle,
  context: VehicleActionContext,
): VehicleAction[] {
  return vehicleActions(vehicle, context, "page", VEHICLE_PAGE_ACTIONS);
}
