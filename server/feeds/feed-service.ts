/**
 * Vehicle ads feeds of a site (docs/product/feeds.md, decision 062): built on each fetch from the
 * site's listed stock in the search index the pages read (its stock rules forced on every query),
 * a page of vehicles at a time, so a group's 20,000 vehicles are never all in memory as text.
 * The validators (ETag, Last-Modified) move on with every stock change and every change to the
 * site, so a price change or a sale is in the next fetch and an unchanged feed is answered 304.
 */
import { asc } from "drizzle-orm";
import { locationType } from "~/domain/locations";
import { feedExclusion, feedMarket, FEED_NAMES, type FeedName } from "~/domain/vehicle-ads";
import type { Vehicle } from "~/domain/vehicle";
import type { Database } from "../db/client";
import { locations } from "../db/schema";
import { CAR_COLLECTION } from "../search";
import { createSiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import { memoForSiteVersion } from "../sites/site-memo";
import type { SearchIndex } from "../stock/search-sync";
import { createSiteSearch, type SiteSearch } from "../stock/site-search";
import {
  columnsOf,
  csvLine,
  googleRow,
  locationOf,
  metaRow,
  STORE_COLUMNS,
  storeRow,
  tsvLine,
  type FeedLocation,
  type RowContext,
} from "./feed-rows";

/** Vehicles read from the index per query: one page of a feed. */
export const FEED_PAGE_SIZE = 1000;

/** The fields a feed row or report reads: hits carry only these. */
const FIELDS = [
  "id",
  "slug",
  "name",
  "make",
  "model",
  "year",
  "km",
  "badge",
  "price",
  "price_type",
  "before_price",
  "status",
  "car_type",
  "item_type",
  "certified",
  "reserved",
  "sold",
  "stocknum",
  "vin",
  "dealership_id",
  "dealership_name",
  "location_id",
  "city",
  "state",
  "simple_fuel",
  "simple_body",
  "simple_drive",
  "simple_transmission",
  "fuel",
  "body",
  "drive",
  "transmission",
  "colour",
  "primary_image_url",
  "images",
  "show_on_dealer_website",
  "description",
] as const satisfies readonly (keyof Vehicle)[];

export type FeedFile = { name: FeedName | "google-stores"; path: string; type: string };

/** Every file a site serves under /feeds/ (docs/product/feeds.md, "Paths"). */
export const FEED_FILES: readonly FeedFile[] = [
  {
    name: "google-vehicle-ads",
    path: "/feeds/google-vehicle-ads.tsv",
    type: "text/tab-separated-values; charset=utf-8",
  },
  {
    name: "google-stores",
    path: "/feeds/google-stores.tsv",
    type: "text/tab-separated-values; charset=utf-8",
  },
  { name: "meta-vehicles", path: "/feeds/meta-vehicles.csv", type: "text/csv; charset=utf-8" },
];

export const reportPath = (feed: FeedName) => `/feeds/${feed}/report`;

export type LeftOutVehicle = {
  id: number;
  dealershipId: number;
  stocknum: string | null;
  name: string;
  reason: string;
};

export type FeedReport = {
  feed: FeedName;
  site: string;
  url: string;
  generatedAt: string;
  published: number;
  leftOut: LeftOutVehicle[];
};

type Entry = { vehicle: Vehicle; location: FeedLocation | null; reason: string | null };

export type FeedServiceOptions = {
  search: SearchIndex;
  db: Database;
  now?: () => number;
  /** The site's locations; by default read through the site scope (the benchmark gives its own). */
  loadLocations?: (site: Site) => Promise<FeedLocation[]>;
};

export class FeedService {
  readonly #search: SearchIndex;
  readonly #loadLocations: (site: Site) => Promise<FeedLocation[]>;
  readonly #now: () => number;
  /** Moves on with every change of the vehicles' index (any site's). */
  #stockGeneration = 0;
  #stockChangedAt: number;
  /** Each site's version and when this process first saw it. */
  readonly #versionsSeen = new Map<number, { version: number; at: number }>();
  /** When each site's feed was last fetched (by anyone): `${siteId}:${file}`. */
  readonly #fetched = new Map<string, number>();

  constructor(options: FeedServiceOptions) {
    this.#search = options.search;
    const db = options.db;
    this.#loadLocations =
      options.loadLocations ??
      (async (site) =>
        (await createSiteScope(db, site.id).findMany(locations, {
          orderBy: [asc(locations.position), asc(locations.id)],
        })) as FeedLocation[]);
    this.#now = options.now ?? Date.now;
    this.#stockChangedAt = this.#now();
    options.search.engine.onChange((collection) => {
      if (collection !== CAR_COLLECTION) return;
      this.#stockGeneration++;
      this.#stockChangedAt = this.#now();
    });
  }

  /** ETag and Last-Modified of a site's feeds as they stand now. */
  validators(site: Site, file: FeedFile["name"]): { etag: string; lastModified: Date } {
    const seen = this.#versionsSeen.get(site.id);
    const at =
      seen && seen.version === site.version ? seen.at : this.#markVersion(site.id, site.version);
    // The day is part of it: a site's freshness rule can drop a vehicle without any change.
    const day = new Date(this.#now()).toISOString().slice(0, 10).replace(/-/g, "");
    return {
      etag: `"${file}-${site.id}-${site.version}-${this.#stockGeneration}-${day}"`,
      lastModified: new Date(Math.max(at, this.#stockChangedAt)),
    };
  }

  #markVersion(siteId: number, version: number): number {
    const at = this.#now();
    this.#versionsSeen.set(siteId, { version, at });
    return at;
  }

  recordFetch(siteId: number, file: FeedFile["name"]): void {
    this.#fetched.set(`${siteId}:${file}`, this.#now());
  }

  /** When a site's feed was last fetched from this server; null when never since it started. */
  lastFetched(siteId: number, file: FeedFile["name"]): Date | null {
    const at = this.#fetched.get(`${siteId}:${file}`);
    return at === undefined ? null : new Date(at);
  }

  /** The feed's text: its header, then one chunk per page of vehicles. */
  async *chunks(site: Site, origin: string, feed: FeedName): AsyncGenerator<string> {
    const line = feed === "google-vehicle-ads" ? tsvLine : csvLine;
    const context = await this.#rowContext(site, origin);
    yield line(columnsOf(feed));
    for (const page of this.#pages(site, feed, context)) {
      let text = "";
      for (const entry of page) {
        if (entry.reason !== null) continue;
        const row =
          feed === "google-vehicle-ads"
            ? googleRow(entry.vehicle, entry.location!, context)
            : metaRow(entry.vehicle, entry.location, context);
        text += line(row);
      }
      if (text !== "") yield text;
    }
  }

  /** The vehicles a feed leaves out, each with its reason. */
  async report(site: Site, origin: string, feed: FeedName): Promise<FeedReport> {
    const context = await this.#rowContext(site, origin);
    const leftOut: LeftOutVehicle[] = [];
    let published = 0;
    for (const page of this.#pages(site, feed, context)) {
      for (const { vehicle, reason } of page) {
        if (reason === null) published++;
        else
          leftOut.push({
            id: vehicle.id,
            dealershipId: vehicle.dealership_id,
            stocknum: vehicle.stocknum,
            name: vehicle.name,
            reason,
          });
      }
    }
    return {
      feed,
      site: site.slug,
      url: `${origin}${FEED_FILES.find((f) => f.name === feed)!.path}`,
      generatedAt: new Date(this.#now()).toISOString(),
      published,
      leftOut,
    };
  }

  /** Google's local store data: every shown sales location of the site. */
  async storeFeed(site: Site, origin: string): Promise<string> {
    const context = await this.#rowContext(site, origin);
    let text = tsvLine(STORE_COLUMNS);
    for (const location of context.locations.values()) {
      if (!location.visible || !isSalesLocation(location)) continue;
      text += tsvLine(storeRow(location, context));
    }
    return text;
  }

  /**
   * The site's listed vehicles in id order, a page at a time, each with the reason it stays out
   * (null: it goes in). Pages follow the last id read, so a change between pages cannot shift
   * a vehicle into a page already written, and a VIN is published once per feed.
   */
  *#pages(site: Site, feed: FeedName, context: RowContext): Generator<Entry[]> {
    const search: SiteSearch = createSiteSearch(this.#search, site);
    const vins = new Map<string, number>();
    let after = 0;
    for (;;) {
      const { hits } = search.search(CAR_COLLECTION, {
        filter: `id > ${after}`,
        sort: ["id:asc"],
        limit: FEED_PAGE_SIZE,
        attributesToRetrieve: FIELDS,
      });
      const vehicles = hits as unknown as Vehicle[];
      yield vehicles.map((vehicle) => {
        const location = locationOf(vehicle, context);
        let reason = feedExclusion(vehicle, feed, context.market);
        if (reason === null && feed === "google-vehicle-ads" && location === null)
          reason = "No dealership location to name as the store: set the vehicle's location.";
        if (reason === null) {
          const vin = vehicle.vin!.trim().toUpperCase();
          const first = vins.get(vin);
          if (first !== undefined)
            reason = `The same VIN as vehicle ${first}, already in this feed.`;
          else vins.set(vin, vehicle.id);
        }
        return { vehicle, location, reason };
      });
      if (vehicles.length < FEED_PAGE_SIZE) return;
      after = vehicles[vehicles.length - 1]!.id;
    }
  }

  async #rowContext(site: Site, origin: string): Promise<RowContext> {
    const rows = await memoForSiteVersion(site, "feeds:locations", () => this.#loadLocations(site));
    return {
      origin,
      settings: site.settings,
      market: feedMarket(site.locale),
      siteName: site.name,
      locations: new Map(rows.map((row) => [row.id, row])),
    };
  }
}

function isSalesLocation(location: Pick<FeedLocation, "locationType">): boolean {
  return locationType({ location_type: location.locationType }) === "sales";
}

export function isFeedName(name: string): name is FeedName {
  return (FEED_NAMES as readonly string[]).includes(name);
}
