import { carouselColumns, LOCATION_CARD_TEXT, showSwipeHint } from "~/domain/locations";
import type { LocationView } from "~/server/content/locations";
import { ScrollCarousel } from "~/app/components/content/scroll-carousel";
import { cn } from "~/app/lib/cn";
import { useTemplate } from "~/app/lib/site";
import { LocationCard } from "./location-card";

/** Slide widths per column count on wide screens (more than 4 locations use 5 columns). */
const WIDE_BASIS: Record<number, string> = {
  1: "xl:basis-full",
  2: "xl:basis-[calc((100%-1rem)/2)]",
  3: "xl:basis-[calc((100%-2rem)/3)]",
  4: "xl:basis-[calc((100%-3rem)/4)]",
  5: "xl:basis-[calc((100%-4rem)/5)]",
};

/**
 * The locations carousel ('Our Locations' unless the site names it): the locations the domain's
 * rules leave, in their order, each with 'View Location' and (where the site says) 'View Our
 * Stock'. With 3 or fewer cards a 'Swipe' hint shows on small screens.
 */
export function LocationsCarousel({
  title,
  locations,
  today,
}: {
  title: string;
  locations: LocationView[];
  today: string;
}) {
  const t = useTemplate();
  if (locations.length === 0) return null;
  const columns = carouselColumns(locations.length);
  return (
    <div>
      <div className="flex items-end justify-between gap-4">
        <h2 id="locations-carousel-title" className={cn("text-2xl", t.heading)}>
          {title}
        </h2>
        {showSwipeHint(locations.length) && (
          <p className="text-sm font-semibold text-slate-700 md:hidden" aria-hidden="true">
            {LOCATION_CARD_TEXT.swipe} →
          </p>
        )}
      </div>
      <ScrollCarousel
        label={title}
        labelledBy="locations-carousel-title"
        className="mt-6"
        slideClassName={cn(
          "basis-[85%] sm:basis-[calc((100%-1rem)/2)] lg:basis-[calc((100%-2rem)/3)]",
          columns < 3 && "lg:basis-[calc((100%-1rem)/2)]",
          WIDE_BASIS[columns],
        )}
        slides={locations.map((location) => ({
          key: location.slug,
          content: <LocationCard location={location} today={today} variant="carousel" />,
        }))}
      />
    </div>
  );
}
