/**
 * Everything the vehicle page shows, decided once on the server from the vehicle, the site and
 * the time of the request. The rules are the domain's; this module only puts their answers in
 * the shape the page's components render, so the browser gets data, not rules (less JavaScript,
 * and the same answer on the server and after hydration).
 *
 * Imported by the route's loader only: nothing here reaches the browser bundle.
 */
import { localiseText, formatOdometer as formatOdometerUncached, term } from "~/domain/locale";
import { groupOpeningHours } from "~/domain/opening-hours";
import type { Site } from "~/server/sites/site";
import type { LocationView } from "~/server/content/locations";
import { imageUrl } from "~/domain/image-url";
type ImageSettings = Pick<SiteSettings, "imageCdnTemplate" | "imageQuality">;
import {
  formatAmount as formatAmountUncached,
  formatPrice as formatPriceUncached,
  isBelowMarket,
  isPriceShown,
  priceDisplay,
  type PriceDisplay,
} from "~/domain/vehicle-price";
import {
  carTypeLabel,
  CERTIFIED_DIALOG_POINTS,
  CERTIFIED_PRE_OWNED_LABEL,
  vehicleTags,
} from "~/domain/vehicle-tags";
import type { VehicleTag } from "~/domain/vehicle-tags";
import { isUnavailable, vehiclePageActions, type VehicleAction } from "~/domain/vehicle-actions";
import { ENQUIRY_ANCHOR, vehiclePagePath } from "~/domain/vehicle-paths";
import {
  findSimilarSearchPath,
  makeSearchPath,
  VEHICLE_PAGE_TEXT,
  vehicleHeading,
} from "~/domain/vehicle-page";
import type { VehicleActionKind } from "~/domain/site-constants";
import { memoFormat } from "~/app/components/vehicle-card/format-cache";
import { siteSearchBasePath } from "~/domain/search-scope";
import type { Vehicle, VehicleImage } from "~/domain/vehicle";
import type { Locale, SiteSettings } from "~/domain/site-settings";
import { driveAwayEstimate, driveAwayView, type DriveAwayView } from "~/domain/drive-away";

/** The vehicle fields the page's components read. */
export type VehiclePageVehicle = Pick<
  Vehicle,
  | "id"
  | "slug"
  | "name"
  | "make"
  | "model"
  | "year"
  | "km"
  | "price"
  | "price_type"
  | "status"
  | "car_type"
  | "item_type"
  | "stocknum"
  | "vin"
  | "dealership_id"
  | "description"
>;

/** Intl formatting is the costly part of a render: the same amounts recur across requests. */
const formatPrice = (amount: number, locale: Locale) =>
  memoFormat(`money:${locale}:${amount}`, () => formatPriceUncached(amount, locale));
const formatAmount = (amount: number, locale: Locale) =>
  memoFormat(`amount:${locale}:${amount}`, () => formatAmountUncached(amount, locale));
const formatOdometer = (reading: number, locale: Locale) =>
  memoFormat(`km:${locale}:${reading}`, () => formatOdometerUncached(reading, locale));

/**
 * A specification as its label and value: rows of values, since the hydration data's stream writes
 * each field of an object as a key beside its value.
 */
export type SpecRow = [label: string, value: string];
export type SpecGroup = { title: string; rows: SpecRow[] };

export type GalleryImage = {
  src: string;
  srcSet: string;
  thumb: string;
  alt: string;
};

/**
 * The photos as the loader sends them: their source paths, and the feed's separate thumbnails
 * where it has any ("" for a photo without one; null when none has). The resized URLs, the srcset
 * (five widths of a long URL per photo, 40 photos on some vehicles) and the alt texts are made in
 * the page from the site's image settings and the heading, not sent again in the hydration data.
 */
export type GallerySources = { urls: string[]; thumbs: string[] | null };

/** A sidebar action: its second line and new tab only where it has them (not sent as nulls). */
export type SidebarLink = { label: string; href: string; detail?: string; external?: true };

