import { data } from "react-router";
import type { Route } from "./+types/locations";
import { locationPagePath } from "~/domain/locations";
import { loadDealerships, loadLocationPage } from "~/server/content/location-pages";
import { PageHeader } from "~/app/components/content/page-header";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { locationsJsonLd, withStructuredData } from "~/app/components/content/structured-data";
import { DealershipsList } from "~/app/components/locations/dealerships-list";
import { LocationPage } from "~/app/components/locations/location-page";
import { useSite } from "~/app/lib/site";

/**
 * /locations/{dealership_slug or location slug} (docs/product/search-and-urls.md): a dealership's
 * locations, or one location (whose canonical page is /our-location/{slug}).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const dealership = await loadDealerships(context, params.slug);
  if (dealership) {
    const name = dealership.dealerships[0]?.dealership.name ?? context.site.name;
    return {
      kind: "dealership" as const,
      dealership,
      name,
      seo: seoFor(
        context.origin,
        `/locations/${encodeURIComponent(params.slug)}`,
        name,
        `${name}: locations, opening hours, holiday hours and directions.`,
      ),
    };
  }
  const page = await loadLocationPage(context, params.slug);
  if (!page) throw data(null, { status: 404 });
  return {
    kind: "location" as const,
    page,
    seo: seoFor(
      context.origin,
      locationPagePath(page.location.slug),
      page.location.name,
      `${page.location.name}, ${page.location.address.full}. Opening hours, holiday hours and directions.`,
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return withStructuredData(seoMeta(data?.seo, matches), matches, ({ site, origin }) => {
    if (!data) return null;
    const locations =
      data.kind === "location"
        ? [data.page.location]
        : data.dealership.dealerships.flatMap((group) => group.locations);
    const json = locationsJsonLd(locations, { origin, siteName: site.name });
    return data.kind === "location" ? (json[0] ?? null) : json;
  });
}

export default function Locations({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  if (loaderData.kind === "location") return <LocationPage data={loaderData.page} />;
  const { dealership, name } = loaderData;
  return (
    <>
      <PageHeader
        title={name}
        intro={`Locations of ${name}.`}
        crumbs={[{ name: site.settings.locationsCarouselTitle, href: "/our-locations/" }]}
      />
      <DealershipsList dealerships={dealership.dealerships} today={dealership.today} />
    </>
  );
}
