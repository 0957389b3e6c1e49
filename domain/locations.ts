/**
 * Locations on cards and carousels (docs/product/vehicle-card-and-page.md,
 * "Location cards and carousel"): type, visibility, filtering, ordering, carousel layout and card
 * texts. Field names follow docs/product/sites-and-settings.md, "Locations".
 */
import type { SiteSettings } from "./site-settings";

export const LOCATION_TYPES = ["sales", "service", "parts"] as const;
export type LocationType = (typeof LOCATION_TYPES)[number];

/** What these rules read of a location. */
export type LocationSummary = {
  name: string;
  slug: string;
  /** sales, service, parts, or empty (meaning sales). */
  location_type: string | null;
  visible: boolean;
};

/** Card and carousel constants. */
export const LOCATION_CARD_IMAGE_HEIGHT_PX = 150;
export const SWIPE_HINT_MAX_CARDS = 3;
export const WIDE_CAROUSEL_COLUMNS = 5;
export const WIDE_CAROUSEL_ABOVE = 4;

export const LOCATION_CARD_TEXT = {
  getDirections: "Get Directions",
  viewLocationDetails: "View Location Details",
  viewLocation: "View Location",
  viewOurStock: "View Our Stock",
  emailUs: "Email Us",
  bookService: "Book a Service",
  contact: "Contact Us",
  holidayHours: "View Holiday Hours",
  swipe: "Swipe",
} as const;

/** An empty location type means sales. */
export function locationType(location: Pick<LocationSummary, "location_type">): LocationType {
  const type = (location.location_type ?? "").trim().toLowerCase();
  return (LOCATION_TYPES as readonly string[]).includes(type) ? (type as LocationType) : "sales";
}

export type LocationFilter = {
  /** Only these locations (by slug), in the order of the other rules. */
  slugs?: readonly string[];
  type?: LocationType;
};

/**
 * The locations a carousel or card list shows: visible ones only, without the site's hidden
 * names, optionally filtered by slugs or type; sorted by name unless the site sets an order
 * (slugs it does not list follow, by name).
 */
export function locationsForDisplay<L extends LocationSummary>(
  locations: readonly L[],
  settings: Pick<SiteSettings, "customLocationOrder" | "hiddenLocationNames">,
  filter: LocationFilter = {},
): L[] {
  const hidden = new Set(settings.hiddenLocationNames);
  const shown = locations.filter(
    (location) =>
      location.visible !== false &&
      !hidden.has(location.name) &&
      (filter.slugs === undefined || filter.slugs.includes(location.slug)) &&
      (filter.type === undefined || locationType(location) === filter.type),
  );
  const byName = (a: L, b: L) => a.name.localeCompare(b.name);
  const order = settings.customLocationOrder;
  if (order === null) return shown.sort(byName);
  const rank = (location: L) => {
    const index = order.indexOf(location.slug);
    return index === -1 ? Number.POSITIVE_INFINITY : index;
  };
  return shown.sort((a, b) => rank(a) - rank(b) || byName(a, b));
}

/** The 'Swipe' hint shows with 3 or fewer cards. */
export function showSwipeHint(cardCount: number): boolean {
  return cardCount > 0 && cardCount <= SWIPE_HINT_MAX_CARDS;
}

/** More than 4 locations use 5 columns; fewer use one column per card. */
export function carouselColumns(cardCount: number): number {
  return cardCount > WIDE_CAROUSEL_ABOVE ? WIDE_CAROUSEL_COLUMNS : Math.max(1, cardCount);
}

/** The dealer licence line: 'DL 12345' (or 'CL ...' on sites that say so). */
export function dealerLicenceText(
  licenceNumber: string | null,
  settings: Pick<SiteSettings, "licencePrefix">,
): string | null {
  const number = licenceNumber?.trim();
  return number ? `${settings.licencePrefix} ${number}` : null;
}

/**
 * The location cards' badge ('COMING EARLY 2026'): the site's text until its last day, then
 * nothing, so an announcement does not outlive the opening it announced.
 */
export function locationBadge(
  settings: Pick<SiteSettings, "locationBadgeText" | "locationBadgeUntil">,
  now: Date,
): string | null {
  const text = settings.locationBadgeText?.trim();
  if (!text) return null;
  if (settings.locationBadgeUntil && now.toISOString().slice(0, 10) > settings.locationBadgeUntil)
    return null;
  return text;
}

/** The card's main button: 'Book a Service' for service locations where the site says so. */
export function locationPrimaryAction(
  location: Pick<LocationSummary, "location_type">,
  settings: Pick<SiteSettings, "serviceLocationsBookService">,
): "book-service" | "contact" {
  return settings.serviceLocationsBookService && locationType(location) === "service"
    ? "book-service"
    : "contact";
}

/** 'Get Directions': the place link when the backend has one, otherwise a directions search. */
export function directionsUrl(address: {
  full?: string | null;
  place_url?: string | null;
  place_id?: string | null;
}): string {
  if (address.place_url) return address.place_url;
  const params = new URLSearchParams({ api: "1", destination: address.full ?? "" });
  if (address.place_id) params.set("destination_place_id", address.place_id);
  return `https://www.google.com/maps/dir/?${params.toString()}`;
}

/** A location's own page. */
export function locationPagePath(slug: string): string {
  return `/our-location/${encodeURIComponent(slug)}`;
}

/** A location's contact page (/contact-us/{location-name-slug}). */
export function locationContactPath(slug: string): string {
  return `/contact-us/${encodeURIComponent(slug)}`;
}

/** /search/{slug}: a location's or dealership's stock (View Our Stock). */
export function locationStockPath(slug: string): string {
  return `/search/${encodeURIComponent(slug)}`;
}
