/**
 * The vehicle card's actions (docs/product/vehicle-card-and-page.md, "Actions"): which of the
 * product's buttons a card shows, their texts and where they lead. The site chooses the buttons and
 * their order (`vehicleCardActions`); each is shown only when its rule allows it
 * (vehicle-actions.ts), and an unavailable vehicle offers 'Find Me Something Similar' instead of
 * the enquiry actions ("Unavailable vehicles").
 */
import { localiseText } from "./locale";
import type { Locale, SiteSettings } from "./site-settings";
import type { Vehicle } from "./vehicle";
import {
  buyOnlinePath,
  canReserveOnline,
  canShowHistoryReport,
  canShowTradeIn,
  checkoutPath,
  depositText,
  financePath,
  isUnavailable,
  tradeInPath,
  VEHICLE_ACTION_TEXT,
  vehiclePagePath,
} from "./vehicle-actions";
import { canReserveFromVehiclePage, offersRequestPhotos } from "./vehicle-page";

/** Every button the product reference lists for the vehicle card. */
export const VEHICLE_CARD_ACTION_KINDS = [
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
export type VehicleCardActionKind = (typeof VEHICLE_CARD_ACTION_KINDS)[number];

/** The card's buttons when a site chooses none. */
export const DEFAULT_VEHICLE_CARD_ACTIONS: readonly VehicleCardActionKind[] = [
  "enquire-now",
  "view-details",
  "book-test-drive",
  "get-finance",
  "reserve-now",
  "call",
];

/** Texts of the card's buttons (Get Finance comes from the site's `getFinanceText`). */
export const VEHICLE_CARD_ACTION_TEXT: Readonly<
  Record<Exclude<VehicleCardActionKind, "get-finance">, string>
> = {
  enquire: VEHICLE_ACTION_TEXT.enquire,
  "enquire-now": VEHICLE_ACTION_TEXT.enquireNow,
  "shop-now": "Shop Now",
  "quick-enquiry": "Quick Enquiry",
  "book-test-drive": VEHICLE_ACTION_TEXT.bookTestDrive,
  "view-details": VEHICLE_ACTION_TEXT.viewDetails,
  "explore-vehicle": "Explore Vehicle",
  "reserve-now": VEHICLE_ACTION_TEXT.reserveNow,
  "reserve-this-car": VEHICLE_ACTION_TEXT.reserveThisCar,
  "buy-online": VEHICLE_ACTION_TEXT.buyOnline,
  "online-purchase": "Online Purchase",
  "request-photos": VEHICLE_ACTION_TEXT.requestPhotos,
  call: "Call",
  "trade-in": VEHICLE_ACTION_TEXT.tradeIn,
  whatsapp: "WhatsApp",
  chat: "Chat with us",
  "history-report": VEHICLE_ACTION_TEXT.historyReport,
  "find-similar": VEHICLE_ACTION_TEXT.findSimilar,
};

/** The anchor of the enquiry form on the vehicle page. */
export const ENQUIRY_ANCHOR = "enquiry";

/** Actions that ask the dealer about an available vehicle: none for an unavailable one. */
const AVAILABLE_ONLY: ReadonlySet<VehicleCardActionKind> = new Set<VehicleCardActionKind>([
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

export type VehicleCardAction =
  | {
      kind: VehicleCardActionKind;
      label: string;
      /**
       * A plain link; `external` ones open in a new tab (docs/product/search-and-urls.md,
       * "Link rules").
       */
      type: "link";
      href: string;
      external: boolean;
      /** Extra text after the label, e.g. the deposit of Reserve Now. */
      detail: string | null;
    }
  | { kind: "call"; label: string; type: "call"; phone: string }
  | { kind: "chat"; label: string; type: "chat" };

export type VehicleCardContext = {
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
  /** The number the Call button dials: the vehicle's location, else the site's. */
  phone: string | null;
  /** Where 'Find Me Something Similar' leads (a search for the same make and model). */
  similarSearchHref: string;
};

/** The checkout journey takes the vehicle's slug (docs/product/search-and-urls.md, "Routes"). */
export function checkoutJourneyPath(vehicle: Pick<Vehicle, "slug">): string {
  return `/checkout-journey?car_id=${encodeURIComponent(vehicle.slug)}`;
}

/** The test drive booking form with the vehicle preselected. */
export function bookTestDrivePath(vehicle: Pick<Vehicle, "id">): string {
  return `/book-test-drive/?car_id=${encodeURIComponent(String(vehicle.id))}`;
}

/** The enquiry form on the vehicle's page. */
export function enquiryPath(
  vehicle: Pick<Vehicle, "slug">,
  settings: Pick<SiteSettings, "vehiclePath">,
): string {
  return `${vehiclePagePath(vehicle.slug, settings)}#${ENQUIRY_ANCHOR}`;
}

/** A wa.me link with a message naming the vehicle. */
export function whatsappHref(
  number: string,
  vehicle: Pick<Vehicle, "year" | "make" | "model" | "stocknum">,
): string {
  const stock = vehicle.stocknum ? ` (stock ${vehicle.stocknum})` : "";
  const text = `Hi, I'm interested in the ${vehicle.year} ${vehicle.make} ${vehicle.model}${stock}.`;
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(text)}`;
}

function isAllowed(
  kind: VehicleCardActionKind,
  vehicle: Vehicle,
  context: VehicleCardContext,
): boolean {
  const { settings } = context;
  if (kind === "find-similar") return isUnavailable(vehicle);
  if (AVAILABLE_ONLY.has(kind) && isUnavailable(vehicle)) return false;
  switch (kind) {
    case "reserve-now":
    case "reserve-this-car":
      return canReserveFromVehiclePage(vehicle, settings);
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
  kind: VehicleCardActionKind,
  label: string,
  href: string,
  options: { external?: boolean; detail?: string | null } = {},
): VehicleCardAction {
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
  kind: VehicleCardActionKind,
  vehicle: Vehicle,
  context: VehicleCardContext,
): VehicleCardAction {
  const { settings, locale } = context;
  const label = localiseText(
    kind === "get-finance" ? settings.getFinanceText : VEHICLE_CARD_ACTION_TEXT[kind],
    locale,
  );
  const page = vehiclePagePath(vehicle.slug, settings);
  switch (kind) {
    case "view-details":
    case "explore-vehicle":
      return link(kind, label, page);
    case "book-test-drive":
      return link(kind, label, bookTestDrivePath(vehicle));
    case "get-finance":
      return link(kind, label, financePath(vehicle));
    case "reserve-now":
      return link(kind, label, checkoutPath(vehicle.slug, settings), {
        detail: `${depositText(vehicle)} deposit`,
      });
    case "reserve-this-car":
      return link(kind, label, checkoutPath(vehicle.slug, settings));
    case "buy-online":
      return link(kind, label, buyOnlinePath(vehicle.slug, settings));
    case "online-purchase":
      return link(kind, label, checkoutJourneyPath(vehicle));
    case "trade-in":
      return link(kind, label, tradeInPath(vehicle));
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
    case "enquire":
    case "enquire-now":
    case "shop-now":
    case "quick-enquiry":
    case "request-photos":
      return link(kind, label, enquiryPath(vehicle, settings));
  }
}

/**
 * The card's buttons, in the site's order, each only where its rule allows it. An unavailable
 * vehicle always offers 'Find Me Something Similar' (first, in place of the enquiry actions).
 */
export function vehicleCardActions(
  vehicle: Vehicle,
  context: VehicleCardContext,
): VehicleCardAction[] {
  const kinds = [...new Set(context.settings.vehicleCardActions)];
  if (isUnavailable(vehicle) && !kinds.includes("find-similar")) kinds.unshift("find-similar");
  return kinds
    .filter((kind) => isAllowed(kind, vehicle, context))
    .map((kind) => buildAction(kind, vehicle, context));
}
