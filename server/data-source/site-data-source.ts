/**
 * Where a site's configuration, locations, navigation, opening hours and stock come from
 * (decision 022): one interface, two implementations. The local one reads this platform's
 * database (what the dashboard-compatible API serves); the dashboard one reads a remote
 * dashboard backend through the client. Both answer in the dashboard API's shapes, so the
 * refresher can compare one with the other and write only what differs.
 */
import type { DashboardClient } from "../dashboard/client";
import type { DashboardCar, WebsiteSessionData } from "../dashboard/shapes";
import { websiteSessionData, type SiteDataContext } from "../dashboard/site-data";
import { loadVehicleDocuments } from "../stock/vehicle-store";

export type SiteDataSource = {
  /** Configuration subset, dealerships, navigation, locations with opening and holiday hours. */
  sessionData(): Promise<WebsiteSessionData>;
  /** The whole stock, listed or not. */
  stock(): Promise<DashboardCar[]>;
};

export function localSiteDataSource(context: SiteDataContext): SiteDataSource {
  return {
    sessionData: () => websiteSessionData(context),
    stock: () => loadVehicleDocuments(context.db, { siteId: context.site.id }),
  };
}

export function dashboardSiteDataSource(
  client: DashboardClient,
  websiteId: number,
): SiteDataSource {
  return {
    async sessionData() {
      const data = await client.websiteSessionData(websiteId);
      if (!data) throw new Error("The dashboard site has no website id.");
      return data;
    },
    stock: () => client.cars(websiteId),
  };
}
