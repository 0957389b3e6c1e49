/**
 * The home page's data: only what its enabled blocks need (settings.homeBlocks), read in
 * parallel.
 */
import { and, compare, toFilterString } from "~/domain/filter-expression";
import { carsQuery } from "~/domain/search-query";
import type { HomeBlock } from "~/domain/site-settings";
import type { Vehicle } from "~/domain/vehicle";
import type { RequestContext } from "../http/load-context";
import { loadSiteLocations, locationsToShow } from "./locations";
import type { LocationView } from "./locations";
import { offerCards } from "./offers";
import type { OfferCardView } from "./offers";
import { loadReviews, siteReviewSummary } from "./reviews";
import type { ReviewsView } from "./reviews";
import { loadStockSummary } from "./stock-summary";
import type { StockSummary } from "./stock-summary";

type HomeContext = Pick<RequestContext, "site" | "scope" | "search">;

/** Vehicle cards in each of the home page's vehicle rows (featured, just arrived). */
export const HOME_VEHICLES_COUNT = 4;

/** The listed, unsold vehicles in an order (the route sends their card's part). */
function homeVehicles(context: HomeContext, sort: string): Vehicle[] {
  const filter = toFilterString(and(compare("status", "!=", "sold")));
  const [result] = context.search.multiSearch([
    carsQuery(filter, { limit: HOME_VEHICLES_COUNT, sort: [sort] }),
  ]).results;
  return (result?.hits ?? []) as Vehicle[];
}

/** Specials cards on the home page. */
export const HOME_SPECIALS_COUNT = 3;
/** Makes in 'Our Range', and models under each. */
export const HOME_RANGE_MAKES = 12;
export const HOME_RANGE_MODELS = 4;

export type HomeData = {
  blocks: HomeBlock[];
  stock: StockSummary | null;
  locations: LocationView[];
  specials: OfferCardView[];
  reviews: ReviewsView | null;
  /** The dealer's own pick (its ranking) and the latest arrivals, from the stock. */
  featured: Vehicle[];
  justArrived: Vehicle[];
  today: string;
};

export async function loadHome(context: HomeContext, now = new Date()): Promise<HomeData> {
  const { settings } = context.site;
  const blocks = settings.homeBlocks;
  const wants = (block: HomeBlock) => blocks.includes(block);
  const [stock, locations, specials, reviews] = await Promise.all([
    wants("hero") || wants("our-range") ? loadStockSummary(context) : null,
    wants("locations")
      ? loadSiteLocations(context, now).then((all) =>
          locationsToShow(all, settings, settings.locationsCarouselFilter),
        )
      : [],
    wants("specials") ? offerCards(context, HOME_SPECIALS_COUNT, now) : [],
    wants("reviews") ? loadReviews(context, siteReviewSummary(context.site), { now }) : null,
  ]);
  return {
    blocks,
    stock: stock && {
      ...stock,
      makes: stock.makes
        .slice(0, HOME_RANGE_MAKES)
        .map((make) => ({ ...make, models: make.models.slice(0, HOME_RANGE_MODELS) })),
    },
    locations,
    specials,
    reviews,
    // The hero's picture is the first featured vehicle's.
    featured:
      wants("featured-vehicles") || wants("hero") ? homeVehicles(context, "custom_rank:desc") : [],
    justArrived: wants("just-arrived") ? homeVehicles(context, "created_at_timestamp:desc") : [],
    today: now.toISOString().slice(0, 10),
  };
}
