/**
 * Special offers (offer cards: docs/product/vehicle-card-and-page.md, "Other blocks"; the offers
 * search: docs/product/search-and-urls.md, "Search calls").
 *
 * Offers come from the search service's `Offer_production` collection with the filters
 * manufacturer.name, model.name, model.body, a keyword query and an offset; the query itself is
 * the domain's (`buildOfferSearchQuery`). The site's scope is forced by the search service.
 * One multi-search returns the page of hits and the filter choices: makes for the keyword
 * alone, models and bodies for the chosen make (as the search page does per facet).
 */
import {
  buildOfferSearchQuery,
  pageNumberParam,
  pageOffset,
  SEARCH_COLLECTIONS,
} from "~/domain/search-query";
import { madeOncePer } from "~/domain/made-once";
import type { OfferSearch } from "~/domain/search-query";
import type { RequestContext } from "../http/load-context";
import { MAX_VALUES_PER_FACET } from "../search/facets";
import { plainText, sanitizeContentHtml } from "./sanitize";

type OffersContext = Pick<RequestContext, "search">;

/** An offer card, plus what the card and filters show. */
export type OfferCardView = {
  slug: string;
  name: string;
  description: string;
  disclaimer: string | null;
  price: number | null;
  manufacturer: string | null;
  model: string | null;
  body: string | null;
  expiresAt: string | null;
  logoSrc: string | null;
  logoWidth: number | null;
  logoHeight: number | null;
  imageSrc: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  linkHref: string;
};

export type OfferFacets = { manufacturers: string[]; models: string[]; bodies: string[] };

export type OfferResults = {
  hits: OfferCardView[];
  estimatedTotalHits: number;
  offset: number;
  limit: number;
  facets: OfferFacets;
};

/** What this module reads of an `Offer_production` document. */
type OfferDocument = {
  slug: string;
  name: string;
  description?: string | null;
  disclaimer?: string | null;
  price?: number | null;
  manufacturer?: { name?: string | null } | null;
  model?: { name?: string | null; body?: string | null } | null;
  expires_at_timestamp?: number | null;
  logoSrc?: string | null;
  logoWidth?: number | null;
  logoHeight?: number | null;
  imageSrc?: string | null;
  imageWidth?: number | null;
  imageHeight?: number | null;
  linkHref?: string | null;
};

/**
 * Cards by the search document they were made from. The search service hands out the documents
 * it stores, the same objects on every request until the offers change, and a card is a pure
 * function of its document (its texts sanitised, which is most of its cost): a changed offer is a
 * new document and so a new card, and the cards of removed offers go with their documents.
 */
const toCard = madeOncePer(cardOf);

function cardOf(doc: OfferDocument): OfferCardView {
  return {
    slug: doc.slug,
    name: doc.name,
    description: plainText(sanitizeContentHtml(doc.description ?? ""), 400),
    disclaimer: doc.disclaimer ? plainText(sanitizeContentHtml(doc.disclaimer), 600) : null,
    price: doc.price ?? null,
    manufacturer: doc.manufacturer?.name ?? null,
    model: doc.model?.name ?? null,
    body: doc.model?.body ?? null,
    expiresAt: doc.expires_at_timestamp
      ? new Date(doc.expires_at_timestamp).toISOString().slice(0, 10)
      : null,
    logoSrc: doc.logoSrc ?? null,
    logoWidth: doc.logoWidth ?? null,
    logoHeight: doc.logoHeight ?? null,
    imageSrc: doc.imageSrc ?? null,
    imageWidth: doc.imageWidth ?? null,
    imageHeight: doc.imageHeight ?? null,
    linkHref: doc.linkHref ?? `/special-offers#${doc.slug}`,
  };
}

/** Offers past their expiry are never shown. */
function notExpired(bound: number): string {
  return `expires_at_timestamp IS NULL OR expires_at_timestamp >= ${bound}`;
}

/**
 * The bound of the expiry filter: the earliest expiry still to come (at or after now). It hides
 * exactly the offers `>= now` would, but stays the same until that offer expires or the offers
 * change, so the offers' searches are answered from the search service's results cache instead
 * of being run, and stored again under a key of their own, on every page. The expiries come from
 * one facet query whose key never changes. When they cannot all be seen (more distinct values
 * than a facet lists, or values that are not numbers) the bound is now itself.
 */
