/**
 * The results page's structured data: a schema.org ItemList of the cars on the page. Built from
 * the loader's vehicles in the route's `meta` (React Router writes it as a JSON-LD script, HTML
 * escaped), so the list is not sent to the browser twice.
 */
import { imageUrl } from "~/domain/image-url";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import {
  LOCALE_CURRENCY,
  odometerUnitCode,
  offerAvailability,
  offerItemCondition,
} from "~/domain/vehicle-page";
import { priceDisplay } from "~/domain/vehicle-price";
import type { Site } from "~/app/lib/site";
import type { CardVehicle } from "~/app/components/vehicle-card/card-vehicle";
import { memoFormat } from "~/app/components/vehicle-card/format-cache";

function absolute(origin: string, src: string): string {
  return /^https?:\/\//.test(src) ? src : `${origin}${src.startsWith("/") ? "" : "/"}${src}`;
}

export function itemListJsonLd(
  site: Pick<Site, "locale" | "settings">,
  origin: string,
  vehicles: readonly CardVehicle[],
  offset: number,
  name: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: vehicles.length,
    itemListElement: vehicles.map((v, i) => {
      const url = `${origin}${vehiclePagePath(v.slug, site.settings)}`;
      const image = v.primary_image_url ?? v.images[0]?.url ?? null;
      const shown =
        memoFormat(`price:${site.locale}:${v.price}:${v.preorder}:${v.tag ?? ""}`, () =>
          priceDisplay(v, site.locale),
        ).kind === "price";
      return {
        "@type": "ListItem",
        position: offset + i + 1,
        url,
        item: {
          "@type": "Car",
          name: `${v.year} ${v.make} ${v.model}${v.badge ? ` ${v.badge}` : ""}`,
          url,
          ...(image ? { image: absolute(origin, imageUrl(image, 1280, site.settings)) } : {}),
          brand: { "@type": "Brand", name: v.make },
          model: v.model,
          vehicleModelDate: String(v.year),
          itemCondition: offerItemCondition(v),
          mileageFromOdometer: {
            "@type": "QuantitativeValue",
            value: v.km,
            unitCode: odometerUnitCode(site.locale),
          },
          ...(v.vin ? { vehicleIdentificationNumber: v.vin } : {}),
          ...(shown
            ? {
                offers: {
                  "@type": "Offer",
                  price: v.price.toFixed(2),
                  priceCurrency: LOCALE_CURRENCY[site.locale],
                  availability: offerAvailability(v),
                  url,
                },
              }
            : {}),
        },
      };
    }),
  };
}
