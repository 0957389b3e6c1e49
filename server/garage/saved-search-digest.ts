/**
 * Saved searches (docs/product/garage.md, "Alerts"): a shopper keeps the address of a search
 * page; once a day the search runs again and the cars added since the last digest are queued as
 * one alert (once per search and day).
 */
import { and, eq, lte } from "drizzle-orm";
import { parseScopedSearchUrl, searchScopeFor } from "~/domain/search-scope";
import { buildSearchQueries } from "~/domain/search-query";
import type { SearchState } from "~/domain/search-url";
import type { Vehicle } from "~/domain/vehicle";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import type { Database } from "../db/client";
import { garageAlerts, garageSavedSearches, garageUsers } from "../db/schema";
import type { SiteSearch } from "../stock/site-search";
import type { Site } from "../sites/site";

export const DIGEST_EVERY_MS = 24 * 60 * 60_000;
/** Cars listed in one digest at most. */
const DIGEST_CARS = 10;

/** The search state of a saved search address, or null when it is not a search page. */
export function savedSearchState(search: string): SearchState | null {
  if (!/^\/[^\s]{0,499}$/.test(search)) return null;
  const scope = searchScopeFor(search.split(/[?#]/)[0] ?? "");
  if (!scope) return null;
  return parseScopedSearchUrl(search, scope, []);
}

export type DigestCar = { name: string; path: string; price: number };

/** Queues the digests that are due; answers how many were queued. */
export async function queueSavedSearchDigests(
  db: Database,
  siteOf: (siteId: number) => Site | undefined,
  searchOf: (site: Site) => SiteSearch,
  now = Date.now(),
): Promise<number> {
  const due = await db
    .select({ search: garageSavedSearches })
    .from(garageSavedSearches)
    .innerJoin(garageUsers, eq(garageUsers.id, garageSavedSearches.userId))
    .where(
      and(
        lte(garageSavedSearches.lastDigestAt, new Date(now - DIGEST_EVERY_MS)),
        eq(garageUsers.alertsOff, false),
      ),
    )
    .limit(50);
  let queued = 0;
  for (const { search: saved } of due) {
    const site = siteOf(saved.siteId);
    const state = savedSearchState(saved.search);
    const since = saved.lastDigestAt.getTime();
    if (site && state) {
      const scope = searchScopeFor(saved.search.split(/[?#]/)[0] ?? "");
      const [hits] = buildSearchQueries({ ...state, page: 1, sortBy: null }, site.settings, {
        facets: [],
        baseFilter: scope?.filter ?? undefined,
        attributesToHighlight: [],
      });
      const results = searchOf(site).multiSearch([
        { ...hits!, limit: 200, sort: ["created_at_timestamp:desc"] },
      ]).results;
      const fresh = ((results[0]?.hits ?? []) as Vehicle[]).filter(
        (v) => v.created_at_timestamp > since,
      );
      if (fresh.length > 0) {
        const cars: DigestCar[] = fresh.slice(0, DIGEST_CARS).map((v) => ({
          name: v.name,
          path: vehiclePagePath(v.slug, site.settings),
          price: v.price,
        }));
        const day = new Date(now).toISOString().slice(0, 10);
        const inserted = await db
          .insert(garageAlerts)
          .values({
            siteId: saved.siteId,
            userId: saved.userId,
            kind: "search_digest",
            dedupeKey: `digest:${saved.id}:${day}`,
            payload: { search: saved.search, total: fresh.length, cars },
          })
          .onConflictDoNothing()
          .returning({ id: garageAlerts.id });
        queued += inserted.length;
      }
    }
    await db
      .update(garageSavedSearches)
      .set({ lastDigestAt: new Date(now) })
      .where(
        and(eq(garageSavedSearches.id, saved.id), eq(garageSavedSearches.siteId, saved.siteId)),
      );
  }
  return queued;
}
