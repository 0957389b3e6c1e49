/**
 * The search engine: the collections in memory and the search operation over them, with the
 * Meilisearch semantics of filter, sort, facets, pagination, keyword ranking and highlighting.
 *
 * The database stays the source of truth. The host loads every collection at start
 * (`replaceAll`) and reports each change (`upsert` / `remove`); a change is searchable as soon
 * as the call returns.
 */
import { Collection, type Document } from "./collection";
import type { SortRule } from "./sort-order";
import type { Universe } from "./universe";
import { DEFAULT_COLLECTIONS, type CollectionConfig } from "./collections";
import { SearchApiError, badRequest, indexNotFound } from "./errors";
import { computeFacets, facetValues, type FacetDistribution, type FacetStats } from "./facets";
import { checkFilterable, parseFilter, type FilterNode } from "./filter-parser";
import { FormattedHitCache, HitBuilder, createWordMatcher, type Hit } from "./format";
import {
  parseFacetSearchQuery,
  parseSearchQuery,
  type FacetSearchParams,
  type QueryLimits,
  type SearchParams,
  type SearchQuery,
} from "./query";
import { ResultsCache } from "./results-cache";
import { matchCode } from "./text-index";
import { maxTyposFor, parseQueryTerms, tokenize } from "./text";

export type SearchResponse = {
  hits: Hit[];
  query: string;
  processingTimeMs: number;
  limit?: number;
  offset?: number;
  estimatedTotalHits?: number;
  hitsPerPage?: number;
  page?: number;
  totalPages?: number;
  totalHits?: number;
  facetDistribution?: FacetDistribution;
  facetStats?: FacetStats;
};

export type FacetSearchResponse = {
  facetHits: { value: string; count: number }[];
  facetQuery: string | null;
  processingTimeMs: number;
};

export type SearchOptions = {
  /**
   * A trusted filter ANDed onto the query (a site's stock rules and site id). Its candidate set
   * is computed once and maintained on every change.
   */
  baseFilter?: string | readonly string[] | null;
  /** Use the results cache (default true). */
  cache?: boolean;
};

export type SearchEngineOptions = {
  collections?: readonly CollectionConfig[];
  /** Results cache entries kept, evicted oldest-first; 0 turns the cache off. Default 1,000. */
  resultsCacheLimit?: number;
  /** Bytes of results kept (their JSON length). Default 32 MiB. */
  resultsCacheMaxBytes?: number;
  /** Most hits one query returns (larger `limit` / `hitsPerPage` are served as this). */
  maxHitsPerQuery?: number;
};

export type ChangeListener = (collection: string) => void;

const FILTER_CACHE_LIMIT = 2000;

export class SearchEngine {
  private readonly collectionsByUid = new Map<string, Collection>();
  readonly resultsCache: ResultsCache<SearchResponse>;
  private readonly limits: QueryLimits;
  private readonly filterCache = new Map<string, FilterNode | null | SearchApiError>();
  private readonly listeners = new Set<ChangeListener>();
  private readonly formattedHits = new FormattedHitCache();

  constructor(options: SearchEngineOptions = {}) {
    for (const config of options.collections ?? DEFAULT_COLLECTIONS) {
      this.collectionsByUid.set(config.uid, new Collection(config));
    }
    this.resultsCache = new ResultsCache(
      options.resultsCacheLimit ?? 1000,
      options.resultsCacheMaxBytes,
    );
    this.limits = { maxHits: options.maxHitsPerQuery ?? 1000 };
  }

  get queryLimits(): QueryLimits {
    return this.limits;
  }

  collectionUids(): string[] {
    return [...this.collectionsByUid.keys()];
  }

  hasCollection(uid: string): boolean {
    return this.collectionsByUid.has(uid);
  }

  /** The collection, or an `index_not_found` error. */
  collection(uid: string): Collection {
    const collection = this.collectionsByUid.get(uid);
    if (!collection) throw indexNotFound(uid);
    return collection;
  }

  // ---------------------------------------------------------------------------------------------
  // Documents

  /** Replaces every document of a collection (at start, or after a bulk import). */
  replaceAll(uid: string, docs: readonly object[]): void {
    this.collection(uid).replaceAll(docs as readonly Document[]);
    this.changed(uid);
  }

  /**
   * Replaces every document of a collection with the batches given to `add` (about `expected`
   * documents in all), for a load that reads them in batches: no batch is kept once added.
   * Searches see an incomplete collection until `finish`: for a start, before search is served.
   */
  replacing(
    uid: string,
    expected: number,
  ): { add: (docs: readonly object[]) => void; finish: () => void } {
    const load = this.collection(uid).replacing(expected);
    return {
      add: (docs) => {
        for (const doc of docs) load.add(doc as Document);
      },
      finish: () => {
        load.finish();
        this.changed(uid);
      },
    };
  }

