import { useId } from "react";
import { ratingText, starsFor } from "~/domain/reviews";
import { cn } from "~/app/lib/cn";
import { formatNumber } from "~/domain/number-format";

const STAR_PATH = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

function Star({ fill, gradientId }: { fill: number; gradientId: string }) {
  return (
    <svg viewBox="0 0 24 24" className="size-[1.1em]" aria-hidden="true" focusable="false">
      {fill > 0 && fill < 1 && (
        <defs>
          <linearGradient id={gradientId}>
            <stop offset={fill} stopColor="currentColor" />
            <stop offset={fill} stopColor="transparent" />
          </linearGradient>
        </defs>
      )}
      <path
        d={STAR_PATH}
        fill={fill >= 1 ? "currentColor" : fill > 0 ? `url(#${gradientId})` : "transparent"}
        stroke="currentColor"
        strokeWidth="1.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * Stars as docs/product/vehicle-card-and-page.md draws them: up to 4 full stars plus a partial one,
 * and the rating with one decimal. Screen readers hear '4.3 out of 5 stars' (and the review count
 * when given).
 */
export function StarRating({
  rating,
  reviewCount,
  className,
  showCount = true,
}: {
  rating: number;
  reviewCount?: number;
  className?: string;
  showCount?: boolean;
}) {
  // useId may contain characters that url(#...) does not accept.
  const id = `stars${useId().replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const stars = starsFor(rating);
  const text = ratingText(rating);
  const fills = [
    ...Array.from({ length: stars.full }, () => 1),
    ...(stars.partial > 0 ? [stars.partial] : []),
    ...Array.from({ length: stars.empty }, () => 0),
  ];
  const countText =
    reviewCount !== undefined
      ? `${formatNumber(reviewCount, "en")} review${reviewCount === 1 ? "" : "s"}`
      : null;
  return (
    <p className={cn("flex items-center gap-1.5 text-sm", className)}>
      <span className="sr-only">
        {`Rated ${text} out of 5 stars${countText ? ` from ${countText}` : ""}`}
      </span>
      <span className="font-semibold text-slate-900" aria-hidden="true">
        {text}
      </span>
      <span className="flex text-amber-500" aria-hidden="true">
        {fills.map((fill, i) => (
          <Star key={i} fill={fill} gradientId={`${id}-star-${i}`} />
        ))}
      </span>
      {showCount && countText && (
        <span className="text-slate-700" aria-hidden="true">
          ({countText})
        </span>
      )}
    </p>
  );
}
