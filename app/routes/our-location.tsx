import { data } from "react-router";
import type { Route } from "./+types/our-location";
import { locationPagePath } from "~/domain/locations";
import { loadLocationPage } from "~/server/content/location-pages";
import { seoFor, seoMeta } from "~/app/components/content/seo";
import { locationsJsonLd, withStructuredData } from "~/app/components/content/structured-data";
import { LocationPage } from "~/app/components/locations/location-page";

export async function loader({ context, params }: Route.LoaderArgs) {
  const page = await loadLocationPage(context, params.slug);
  if (!page) throw data(null, { status: 404 });
  const { location } = page;
  return {
    page,
    seo: seoFor(
      context.origin,
      locationPagePath(location.slug),
      location.name,
      `${location.name}, ${location.address.full}${location.phone ? `. Phone ${location.phone}` : ""}. Opening hours, holiday hours and directions.`,
    ),
  };
}

export function meta({ data, matches }: Route.MetaArgs) {
  return withStructuredData(seoMeta(data?.seo, matches), matches, ({ site, origin }) =>
    data
      ? (locationsJsonLd([data.page.location], { origin, siteName: site.name })[0] ?? null)
      : null,
  );
}

export default function OurLocation({ loaderData }: Route.ComponentProps) {
  return <LocationPage data={loaderData.page} />;
}
