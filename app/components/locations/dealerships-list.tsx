import { shouldShowReviews } from "~/domain/reviews";
import type { DealershipGroupData } from "~/server/content/location-pages";
import { StarRating } from "~/app/components/reviews/star-rating";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { LocationCard } from "./location-card";

/** Dealerships, each with its rating and location cards (/dealerships, /locations/{dealership}). */
export function DealershipsList({
  dealerships,
  today,
}: {
  dealerships: DealershipGroupData[];
  today: string;
}) {
  const site = useSite();
  const t = useTemplate();
  const single = dealerships.length === 1;
  return (
    <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
      {dealerships.map(({ dealership, locations }) => (
        <section key={dealership.slug} aria-labelledby={`dealership-${dealership.slug}`}>
          <div className="flex flex-wrap items-end justify-between gap-3">
            <h2
              id={`dealership-${dealership.slug}`}
              className={cn("text-2xl", t.heading, single && "sr-only")}
            >
              {dealership.name}
            </h2>
            {dealership.averageRating !== null &&
              shouldShowReviews(dealership.averageRating, site.settings) && (
                <StarRating
                  rating={dealership.averageRating}
                  reviewCount={dealership.reviewCount}
                />
              )}
          </div>
          {locations.length === 0 ? (
            <p className="mt-4 text-slate-700">This dealership has no locations to show yet.</p>
          ) : (
            <ul className="mt-6 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
              {locations.map((location) => (
                <li key={location.slug}>
                  <LocationCard location={location} today={today} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}
