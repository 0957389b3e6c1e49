/**
 * A site's data in the shapes of the dashboard-compatible API (./shapes.ts), read from this
 * platform: its database through the site scope, and its listed stock through the site's search.
 * The API router answers with these; a remote dashboard data source reads them back.
 */
import { asc, eq, gte } from "drizzle-orm";
import { searchPageDescription, searchPageHeading, searchPageTitle } from "~/domain/search-page";
import { searchScopeFor, siteSearchBasePath } from "~/domain/search-scope";
import type { SearchFacet } from "~/domain/search-facets";
import { buildSearchUrl, PATH_COMBINATIONS, type SearchState } from "~/domain/search-url";
import type { Vehicle } from "~/domain/vehicle";
import type { Database } from "../db/client";
import { locations, specialHours, vehicles } from "../db/schema";
import { CAR_COLLECTION } from "../search";
import type { SiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import type { SiteSearch } from "../stock/site-search";
import { loadVehicleDocuments } from "../stock/vehicle-store";
import type { DashboardLocation, WebsiteSessionData } from "./shapes";

export type SiteDataContext = { db: Database; site: Site; scope: SiteScope; search: SiteSearch };

/** Largest page of GET /websites/{id}/cars.json. */
export const MAX_CARS_PER_PAGE = 500;

/** The site's configuration subset, dealerships, navigation, locations and holiday hours. */
export async function websiteSessionData(
  context: SiteDataContext,
  now = new Date(),
): Promise<WebsiteSessionData> {
  const { site, scope } = context;
  const [rows, holidays] = await Promise.all([
    scope.findMany(locations, { orderBy: [asc(locations.position), asc(locations.id)] }),
    scope.findMany(specialHours, {
      where: gte(specialHours.date, now.toISOString().slice(0, 10)),
      orderBy: [asc(specialHours.date), asc(specialHours.id)],
    }),
  ]);
  const dealershipSlug = new Map(site.dealerships.map((d) => [d.id, d.slug]));
  const stock = context.search.search(CAR_COLLECTION, {
    limit: 0,
    facets: ["make", "make_model"],
  });
  const { settings } = site;
  return {
    website: {
      id: site.id,
      slug: site.slug,
      name: site.name,
      template: site.template,
      locale: site.locale,
      url: site.url,
      domain_name: site.domainName,
      logo: site.logo,
      city: site.city,
      state: site.state,
      dealership_id: site.dealershipId,
      dealership_group: site.dealershipGroup,
      manufacturer: site.manufacturer,
      default_search_path: settings.defaultSearchPath,
      include_sold_cars_days: settings.includeSoldCarsDays ?? null,
      specifications: {
        just_arrived_days: settings.justArrivedDays,
        just_arrived_tag_name: settings.justArrivedTagName,
        sold_tag_name: settings.soldTagName,
      },
      offers_subscription: settings.offersSubscription,
      garage_enabled: settings.garageEnabled,
      gtm_id: settings.gtmId,
      contact_details: site.contactDetails,
      stock: {
        count: stock.estimatedTotalHits ?? 0,
        makes: Object.keys(stock.facetDistribution?.make ?? {}).length,
        models: Object.keys(stock.facetDistribution?.make_model ?? {}).length,
      },
    },
    dealerships: site.dealerships.map((d) => ({
      id: d.id,
      name: d.name,
      slug: d.slug,
      review_count: d.reviewCount,
      average_rating: d.averageRating,
      manufacturers: d.manufacturers,
    })),
    navigation: site.navigation,
    locations: rows.map((row): DashboardLocation => ({
      id: row.id,
      dealership_id: row.dealershipId,
      dealership_slug: dealershipSlug.get(row.dealershipId) ?? "",
      name: row.name,
      slug: row.slug,
      location_type: row.locationType,
      location_subtype: row.locationSubtype,
      manufacturers: row.manufacturers,
      position: row.position,
      primary: row.primary,
      visible: row.visible,
      image: row.image ?? null,
      dealer_license_number: row.dealerLicenseNumber,
      motor_vehicle_repairer: row.motorVehicleRepairer,
      address: row.address,
      contact_detail: { ...row.contactDetail, opening_hours: row.openingHours },
      service_opening_hours: row.serviceOpeningHours ?? null,
      average_rating: row.averageRating,
      review_count: row.reviewCount,
      gmb_profile_id: row.gmbProfileId,
      external_identifiers: row.externalIdentifiers,
    })),
    special_hours: holidays.map((h) => ({
      date: h.date,
      status: h.status,
      start_hour: h.startHour,
      end_hour: h.endHour,
      location_id: h.locationId,
      label: h.label,
    })),
  };
}

/** One of the site's cars by slug (listed or not: the backend knows its whole stock). */
export async function carBySlug(context: SiteDataContext, slug: string): Promise<Vehicle | null> {
  const row = await context.scope.findFirst(vehicles, eq(vehicles.slug, slug));
  if (!row) return null;
  const [car] = await loadVehicleDocuments(context.db, { ids: [row.id] });
  return car ?? null;
}

/** One page of the site's whole stock, in id order. */
export async function carsPage(
  context: SiteDataContext,
  page: number,
  perPage: number,
): Promise<{ cars: Vehicle[]; page: number; per_page: number; total: number }> {
  const [rows, total] = await Promise.all([
    context.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(context.scope.own(vehicles))
      .orderBy(asc(vehicles.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    context.scope.count(vehicles),
  ]);
  const cars = await loadVehicleDocuments(context.db, { ids: rows.map((r) => r.id) });
  return { cars, page, per_page: perPage, total };
}

/** The facets a search path can name. */
const PATH_FACETS = [...new Set(PATH_COMBINATIONS.flat())];

type SearchSlug = {
  slug: string;
  path: string;
  filters: Record<string, string[]>;
  count: number;
};

/**
 * The search URL paths the site's listed stock fills (docs/product/search-and-urls.md): every
 * path combination with the values its cars carry, and how many cars each lists.
 */
export function searchSlugs(context: Pick<SiteDataContext, "site" | "search">): SearchSlug[] {
  const basePath = siteSearchBasePath(context.site.settings);
  const found = new Map<string, SearchSlug>();
  for (let offset = 0; ; offset += 1000) {
    const { hits } = context.search.search(CAR_COLLECTION, {
      limit: 1000,
      offset,
      attributesToRetrieve: PATH_FACETS,
    });
    for (const hit of hits as Partial<Record<SearchFacet, unknown>>[]) {
      for (const combination of PATH_COMBINATIONS) {
        for (const filters of filterSets(hit, combination)) {
          const state: SearchState = { filters, query: "", sortBy: null, page: 1 };
          const path = buildSearchUrl(state, { basePath });
          const known = found.get(path);
          if (known) known.count += 1;
          else
            found.set(path, {
              slug: path.slice(basePath.length + 1),
              path,
              filters: Object.fromEntries(
                Object.entries(filters).map(([facet, values]) => [facet, [...values]]),
              ),
              count: 1,
            });
        }
      }
    }
    if (hits.length < 1000) break;
  }
  return [...found.values()].sort((a, b) => a.path.localeCompare(b.path));
}

/** The single-value selections of `combination` a car fills (a list facet gives one per value). */
function filterSets(
  hit: Partial<Record<SearchFacet, unknown>>,
  combination: readonly SearchFacet[],
): Record<string, string[]>[] {
  let sets: Record<string, string[]>[] = [{}];
  for (const facet of combination) {
    const raw = hit[facet];
    const values = (Array.isArray(raw) ? raw : [raw]).filter(
      (v): v is string => typeof v === "string" && v !== "",
    );
    if (values.length === 0) return [];
    sets = sets.flatMap((set) => values.map((value) => ({ ...set, [facet]: [value] })));
  }
  return sets;
}

/** The heading, title and description of each search page in use: the base page, then each slug. */
export function searchPageTemplates(context: Pick<SiteDataContext, "site" | "search">) {
  const { site } = context;
  const basePath = siteSearchBasePath(site.settings);
  const scope = searchScopeFor(basePath)!;
  const total = context.search.search(CAR_COLLECTION, { limit: 0 }).estimatedTotalHits ?? 0;
  const pages = [
    { path: basePath, filters: {}, count: total },
    ...searchSlugs(context).map(({ path, filters, count }) => ({ path, filters, count })),
  ];
  return pages.map(({ path, filters, count }) => {
    const state: SearchState = { filters, query: "", sortBy: null, page: 1 };
    const heading = searchPageHeading(state, scope, site.settings, site.locale);
    return {
      path,
      heading,
      title: searchPageTitle(heading, 1),
      description: searchPageDescription(heading, count, site.name, site.locale),
    };
  });
}
