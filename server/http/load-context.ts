/**
 * What every loader and action receives, resolved once per request from the Host: the site,
 * its query scope and the shared services. Handed to React Router as its load context.
 */
import type { Database } from "../db/client";
import type { ChangeBus } from "../events/change-bus";
import type { SiteScope } from "../sites/scope";
import type { Site } from "../sites/site";
import type { SiteRegistry } from "../sites/site-registry";
import type { SiteSearch } from "../stock/site-search";
import type { LeadServices } from "../leads/services";
import type { ReservationService } from "../reservations/reservation-service";
import type { AdminContext } from "../admin/admin-context";
import type { FeedService } from "../feeds/feed-service";

export type RequestContext = {
  site: Site;
  scope: SiteScope;
  db: Database;
  bus: ChangeBus;
  registry: SiteRegistry;
  requestId: string;
  /**
   * The site's configured origin (server/sites/site-origin.ts), for canonical URLs, JSON-LD and
   * links in e-mail; never taken from request headers.
   */
  origin: string;
  /** The nonce of this render's inline scripts (its Content-Security-Policy allows it). */
  cspNonce: string;
  /** In-process search of this site's stock, offers and parts (its base filter forced). */
  search: SiteSearch;
  /** Lead intake, booking slots and lookups (server/leads), for the forms' actions. */
  leads: LeadServices;
  /** Reservations and card payments (server/reservations), for the checkout pages. */
  reservations: ReservationService;
  /** Vehicle ads feeds (server/feeds): the back office reads their reports and last fetches. */
  feeds: FeedService;
  /**
   * Set for /admin requests only: the back office (server/admin/staff-scope.ts). On the platform
   * host there is no site: `site`, `scope` and `search` throw there.
   */
  admin: AdminContext | null;
};

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging
  interface AppLoadContext extends RequestContext {}
}
