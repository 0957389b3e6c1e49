/**
 * Builds the search document of a vehicle (the field names of
 * docs/product/vehicle-card-and-page.md) from its row and the records it refers to. The document is
 * what search, cards and vehicle pages read.
 *
 * The search index holds every vehicle's document for the life of the process (200,000 of them
 * on a large platform), so documents share what repeats: one string per distinct make, model,
 * colour..., one array per distinct list of features or categories, one `location` object per
 * location. Shared values are frozen; documents are read-only anyway (hits are shared with the
 * results cache).
 */
import type { SiteSettings } from "~/domain/site-settings";
import { isReservable } from "~/domain/vehicle-actions";
import type {
  CarType,
  ItemType,
  PaymentProcessor,
  Vehicle,
  VehicleImage,
  VehicleLocation,
  VehicleStatus,
} from "~/domain/vehicle";
import type { VehicleRow } from "../db/schema";

/**
 * A vehicle row as the loader reads it: the table's columns, with the timestamps already in the
 * form the document keeps (an ISO string, milliseconds) and the JSON lists as their JSON text
 * (parsed once per distinct text).
 */
export type VehicleSource = Omit<
  VehicleRow,
  "createdAt" | "updatedAt" | "soldAt" | "paymentProcessors" | "categories" | "features" | "images"
> & {
  /** `created_at` as `Date.prototype.toISOString` writes it. */
  createdAtIso: string;
  soldAtMs: number | null;
  paymentProcessors: string;
  categories: string;
  features: string;
  images: string;
};

/** The dealership and location of a vehicle, built once per dealership / location. */
export type DealershipContext = { id: number; slug: string; name: string };
export type LocationContext = {
  name: string;
  city: string | null;
  state: string | null;
  /** The document's `location` (shared by the location's vehicles). */
  document: VehicleLocation;
};

export type VehicleDocumentContext = {
  dealership: DealershipContext;
  location: LocationContext | null;
  /** The site's manufacturer name, for franchise sites. */
  manufacturer: string | null;
  settings: Pick<SiteSettings, "comingSoonReservable">;
};

const NO_STRINGS: readonly string[] = Object.freeze([]);
const NO_IMAGES: readonly VehicleImage[] = Object.freeze([]);

/** The `location` of documents at a location (one frozen object per location). */
export function locationDocument(location: {
  name: string;
  slug: string;
  phone: string | null;
}): VehicleLocation {
  return Object.freeze({
    name: location.name,
    phone: location.phone,
    slug: location.slug,
    distribution_locations: NO_STRINGS as string[],
  });
}

/**
 * A vehicle's photos from their JSON text. A thumbnail address is often the photo's own: JSON
 * makes two equal strings of it, the document keeps one.
 */
function photos(json: string): VehicleImage[] {
  const images = JSON.parse(json) as VehicleImage[];
  for (const image of images) if (image.thumb === image.url) image.thumb = image.url;
  return images;
}

/**
 * Builds documents, sharing repeated values between them. One builder per load: its tables live
 * as long as it does.
 */
export class VehicleDocumentBuilder {
  private readonly strings = new Map<string, string>();
  private readonly lists = new Map<string, readonly unknown[]>();
  private readonly makeModels = new Map<string, Map<string, string>>();

  /** Distinct values held (strings and lists): a long-lived builder is renewed past a bound. */
  get size(): number {
    return this.strings.size + this.lists.size;
  }

  /** The shared copy of a repeated string. */
  private shared(value: string): string;
  private shared(value: string | null): string | null;
  private shared(value: string | null): string | null {
    if (value === null) return null;
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    this.strings.set(value, value);
    return value;
  }

  /** A JSON list column, parsed once per distinct text (frozen, with shared strings). */
  private list<T>(json: string): T[] {
    let list = this.lists.get(json);
    if (list === undefined) {
      const parsed = JSON.parse(json) as unknown;
      const items = Array.isArray(parsed) ? parsed : [];
      list = Object.freeze(
        items.map((item: unknown) =>
          typeof item === "string"
            ? this.shared(item)
            : item !== null && typeof item === "object"
              ? Object.freeze(item)
              : item,
        ),
      );
      this.lists.set(json, list);
    }
    return list as T[];
  }

  private makeModel(make: string, model: string): string {
    let models = this.makeModels.get(make);
    if (models === undefined) {
      models = new Map();
      this.makeModels.set(make, models);
    }
    let name = models.get(model);
    if (name === undefined) {
      name = this.shared(`${make} ${model}`);
      models.set(model, name);
    }
    return name;
  }

  build(row: VehicleSource, ctx: VehicleDocumentContext): Vehicle {
    const status = this.shared(row.status) as VehicleStatus;
    const sold = status === "sold";
    const images = row.images === "[]" ? (NO_IMAGES as VehicleImage[]) : photos(row.images);
    const paymentProcessors = this.list<PaymentProcessor>(row.paymentProcessors);
    const hasDepositProcessor = paymentProcessors.some((p) => p.deposit_amount !== null);
    const make = this.shared(row.make);
    const model = this.shared(row.model);
    const tag = this.shared(row.tag);
    const fuel = this.shared(row.simpleFuel);
    const body = this.shared(row.simpleBody);
    const drive = this.shared(row.simpleDrive);
    const transmission = this.shared(row.simpleTransmission);
    return {
      id: row.id,
      site_id: row.siteId,
      slug: row.slug,
      // Names repeat (year, make, model, badge), slugs do not.
      name: this.shared(row.name),
      make,
      model,
      make_model: this.makeModel(make, model),
      year: row.year,
      km: row.km,
      badge: this.shared(row.badge),
      series: this.shared(row.series),
      price: row.price,
      price_type: this.shared(row.priceType),
      before_price: row.beforePrice,
      subscription_price: row.subscriptionPrice,
      weekly_price: row.weeklyPrice,
      preorder: row.preorder,
      status,
      car_type: this.shared(row.carType) as CarType,
      item_type: this.shared(row.itemType) as ItemType,
      certified: row.certified,
      reserved: row.reserved,
      sold,
      reservable: isReservable({ status, sold, reserved: row.reserved, tag }, ctx.settings),
      has_checkout_payment_processor: hasDepositProcessor,
      payment_processors: paymentProcessors,
      stocknum: row.stocknum,
      vin: row.vin,
      dealership_id: ctx.dealership.id,
      dealership_slug: ctx.dealership.slug,
      dealership_name: ctx.dealership.name,
      location: ctx.location?.document ?? null,
      location_id: row.locationId,
      location_name: ctx.location?.name ?? null,
      city: ctx.location?.city ?? null,
      state: ctx.location?.state ?? null,
      simple_fuel: fuel,
      simple_body: body,
      simple_drive: drive,
      simple_transmission: transmission,
      fuel,
      body,
      drive,
      transmission,
      colour: this.shared(row.colour),
      seats: row.seats,
      engine: this.shared(row.engine),
      categories: this.list<string>(row.categories),
      filtered_features: this.list<string>(row.features),
      tag,
      custom_rank: row.customRank,
      created_at: row.createdAtIso,
      created_at_timestamp: row.createdAtTimestamp,
      primary_image_url: images[0]?.url ?? null,
      images,
      thumbnails: images.length === 0 ? (NO_STRINGS as string[]) : images.map((i) => i.thumb),
      photos_count: images.length,
      file: row.historyReportUrl,
      autograb_data: row.autograbData ?? null,
      show_on_dealer_website: row.showOnDealerWebsite,
      sold_date_timestamp: row.soldAtMs,
      manufacturer: ctx.manufacturer,
      description: row.description,
    };
  }
}
