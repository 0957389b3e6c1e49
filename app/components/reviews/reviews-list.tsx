import type { ReviewsView } from "~/server/content/reviews";
import { cn } from "~/app/lib/cn";
import { useTemplate } from "~/app/lib/site";
import { ScrollCarousel } from "~/app/components/content/scroll-carousel";
import { StarRating } from "./star-rating";

/**
 * The reviews block: the count and average rating, then each review's name, stars, text (which
 * may be empty), date in words and the dealer's reply.
 */
export function ReviewsList({
  reviews,
  title = "What our customers say",
  headingLevel = 2,
  className,
  carousel = false,
}: {
  reviews: ReviewsView;
  title?: string;
  headingLevel?: 2 | 3;
  className?: string;
  /** One row that scrolls (the home page) instead of every review stacked in a grid. */
  carousel?: boolean;
}) {
  const t = useTemplate();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const ItemHeading = headingLevel === 2 ? "h3" : "h4";
  const headingId = `reviews-${headingLevel}`;
  const Wrapper = carousel ? "div" : "section";
  const item = (review: ReviewsView["reviews"][number]) => (
    <article className="flex h-full flex-col" aria-label={`Review by ${review.customer_name}`}>
      <div className="flex items-start justify-between gap-3">
        <ItemHeading className="font-semibold text-slate-900">{review.customer_name}</ItemHeading>
        <time dateTime={review.review_date} className="shrink-0 text-sm text-slate-600">
          {review.review_date_in_words}
        </time>
      </div>
      <StarRating rating={review.rating} showCount={false} className="mt-1" />
      {review.text ? (
        <p className="mt-3 text-slate-800">{review.text}</p>
      ) : (
        <p className="mt-3 text-sm text-slate-600 italic">
          Rated {review.rating} out of 5 without a comment.
        </p>
      )}
      {review.reply_text && (
        <div className="mt-4 border-l-4 border-brand bg-slate-50 p-3 text-sm">
          <p className="font-semibold text-slate-900">
            Reply from the dealer
            {review.reply_date && review.reply_date_in_words && (
              <>
                {" · "}
                <time dateTime={review.reply_date} className="font-normal text-slate-600">
                  {review.reply_date_in_words}
                </time>
              </>
            )}
          </p>
          <p className="mt-1 text-slate-800">{review.reply_text}</p>
        </div>
      )}
    </article>
  );
  return (
    // In carousel form the carousel is the landmark the heading names.
    <Wrapper aria-labelledby={carousel ? undefined : headingId} className={className}>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <Heading id={headingId} className={cn("text-2xl", t.heading)}>
          {title}
        </Heading>
        <StarRating
          rating={reviews.average_rating}
          reviewCount={reviews.count}
          className="text-base"
        />
      </div>
      {carousel ? (
        <ScrollCarousel
          label={title}
          labelledBy={headingId}
          trackLabel="Reviews"
          className="mt-6"
          slideClassName="basis-[85%] sm:basis-[calc((100%-1rem)/2)] lg:basis-[calc((100%-2rem)/3)]"
          slides={reviews.reviews.map((review) => ({
            key: String(review.id),
            content: (
              <div className="flex h-full flex-col rounded-site border border-slate-200 bg-white p-5">
                {item(review)}
              </div>
            ),
          }))}
        />
      ) : (
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {reviews.reviews.map((review) => (
            <li
              key={review.id}
              className="flex flex-col rounded-site border border-slate-200 bg-white p-5"
            >
              {item(review)}
            </li>
          ))}
        </ul>
      )}
    </Wrapper>
  );
}
