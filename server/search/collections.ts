/**
 * The search collections and their attribute settings: what can be filtered, sorted, faceted and
 * searched by keyword. Mirrors a Meilisearch index's settings (filterableAttributes,
 * sortableAttributes, searchableAttributes, synonyms); the names are the field names of
 * docs/product/vehicle-card-and-page.md.
 */
import { SEARCH_FACETS } from "~/domain/search-facets";
import { PRICE_SHOWN_ABOVE } from "~/domain/vehicle-price";

export const CAR_COLLECTION = "Car_production";
export const OFFER_COLLECTION = "Offer_production";
export const PART_COLLECTION = "Part_production";

export type CollectionConfig = {
  /** Index uid, as clients name it in `indexUid`. */
  uid: string;
  /** Document field holding the unique id (compared as a string, as Meilisearch does). */
  primaryKey: string;
  /** Attributes usable in `filter` and `facets`. Dotted names reach into nested objects. */
  filterableAttributes: readonly string[];
  /** Attributes usable in `sort`. */
  sortableAttributes: readonly string[];
  /** Attributes the keyword search looks in, most important first. */
  searchableAttributes: readonly string[];
  /**
   * Searchable attributes matched without typos (Meilisearch's typoTolerance.disableOnAttributes):
   * identifiers such as stock numbers and VINs, where a near miss is another vehicle.
   */
  typoDisabledAttributes: readonly string[];
  /** Sort applied after the keyword ranking rules when the query names none. */
  defaultSort: readonly string[];
  /** One-word synonyms: a query word also matches these words exactly (lowercase). */
  synonyms: Readonly<Record<string, readonly string[]>>;
  /**
   * Attributes with an equality index (value -> documents). Filters that AND an equality on one
   * of these (the site id) start from that index instead of scanning the collection.
   */
  indexedAttributes: readonly string[];
  /**
   * Numeric sortable attributes whose values at or below a floor mean "not set" (a price of 0
   * reads 'Enquire for price.'): they sort with the missing values, last in either direction.
   */
  unsetAtOrBelow?: Readonly<Record<string, number>>;
};

/** The floor below which (inclusive) an attribute's numbers sort as missing; -Infinity if none. */
export function sortFloor(config: CollectionConfig, attribute: string): number {
  return config.unsetAtOrBelow?.[attribute] ?? -Infinity;
}

export const CAR_COLLECTION_CONFIG: CollectionConfig = {
  uid: CAR_COLLECTION,
  primaryKey: "id",
  filterableAttributes: [
    ...SEARCH_FACETS,
    // Scoping, the listing rule and the stock filter expression.
    "id",
    // The vehicle page finds its vehicle by slug (domain/vehicle-page.ts buildVehicleBySlugQuery).
    "slug",
    "site_id",
    "show_on_dealer_website",
    "sold_date_timestamp",
    "stocknum",
    "vin",
    "location_id",
    "photos_count",
    "dealership_id",
    "dealership_slug",
    "custom_rank",
  ],
  sortableAttributes: [
    "price",
    "km",
    "year",
    "custom_rank",
    "created_at_timestamp",
    "subscription_price",
    "make",
    "model",
    "id",
  ],
  searchableAttributes: [
    "name",
    "make",
    "model",
    "badge",
    "series",
    "year",
    "stocknum",
    "vin",
    "body",
    "fuel",
    "transmission",
    "drive",
    "colour",
    "car_type",
    "tag",
    "categories",
    "filtered_features",
    "dealership_name",
    "location_name",
    "city",
    "state",
  ],
  typoDisabledAttributes: ["stocknum", "vin"],
  defaultSort: ["custom_rank:desc"],
  synonyms: {
    ev: ["electric"],
    "4x4": ["4wd"],
    "4wd": ["4x4"],
    ute: ["utility"],
  },
  indexedAttributes: ["site_id"],
  // Unpriced vehicles last under either price order (docs/product/vehicle-card-and-page.md,
  // "Prices": a price shows only above the floor).
  unsetAtOrBelow: { price: PRICE_SHOWN_ABOVE },
};

export const OFFER_COLLECTION_CONFIG: CollectionConfig = {
  uid: OFFER_COLLECTION,
  primaryKey: "id",
  filterableAttributes: [
    "id",
    "site_id",
    "slug",
    "manufacturer.name",
    "manufacturer.slug",
    "model.name",
    "model.slug",
    "model.body",
    "offer_type",
    "price",
    "position",
    "expires_at_timestamp",
    "created_at_timestamp",
  ],
  sortableAttributes: ["position", "price", "created_at_timestamp", "expires_at_timestamp", "name"],
  searchableAttributes: [
    "name",
    "title",
    "manufacturer.name",
    "model.name",
    "model.body",
    "description",
  ],
  typoDisabledAttributes: [],
  defaultSort: ["position:asc"],
  synonyms: {},
  indexedAttributes: ["site_id"],
};

export const PART_COLLECTION_CONFIG: CollectionConfig = {
  uid: PART_COLLECTION,
  primaryKey: "id",
  filterableAttributes: [
    "id",
    "site_id",
    "name",
    "category",
    "price",
    "manufacturer",
    "part_number",
  ],
  sortableAttributes: ["price", "name", "created_at_timestamp"],
  searchableAttributes: ["name", "part_number", "category", "manufacturer", "description"],
  typoDisabledAttributes: ["part_number"],
  defaultSort: [],
  synonyms: {},
  indexedAttributes: ["site_id"],
};

export const DEFAULT_COLLECTIONS: readonly CollectionConfig[] = [
  CAR_COLLECTION_CONFIG,
  OFFER_COLLECTION_CONFIG,
  PART_COLLECTION_CONFIG,
];
