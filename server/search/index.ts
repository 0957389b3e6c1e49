/**
 * The stock search service: an in-memory engine behind a Meilisearch-compatible API.
 * See README.md in this folder for how the host wires it.
 */
export {
  CAR_COLLECTION,
  CAR_COLLECTION_CONFIG,
  DEFAULT_COLLECTIONS,
  OFFER_COLLECTION,
  OFFER_COLLECTION_CONFIG,
  PART_COLLECTION,
  PART_COLLECTION_CONFIG,
  type CollectionConfig,
} from "./collections";
export {
  SearchEngine,
  type FacetSearchResponse,
  type SearchEngineOptions,
  type SearchOptions,
  type SearchResponse,
} from "./engine";
export { SearchApiError, type SearchErrorBody } from "./errors";
export { createSearchApi, DEFAULT_MAX_BODY_BYTES, type SearchApiOptions } from "./http";
export {
  SearchKeys,
  deriveSiteSearchKey,
  generateMasterKey,
  type ApiKeyView,
  type BaseFilterSource,
  type SearchKeysOptions,
  type SearchSite,
} from "./keys";
export type { FacetSearchParams, MultiSearchQuery, SearchParams } from "./query";
export {
  facetSearch,
  listKeys,
  multiSearch,
  searchIndex,
  type ApiOutcome,
  type MultiSearchResponse,
  type MultiSearchResult,
  type SearchApiLogger,
  type SearchAuth,
} from "./service";
