/**
 * Reviews and star ratings (docs/product/vehicle-card-and-page.md, "Reviews").
 */
import type { SiteSettings } from "./site-settings";

export const REVIEW_RATING_MAX = 5;
/** Up to 4 full stars plus a partial star. */
export const MAX_FULL_STARS = 4;

/** Reviews show only when the rating exceeds the minimum and are not hidden. */
export function shouldShowReviews(
  averageRating: number | null | undefined,
  settings: Pick<SiteSettings, "reviewsHidden" | "reviewsMinimumRating">,
): boolean {
  if (settings.reviewsHidden || averageRating === null || averageRating === undefined) return false;
  return averageRating > settings.reviewsMinimumRating;
}

/** Rating to one decimal, as shown beside the stars: 4.65 -> '4.7'. */
export function ratingText(rating: number): string {
  return roundToTenth(rating).toFixed(1);
}

function roundToTenth(value: number): number {
  return Math.round(Math.min(REVIEW_RATING_MAX, Math.max(0, value)) * 10) / 10;
}

export type Stars = {
  /** Whole stars, at most 4. */
  full: number;
  /** Fill of the star after them, 0 to 1 in tenths; 0 means none. */
  partial: number;
  /** Empty stars to make five. */
  empty: number;
};

/**
 * Up to 4 full stars plus a partial star, one decimal. A 5 is four full
 * stars and a fifth filled completely, drawn as the partial star.
 */
export function starsFor(rating: number): Stars {
  const rounded = roundToTenth(rating);
  const full = Math.min(MAX_FULL_STARS, Math.floor(rounded));
  const partial = Math.round((rounded - full) * 10) / 10;
  const empty = REVIEW_RATING_MAX - full - (partial > 0 ? 1 : 0);
  return { full, partial, empty };
}

/**
 * One review shows when its own rating reaches the site's minimum ('Minimum shown 4':
 * docs/product/constants.md, "Review rating"); the block as a whole shows by the average
 * (`shouldShowReviews`). Why a review at the minimum shows: docs/decisions/023.
 */
export function isReviewShown(
  review: { rating: number },
  settings: Pick<SiteSettings, "reviewsMinimumRating">,
): boolean {
  return review.rating >= settings.reviewsMinimumRating;
}

/** The reviews a Google reviews block shows in full (12 by default), each at the minimum or above. */
export function reviewsToShow<T extends { rating: number }>(
  reviews: readonly T[],
  settings: Pick<SiteSettings, "googleReviewsCount" | "reviewsMinimumRating">,
): T[] {
  return reviews
    .filter((review) => isReviewShown(review, settings))
    .slice(0, settings.googleReviewsCount);
}
