/**
 * Keeps the in-memory search engine in step with the database: everything is loaded at start,
 * then each change announced on the change bus (from this process, or from another one through
 * PostgreSQL's LISTEN/NOTIFY) updates the documents and keys it touches.
 */
import type { Logger } from "pino";
import { siteStockFilter } from "~/domain/listing";
import type { Database } from "../db/client";
import type { Change, ChangeBus } from "../events/change-bus";
import {
  CAR_COLLECTION,
  OFFER_COLLECTION,
  PART_COLLECTION,
  SearchEngine,
  SearchKeys,
} from "../search";
import type { Site } from "../sites/site";
import type { SiteRegistry } from "../sites/site-registry";
import { loadOfferDocuments, loadPartDocuments } from "./search-documents";
import { loadVehicleDocuments } from "./vehicle-store";

export type SearchIndex = { engine: SearchEngine; keys: SearchKeys; stop: () => void };

function searchSite(site: Site) {
  const listingSite = { manufacturer: site.manufacturer?.name ?? null };
  return {
    siteId: site.id,
    slug: site.slug,
    searchKey: site.searchKey,
    // A function of time: the sold and freshness windows move on by themselves.
    baseFilter: (nowMs: number) => siteStockFilter(site.settings, listingSite, nowMs),
  };
}

export async function startSearchIndex(options: {
  db: Database;
  bus: ChangeBus;
  registry: SiteRegistry;
  masterKey: string;
  logger: Logger;
  /** Bytes of search results the engine keeps (SEARCH_CACHE_MAX_BYTES). */
  resultsCacheMaxBytes?: number;
}): Promise<SearchIndex> {
  const { db, bus, registry, logger } = options;
  const started = performance.now();
  const engine = new SearchEngine({ resultsCacheMaxBytes: options.resultsCacheMaxBytes });
  const vehicleDocs = await loadVehicleDocuments(db);
  const loaded = performance.now();
  engine.replaceAll(CAR_COLLECTION, vehicleDocs);
  const indexed = performance.now();
  engine.replaceAll(OFFER_COLLECTION, await loadOfferDocuments(db));
  engine.replaceAll(PART_COLLECTION, await loadPartDocuments(db));
  const keys = new SearchKeys({ masterKey: options.masterKey, engine });
  keys.setSites(registry.all().map(searchSite));
  logger.info(
    {
      ms: Math.round(performance.now() - started),
      // Reading the vehicles' rows into documents, then indexing them.
      vehiclesLoadMs: Math.round(loaded - started),
      vehiclesIndexMs: Math.round(indexed - loaded),
      vehicles: engine.count(CAR_COLLECTION),
    },
    "search index built",
  );

  // Changes are applied one at a time, in the order they were announced.
  let queue = Promise.resolve();
  const apply = async (change: Change) => {
    if (change.kind === "resync") {
      await registry.reloadAll();
      keys.setSites(registry.all().map(searchSite));
      engine.replaceAll(CAR_COLLECTION, await loadVehicleDocuments(db));
      engine.replaceAll(OFFER_COLLECTION, await loadOfferDocuments(db));
      engine.replaceAll(PART_COLLECTION, await loadPartDocuments(db));
    } else if (change.kind === "vehicle") {
      if (change.deleted) {
        for (const id of change.ids) engine.remove(CAR_COLLECTION, id);
        return;
      }
      const docs = change.ids.length ? await loadVehicleDocuments(db, { ids: change.ids }) : [];
      engine.upsertMany(CAR_COLLECTION, docs);
      // An id that no longer loads was deleted.
      const found = new Set(docs.map((d) => d.id));
      for (const id of change.ids) if (!found.has(id)) engine.remove(CAR_COLLECTION, id);
    } else if (change.kind === "content") {
      engine.replaceAll(OFFER_COLLECTION, await loadOfferDocuments(db));
      engine.replaceAll(PART_COLLECTION, await loadPartDocuments(db));
    } else {
      const site = await registry.reload(change.siteId);
      keys.setSites(registry.all().map(searchSite));
      // Settings feed derived vehicle fields (e.g. reservable): re-read the site's stock.
      if (site)
        engine.upsertMany(CAR_COLLECTION, await loadVehicleDocuments(db, { siteId: site.id }));
    }
  };
  const unsubscribe = bus.subscribe((change) => {
    // The site's version moves on once more when the index has the change: a page rendered
    // meanwhile (from the old documents, under the version the change's arrival set) is retired.
    queue = queue
      .then(() => apply(change))
      .then(() => {
        if (change.kind !== "resync") registry.touch(change.siteId);
        else for (const site of registry.all()) registry.touch(site.id);
      })
      .catch((error: unknown) =>
        logger.error({ err: error, change }, "search index update failed"),
      );
  });
  return { engine, keys, stop: unsubscribe };
}
