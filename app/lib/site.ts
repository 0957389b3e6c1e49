import { createContext, useContext } from "react";
import { madeOncePer } from "~/domain/made-once";
import type { Navigation, NavigationItem, SiteSettings } from "~/domain/site-settings";
import type { Site, SiteDealership } from "~/server/sites/site";
import { TEMPLATE_TOKENS } from "~/app/templates/templates";

/**
 * The settings the pages read in the browser. Everything else (stock rules and feed, lead
 * routing, booking capacity, the data source...) stays on the server: a component that reads a
 * setting not listed here does not compile.
 */
const CLIENT_SETTINGS = [
  "defaultSearchPath",
  "defaultSort",
  "vehiclePath",
  "loadingAnimation",
  "justArrivedDays",
  "justArrivedTagName",
  "soldTagName",
  "usedShownAsPreOwned",
  "imageQuality",
  "phoneStartsRevealed",
  "comingSoonReservable",
  "tradeInAllowed",
  "getFinanceText",
  "vehicleCardActions",
  "showBelowMarketIndicator",
  "offersSubscription",
  "enquiryMessageOptional",
  "marketingConsent",
  "yesNoFields",
  "phoneVariant",
  "testPhoneNumber",
  "visitorSources",
  "financeCalculatorRate",
  "financeProvider",
  "paymentProvider",
  "paymentCurrency",
  "driveAway",
  "pagesPrefixInUse",
  "newsReplacesBlog",
  "financePreApprovalAvailable",
  "careersUrl",
  "promoPopup",
  "locationsCarouselTitle",
  "locationBadgeText",
  "locationBadgeUntil",
  "licencePrefix",
  "separateSalesServiceHours",
  "serviceLocationsBookService",
  "showViewOurStock",
  "reviewsHidden",
  "reviewsMinimumRating",
  "garageEnabled",
  "garage",
  "chatEnabled",
  "chatScriptUrl",
  "whatsappNumber",
  "gtmId",
  "mapsEmbedUrlTemplate",
  "imageCdnTemplate",
  "lifestyleTiles",
  "valuePropositionAutoplayMs",
  "chatPromptText",
  "chatOpenCall",
  "thirdPartyScripts",
  "leadApiMode",
  "promotionSliderHeight",
  "serviceAdditionalServices",
  "bookingTimeZone",
  "bookingDaysAhead",
  "theme",
  "makeMarks",
] as const satisfies readonly (keyof SiteSettings)[];

export type ClientSettings = Pick<SiteSettings, (typeof CLIENT_SETTINGS)[number]>;

/**
 * A header or footer link as the document's site data holds it: its name, address and dropdown
 * items, as a row of values (JSON would write each field of an object as a key beside its value;
 * the menus are some 45 links on every page).
 */
type SentNavigationItem = [name: string, url: string, dropdown?: SentNavigationItem[]];

/** The site's navigation as sent: `headerNavigation` and `footerNavigation` read it. */
type SentNavigation = {
  header: SentNavigationItem[];
  footer: Array<[title: string, items: SentNavigationItem[]]>;
  social: Navigation["social"];
};

function packItem(item: NavigationItem): SentNavigationItem {
  return item.dropdownItems?.length
    ? [item.name, item.url, item.dropdownItems.map(packItem)]
    : [item.name, item.url];
}

function unpackItem([name, url, dropdown]: SentNavigationItem): NavigationItem {
  return dropdown ? { name, url, dropdownItems: dropdown.map(unpackItem) } : { name, url };
}

/** The header's menu items. */
export function headerNavigation(site: ClientSite): NavigationItem[] {
  return site.navigation.header.map(unpackItem);
}

/** The footer's groups of links. */
export function footerNavigation(site: ClientSite): Navigation["footer"] {
  return site.navigation.footer.map(([title, items]) => ({ title, items: items.map(unpackItem) }));
}

/** What the pages read in the browser of each of the site's dealerships. */
type ClientDealership = Pick<SiteDealership, "id" | "name" | "slug">;

/**
 * The site as the document sends it to the browser: no search key, client settings only, and
 * none of the records only loaders read (the group, the primary dealership and manufacturer, the
 * site's addresses, the dealerships' ratings, makes and payment keys).
 */
export type ClientSite = Omit<
  Site,
  | "settings"
  | "searchKey"
  | "version"
  | "url"
  | "domainName"
  | "dealershipGroup"
  | "dealershipId"
  | "manufacturer"
  | "dealerships"
  | "navigation"