  /** Adds or replaces one document (matched by primary key). */
  upsert(uid: string, doc: object): void {
    this.collection(uid).upsert(doc as Document);
    this.changed(uid);
  }

  upsertMany(uid: string, docs: readonly object[]): void {
    const collection = this.collection(uid);
    for (const doc of docs) collection.upsert(doc as Document);
    this.changed(uid);
  }

  /** Removes a document by primary key; false if it was not there. */
  remove(uid: string, id: string | number): boolean {
    const removed = this.collection(uid).remove(id);
    if (removed) this.changed(uid);
    return removed;
  }

  get(uid: string, id: string | number): Readonly<Document> | undefined {
    return this.collection(uid).get(id);
  }

  count(uid: string): number {
    return this.collection(uid).size;
  }

  /** Called after every change of a collection (after the engine's own caches are cleared). */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(uid: string): void {
    this.resultsCache.invalidate(uid);
    this.formattedHits.clear();
    for (const listener of this.listeners) listener(uid);
  }

  // ---------------------------------------------------------------------------------------------
  // Filters

  /** Parses a filter (string or array form), cached; errors are `invalid_search_filter`. */
  parseFilter(filter: unknown): FilterNode | null {
    if (filter === null || filter === undefined) return null;
    const key = typeof filter === "string" ? filter : filterKey(filter);
    if (key === null) return parseFilter(filter);
    const cached = this.filterCache.get(key);
    if (cached instanceof SearchApiError) throw cached;
    if (cached !== undefined) return cached;
    if (this.filterCache.size >= FILTER_CACHE_LIMIT) this.filterCache.clear();
    try {
      const node = parseFilter(filter);
      this.filterCache.set(key, node);
      return node;
    } catch (error) {
      if (error instanceof SearchApiError) this.filterCache.set(key, error);
      throw error;
    }
  }

  /** Throws if `filter` is not valid for the collection (syntax or attributes). */
  validateFilter(uid: string, filter: unknown): void {
    const node = this.parseFilter(filter);
    if (node) checkFilterable(node, this.collection(uid).filterable);
  }

  private universe(collection: Collection, baseFilter: SearchOptions["baseFilter"]): Universe {
    if (baseFilter === null || baseFilter === undefined) return collection.universeAll();
    const node = this.parseFilter(baseFilter);
    if (node === null) return collection.universeAll();
    return collection.universeFor(baseFilterKey(baseFilter), node);
  }

  // ---------------------------------------------------------------------------------------------
  // Search

  /**
   * Runs one search. `params` is a Meilisearch search body (validated here); errors are thrown as
   * `SearchApiError` in Meilisearch's shape. The returned object may be shared with the results
   * cache: treat it as read-only.
   */
  search(uid: string, params: SearchParams, options: SearchOptions = {}): SearchResponse {
    return this.searchQuery(uid, parseSearchQuery(params, this.limits), options);
  }

