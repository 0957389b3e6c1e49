/**
 * Visitor tracking kept in the browser (docs/product/analytics.md): the tracking parameters kept
 * from landing URLs, the visited pages (capped at 50) and the tracking event shape.
 */

/** Tracking parameters kept. */
export const TRACKING_PARAMS = [
  "gclid",
  "fbclid",
  "utm_source",
  "utm_medium",
  "utm_campaign",
] as const;
export type TrackingParam = (typeof TRACKING_PARAMS)[number];
export type TrackingParams = Partial<Record<TrackingParam, string>>;

/** Visited pages kept. */
export const VISITED_PAGES_LIMIT = 50;

function queryString(search: string): string {
  const start = search.indexOf("?");
  const withoutPath = start === -1 ? search : search.slice(start + 1);
  return withoutPath.split("#")[0] ?? "";
}

/** The tracking parameters of a URL or query string; every other parameter is dropped. */
export function pickTrackingParams(urlOrSearch: string): TrackingParams {
  const params = new URLSearchParams(queryString(urlOrSearch));
  const picked: TrackingParams = {};
  for (const name of TRACKING_PARAMS) {
    const value = params.get(name);
    if (value !== null && value.trim() !== "") picked[name] = value;
  }
  return picked;
}

/** Stored parameters updated by a new landing: a parameter seen again takes the newer value. */
export function mergeTrackingParams(stored: TrackingParams, fresh: TrackingParams): TrackingParams {
  return { ...stored, ...fresh };
}

/**
 * The visited pages with a new page added, the oldest dropped beyond 50. A reload (the same page
 * again) is not a new visit.
 */
export function addVisitedPage(pages: readonly string[], url: string): string[] {
  if (pages.at(-1) === url) return pages.slice(-VISITED_PAGES_LIMIT);
  return [...pages, url].slice(-VISITED_PAGES_LIMIT);
}

/** A tracking event. */
export type TrackingEvent = {
  website_slug: string;
  url: string;
  category: string;
  lead_id: number | string | null;
  anon_id: string;
  session_id: string;
  error_message: string | null;
  event_properties: Record<string, unknown>;
};

export function trackingEvent(
  fields: Pick<TrackingEvent, "website_slug" | "url" | "category" | "anon_id" | "session_id"> &
    Partial<Pick<TrackingEvent, "lead_id" | "error_message" | "event_properties">>,
): { event: TrackingEvent } {
  return {
    event: {
      lead_id: null,
      error_message: null,
      event_properties: {},
      ...fields,
    },
  };
}
