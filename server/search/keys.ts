/**
 * Search API keys. Each site has a public search key, handed to the browser by the site's pages:
 * it can only search, and every query made with it carries the site's base filter (site id plus
 * the site's stock rules), ANDed in front of whatever the client sends, so it can never widen.
 * The master key (SEARCH_MASTER_KEY) searches every site and lists the keys.
 */
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { CAR_COLLECTION } from "./collections";
import type { SearchEngine } from "./engine";

/** The stock rules of a site, or a function of the time for rules with a time window. */
export type BaseFilterSource = string | ((nowMs: number) => string) | null | undefined;

export type SearchSite = {
  siteId: number;
  /** The site's slug: the key's `name`. */
  slug: string;
  /** The public search key of the site. */
  searchKey: string;
  /**
   * The site's stock filter for `Car_production` (`siteStockFilter(...)` of domain/listing).
   * A function is called with the time rounded down to `baseFilterGranularityMs`, so the
   * candidate set is rebuilt at most that often. `site_id = {siteId}` is always added, on every
   * collection.
   */
  baseFilter?: BaseFilterSource;
};

export type ApiScope = { kind: "master" } | { kind: "site"; site: SearchSite };

export type SearchKeysOptions = {
  masterKey: string;
  /** If given, `setSites` checks each site's filter against the engine's configuration. */
  engine?: SearchEngine;
  /** Rounding of the time handed to base filter functions (default one minute). */
  baseFilterGranularityMs?: number;
  now?: () => number;
};

/** Meilisearch's key shape, as `GET /keys` lists it. */
export type ApiKeyView = {
  name: string;
  description: string;
  key: string;
  uid: string;
  actions: string[];
  indexes: string[];
  expiresAt: null;
  createdAt: string;
  updatedAt: string;
};

export class SearchKeys {
  readonly masterKey: string;
  private readonly masterDigest: Buffer;
  private sitesById = new Map<number, SearchSite>();
  private sitesByKey = new Map<string, SearchSite>();
  private readonly filterMemo = new Map<number, { at: number; filter: string }>();
  private readonly engine: SearchEngine | undefined;
  private readonly granularity: number;
  private readonly now: () => number;
  private updatedAt = new Date();

  constructor(options: SearchKeysOptions) {
    if (options.masterKey.length < 16) {
      throw new Error("The search master key must be at least 16 characters long.");
    }
    this.masterKey = options.masterKey;
    this.masterDigest = digest(options.masterKey);
    this.engine = options.engine;
    this.granularity = options.baseFilterGranularityMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** Replaces the registry (at start, and whenever a site's settings change). */
  setSites(sites: readonly SearchSite[]): void {
    const byId = new Map<number, SearchSite>();
    const byKey = new Map<string, SearchSite>();
    for (const site of sites) {
      if (!Number.isSafeInteger(site.siteId)) throw new Error(`Invalid site id: ${site.siteId}`);
      if (site.searchKey.length < 16) {
        throw new Error(`The search key of site ${site.slug} must be at least 16 characters long.`);
      }
      if (site.searchKey === this.masterKey || byKey.has(site.searchKey)) {
        throw new Error(`The search key of site ${site.slug} is not unique.`);
      }
      byId.set(site.siteId, site);
      byKey.set(site.searchKey, site);
    }
    this.sitesById = byId;
    this.sitesByKey = byKey;
    this.filterMemo.clear();
    this.updatedAt = new Date();
    if (this.engine) {
      for (const site of sites) this.engine.validateFilter(CAR_COLLECTION, this.stockFilter(site));
    }
  }

  sites(): SearchSite[] {
    return [...this.sitesById.values()];
  }

  site(siteId: number): SearchSite | undefined {
    return this.sitesById.get(siteId);
  }

  /** Which scope a bearer key grants; null if it is no key of ours. */
  resolve(apiKey: string): ApiScope | null {
    if (timingSafeEqual(digest(apiKey), this.masterDigest)) return { kind: "master" };
    const site = this.sitesByKey.get(apiKey);
    return site ? { kind: "site", site } : null;
  }

  /** The site's stock filter (its own rules only, without the site id). */
  stockFilter(site: SearchSite): string {
    const source = site.baseFilter;
    if (typeof source !== "function") return source ?? "";
    const at = Math.floor(this.now() / this.granularity) * this.granularity;
    const memo = this.filterMemo.get(site.siteId);
    if (memo && memo.at === at) return memo.filter;
    const filter = source(at);
    this.filterMemo.set(site.siteId, { at, filter });
    return filter;
  }

  /**
   * The filter forced on every query of the scope in a collection, in array form (each string
   * parsed on its own, then ANDed, so no text in one can reach into another); null for the
   * master key.
   */
  baseFilterFor(scope: ApiScope, collection: string): string[] | null {
    if (scope.kind === "master") return null;
    const siteClause = `site_id = ${scope.site.siteId}`;
    if (collection !== CAR_COLLECTION) return [siteClause];
    const stock = this.stockFilter(scope.site).trim();
    return stock === "" ? [siteClause] : [siteClause, stock];
  }

  /** The keys in Meilisearch's `GET /keys` shape. */
  list(indexes: readonly string[]): ApiKeyView[] {
    const at = this.updatedAt.toISOString();
    return [...this.sitesById.values()].map((site) => ({
      name: site.slug,
      description: `Public search key of site ${site.slug}: search only, the site's stock filter is always applied.`,
      key: site.searchKey,
      uid: keyUid(site.searchKey),
      actions: ["search"],
      indexes: [...indexes],
      expiresAt: null,
      createdAt: at,
      updatedAt: at,
    }));
  }
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** A stable UUID-shaped id for a key. */
function keyUid(key: string): string {
  const hex = createHash("sha256").update(`search-key:${key}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * A site's public search key derived from the master key: stable across restarts and nodes,
 * changes when the master key is rotated. Hosts may store their own keys instead.
 */
export function deriveSiteSearchKey(masterKey: string, siteId: number): string {
  return createHmac("sha256", masterKey)
    .update(`site-search-key:${siteId}`)
    .digest("base64url")
    .slice(0, 32);
}