  /** Runs a validated query (the HTTP layer validates bodies itself, for error paths). */
  searchQuery(uid: string, query: SearchQuery, options: SearchOptions = {}): SearchResponse {
    const started = performance.now();
    const collection = this.collection(uid);
    const useCache = options.cache !== false && this.resultsCache.enabled;
    const cacheKey = useCache
      ? `${uid}\u0000${baseFilterKey(options.baseFilter)}\u0000${queryKey(query)}`
      : "";
    if (useCache) {
      const cached = this.resultsCache.get(cacheKey);
      if (cached) return cached;
    }

    const filter = this.parseFilter(query.filter);
    if (filter) checkFilterable(filter, collection.filterable);
    const sort = parseSort(query.sort, collection);
    const facets = resolveFacets(query.facets, collection);
    const searchOn = resolveSearchOn(query.attributesToSearchOn, collection);
    const universe = this.universe(collection, options.baseFilter);
    const terms = parseQueryTerms(query.q);

    const paged = query.page !== null;
    const hitsPerPage = query.hitsPerPage ?? 0;
    const offset = paged ? Math.max(0, query.page! - 1) * hitsPerPage : query.offset;
    const limit = paged ? (query.page === 0 ? 0 : hitsPerPage) : query.limit;
    const ranked = collection.rank(
      {
        filter,
        terms,
        matchingStrategy: query.matchingStrategy,
        sort: sort ?? defaultSort(collection),
        searchOn,
        offset,
        limit,
      },
      universe,
    );

    const wantsFormatting =
      (query.attributesToHighlight !== null && query.attributesToHighlight.length > 0) ||
      (query.attributesToCrop !== null && query.attributesToCrop.length > 0);
    const touched = wantsFormatting && terms.length > 0 ? collection.text.mark(terms) : null;
    let hits: Hit[];
    try {
      const builder = new HitBuilder(
        {
          retrieve: query.attributesToRetrieve,
          highlight:
            wantsFormatting && query.attributesToHighlight?.length
              ? query.attributesToHighlight
              : null,
          crop: wantsFormatting && query.attributesToCrop?.length ? query.attributesToCrop : null,
          cropLength: query.cropLength,
          cropMarker: query.cropMarker,
          preTag: query.highlightPreTag,
          postTag: query.highlightPostTag,
          matcher: touched ? createWordMatcher(terms, collection.text) : null,
          matcherKey: touched ? JSON.stringify(terms) : undefined,
        },
        this.formattedHits,
      );
      hits = ranked.hits.map((slot, i) =>
        builder.build(
          collection.documentAt(slot),
          query.showRankingScore ? ranked.scores[i] : undefined,
        ),
      );
    } finally {
      if (touched) collection.text.unmark(touched);
    }

    const response: SearchResponse = { hits, query: query.q, processingTimeMs: 0 };
    if (paged) {
      response.hitsPerPage = hitsPerPage;
      response.page = query.page!;
      response.totalPages = hitsPerPage === 0 ? 0 : Math.ceil(ranked.total / hitsPerPage);
      response.totalHits = ranked.total;
    } else {
      response.limit = query.limit;
      response.offset = query.offset;
      response.estimatedTotalHits = ranked.total;
    }
    if (facets !== null) {
      const { distribution, stats } = computeFacets(collection, universe, ranked.matched, facets);
      response.facetDistribution = distribution;
      response.facetStats = stats;
    }
    response.processingTimeMs = Math.round(performance.now() - started);
    if (useCache) this.resultsCache.set(cacheKey, uid, response);
    return response;
  }

  /** Meilisearch's facet search: the values of one facet matching `facetQuery`, with counts. */
  facetSearch(
    uid: string,
    params: FacetSearchParams | unknown,
    options: SearchOptions = {},
  ): FacetSearchResponse {
    const started = performance.now();
    const query = parseFacetSearchQuery(params);
    const collection = this.collection(uid);
    if (!collection.filterable.has(query.facetName)) {
      const available = [...collection.filterable].sort();
      throw badRequest(
        "invalid_facet_search_facet_name",
        `Attribute \`${query.facetName}\` is not facet-searchable. Available facet-searchable attributes patterns are: \`${available.join("`, `")}\`.`,
      );
    }
    const filter = this.parseFilter(query.filter);
    if (filter) checkFilterable(filter, collection.filterable);
    const searchOn = resolveSearchOn(query.attributesToSearchOn, collection);
    const universe = this.universe(collection, options.baseFilter);
    const ranked = collection.rank(
      {
        filter,
        terms: parseQueryTerms(query.q),
        matchingStrategy: query.matchingStrategy,
        sort: [],
        searchOn,
        offset: 0,
        limit: 0,
      },
      universe,
    );
    const { values } = facetValues(collection, universe, ranked.matched, query.facetName);
    const wanted = tokenize(query.facetQuery);
    const facetHits: { value: string; count: number }[] = [];
    for (const value of values) {
      if (facetHits.length >= 100) break;
      if (wanted.length > 0 && !facetValueMatches(value.value, wanted, query.facetQuery)) continue;
      facetHits.push({ value: value.value, count: value.count });
    }
    return {
      facetHits,
      facetQuery: query.facetQuery === "" ? null : query.facetQuery,
      processingTimeMs: Math.round(performance.now() - started),
    };
  }

  /** Rough memory held per collection: documents are the host's objects, not counted. */
  stats(): { uid: string; documents: number; words: number }[] {
    return [...this.collectionsByUid.values()].map((c) => ({
      uid: c.config.uid,
      documents: c.size,
      words: c.text.words.length,
    }));
  }
}

function queryKey(query: SearchQuery): string {
  return JSON.stringify([
    query.q,
    query.offset,
    query.limit,
    query.page,
    query.hitsPerPage,
    query.filter,
    query.sort,
    query.facets,
    query.attributesToRetrieve,
    query.attributesToHighlight,
    query.attributesToCrop,
    query.cropLength,
    query.cropMarker,
    query.highlightPreTag,
    query.highlightPostTag,
    query.matchingStrategy,
    query.attributesToSearchOn,
    query.showRankingScore,
  ]);
}

