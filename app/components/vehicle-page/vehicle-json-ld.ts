/**
 * The vehicle page's structured data: a schema.org Car (or Motorcycle, Vehicle) with its Offer
 * and seller, and the page's BreadcrumbList. Built in the route's `meta` from the page model the
 * page renders anyway and a few facts it does not show in that form (`VehicleSchemaFacts`), so the
 * document carries the JSON-LD once, not again inside the loader data sent for hydration.
 */
import { imageUrl } from "~/domain/image-url";
import { LOCALE_CURRENCY, odometerUnitCode, offerItemCondition } from "~/domain/vehicle-page";
import type { Vehicle } from "~/domain/vehicle";
import type { Site } from "~/app/lib/site";
import type { VehiclePageModel } from "./vehicle-page-model";

/**
 * What the structured data says that the page model does not carry as such: the offer's
 * availability, the seller, and the vehicle's schema.org properties (named as schema.org names
 * them; the page shows them as labelled specification rows).
 */
export type VehicleSchemaFacts = {
  availability: string;
  properties: {
    bodyType: string | null;
    color: string | null;
    fuelType: string | null;
    vehicleTransmission: string | null;
    driveWheelConfiguration: string | null;
    vehicleEngine: string | null;
    vehicleSeatingCapacity: number | null;
  };
  seller: { name: string; phone: string | null };
};

export function vehicleSchemaFacts(
  vehicle: Pick<
    Vehicle,
    "body" | "colour" | "fuel" | "transmission" | "drive" | "engine" | "seats" | "dealership_name"
  > & { location: { phone?: string | null } | null },
  availability: string,
  site: Pick<Site, "name" | "contactDetails">,
  location: { name: string; phone: string | null } | null,
): VehicleSchemaFacts {
  return {
    availability,
    properties: {
      bodyType: vehicle.body ?? null,
      color: vehicle.colour ?? null,
      fuelType: vehicle.fuel ?? null,
      vehicleTransmission: vehicle.transmission ?? null,
      driveWheelConfiguration: vehicle.drive ?? null,
      vehicleEngine: vehicle.engine ?? null,
      vehicleSeatingCapacity: vehicle.seats ?? null,
    },
    seller: {
      name: location?.name ?? vehicle.dealership_name ?? site.name,
      phone: vehicle.location?.phone ?? location?.phone ?? site.contactDetails.phone ?? null,
    },
  };
}

type JsonLd = Record<string, unknown>;

function schemaType(itemType: Vehicle["item_type"]): string {
  if (itemType === "motorcycle") return "Motorcycle";
  if (itemType === "caravan" || itemType === "camper") return "Vehicle";
  return "Car";
}

function absolute(path: string, origin: string): string {
  return new URL(path, origin).href;
}

/** schema.org Car (or Motorcycle, Vehicle) with its Offer and seller, from what the page shows. */
export function vehicleJsonLd(
  page: VehiclePageModel,
  facts: VehicleSchemaFacts,
  site: Pick<Site, "locale" | "settings">,
  canonical: string,
  origin: string,
): JsonLd {
  const { vehicle } = page;
  const optional = (key: string, value: unknown) =>
    value === null || value === undefined || value === "" ? {} : { [key]: value };
  const where = page.location?.view ?? null;
  return {
    "@context": "https://schema.org",
    "@type": schemaType(vehicle.item_type),
    "@id": `${canonical}#vehicle`,
    name: page.heading,
    url: canonical,
    ...(page.gallery.urls.length > 0
      ? {
          // Each photo once (a feed may list one twice), the first ten.
          image: [...new Set(page.gallery.urls)]
            .slice(0, 10)
            .map((url) => absolute(imageUrl(url, 1200, site.settings), origin)),
        }
      : {}),
    brand: { "@type": "Brand", name: vehicle.make },
    model: vehicle.model,
    vehicleModelDate: String(vehicle.year),
    ...optional("description", vehicle.description),
    ...optional("sku", vehicle.stocknum),
    ...optional("vehicleIdentificationNumber", vehicle.vin),
    mileageFromOdometer: {
      "@type": "QuantitativeValue",
      value: vehicle.km,
      unitCode: odometerUnitCode(site.locale),
    },
    itemCondition: offerItemCondition(vehicle),
    ...optional("bodyType", facts.properties.bodyType),
    ...optional("color", facts.properties.color),
    ...optional("fuelType", facts.properties.fuelType),
    ...optional("vehicleTransmission", facts.properties.vehicleTransmission),
    ...optional("driveWheelConfiguration", facts.properties.driveWheelConfiguration),
    ...(facts.properties.vehicleEngine
      ? {
          vehicleEngine: { "@type": "EngineSpecification", name: facts.properties.vehicleEngine },
        }
      : {}),
    ...optional("vehicleSeatingCapacity", facts.properties.vehicleSeatingCapacity),
    offers: {
      "@type": "Offer",
      url: canonical,
      ...(page.price.kind === "price" ? { price: vehicle.price.toFixed(2) } : {}),
      priceCurrency: LOCALE_CURRENCY[site.locale],
      availability: facts.availability,
      itemCondition: offerItemCondition(vehicle),
      seller: {
        "@type": "AutoDealer",
        name: facts.seller.name,
        url: `${origin}/`,
        ...(facts.seller.phone ? { telephone: facts.seller.phone } : {}),
        ...(where
          ? {
              address: {
                "@type": "PostalAddress",
                streetAddress: where.address.street,
                addressLocality: where.address.city,
                addressRegion: where.address.state,
                postalCode: where.address.postcode,
              },
            }
          : {}),
      },
    },
    additionalProperty: [{ "@type": "PropertyValue", name: "Condition", value: page.condition }],
  };
}

export function breadcrumbJsonLd(page: VehiclePageModel, origin: string): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: page.breadcrumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.href ?? page.canonicalPath, origin),
    })),
  };
}
