import { Link } from "react-router";
import type { Route } from "./+types/our-locations";
import { loadLocationsIndex } from "~/server/content/location-pages";
import { PageHeader } from "~/app/components/content/page-header";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { locationsJsonLd, withStructuredData } from "~/app/components/content/structured-data";
import { LocationCard } from "~/app/components/locations/location-card";
import { cn } from "~/app/lib/cn";
import { useSite } from "~/app/lib/site";

const TYPE_LABELS = { sales: "Sales", service: "Service", parts: "Parts" } as const;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const data = await loadLocationsIndex(context, url.searchParams.get("type"));
  const { site } = context;
  const title = site.settings.locationsCarouselTitle;
  return {
    ...data,
    title,
    seo: seoFor(
      context.origin,
      "/our-locations/",
      data.type ? `${title}: ${TYPE_LABELS[data.type]}` : title,
      `Addresses, opening hours and directions for ${site.name}'s ${data.locations.length === 1 ? "location" : `${data.locations.length} locations`}.`,
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return withStructuredData(seoMeta(data?.seo, matches), matches, ({ site, origin }) =>
    data ? locationsJsonLd(data.locations, { origin, siteName: site.name }) : null,
  );
}

export default function OurLocations({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const { locations, types, type, today, title } = loaderData;
  return (
    <>
      <PageHeader
        title={title}
        intro={`Visit ${site.name}: addresses, opening hours, holiday hours and directions.`}
      />
      <div className="mx-auto max-w-7xl px-4 py-10">
        {types.length > 1 && (
          <nav aria-label="Location type" className="mb-8">
            <ul className="flex flex-wrap gap-2">
              {[null, ...types].map((option) => {
                const current = option === type;
                return (
                  <li key={option ?? "all"}>
                    <Link
                      to={option ? `?type=${option}` : "."}
                      aria-current={current ? "page" : undefined}
                      preventScrollReset
                      className={cn(
                        "inline-flex rounded-full border px-4 py-2 text-sm font-semibold",
                        current
                          ? "border-brand bg-brand text-brand-foreground"
                          : "border-slate-300 hover:border-brand",
                      )}
                    >
                      {option ? TYPE_LABELS[option] : "All locations"}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        )}
        {locations.length === 0 ? (
          <p className="text-slate-700">No locations to show.</p>
        ) : (
          <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
            {locations.map((location) => (
              <li key={location.slug}>
                <LocationCard location={location} today={today} headingLevel={2} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