function baseFilterKey(filter: SearchOptions["baseFilter"]): string {
  if (filter === null || filter === undefined) return "";
  return typeof filter === "string" ? filter : `\u0001${filter.join("\u0001")}`;
}

/**
 * A cache key for a filter in either form (cheaper than JSON); null for shapes that are not
 * valid filters (they are parsed, and refused, every time).
 */
function filterKey(value: unknown): string | null {
  if (!Array.isArray(value)) return null;
  let key = "\u0001";
  for (const item of value) {
    if (typeof item === "string") key += `${item}\u0001`;
    else if (Array.isArray(item) && item.every((inner) => typeof inner === "string")) {
      key += `\u0002${item.join("\u0002")}\u0003\u0001`;
    } else return null;
  }
  return key;
}

function defaultSort(collection: Collection): SortRule[] {
  return collection.config.defaultSort.map((rule) => {
    const [attribute, direction] = rule.split(":");
    return { attribute: attribute!, descending: direction === "desc" };
  });
}

function parseSort(sort: readonly string[] | null, collection: Collection): SortRule[] | null {
  if (sort === null || sort.length === 0) return null;
  return sort.map((rule) => {
    const match = /^(.+):(asc|desc)$/.exec(rule.trim());
    if (!match) {
      throw badRequest(
        "invalid_search_sort",
        `Invalid syntax for the sort parameter: expected expression ending by \`:asc\` or \`:desc\`, found \`${rule}\`.`,
      );
    }
    const attribute = match[1]!;
    if (attribute.startsWith("_geo")) {
      throw badRequest(
        "invalid_search_sort",
        `\`${attribute.replace(/\(.*$/, "")}\` is a reserved keyword and thus can't be used as a sort expression.`,
      );
    }
    if (!collection.sortable.has(attribute)) {
      const available = [...collection.sortable].sort();
      throw badRequest(
        "invalid_search_sort",
        available.length === 0
          ? `Attribute \`${attribute}\` is not sortable. This index does not have configured sortable attributes.`
          : `Attribute \`${attribute}\` is not sortable. Available sortable attributes are: \`${available.join(", ")}\`.`,
      );
    }
    return { attribute, descending: match[2] === "desc" };
  });
}

function resolveFacets(facets: readonly string[] | null, collection: Collection): string[] | null {
  if (facets === null) return null;
  if (facets.includes("*")) return [...collection.filterable].sort();
  const invalid = facets.filter((f) => !collection.filterable.has(f));
  if (invalid.length > 0) {
    const available = [...collection.filterable].sort();
    const subject =
      invalid.length === 1
        ? `attribute \`${invalid[0]}\` is not filterable`
        : `attributes \`${invalid.join(", ")}\` are not filterable`;
    const tail =
      available.length === 0
        ? "this index does not have configured filterable attributes."
        : available.length === 1
          ? `The available filterable attribute is \`${available[0]}\`.`
          : `The available filterable attributes are \`${available.join(", ")}\`.`;
    throw badRequest(
      "invalid_search_facets",
      available.length === 0
        ? `Invalid facet distribution, ${tail}`
        : `Invalid facet distribution, ${subject}. ${tail}`,
    );
  }
  return [...new Set(facets)];
}

function resolveSearchOn(names: readonly string[] | null, collection: Collection): string[] | null {
  if (names === null || names.includes("*")) {
    const unknown = names?.find(
      (n) => n !== "*" && !collection.config.searchableAttributes.includes(n),
    );
    if (unknown !== undefined) throw notSearchable(unknown, collection);
    return null;
  }
  for (const name of names) {
    if (!collection.config.searchableAttributes.includes(name))
      throw notSearchable(name, collection);
  }
  return [...names];
}

function notSearchable(name: string, collection: Collection): SearchApiError {
  return badRequest(
    "invalid_search_attributes_to_search_on",
    `Attribute \`${name}\` is not searchable. Available searchable attributes are: \`${collection.config.searchableAttributes.join(", ")}\`.`,
  );
}

/** A facet value matches when each query word (the last as a prefix) matches one of its words. */
function facetValueMatches(value: string, wanted: readonly string[], rawQuery: string): boolean {
  const words = tokenize(value);
  const lastIsPrefix = /[\p{L}\p{N}]$/u.test(rawQuery);
  return wanted.every((q, i) => {
    const prefix = lastIsPrefix && i === wanted.length - 1;
    return words.some((w) => matchCode(q, w, maxTyposFor(q), prefix) !== 7);
  });
}
