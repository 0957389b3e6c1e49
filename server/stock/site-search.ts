/**
 * Search for one site's pages, in-process: the same functions as the HTTP search API under the
 * site's scope (its base filter forced on every query), without an HTTP hop.
 */
import type { Logger } from "pino";
import { multiSearch, searchIndex } from "../search";
import type { ApiOutcome, MultiSearchQuery, MultiSearchResponse, SearchResponse } from "../search";
import type { SearchIndex } from "./search-sync";

export type SiteSearch = {
  /** The site's public key and the API path, for browser-side search. */
  publicKey: string;
  apiPath: string;
  multiSearch(queries: MultiSearchQuery[]): MultiSearchResponse;
  search(indexUid: string, params: Record<string, unknown>): SearchResponse;
};

/** Queries built by the app are not user input: a rejected one is a bug worth a stack trace. */
export class SiteSearchError extends Error {}

function unwrap<T>(outcome: ApiOutcome<T>): T {
  if (outcome.ok) return outcome.body;
  throw new SiteSearchError(`search failed (${outcome.status}): ${outcome.body.message}`);
}

export function createSiteSearch(
  index: SearchIndex,
  site: { id: number; searchKey: string },
  logger?: Logger,
): SiteSearch {
  const auth = { siteId: site.id };
  return {
    publicKey: site.searchKey,
    apiPath: "/search-api",
    multiSearch: (queries) =>
      unwrap(multiSearch(index.engine, index.keys, auth, { queries }, logger)),
    search: (indexUid, params) =>
      unwrap(searchIndex(index.engine, index.keys, auth, indexUid, params, logger)),
  };
}
