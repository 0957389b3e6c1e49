/**
 * Test support: an engine loaded with generated stock for three sites whose stock rules come
 * from real site settings through the domain's `siteStockFilter`, the keys of those sites, and
 * an HTTP server with the search API mounted at /search-api.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { isListed, siteStockFilter } from "~/domain/listing";
import {
  SiteSettingsSchema,
  type SiteSettings,
  type SiteSettingsInput,
} from "~/domain/site-settings";
import type { Vehicle } from "~/domain/vehicle";
import { CAR_COLLECTION, OFFER_COLLECTION, PART_COLLECTION } from "../collections";
import { SearchEngine } from "../engine";
import { FAKE_NOW_MS, fakeOffers, fakeParts, fakeVehicles } from "../fake-stock";
import { createSearchApi } from "../http";
import { SearchKeys, deriveSiteSearchKey } from "../keys";

export const MASTER_KEY = "test-master-key-0123456789abcdef";
export const NOW_MS = FAKE_NOW_MS;

export type TestSite = {
  siteId: number;
  slug: string;
  manufacturer: string | null;
  settings: SiteSettings;
  key: string;
};

const SITE_SETTINGS: { slug: string; manufacturer: string | null; settings: SiteSettingsInput }[] =
  [
    { slug: "harbour-motors", manufacturer: null, settings: {} },
    {
      slug: "used-only-cars",
      manufacturer: null,
      settings: { includeSoldCarsDays: 7, stock: { usedOnly: true, minPhotoCount: 3 } },
    },
    {
      slug: "regional-toyota",
      manufacturer: "Toyota",
      settings: {
        stock: {
          excludedMakes: ["Mazda"],
          freshnessDays: 14,
          excludeNewAndDemoOfMake: "Kia",
          searchFilters: ["year >= 2010"],
        },
      },
    },
  ];

export type SearchFixture = {
  engine: SearchEngine;
  keys: SearchKeys;
  vehicles: Vehicle[];
  sites: TestSite[];
  /** The vehicles a site lists, by the domain's rule (plus its raw search filters). */
  listed: (site: TestSite) => Vehicle[];
};

export function createSearchFixture(
  options: { vehicles?: number; cacheLimit?: number } = {},
): SearchFixture {
  const vehicles = fakeVehicles({
    vehicles: options.vehicles ?? 1800,
    sites: 3,
    firstSiteVehicles: Math.round((options.vehicles ?? 1800) / 3),
    nowMs: NOW_MS,
    seed: 11,
  });
  const engine = new SearchEngine({ resultsCacheLimit: options.cacheLimit ?? 0 });
  engine.replaceAll(CAR_COLLECTION, vehicles);
  engine.replaceAll(OFFER_COLLECTION, fakeOffers(60, 3));
  engine.replaceAll(PART_COLLECTION, fakeParts(60, 3));
  const sites: TestSite[] = SITE_SETTINGS.map((site, i) => ({
    siteId: i + 1,
    slug: site.slug,
    manufacturer: site.manufacturer,
    settings: SiteSettingsSchema.parse(site.settings),
    key: deriveSiteSearchKey(MASTER_KEY, i + 1),
  }));
  const keys = new SearchKeys({ masterKey: MASTER_KEY, engine, now: () => NOW_MS });
  keys.setSites(
    sites.map((site) => ({
      siteId: site.siteId,
      slug: site.slug,
      searchKey: site.key,
      baseFilter: (nowMs: number) =>
        siteStockFilter(site.settings, { manufacturer: site.manufacturer }, nowMs),
    })),
  );
  const listed = (site: TestSite) =>
    vehicles.filter(
      (v) =>
        v.site_id === site.siteId &&
        isListed(v, site.settings, { manufacturer: site.manufacturer }, NOW_MS) &&
        // The raw search filters of the third site (only the engine can read filter text).
        (site.siteId !== 3 || v.year >= 2010),
    );
  return { engine, keys, vehicles, sites, listed };
}

export type TestServer = { url: string; close: () => Promise<void> };

/** An Express app with the search API at /search-api, on a free port. */
export async function startSearchServer(
  fixture: Pick<SearchFixture, "engine" | "keys">,
  maxBodyBytes?: number,
): Promise<TestServer> {
  const app = express();
  app.use(
    "/search-api",
    createSearchApi({ engine: fixture.engine, keys: fixture.keys, maxBodyBytes }),
  );
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/search-api`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
