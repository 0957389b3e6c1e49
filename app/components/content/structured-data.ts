/**
 * schema.org JSON-LD of the content pages: one `AutoDealer` per location with its address, geo
 * position, phone, opening hours (including holiday hours) and rating, so search engines show the
 * right hours and directions; the dealer group on the home page; news articles.
 *
 * Routes build it in `meta` from the loader data the page renders anyway (React Router writes a
 * `script:ld+json` descriptor as a JSON-LD script, HTML escaped), so the document carries it once
 * and not again inside the loader data sent for hydration.
 */
import type { MetaDescriptor } from "react-router";
import { locationPagePath } from "~/domain/locations";
import { WEEKDAY_NAMES } from "~/domain/opening-hours";
import type { LocationView } from "~/server/content/locations";
import { originOfMatches, siteOfMatches, type Site } from "~/app/lib/site";

type JsonLd = Record<string, unknown>;
type OpeningHoursEntry = LocationView["openingHours"][number];

function hoursSpecification(hours: readonly OpeningHoursEntry[]): JsonLd[] {
  return hours
    .filter((entry) => entry.status === "Open" && entry.open && entry.close)
    .map((entry) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: `https://schema.org/${WEEKDAY_NAMES[entry.weekday] ?? "Monday"}`,
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

/** AutoDealer JSON-LD of locations, each naming its location page. */
export function locationsJsonLd(
  locations: readonly LocationView[],
  options: { origin: string; siteName: string },
): JsonLd[] {
  return locations.map((location) =>
    autoDealerJsonLd(location, { ...options, pagePath: locationPagePath(location.slug) }),
  );
}

/** The dealer group as an organisation with its locations as departments (the home page). */
export function dealerGroupJsonLd(
  site: Pick<Site, "name" | "logo" | "contactDetails" | "city" | "state" | "navigation">,
  locations: readonly Pick<LocationView, "name" | "slug">[],
  origin: string,
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "AutoDealer",
    name: site.name,
    url: `${origin}/`,
    ...(site.logo ? { logo: new URL(site.logo.url, origin).href } : {}),
    ...(site.contactDetails.phone ? { telephone: site.contactDetails.phone } : {}),
    ...(site.contactDetails.email ? { email: site.contactDetails.email } : {}),
    ...(site.city
      ? {
          address: {
            "@type": "PostalAddress",
            addressLocality: site.city,
            addressRegion: site.state,
          },
        }
      : {}),
    sameAs: site.navigation.social.map((s) => s.url),
    department: locations.map((l) => ({
      "@type": "AutoDealer",
      name: l.name,
      url: `${origin}${locationPagePath(l.slug)}`,
    })),
  };
}

/**
 * The route's meta tags followed by its structured data, built from the page's site
 * (`siteOfMatches`) and the root loader's origin (no structured data without a site).
 */
export function withStructuredData(
  tags: MetaDescriptor[],
  matches: ReadonlyArray<{ data?: unknown } | undefined>,
  build: (root: { site: Site; origin: string }) => JsonLd | JsonLd[] | null,
): MetaDescriptor[] {
  const site = siteOfMatches(matches);
  if (!site) return tags;
  const data = build({ site, origin: originOfMatches(matches) });
  if (data === null || (Array.isArray(data) && data.length === 0)) return tags;
  return [...tags, { "script:ld+json": data }];
}