export type VehiclePageModel = {
  vehicle: VehiclePageVehicle;
  /** 'Interested in this vehicle?' */
  sidebarHeading: string;
  /** Id of the sidebar block, the anchor the cards' enquiry buttons lead to (#enquiry). */
  enquiryAnchor: string;
  heading: string;
  /** 'New', 'Used' (or 'Pre-owned'), 'Demo'. */
  condition: string;
  /** The domain's price display, in the site's spelling. */
  price: { kind: PriceDisplay["kind"]; text: string };
  priceType: string | null;
  /** The previous price, struck through, when above the price shown. */
  beforePrice: string | null;
  /** 'from $X per week' where the site offers subscriptions. */
  subscriptionPrice: string | null;
  tags: VehicleTag[];
  certified: { label: string; points: readonly string[] } | null;
  /**
   * The market average when the price is below it (docs/product/vehicle-card-and-page.md,
   * "Prices").
   */
  belowMarket: { average: string; saving: string } | null;
  unavailable: boolean;
  gallery: GallerySources;
  /** Sidebar actions, in the order shown; empty for an unavailable vehicle but find-similar. */
  actions: {
    reserve: SidebarLink | null;
    buyOnline: SidebarLink | null;
    tradeIn: SidebarLink | null;
    enquire: SidebarLink | null;
    testDrive: SidebarLink | null;
    finance: SidebarLink | null;
    historyReport: SidebarLink | null;
    requestPhotos: SidebarLink | null;
    whatsapp: SidebarLink | null;
    /** The chat button's text, where the site has a chat. */
    chat: string | null;
    findSimilar: SidebarLink | null;
  };
  phone: { label: string; number: string; startsRevealed: boolean } | null;
  location: {
    /** What the block and its map show of the location (not its hours tables or reviews). */
    view: Pick<LocationView, "name" | "address" | "phone"> | null;
    name: string;
    /** The grouped opening hours, each as its days and hours ('Mon-Fri', '8:30am - 5:30pm'). */
    hours: Array<[days: string, hours: string]>;
  } | null;
  specGroups: SpecGroup[];
  features: string[];
  /** The finance calculator's starting price (the shared calculator reads the site's rate). */
  finance: { price: number } | null;
  /** The estimated drive-away price and its breakdown (Australian sites that show it). */
  driveAway: DriveAwayView | null;
  breadcrumbs: Array<{ name: string; href: string | null }>;
  canonicalPath: string;
  /** Where 'Find Me Something Similar' and the similar vehicles' 'see more' lead. */
  similarSearchPath: string;
};

/** The page's action of this kind as a sidebar link, or null when the vehicle does not offer it. */
function sidebarLink(
  actions: readonly VehicleAction[],
  kind: VehicleActionKind,
): SidebarLink | null {
  const action = actions.find((a) => a.kind === kind);
  if (action?.type !== "link") return null;
  return {
    label: action.label,
    href: action.href,
    ...(action.detail ? { detail: action.detail } : {}),
    ...(action.external ? { external: true as const } : {}),
  };
}

function gallerySources(images: readonly VehicleImage[]): GallerySources {
  // No separate thumbnail: the resizer makes it from the photo.
  const thumbs = images.map((image) =>
    image.thumb && image.thumb !== image.url ? image.thumb : "",
  );
  return { urls: images.map((image) => image.url), thumbs: thumbs.some(Boolean) ? thumbs : null };
}

/** A photo's alt text: the vehicle and, among several, its place. */
export function galleryAlt(heading: string, index: number, total: number): string {
  return total > 1 ? `${heading}, photo ${index + 1} of ${total}` : heading;
}

/** The gallery's URLs through the site's image template (the main photo, its srcset, the thumbnail). */
export function galleryImages(
  sources: GallerySources,
  heading: string,
  settings: ImageSettings,
): GalleryImage[] {
  const total = sources.urls.length;
  return sources.urls.map((url, index) => ({
    src: imageUrl(url, 1280, settings),
    srcSet: imageSrcSetFor(url, settings),
    thumb: imageUrl(sources.thumbs?.[index] || url, 640, settings),
    alt: galleryAlt(heading, index, total),
  }));
}

