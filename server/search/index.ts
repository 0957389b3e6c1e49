/**
 * The stock search service: an in-memory engine behind a Meilisearch-compatible API.
 * See README.md in this folder for how the host wires it. The rest of the server uses what is
 * exported here; the modules themselves hold more for the service's own parts and tests.
 */
export { CAR_COLLECTION, OFFER_COLLECTION, PART_COLLECTION } from "./collections";
export { SearchEngine, type SearchResponse } from "./engine";
export { createSearchApi } from "./http";
export { SearchKeys } from "./keys";
export type { MultiSearchQuery } from "./query";
export {
  multiSearch,
  searchIndex,
  type ApiOutcome,
  type MultiSearchResponse,
  type MultiSearchResult,
} from "./service";