> & {
  navigation: SentNavigation;
  settings: ClientSettings;
  dealerships: ClientDealership[];
};

/** Components name the site they render `Site`: the client site. */
export type { ClientSite as Site };

/**
 * Made once per site object: the registry replaces a site's object when its settings change, so
 * every page of a site between changes renders from the same client site (and what is kept per
 * client site, such as card actions, stays valid).
 */
export const clientSite = madeOncePer(pickClientSite);

/** The browser's part of a site: picked here only, for the page's site data. */
function pickClientSite(site: Site): ClientSite {
  const picked: Partial<Record<keyof SiteSettings, unknown>> = {};
  for (const key of CLIENT_SETTINGS) picked[key] = site.settings[key];
  return {
    id: site.id,
    slug: site.slug,
    name: site.name,
    template: site.template,
    locale: site.locale,
    logo: site.logo,
    city: site.city,
    state: site.state,
    dealerships: site.dealerships.map(({ id, name, slug }) => ({ id, name, slug })),
    navigation: {
      header: site.navigation.header.map(packItem),
      footer: site.navigation.footer.map((group) => [group.title, group.items.map(packItem)]),
      social: site.navigation.social,
    },
    contactDetails: site.contactDetails,
    settings: picked as ClientSettings,
  };
}

/**
 * The site a page belongs to, as the browser sees it, and the same as JSON for the document. It
 * is the same for every page of the site, so it does not travel with each page's loader data:
 * the server renders it from the request's site and writes it into the document once
 * (root.tsx), where the browser reads it before hydrating (app/entry.client.tsx) and
 * keeps it for every page it navigates to. The back office has none.
 */
export type SiteData = { site: ClientSite; json: string };

/** Made once per site object, as `clientSite` is. */
export const siteDataOf = madeOncePer((site: Site): SiteData => {
  const client = clientSite(site);
  // Inside <script>: a "<" could close the element, so it is written as an escape JSON reads back.
  return { site: client, json: JSON.stringify(client).replace(/</g, "\\u003c") };
});

export const SiteContext = createContext<SiteData | null>(null);

/** The id of the document's script that holds the site's JSON. */
export const SITE_DATA_ID = "site-data";

let readFromDocument: SiteData | null | undefined;

/**
 * The site data the document holds, read once in the browser (null on the server and in the back
 * office).
 */
export function documentSiteData(): SiteData | null {
  if (readFromDocument === undefined) {
    const json =
      typeof document === "undefined" ? null : document.getElementById(SITE_DATA_ID)?.textContent;
    readFromDocument = json ? { site: JSON.parse(json) as ClientSite, json } : null;
  }
  return readFromDocument;
}

/**
 * Route `meta` functions run outside components, so they find the site through the root loader's
 * data: on the server the root loader files its site beside its data object here (not in it, so
 * it is not sent with every page); in the browser it is the document's site.
 */
const siteBesideRootData = new WeakMap<object, ClientSite>();

/** The root loader's data, with the site its page's meta functions will find (`siteOfMatches`). */
export function withSiteForMeta<T extends object>(data: T, site: ClientSite | null): T {
  if (site) siteBesideRootData.set(data, site);
  return data;
}

/** The site of a route's `meta` matches, or undefined where there is none (the back office). */
export function siteOfMatches(
  matches: ReadonlyArray<{ data?: unknown } | undefined>,
): ClientSite | undefined {
  const root = matches[0]?.data;
  const filed = root && typeof root === "object" ? siteBesideRootData.get(root) : undefined;
  return filed ?? documentSiteData()?.site;
}

/** The site's origin for a route's `meta` (absolute URLs), from the root loader's data. */
export function originOfMatches(matches: ReadonlyArray<{ data?: unknown } | undefined>): string {
  return (matches[0]?.data as { origin?: string } | undefined)?.origin ?? "";
}

/** The site of this page, or null in the back office. */
export function useSiteData(): SiteData | null {
  return useContext(SiteContext);
}

/** The current site (available in every component of a site's pages). */
export function useSite(): ClientSite {
  const data = useSiteData();
  if (!data) throw new Error("useSite() outside a site page");
  return data.site;
}

export function useTemplate() {
  return TEMPLATE_TOKENS[useSite().template];
}
