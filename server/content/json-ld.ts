/**
 * schema.org JSON-LD for location pages: one `AutoDealer` per location with its address,
 * geo position, phone, opening hours (including holiday hours) and rating, so search engines
 * show the right hours and directions.
 */
import type { OpeningHoursEntry } from "../db/schema";
import type { LocationView } from "./locations";

const DAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

type JsonLd = Record<string, unknown>;

function hoursSpecification(hours: readonly OpeningHoursEntry[]): JsonLd[] {
  return hours
    .filter((entry) => entry.status === "Open" && entry.open && entry.close)
    .map((entry) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${DAY_NAMES[entry.weekday] ?? "Monday"}`,
      opens: entry.open,
      closes: entry.close,
    }));
}

function holidaySpecification(location: LocationView): JsonLd[] {
  return location.specialHours.map((day) => {
    const open = day.status.toLowerCase() === "open" && day.start_hour && day.end_hour;
    return {
      "@type": "OpeningHoursSpecification",
      ...(day.label ? { name: day.label } : {}),
      validFrom: day.date,
      validThrough: day.date,
      // schema.org: a day closed all day opens and closes at midnight.
      opens: open ? day.start_hour : "00:00",
      closes: open ? day.end_hour : "00:00",
    };
  });
}

/** The AutoDealer JSON-LD of one location. */
export function autoDealerJsonLd(
  location: LocationView,
  options: { origin: string; siteName: string; pagePath: string },
): JsonLd {
  const url = `${options.origin}${options.pagePath}`;
  const { address } = location;
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    "@id": `${url}#dealer`,
    name: location.name,
    url,
    ...(location.image ? { image: new URL(location.image.url, options.origin).href } : {}),
    ...(location.phone ? { telephone: location.phone } : {}),
    ...(location.email ? { email: location.email } : {}),
    address: {
      "@type": "PostalAddress",
      streetAddress: address.street,
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.postcode,
    },
    ...(address.lat !== null && address.long !== null
      ? { geo: { "@type": "GeoCoordinates", latitude: address.lat, longitude: address.long } }
      : {}),
    ...(address.place_url ? { hasMap: address.place_url } : {}),
    openingHoursSpecification: [
      ...hoursSpecification(location.openingHours),
      ...holidaySpecification(location),
    ],
    ...(location.averageRating !== null && location.reviewCount > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: Math.round(location.averageRating * 10) / 10,
            reviewCount: location.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    parentOrganization: {
      "@type": "Organization",
      name: location.dealership.name || options.siteName,
    },
  };
}

/** JSON-LD as the text of a <script type="application/ld+json"> (no way to close the tag early). */
export function jsonLdScript(data: JsonLd | JsonLd[]): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
