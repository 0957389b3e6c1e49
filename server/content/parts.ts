/**
 * Parts search (/parts/search) through the search service's `Part_production` collection:
 * keyword over name, part number, category, make and description, an exact category filter,
 * and the category choices as a facet. The site's scope is forced by the search service.
 */
import { toFilterString, compare } from "~/domain/filter-expression";
import {
  pageNumberParam,
  pageOffset,
  SEARCH_COLLECTIONS,
  stripDoubleQuotes,
} from "~/domain/search-query";
import type { RequestContext } from "../http/load-context";
import { plainText, sanitizeContentHtml } from "./sanitize";

type PartsContext = Pick<RequestContext, "search">;

export type PartView = {
  slug: string;
  name: string;
  partNumber: string | null;
  category: string | null;
  manufacturer: string | null;
  price: number | null;
  imageUrl: string | null;
  description: string;
};

export type PartSearch = { query: string; category: string | null; offset: number; limit: number };

export type PartResults = {
  hits: PartView[];
  estimatedTotalHits: number;
  offset: number;
  limit: number;
  categories: string[];
};

/** What this module reads of a `Part_production` document. */
type PartDocument = {
  slug: string;
  name: string;
  part_number?: string | null;
  category?: string | null;
  manufacturer?: string | null;
  price?: number | null;
  image_url?: string | null;
  description?: string | null;
};

function toView(doc: PartDocument): PartView {
  return {
    slug: doc.slug,
    name: doc.name,
    partNumber: doc.part_number ?? null,
    category: doc.category ?? null,
    manufacturer: doc.manufacturer ?? null,
    price: doc.price ?? null,
    imageUrl: doc.image_url ?? null,
    description: plainText(sanitizeContentHtml(doc.description ?? ""), 300),
  };
}

export async function searchParts(context: PartsContext, search: PartSearch): Promise<PartResults> {
  const q = stripDoubleQuotes(search.query).trim();
  const category = search.category ? stripDoubleQuotes(search.category).trim() : "";
  const { results } = context.search.multiSearch([
    {
      indexUid: SEARCH_COLLECTIONS.parts,
      q,
      limit: search.limit,
      offset: search.offset,
      sort: ["name:asc"],
      ...(category ? { filter: toFilterString(compare("category", "=", category)) } : {}),
    },
    // Every category of the site's parts, for the select.
    { indexUid: SEARCH_COLLECTIONS.parts, q: "", limit: 0, facets: ["category"] },
  ]);
  const [page, categories] = results;
  return {
    hits: (page?.hits ?? []).map((hit) => toView(hit as unknown as PartDocument)),
    estimatedTotalHits: page?.estimatedTotalHits ?? 0,
    offset: search.offset,
    limit: search.limit,
    categories: Object.keys(categories?.facetDistribution?.category ?? {}).sort((a, b) =>
      a.localeCompare(b),
    ),
  };
}

/** The parts search of a /parts/search URL (?query=&category=&page=). */
export function partSearchFromUrl(url: URL, pageSize: number): PartSearch & { page: number } {
  const page = pageNumberParam(url.searchParams.get("page"));
  return {
    query: url.searchParams.get("query")?.trim() ?? "",
    category: url.searchParams.get("category")?.trim() || null,
    offset: pageOffset(page - 1, pageSize),
    limit: pageSize,
    page,
  };
}