function expiryBound(context: OffersContext, now: Date): number {
  const nowMs = now.getTime();
  const [result] = context.search.multiSearch([
    { indexUid: SEARCH_COLLECTIONS.offers, q: "", limit: 0, facets: ["expires_at_timestamp"] },
  ]).results;
  const values = Object.keys(result?.facetDistribution?.expires_at_timestamp ?? {}).map(Number);
  if (values.length >= MAX_VALUES_PER_FACET || values.some((v) => !Number.isFinite(v)))
    return nowMs;
  let bound: number | null = null;
  let latest = -Infinity;
  for (const value of values) {
    if (value >= nowMs && (bound === null || value < bound)) bound = value;
    if (value > latest) latest = value;
  }
  // Every expiry has passed: any bound above the latest hides them all, as now does.
  return bound ?? (Number.isFinite(latest) ? latest + 1 : 0);
}

const valuesOf = (distribution: Record<string, number> | undefined) =>
  Object.keys(distribution ?? {}).sort((a, b) => a.localeCompare(b));

/** The offers search (docs/product/search-and-urls.md) through the site's search service. */
export async function searchOffers(
  context: OffersContext,
  search: OfferSearch & { limit: number },
  now: Date,
): Promise<OfferResults> {
  const live = notExpired(expiryBound(context, now));
  const withFilter = (
    query: ReturnType<typeof buildOfferSearchQuery>,
    extra: Record<string, unknown>,
  ) => ({
    ...query,
    filter: query.filter ? [query.filter, live] : [live],
    ...extra,
  });
  const hits = buildOfferSearchQuery(search);
  // Filter choices: every make matching the keyword; models and bodies of the chosen make.
  const makes = buildOfferSearchQuery({ query: search.query });
  const ofMake = buildOfferSearchQuery({ query: search.query, manufacturer: search.manufacturer });
  const { results } = context.search.multiSearch([
    withFilter(hits, { limit: search.limit, offset: search.offset ?? 0 }),
    withFilter(makes, { limit: 0, offset: 0, facets: ["manufacturer.name"] }),
    withFilter(ofMake, { limit: 0, offset: 0, facets: ["model.name", "model.body"] }),
  ]);
  const [page, makeFacets, makeModels] = results;
  return {
    hits: (page?.hits ?? []).map((hit) => toCard(hit as unknown as OfferDocument)),
    estimatedTotalHits: page?.estimatedTotalHits ?? 0,
    offset: search.offset ?? 0,
    limit: search.limit,
    facets: {
      manufacturers: valuesOf(makeFacets?.facetDistribution?.["manufacturer.name"]),
      models: valuesOf(makeModels?.facetDistribution?.["model.name"]),
      bodies: valuesOf(makeModels?.facetDistribution?.["model.body"]),
    },
  };
}

/**
 * The first offers of the site, not expired, in the offers search's order: what the home page's
 * specials show. The same page of hits as `searchOffers` with no filters, without the filter
 * choices the home page does not show.
 */
export function offerCards(context: OffersContext, limit: number, now: Date): OfferCardView[] {
  const query = buildOfferSearchQuery({});
  const live = notExpired(expiryBound(context, now));
  const [page] = context.search.multiSearch([
    { ...query, filter: query.filter ? [query.filter, live] : [live], limit, offset: 0 },
  ]).results;
  return (page?.hits ?? []).map((hit) => toCard(hit as unknown as OfferDocument));
}

/** The offers search of a /special-offers URL (?make=&model=&body=&query=&page=). */
export function offerSearchFromUrl(
  url: URL,
  pageSize: number,
): OfferSearch & { limit: number; page: number } {
  const value = (name: string) => url.searchParams.get(name)?.trim() || null;
  const page = pageNumberParam(url.searchParams.get("page"));
  return {
    manufacturer: value("make"),
    model: value("model"),
    body: value("body"),
    query: value("query") ?? "",
    offset: pageOffset(page - 1, pageSize),
    limit: pageSize,
    page,
  };
}
