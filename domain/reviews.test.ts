import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isReviewShown, ratingText, reviewsToShow, shouldShowReviews, starsFor } from "./reviews";
import { defaultSiteSettings } from "./site-settings";

const settings = defaultSiteSettings();

describe("Reviews (vehicle-card-and-page.md): shown only if the rating exceeds the minimum (4) and not hidden", () => {
  it.each([
    [4.1, true],
    [4, false],
    [3.9, false],
    [null, false],
  ])("rating %s -> %s", (rating, shown) => {
    expect(shouldShowReviews(rating, settings)).toBe(shown);
  });
  it("the minimum is configurable and hidden reviews never show", () => {
    expect(shouldShowReviews(3.6, { ...settings, reviewsMinimumRating: 3.5 })).toBe(true);
    expect(shouldShowReviews(5, { ...settings, reviewsHidden: true })).toBe(false);
  });
  it("Google reviews full quantity 12", () => {
    expect(
      reviewsToShow(
        Array.from({ length: 20 }, () => ({ rating: 5 })),
        settings,
      ),
    ).toHaveLength(12);
  });
  it("a review shows only at the site's minimum rating or above, before the count is taken", () => {
    const ratings = [3, 5, 4, 1, 4.5, 3.9, 5];
    const shown = reviewsToShow(
      ratings.map((rating) => ({ rating })),
      { ...settings, googleReviewsCount: 3 },
    );
    expect(shown.map((r) => r.rating)).toEqual([5, 4, 4.5]);
    expect(
      reviewsToShow(
        ratings.map((rating) => ({ rating })),
        { ...settings, reviewsMinimumRating: 3 },
      ).map((r) => r.rating),
    ).toEqual([3, 5, 4, 4.5, 3.9, 5]);
    expect(isReviewShown({ rating: 4 }, settings)).toBe(true);
    expect(isReviewShown({ rating: 3.9 }, settings)).toBe(false);
  });
});

describe("Reviews (vehicle-card-and-page.md): stars, up to 4 full stars plus a partial star, one decimal", () => {
  it.each([
    [5, { full: 4, partial: 1, empty: 0 }, "5.0"],
    [4.7, { full: 4, partial: 0.7, empty: 0 }, "4.7"],
    [4.66, { full: 4, partial: 0.7, empty: 0 }, "4.7"],
    [4, { full: 4, partial: 0, empty: 1 }, "4.0"],
    [3.25, { full: 3, partial: 0.3, empty: 1 }, "3.3"],
    [1, { full: 1, partial: 0, empty: 4 }, "1.0"],
  ])("%d -> %j, '%s'", (rating, stars, text) => {
    expect(starsFor(rating)).toEqual(stars);
    expect(ratingText(rating)).toBe(text);
  });

  it("always five stars in all, at most 4 full, the drawn rating within a tenth of the real one", () => {
    fc.assert(
      fc.property(fc.double({ min: 1, max: 5, noNaN: true }), (rating) => {
        const { full, partial, empty } = starsFor(rating);
        expect(full).toBeLessThanOrEqual(4);
        expect(full + (partial > 0 ? 1 : 0) + empty).toBe(5);
        expect(Math.abs(full + partial - rating)).toBeLessThanOrEqual(0.05 + 1e-9);
      }),
    );
  });
});