function imageSrcSetFor(src: string, settings: ImageSettings): string {
  // The main image is at most 840 CSS px wide: 2x screens need up to 1920.
  return [640, 828, 1080, 1280, 1920]
    .map((w) => ({ w, url: imageUrl(src, w, settings) }))
    .filter(({ url }) => url !== src)
    .map(({ w, url }) => `${url} ${w}w`)
    .join(", ");
}

/** Specifications a shopper compares, grouped; a field the vehicle lacks is left out. */
export function vehicleSpecGroups(vehicle: Vehicle, site: Site): SpecGroup[] {
  const locale = site.locale;
  const text = (value: string | null | undefined) =>
    value === null || value === undefined || value.trim() === ""
      ? null
      : localiseText(value.trim(), locale);
  const row = (label: string, value: string | null): SpecRow | null =>
    value === null ? null : [localiseText(label, locale), value];
  const group = (title: string, rows: Array<SpecRow | null>): SpecGroup => ({
    title,
    rows: rows.filter((r): r is SpecRow => r !== null),
  });
  const groups = [
    group("Overview", [
      row("Condition", carTypeLabel(vehicle.car_type, site.settings)),
      row("Year", String(vehicle.year)),
      row(term(locale, "odometer"), formatOdometer(vehicle.km, locale)),
      row("Body type", text(vehicle.body ?? vehicle.simple_body)),
      row(term(locale, "colour"), text(vehicle.colour)),
      row("Seats", vehicle.seats ? String(vehicle.seats) : null),
    ]),
    group("Engine and drivetrain", [
      row("Fuel type", text(vehicle.fuel ?? vehicle.simple_fuel)),
      row("Engine", text(vehicle.engine)),
      row("Transmission", text(vehicle.transmission ?? vehicle.simple_transmission)),
      row("Drive", text(vehicle.drive ?? vehicle.simple_drive)),
    ]),
    group("Identification", [
      row("Make", text(vehicle.make)),
      row("Model", text(vehicle.model)),
      row("Badge", text(vehicle.badge)),
      row("Series", text(vehicle.series)),
      row("Stock number", text(vehicle.stocknum)),
      row("VIN", text(vehicle.vin)),
      row("Location", text(vehicle.location_name)),
    ]),
  ];
  return groups.filter((g) => g.rows.length > 0);
}

/** The drive-away estimate of a vehicle on a site, formatted in its spelling; null where none. */
export function vehicleDriveAway(
  vehicle: Pick<Vehicle, "price" | "state" | "simple_fuel">,
  site: Pick<Site, "locale" | "state" | "settings">,
): DriveAwayView | null {
  const estimate = driveAwayEstimate(vehicle, {
    locale: site.locale,
    state: site.state,
    driveAway: site.settings.driveAway,
  });
  return estimate ? driveAwayView(estimate, (amount) => formatAmount(amount, site.locale)) : null;
}

export type VehiclePageInput = {
  vehicle: Vehicle;
  site: Site;
  location: LocationView | null;
  nowMs: number;
};

