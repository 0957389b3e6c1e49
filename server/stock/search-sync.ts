/**
 * Keeps the in-memory search engine in step with the database: everything is loaded at start,
 * then each change announced on the change bus (from this process, or from another one through
 * PostgreSQL's LISTEN/NOTIFY) updates the documents and keys it touches.
 */
import { backoffDelay } from "~/server/platform/backoff";
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
import { VehicleDocumentBuilder } from "./vehicle-document";
import { countVehicles, loadVehicleDocuments, vehicleDocumentBatches } from "./vehicle-store";

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

/** Distinct values the index's document builder shares before it starts afresh. */
const BUILDER_MAX_VALUES = 100_000;
/** A failed update is tried again after this, doubling up to `RETRY_MAX_MS`... */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;
/** ...this many times (about a minute and a half) before it is given up and logged. */
const RETRY_ATTEMPTS = 20;

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
  // Documents loaded by later changes share strings and lists with those loaded before.
  let builder = new VehicleDocumentBuilder();
  const sharedBuilder = () => {
    if (builder.size > BUILDER_MAX_VALUES) builder = new VehicleDocumentBuilder();
    return builder;
  };

  // Changes are applied one at a time, in the order they were announced. The queue listens
  // before the first load: a change committed while the load reads is applied after it, not lost.
  const pending: Change[] = [];
  let ready = false;
  let stopped = false;
  let draining = false;
  /** The change being applied: later ones are not merged into it. */
  let inFlight: Change | null = null;
  const unsubscribe = bus.subscribe((change) => {
    const last = pending.at(-1);
    // Vehicle changes of one site waiting together are read together (one load, one index
    // update): an import announces its ids in messages of 500.
    if (
      last?.kind === "vehicle" &&
      change.kind === "vehicle" &&
      last.siteId === change.siteId &&
      !last.deleted &&
      !change.deleted &&
      last !== inFlight
    ) {
      const ids = new Set(last.ids);
      for (const id of change.ids) ids.add(id);
      last.ids = [...ids];
    } else {
      pending.push(change.kind === "vehicle" ? { ...change, ids: [...change.ids] } : change);
    }
    void drain();
  });

  // Each batch is indexed before the next is read: the documents are never all objects at once.
  const load = engine.replacing(CAR_COLLECTION, await countVehicles(db));
  let indexMs = 0;
  for await (const batch of vehicleDocumentBatches(db, {}, builder)) {
    const batchStarted = performance.now();
    load.add(batch);
    indexMs += performance.now() - batchStarted;
  }
  load.finish();
  const indexed = performance.now();
  engine.replaceAll(OFFER_COLLECTION, await loadOfferDocuments(db));
  engine.replaceAll(PART_COLLECTION, await loadPartDocuments(db));
  const keys = new SearchKeys({ masterKey: options.masterKey, engine });
  keys.setSites(registry.all().map(searchSite));
  logger.info(
    {
      ms: Math.round(performance.now() - started),
      // Reading the vehicles' rows into documents, and indexing them.
      vehiclesLoadMs: Math.round(indexed - started - indexMs),
      vehiclesIndexMs: Math.round(indexMs),
      vehicles: engine.count(CAR_COLLECTION),
    },
    "search index built",
  );

  const apply = async (change: Change) => {
    if (change.kind === "resync") {
      await registry.reloadAll();
      keys.setSites(registry.all().map(searchSite));
      builder = new VehicleDocumentBuilder();
      engine.replaceAll(CAR_COLLECTION, await loadVehicleDocuments(db, {}, builder));
      engine.replaceAll(OFFER_COLLECTION, await loadOfferDocuments(db));
      engine.replaceAll(PART_COLLECTION, await loadPartDocuments(db));
    } else if (change.kind === "vehicle") {
      if (change.deleted) {
        for (const id of change.ids) engine.remove(CAR_COLLECTION, id);
        return;
      }
      const docs = await loadVehicleDocuments(db, { ids: change.ids }, sharedBuilder());
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
        engine.upsertMany(
          CAR_COLLECTION,
          await loadVehicleDocuments(db, { siteId: site.id }, sharedBuilder()),
        );
    }
  };

  /**
   * Applies the waiting changes in order. A change whose update fails (the database is away, a
   * connection broke) is tried again, after a pause that doubles, before any later change: an
   * update is not lost to a passing fault.
   */
  async function drain(): Promise<void> {
    if (!ready || draining) return;
    draining = true;
    try {
      let attempt = 0;
      while (!stopped && pending.length > 0) {
        const change = pending[0]!;
        inFlight = change;
        try {
          await apply(change);
        } catch (error) {
          attempt += 1;
          const givenUp = attempt >= RETRY_ATTEMPTS;
          logger.error(
            { err: error, change, attempt },
            givenUp ? "search index update failed: given up" : "search index update failed",
          );
          if (!givenUp) {
            inFlight = null;
            await new Promise((resolve) =>
              setTimeout(
                resolve,
                backoffDelay(attempt, { baseMs: RETRY_FIRST_MS, maxMs: RETRY_MAX_MS, jitter: 0 }),
              ),
            );
            continue;
          }
        }
        attempt = 0;
        inFlight = null;
        pending.shift();
        // The site's version moves on once more when the index has the change: a page rendered
        // meanwhile (from the old documents, under the version the change's arrival set) is
        // retired.
        if (change.kind !== "resync") registry.touch(change.siteId);
        else for (const site of registry.all()) registry.touch(site.id);
      }
    } finally {
      inFlight = null;
      draining = false;
    }
  }

  ready = true;
  void drain();
  return {
    engine,
    keys,
    stop: () => {
      stopped = true;
      unsubscribe();
    },
  };
}
