/**
 * Reviews (docs/product/vehicle-card-and-page.md, "Reviews"): the list with its count and
 * average rating, for the whole site or one location. Whether they show, and how many, are the
 * domain's rules (domain/reviews.ts).
 */
import { memoForSiteVersion } from "../sites/site-memo";
import { and, desc, eq, gte } from "drizzle-orm";
import { relativeTimeFormat } from "~/domain/number-format";
import { reviewsToShow, shouldShowReviews } from "~/domain/reviews";
import type { Locale } from "~/domain/site-settings";
import type { RequestContext } from "../http/load-context";
import { reviews } from "../db/schema";

type ReviewsContext = Pick<RequestContext, "site" | "scope">;

/** A review, as the browser receives it. */
export type ReviewView = {
  id: number;
  customer_name: string;
  text: string | null;
  rating: number;
  image_url: string | null;
  review_date: string;
  review_date_in_words: string;
  reply_text: string | null;
  reply_date: string | null;
  reply_date_in_words: string | null;
};

export type ReviewsView = { count: number; average_rating: number; reviews: ReviewView[] };

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365],
  ["month", 30],
  ["week", 7],
  ["day", 1],
];

/** '3 weeks ago', 'yesterday', 'today' (dates are whole days). */
export function dateInWords(isoDate: string, now: Date, locale: Locale): string {
  const days = Math.round(
    (Date.parse(now.toISOString().slice(0, 10)) - Date.parse(isoDate.slice(0, 10))) / 86_400_000,
  );
  const format = relativeTimeFormat(locale, { numeric: "auto" });
  for (const [unit, size] of UNITS) {
    if (Math.abs(days) >= size || unit === "day")
      return format.format(-Math.trunc(days / size), unit);
  }
  return format.format(0, "day");
}

/** The site's review summary: its dealerships' counts and their review-weighted average. */
export function siteReviewSummary(site: ReviewsContext["site"]): {
  count: number;
  average: number | null;
} {
  const rated = site.dealerships.filter((d) => d.averageRating !== null && d.reviewCount > 0);
  const count = rated.reduce((sum, d) => sum + d.reviewCount, 0);
  if (count === 0) return { count: 0, average: null };
  const average = rated.reduce((sum, d) => sum + (d.averageRating ?? 0) * d.reviewCount, 0) / count;
  return { count, average };
}

/**
 * The reviews to show, or null when the site shows none (hidden, or the rating does not exceed
 * the site's minimum). `summary` is the count and average of the site or the location: of all
 * its reviews, as the review provider reports them, not of the ones shown (docs/decisions/023).
 */
export async function loadReviews(
  context: ReviewsContext,
  summary: { count: number; average: number | null },
  options: { locationId?: number; now?: Date } = {},
): Promise<ReviewsView | null> {
  const { settings, locale } = context.site;
  if (!shouldShowReviews(summary.average, settings)) return null;
  const now = options.now ?? new Date();
  const limit = Math.max(settings.googleReviewsCount, 1);
  const rows = await memoForSiteVersion(
    context.site,
    `reviews:${options.locationId ?? "site"}:${limit}:${settings.reviewsMinimumRating}`,
    () =>
      context.scope.findMany(reviews, {
        // Reviews under the minimum never show (reviewsToShow): leave them in the database, so
        // the limit is filled with reviews that do.
        where: and(
          gte(reviews.rating, settings.reviewsMinimumRating),
          options.locationId !== undefined ? eq(reviews.locationId, options.locationId) : undefined,
        ),
        orderBy: [desc(reviews.reviewDate), desc(reviews.id)],
        limit,
      }),
  );
  const shown = reviewsToShow(rows, settings);
  return {
    count: summary.count,
    average_rating: summary.average ?? 0,
    reviews: shown.map((row) => ({
      id: row.id,
      customer_name: row.customerName,
      text: row.text,
      rating: row.rating,
      image_url: row.imageUrl,
      review_date: row.reviewDate,
      review_date_in_words: dateInWords(row.reviewDate, now, locale),
      reply_text: row.replyText,
      reply_date: row.replyDate,
      reply_date_in_words: row.replyDate ? dateInWords(row.replyDate, now, locale) : null,
    })),
  };
}
