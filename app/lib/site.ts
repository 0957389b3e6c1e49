import { useRouteLoaderData } from "react-router";
import type { SiteSettings } from "~/domain/site-settings";
import type { Site } from "~/server/sites/site";
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
  "serviceAdditionalServices",
  "theme",
  "makeMarks",
] as const satisfies readonly (keyof SiteSettings)[];

export type ClientSettings = Pick<SiteSettings, (typeof CLIENT_SETTINGS)[number]>;

/** The site as the root loader sends it to the browser (no search key, client settings only). */
export type ClientSite = Omit<Site, "settings" | "searchKey" | "version"> & {
  settings: ClientSettings;
};

/** Components name the site they render `Site`: the client site. */
export type { ClientSite as Site };

/** The browser's part of a site: picked here only, for the root loader. */
export function clientSite(site: Site): ClientSite {
  const { settings, searchKey: _searchKey, version: _version, ...rest } = site;
  const picked: Partial<Record<keyof SiteSettings, unknown>> = {};
  for (const key of CLIENT_SETTINGS) picked[key] = settings[key];
  return { ...rest, settings: picked as ClientSettings };
}

/** The current site, from the root loader (available in every route and component). */
export function useSite(): ClientSite {
  const data = useRouteLoaderData("root") as { site: ClientSite } | undefined;
  if (!data) throw new Error("useSite() outside a site page");
  return data.site;
}

export function useTemplate() {
  return TEMPLATE_TOKENS[useSite().template];
}
