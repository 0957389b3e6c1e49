import { data } from "react-router";
import type { Route } from "./+types/dealerships";
import { loadDealerships } from "~/server/content/location-pages";
import { PageHeader } from "~/app/components/content/page-header";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { locationsJsonLd, withStructuredData } from "~/app/components/content/structured-data";
import { DealershipsList } from "~/app/components/locations/dealerships-list";
import { useSite } from "~/app/lib/site";

export async function loader({ context }: Route.LoaderArgs) {
  const loaded = await loadDealerships(context);
  if (!loaded) throw data(null, { status: 404 });
  return {
    ...loaded,
    seo: seoFor(
      context.origin,
      "/dealerships",
      "Our Dealerships",
      `${context.site.name}'s dealerships and their locations: addresses, opening hours and directions.`,
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return withStructuredData(seoMeta(data?.seo, matches), matches, ({ site, origin }) =>
    data
      ? locationsJsonLd(
          data.dealerships.flatMap((group) => group.locations),
          { origin, siteName: site.name },
        )
      : null,
  );
}

export default function Dealerships({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  return (
    <>
      <PageHeader
        title="Our Dealerships"
        intro={`Every dealership of ${site.name}, with its locations.`}
      />
      <DealershipsList dealerships={loaderData.dealerships} today={loaderData.today} />
    </>
  );
}
