import type { LocationPageData } from "~/server/content/location-pages";
import { PageHeader } from "~/app/components/content/page-header";
import { ReviewsList } from "~/app/components/reviews/reviews-list";
import { SiteLink } from "~/app/components/site/site-link";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { locationPagePath } from "~/domain/locations";
import { LocationCard } from "./location-card";
import { LocationMap } from "./location-map";

/** A location's page: the large card with the map beside it, its reviews, and other locations. */
export function LocationPage({ data }: { data: LocationPageData }) {
  const site = useSite();
  const t = useTemplate();
  const { location } = data;
  return (
    <>
      <PageHeader
        title={location.name}
        intro={location.address.full}
        crumbs={[{ name: site.settings.locationsCarouselTitle, href: "/our-locations/" }]}
      />
      <div className="mx-auto max-w-7xl space-y-12 px-4 py-10">
        <section aria-label="Location details">
          <LocationCard
            location={location}
            today={data.today}
            variant="large"
            headingLevel={2}
            aside={<LocationMap location={location} className="h-full" />}
          />
        </section>
        {data.reviews && data.reviews.reviews.length > 0 && (
          <ReviewsList reviews={data.reviews} title={`Reviews of ${location.name}`} />
        )}
        {data.others.length > 0 && (
          <section aria-labelledby="other-locations">
            <h2 id="other-locations" className={cn("text-2xl", t.heading)}>
              Our other locations
            </h2>
            <ul className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
              {data.others.map((other) => (
                <li key={other.slug}>
                  <SiteLink
                    href={locationPagePath(other.slug)}
                    className="font-semibold text-brand underline underline-offset-2"
                  >
                    {other.name}
                  </SiteLink>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </>
  );
}