export function buildVehiclePageModel({
  vehicle,
  site,
  location,
  nowMs,
}: VehiclePageInput): VehiclePageModel {
  const { settings, locale } = site;
  const heading = vehicleHeading(vehicle);
  const shown = memoFormat(
    `price:${locale}:${vehicle.price}:${vehicle.preorder}:${vehicle.tag ?? ""}`,
    () => priceDisplay(vehicle, locale),
  );
  // 'Enquire for price.' in the site's spelling ('Inquire for price.' on US sites).
  const price = {
    kind: shown.kind,
    text: shown.kind === "enquire" ? localiseText(shown.text, locale) : shown.text,
  };
  const unavailable = isUnavailable(vehicle);
  const localise = (text: string) => localiseText(text, locale);

  const tags = vehicleTags(vehicle, settings, nowMs).filter((tag) => tag.kind !== "certified");
  const market = vehicle.autograb_data?.average_market_price ?? null;
  const below = market !== null && isBelowMarket(vehicle, settings);
  const phoneNumber = vehicle.location?.phone ?? location?.phone ?? site.contactDetails.phone;
  const subscription =
    settings.offersSubscription &&
    vehicle.subscription_price !== null &&
    vehicle.subscription_price > 0
      ? `from ${formatAmount(vehicle.subscription_price, locale)} per week`
      : null;
  const searchBase = siteSearchBasePath(settings);
  const findSimilar = findSimilarSearchPath(vehicle, searchBase);
  const actions = vehiclePageActions(vehicle, {
    settings,
    locale,
    phone: phoneNumber ?? null,
    similarSearchHref: findSimilar,
  });
  const call = actions.find((a) => a.type === "call");
  const chat = actions.find((a) => a.type === "chat");

  return {
    vehicle: {
      id: vehicle.id,
      slug: vehicle.slug,
      name: vehicle.name,
      make: vehicle.make,
      model: vehicle.model,
      year: vehicle.year,
      km: vehicle.km,
      // A price that is not shown is not sent to the browser either (0: no price).
      price: isPriceShown(vehicle.price) ? vehicle.price : 0,
      price_type: vehicle.price_type,
      status: vehicle.status,
      car_type: vehicle.car_type,
      item_type: vehicle.item_type,
      stocknum: vehicle.stocknum,
      vin: vehicle.vin,
      dealership_id: vehicle.dealership_id,
      description: vehicle.description,
    },
    heading,
    sidebarHeading: VEHICLE_PAGE_TEXT.interested,
    enquiryAnchor: ENQUIRY_ANCHOR,
    condition: carTypeLabel(vehicle.car_type, settings),
    price,
    // Feeds write price types the Australian way: each market reads its own words.
    priceType:
      price.kind === "price" && vehicle.price_type
        ? localiseText(vehicle.price_type, locale)
        : null,
    beforePrice:
      price.kind === "price" &&
      vehicle.before_price !== null &&
      vehicle.before_price > vehicle.price
        ? formatPrice(vehicle.before_price, locale)
        : null,
    subscriptionPrice: subscription,
    tags,
    certified: vehicle.certified
      ? { label: CERTIFIED_PRE_OWNED_LABEL, points: CERTIFIED_DIALOG_POINTS }
      : null,
    belowMarket:
      below && market !== null
        ? {
            average: formatAmount(market, locale),
            saving: formatAmount(market - vehicle.price, locale),
          }
        : null,
    unavailable,
    gallery: gallerySources(vehicle.images),
    actions: {
      reserve: sidebarLink(actions, "reserve-now"),
      buyOnline: sidebarLink(actions, "buy-online"),
      tradeIn: sidebarLink(actions, "trade-in"),
      enquire: sidebarLink(actions, "enquire-now"),
      testDrive: sidebarLink(actions, "book-test-drive"),
      finance: sidebarLink(actions, "get-finance"),
      historyReport: sidebarLink(actions, "history-report"),
      requestPhotos: sidebarLink(actions, "request-photos"),
      whatsapp: sidebarLink(actions, "whatsapp"),
      chat: chat ? chat.label : null,
      findSimilar: sidebarLink(actions, "find-similar"),
    },
    phone: call
      ? {
          label: call.label,
          number: call.phone,
          startsRevealed: settings.phoneStartsRevealed,
        }
      : null,
    location:
      location || vehicle.location_name
        ? {
            view: location
              ? {
                  name: location.name,
                  // The block, its map and the directions read the address lines, the position
                  // and the place's link; not the feed's map link or key.
                  address: { ...location.address, map_url: null, map_key: null },
                  phone: location.phone,
                }
              : null,
            name: location?.name ?? vehicle.location_name ?? "",
            hours: location
              ? groupOpeningHours(location.openingHours).map((row) => [row.label, row.hours])
              : [],
          }
        : null,
    specGroups: vehicleSpecGroups(vehicle, site),
    features: vehicle.filtered_features.filter((f) => f.trim() !== "").map(localise),
    finance: !unavailable && price.kind === "price" ? { price: vehicle.price } : null,
    driveAway: vehicleDriveAway(vehicle, site),
    breadcrumbs: [
      { name: "Home", href: "/" },
      { name: "Our stock", href: settings.defaultSearchPath },
      { name: vehicle.make, href: makeSearchPath(vehicle, searchBase) },
      { name: heading, href: null },
    ],
    canonicalPath: vehiclePagePath(vehicle.slug, settings),
    similarSearchPath: findSimilar,
  };
}
