/**
 * The results page's structured data: a schema.org ItemList of the cars on the page, in the
 * summary-page form (each item its position and its vehicle page's URL; the vehicle page carries
 * the car's own Car and Offer data). Built from the loader's vehicles in the route's `meta` (React
 * Router writes it as a JSON-LD script, HTML escaped), so the list is not sent to the browser twice.
 */
import { vehiclePagePath } from "~/domain/vehicle-paths";
import type { Site } from "~/app/lib/site";
import type { CardVehicle } from "~/app/components/vehicle-card/card-vehicle";

export function itemListJsonLd(
  site: Pick<Site, "settings">,
  origin: string,
  vehicles: readonly Pick<CardVehicle, "slug">[],
  offset: number,
  name: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: vehicles.length,
    itemListElement: vehicles.map((v, i) => ({
      "@type": "ListItem",
      position: offset + i + 1,
      url: `${origin}${vehiclePagePath(v.slug, site.settings)}`,
    })),
  };
}
