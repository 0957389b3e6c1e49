/**
 * All sites, held in memory and looked up by Host on every request. Thousands of sites fit
 * easily; the registry reloads a site when its settings change.
 */
import { asc, eq } from "drizzle-orm";
import {
  LOCALES,
  readStoredNavigation,
  readStoredSiteSettings,
  TEMPLATES,
} from "~/domain/site-settings";
import type { Locale, Template } from "~/domain/site-settings";
import type { Database } from "../db/client";
import { dealershipGroups, dealerships, manufacturers, sites } from "../db/schema";
import { resolveHost } from "./resolve-host";
import { createSiteScope } from "./scope";
import type { Site } from "./site";

export class SiteRegistry {
  #byId = new Map<number, Site>();
  #byDomain = new Map<string, Site>();
  #bySlug = new Map<string, Site>();
  /**
   * Versions come from one counter for all sites and never repeat: a reload racing a touch (or
   * another reload) can never give a site a version that a page was already cached under.
   */
  #lastVersion = 0;
  /** Each site's reload in progress: reloads of one site run one after another (see reload). */
  #reloading = new Map<number, Promise<Site | null>>();

  constructor(
    private readonly db: Database,
    private readonly platformDomain?: string,
  ) {}

  async load(): Promise<void> {
    const rows = await this.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.slug));
    this.#byId.clear();
    this.#byDomain.clear();
    this.#bySlug.clear();
    for (const { id } of rows) await this.reload(id);
  }

  /**
   * Re-reads every site, without a moment in which a site is missing: those still in the
   * database are replaced one by one, then those gone are dropped.
   */
  async reloadAll(): Promise<void> {
    const rows = await this.db.select({ id: sites.id }).from(sites);
    const ids = new Set(rows.map((r) => r.id));
    for (const id of ids) await this.reload(id);
    for (const site of [...this.#byId.values()]) {
      if (!ids.has(site.id)) await this.reload(site.id);
    }
  }

  /**
   * Re-reads one site (after its settings, dealerships or manufacturer changed). The old entry
   * answers until the new one is read: requests during a reload never find the site missing.
   */
  reload(siteId: number): Promise<Site | null> {
    // In turn, per site: two reads on two pooled connections could finish out of order, and the
    // older settings, read before a save committed, would then replace the newer ones.
    const previous = this.#reloading.get(siteId) ?? Promise.resolve(null);
    const next = previous.catch(() => null).then(() => this.#reloadNow(siteId));
    this.#reloading.set(siteId, next);
    const forget = () => {
      if (this.#reloading.get(siteId) === next) this.#reloading.delete(siteId);
    };
    next.then(forget, forget);
    return next;
  }

  async #reloadNow(siteId: number): Promise<Site | null> {
    const site = await loadSite(this.db, siteId, 0);
    const previous = this.#byId.get(siteId);
    if (previous) {
      this.#bySlug.delete(previous.slug);
      if (previous.domainName) this.#byDomain.delete(previous.domainName.toLowerCase());
      this.#byId.delete(siteId);
    }
    if (!site) return null;
    site.version = ++this.#lastVersion;
    this.#byId.set(site.id, site);
    this.#bySlug.set(site.slug, site);
    if (site.domainName) this.#byDomain.set(site.domainName.toLowerCase(), site);
    return site;
  }

  /** Marks a site's content or stock as changed, so cached pages of it are not served. */
  touch(siteId: number): void {
    const site = this.#byId.get(siteId);
    if (site) site.version = ++this.#lastVersion;
  }

  all(): Site[] {
    return [...this.#byId.values()].sort((a, b) => a.slug.localeCompare(b.slug));
  }

  byId(id: number): Site | undefined {
    return this.#byId.get(id);
  }

  /** The site a Host header names, "platform" for the bare host, or null (unknown host). */
  byHost(host: string | undefined): Site | "platform" | null {
    const target = resolveHost(host, this.platformDomain);
    if (target.kind === "platform") return "platform";
    return (
      this.#byDomain.get(target.domainName) ??
      (target.slug ? this.#bySlug.get(target.slug) : undefined) ??
      null
    );
  }
}

async function loadSite(db: Database, siteId: number, version: number): Promise<Site | null> {
  const [row] = await db.select().from(sites).where(eq(sites.id, siteId));
  if (!row) return null;
  const [manufacturer] = row.manufacturerId
    ? await db
        .select({ id: manufacturers.id, name: manufacturers.name, slug: manufacturers.slug })
        .from(manufacturers)
        .where(eq(manufacturers.id, row.manufacturerId))
    : [];
  const [group] = row.dealershipGroupId
    ? await db.select().from(dealershipGroups).where(eq(dealershipGroups.id, row.dealershipGroupId))
    : [];
  const siteDealerships = await createSiteScope(db, siteId).findMany(dealerships, {
    orderBy: asc(dealerships.name),
  });
  // A stored value that no longer passes the settings' rules takes its default; the site loads.
  const storedSettings = readStoredSiteSettings(row.settings);
  const storedNavigation = readStoredNavigation(row.navigation);
  for (const [what, dropped] of [
    ["settings", storedSettings.dropped],
    ["navigation", storedNavigation.dropped],
  ] as const)
    if (dropped.length > 0)
      console.warn(
        JSON.stringify({
          msg: `site ${row.slug}: stored ${what} that no longer pass are ignored (defaults apply)`,
          site: row.slug,
          dropped,
        }),
      );
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    template: (TEMPLATES as readonly string[]).includes(row.template)
      ? (row.template as Template)
      : "classic",
    locale: (LOCALES as readonly string[]).includes(row.locale) ? (row.locale as Locale) : "en-AU",
    url: row.url,
    domainName: row.domainName,
    logo: row.logo ?? null,
    city: row.city,
    state: row.state,
    dealershipGroup: group ?? null,
    dealershipId: row.dealershipId,
    dealerships: siteDealerships.map((d) => ({
      id: d.id,
      name: d.name,
      slug: d.slug,
      reviewCount: d.reviewCount,
      averageRating: d.averageRating,
      manufacturers: d.manufacturers,
      paymentPublishableKey: d.paymentPublishableKey,
    })),
    manufacturer: manufacturer ?? null,
    searchKey: row.searchKey,
    navigation: storedNavigation.value,
    contactDetails: row.contactDetails,
    settings: storedSettings.value,
    version,
  };
}
