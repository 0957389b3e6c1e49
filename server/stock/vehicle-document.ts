/**
 * Builds the search document of a vehicle (SPEC.md section 3 field names) from its row and the
 * records it refers to. The document is what search, cards and vehicle pages read.
 */
import type { SiteSettings } from "../../domain/site-settings";
import { isReservable } from "../../domain/vehicle-actions";
import type { Vehicle, VehicleStatus, CarType, ItemType } from "../../domain/vehicle";
import type { DealershipRow, LocationRow, VehicleRow } from "../db/schema";

export type VehicleDocumentContext = {
  dealership: Pick<DealershipRow, "id" | "slug" | "name">;
  location: Pick<LocationRow, "id" | "name" | "slug" | "contactDetail" | "address"> | null;
  /** The site's manufacturer name, for franchise sites. */
  manufacturer: string | null;
  settings: Pick<SiteSettings, "comingSoonReservable">;
};

export function toVehicleDocument(row: VehicleRow, ctx: VehicleDocumentContext): Vehicle {
  const status = row.status as VehicleStatus;
  const sold = status === "sold";
  const images = row.images;
  const hasDepositProcessor = row.paymentProcessors.some((p) => p.deposit_amount !== null);
  return {
    id: row.id,
    site_id: row.siteId,
    slug: row.slug,
    name: row.name,
    make: row.make,
    model: row.model,
    make_model: `${row.make} ${row.model}`,
    year: row.year,
    km: row.km,
    badge: row.badge,
    series: row.series,
    price: row.price,
    price_type: row.priceType,
    before_price: row.beforePrice,
    subscription_price: row.subscriptionPrice,
    weekly_price: row.weeklyPrice,
    preorder: row.preorder,
    status,
    car_type: row.carType as CarType,
    item_type: row.itemType as ItemType,
    certified: row.certified,
    reserved: row.reserved,
    sold,
    reservable: isReservable({ status, sold, reserved: row.reserved, tag: row.tag }, ctx.settings),
    has_checkout_payment_processor: hasDepositProcessor,
    payment_processors: row.paymentProcessors,
    stocknum: row.stocknum,
    vin: row.vin,
    dealership_id: ctx.dealership.id,
    dealership_slug: ctx.dealership.slug,
    dealership_name: ctx.dealership.name,
    location: ctx.location
      ? {
          name: ctx.location.name,
          phone: ctx.location.contactDetail.phone,
          slug: ctx.location.slug,
          distribution_locations: [],
        }
      : null,
    location_id: row.locationId,
    location_name: ctx.location?.name ?? null,
    city: ctx.location?.address.city ?? null,
    state: ctx.location?.address.state ?? null,
    simple_fuel: row.simpleFuel,
    simple_body: row.simpleBody,
    simple_drive: row.simpleDrive,
    simple_transmission: row.simpleTransmission,
    fuel: row.simpleFuel,
    body: row.simpleBody,
    drive: row.simpleDrive,
    transmission: row.simpleTransmission,
    colour: row.colour,
    seats: row.seats,
    engine: row.engine,
    categories: row.categories,
    filtered_features: row.features,
    tag: row.tag,
    custom_rank: row.customRank,
    created_at: row.createdAt.toISOString(),
    created_at_timestamp: row.createdAtTimestamp,
    primary_image_url: images[0]?.url ?? null,
    images,
    thumbnails: images.map((i) => i.thumb),
    photos_count: images.length,
    file: row.historyReportUrl,
    autograb_data: row.autograbData ?? null,
    show_on_dealer_website: row.showOnDealerWebsite,
    sold_date_timestamp: row.soldAt ? row.soldAt.getTime() : null,
    manufacturer: ctx.manufacturer,
    description: row.description,
  };
}
