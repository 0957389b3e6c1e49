/**
 * Site settings: every per-dealer behaviour of the product as a named, typed setting.
 *
 * The product lets behaviours differ by site slug, name, dealership id, dealership group or
 * manufacturer (docs/product/sites-and-settings.md). Here each of those behaviours is a setting
 * with the product's default, so no code ever branches on which dealer it is serving.
 * `docs/site-settings.md` is generated from this schema (`npm run docs:settings`); the descriptions
 * below are the documentation.
 */
import { z } from "zod";
import {
  CAROUSEL_AUTOPLAY_MS,
  DEFAULT_VEHICLE_CARD_ACTIONS,
  HOME_BLOCKS,
  LIFESTYLE_TILES,
  PAYMENT_PROVIDERS,
  PHONE_VARIANTS,
  SORT_OPTIONS,
  VEHICLE_ACTION_KINDS,
  VEHICLE_PATHS,
  DEFAULT_CONSENT_WORDING,
  MARKETING_CONSENT_DEFAULTS,
  DEFAULT_DEPOSIT_CONDITIONS,
  DEFAULT_DEPOSIT_FINANCE_DECLINED,
  DEFAULT_DEPOSIT_HELD_HOURS,
} from "./site-constants";

export * from "./site-constants";

/**
 * Addresses and colours a manager types land in every page (an href, a script's src, the inline
 * style of the brand colours): each is checked for what it is, so nothing else can pass as one
 * (docs/product/sites-and-settings.md, "Addresses and colours").
 */
// eslint-disable-next-line no-control-regex
const NO_SPACES_OR_MARKUP = /^[^\s"'<>\\`\u0000-\u001f\u007f]+$/;
const HTTP_URL = /^https?:\/\/[^/?#:@\s]+(:\d{1,5})?([/?#]|$)/i;
/** A path on the site: one leading '/', never '//' (which a browser reads as another host). */
const SITE_PATH = /^\/(?![/\\])/;

export const SETTING_MESSAGES = {
  link: "Use a full http(s) address (https://example.com/page) or a path on this site (/page).",
  httpUrl: "Use a full http(s) address, like https://example.com/script.js.",
  script:
    "Use a full http(s) address (https://example.com/script.js) or a path on this site (/js/script.js).",
  path: "Use a path on this site, starting with a single /, like /search.",
  colour: "Use a CSS colour: #rgb, #rrggbb (or with alpha, #rrggbbaa), rgb(...) or hsl(...).",
  length: "Use a CSS length: 0, or a number with px, rem, em or %, like 0.5rem.",
} as const;

export const isHttpUrl = (value: string) => NO_SPACES_OR_MARKUP.test(value) && HTTP_URL.test(value);
export const isSitePath = (value: string) =>
  NO_SPACES_OR_MARKUP.test(value) && SITE_PATH.test(value);
/** A link shown to shoppers: an http(s) address or a path on the site, nothing else. */
export const isSiteLink = (value: string) => isHttpUrl(value) || isSitePath(value);
/** A navigation item's link: a site link, a fragment of the page, or a tel: or mailto: link. */
export const isNavigationLink = (value: string) =>
  isSiteLink(value) || (NO_SPACES_OR_MARKUP.test(value) && /^(#|tel:.|mailto:.)/i.test(value));

/** A link shown to shoppers: an http(s) address or a path on the site. */
export const siteLink = () => z.string().trim().refine(isSiteLink, SETTING_MESSAGES.link);
/** An address the browser or the server fetches (a script, an embed, a template): http(s) only. */
export const httpUrl = () => z.string().trim().refine(isHttpUrl, SETTING_MESSAGES.httpUrl);
/** A script or template the browser loads: http(s), or a path on the site itself. */
export const scriptAddress = () => z.string().trim().refine(isSiteLink, SETTING_MESSAGES.script);
/** A path on the site ("/my-garage"). */
export const sitePath = () => z.string().trim().refine(isSitePath, SETTING_MESSAGES.path);

const NUMBER = "\\d{1,3}(\\.\\d+)?%?";
const COLOUR_FUNCTION = new RegExp(
  `^(rgb|rgba|hsl|hsla)\\(\\s*-?${NUMBER}(deg)?(\\s*[,\\s]\\s*${NUMBER}){2}(\\s*[,/]\\s*(0|1|0?\\.\\d+|${NUMBER}))?\\s*\\)$`,
  "i",
);
const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
/** A CSS colour: hex, rgb() or hsl(); nothing that could close the declaration it lands in. */
export const cssColour = () =>
  z
    .string()
    .trim()
    .refine((v) => HEX_COLOUR.test(v) || COLOUR_FUNCTION.test(v), SETTING_MESSAGES.colour);
const cssLength = () =>
  z
    .string()
    .trim()
    .regex(/^(0|\d{1,3}(\.\d{1,3})?(px|rem|em|%))$/, SETTING_MESSAGES.length);

const FeatureFlagsSchema = z
  .object({
    autobot: z.boolean().default(false).describe("Autobot integration enabled."),
    dealercell: z.boolean().default(false).describe("Dealercell integration enabled."),
    dealerstudio: z.boolean().default(false).describe("Dealerstudio integration enabled."),
    impel: z.boolean().default(false).describe("Impel (360 spin) integration enabled."),
    autograb: z.boolean().default(false).describe("Autograb valuation and market data enabled."),
    redbook: z.boolean().default(false).describe("Redbook vehicle data enabled."),
    nevdis: z.boolean().default(false).describe("NEVDIS registration lookup enabled."),
  })
  .default({
    autobot: false,
    dealercell: false,
    dealerstudio: false,
    impel: false,
    autograb: false,
    redbook: false,
    nevdis: false,
  });

/** The site's stock filter rules (docs/product/search-and-urls.md, "Stock filter expression"). */
const StockRulesSchema = z
  .object({
    searchFilters: z
      .array(z.string())
      .default([])
      .describe("Extra search filter expressions ANDed onto every stock query of the site."),
    usedOnly: z.boolean().default(false).describe("Only used vehicles are listed."),
    inStockOnly: z.boolean().default(false).describe("Only in_stock vehicles are listed."),
    excludedMakes: z.array(z.string()).default([]).describe("Makes never listed on the site."),
    excludedStockNumbers: z
      .array(z.string())
      .default([])
      .describe("Stock numbers never listed on the site."),
    freshnessDays: z
      .number()
      .int()
      .min(0)
      .max(14)
      .nullable()
      .default(null)
      .describe(
        "Only vehicles created within this many days are listed (0 to 14); null = no limit.",
      ),
    minPhotoCount: z
      .number()
      .int()
      .min(0)
      .nullable()
      .default(null)
      .describe(
        "Only vehicles with at least this many photos are listed (the product's preset is 3).",
      ),
    presetCities: z
      .array(z.string())
      .default([])
      .describe("Preset city filter: only vehicles in these cities are listed."),
    limitToManufacturer: z
      .boolean()
      .default(false)
      .describe("Only the site's manufacturer's vehicles are listed (franchise sites)."),
    excludedLocationIds: z
      .array(z.number().int())
      .default([])
      .describe("Vehicles at these location ids are never listed."),
    excludeNewAndDemoOfMake: z
      .string()
      .nullable()
      .default(null)
      .describe("New and demo vehicles of this make are never listed (used ones are)."),
  })
  .default({
    searchFilters: [],
    usedOnly: false,
    inStockOnly: false,
    excludedMakes: [],
    excludedStockNumbers: [],
    freshnessDays: null,
    minPhotoCount: null,
    presetCities: [],
    limitToManufacturer: false,
    excludedLocationIds: [],
    excludeNewAndDemoOfMake: null,
  });

const ThemeSchema = z
  .object({
    primary: cssColour()
      .default("#0b3d91")
      .describe(
        "Brand colour for header, buttons and links (a CSS colour: #rrggbb, rgb() or hsl()).",
      ),
    primaryForeground: cssColour()
      .default("#ffffff")
      .describe("Text colour on the brand colour (a CSS colour)."),
    accent: cssColour()
      .default("#e4002b")
      .describe("Accent colour for calls to action and tags (a CSS colour)."),
    accentForeground: cssColour()
      .default("#ffffff")
      .describe("Text colour on the accent colour (a CSS colour)."),
    radius: cssLength()
      .default("0.5rem")
      .describe("Corner radius of cards and buttons (0, or a number with px, rem, em or %)."),
  })
  .default({
    primary: "#0b3d91",
    primaryForeground: "#ffffff",
    accent: "#e4002b",
    accentForeground: "#ffffff",
    radius: "0.5rem",
  });

const GarageSettingsSchema = z
  .object({
    signInWithMobile: z
      .boolean()
      .default(false)
      .describe(
        "Visitors sign in with a mobile number and SMS code to keep a garage and watchlist.",
      ),
    notifyWhenSavedCarSells: z
      .boolean()
      .default(true)
      .describe("E-mail a signed-in visitor when a saved vehicle sells."),
    bookServiceFromGarage: z.boolean().default(false).describe("Book a service from the garage."),
    serviceHistory: z.boolean().default(false).describe("Show service history in the garage."),
    path: sitePath()
      .default("/my-garage")
      .describe("Path of the garage page (a path on the site, /...)."),
    signInCountries: z
      .array(z.enum(["AU", "NZ", "US"]))
      .min(1)
      .nullable()
      .default(null)
      .describe(
        "The market's countries whose mobile numbers sign in (full-length mobile numbers only); null = the locale's country (en-AU: AU, en-NZ: NZ, en-US: US).",
      ),
  })
  .default({
    signInWithMobile: false,
    notifyWhenSavedCarSells: true,
    bookServiceFromGarage: false,
    serviceHistory: false,
    path: "/my-garage",
    signInCountries: null,
  });

/** The makes' marks on the home page's make cards and the search filter's make cards. */
const MakeMarksSchema = z
  .object({
    logos: z
      .record(z.string().trim().min(1), siteLink())
      .default({})
      .describe(
        "A logo image (an http(s) address or a path on the site) per make, keyed by the make's slug (e.g. 'kia', 'land-rover'); a make without one shows its name as a wordmark. Default none: make logos are their makers' trademarks, so a site supplies only those it may use.",
      ),
    colour: z
      .enum(["neutral", "brand"])
      .default("neutral")
      .describe(
        "Colour of the make wordmarks: 'neutral' (dark grey) or 'brand' (the brand colour).",
      ),
  })
  .default({ logos: {}, colour: "neutral" });

const PromoPopupSchema = z.object({
  imageUrl: siteLink().nullable().default(null),
  title: z.string(),
  description: z.string().default(""),
  buttonText: z.string().default("Find out more"),
  link: siteLink(),
  expiresAt: z.string().describe("ISO date after which the popup is never shown."),
  visibleByDefault: z.boolean().default(true),
  openAfterSeconds: z
    .number()
    .int()
    .min(1)
    .max(600)
    .default(20)
    .describe(
      "On desktop, seconds on the page before the popup opens (unless a scroll opens it first).",
    ),
  openAfterScrollPercent: z
    .number()
    .int()
    .min(0)
    .max(100)
    .default(30)
    .describe(
      "On desktop, share of the page scrolled (percent) that opens the popup; 0 opens it on any scroll.",
    ),
});

/**
 * Where a site's configuration, locations, navigation, opening hours and stock come from: this
 * platform's own database, or a remote dashboard backend (docs/product/data-in.md). The
 * backend's password is read from the environment variable named here, never stored.
 */
export const DataSourceSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("local") }),
  z.object({
    kind: z.literal("dashboard"),
    baseUrl: z
      .url({ protocol: /^https?$/ })
      .describe("The dashboard backend, e.g. https://dashboard.example.com."),
    stagingBaseUrl: z
      .url({ protocol: /^https?$/ })
      .nullable()
      .default(null)
      .describe("The staging dashboard host, used instead of baseUrl when useStaging is on."),
    useStaging: z.boolean().default(false).describe("Read from the staging host."),
    websiteId: z.number().int().positive().describe("The site's website id on the backend."),
    username: z.string().min(1).describe("Basic auth user name: the site's slug or id there."),
    passwordEnv: z
      .string()
      .regex(/^[A-Z][A-Z0-9_]*$/, "Name an environment variable, e.g. DASHBOARD_KEY_ACME.")
      .describe("Environment variable holding the Basic auth password (the site's API key)."),
    refreshSeconds: z
      .number()
      .int()
      .min(5)
      .max(86_400)
      .default(300)
      .describe("How often the site's data is read again from the backend."),
    timeoutMs: z
      .number()
      .int()
      .min(100)
      .max(120_000)
      .default(10_000)
      .describe("Time allowed for each request to the backend."),
  }),
]);
export type DataSource = z.infer<typeof DataSourceSchema>;
/** How stock feeds reach the site (docs/stock-feeds.md, docs/product/data-in.md). */
const StockFeedSettingsSchema = z
  .object({
    url: z
      .url({ protocol: /^https?$/, message: "The feed URL must be a full http(s) address" })
      .nullable()
      .default(null)
      .describe(
        "Feed (CSV or JSON) pulled on a schedule as a full import; null = the site's stock comes by CLI or API only.",
      ),
    pullIntervalMinutes: z
      .number()
      .int()
      .min(5)
      .max(1440)
      .default(60)
      .describe("Minutes between pulls of the feed URL (an unchanged feed costs one request)."),
    columns: z
      .record(z.string(), z.string())
      .default({})
      .describe(
        "CSV column names of the dealer's export by the product's own column name, e.g. { stocknum: 'Stock No' }; unmapped columns keep the product's names.",
      ),
    maxRemovalShare: z
      .number()
      .min(0)
      .max(1)
      .default(0.5)
      .describe(
        "A full feed that would mark more than this share of the listed stock as sold is refused as a whole.",
      ),
  })
  .default({ url: null, pullIntervalMinutes: 60, columns: {}, maxRemovalShare: 0.5 });

export const SiteSettingsSchema = z.object({
  // Search
  defaultSearchPath: sitePath()
    .default("/search")
    .describe(
      "Where 'Search Stock' links go (a path on the site), e.g. /search/used-cars or /pre-owned.",
    ),
  searchPageSize: z
    .union([z.literal(21), z.literal(20)])
    .default(21)
    .describe("Vehicles per search results page: 21 on most sites, 20 on others."),
  defaultSort: z
    .enum(SORT_OPTIONS)
    .default("custom_rank:desc")
    .describe("Default sort of search results: relevance, latest, or price ascending."),
  searchCacheLimit: z
    .number()
    .int()
    .positive()
    .default(10)
    .describe("Search results kept in the browser's memory cache, evicted oldest-first."),
  enabledFacets: z
    .array(z.string())
    .default([
      "make",
      "model",
      "car_type",
      "price",
      "km",
      "year",
      "body",
      "fuel",
      "transmission",
      "drive",
      "seats",
      "colour",
      "city",
      "dealership_name",
      "certified",
    ])
    .describe("Search facets shown in the filter sidebar, in order."),
  popularMakes: z
    .union([z.literal("from stock"), z.array(z.string().trim().min(1)).min(1)])
    .default("from stock")
    .describe(
      "The makes shown before 'Show all makes': 'from stock' (the 7 makes with the most vehicles on offer) or the site's own list, in order.",
    ),
  stock: StockRulesSchema,
  stockFeed: StockFeedSettingsSchema,
  includeSoldCarsDays: z
    .number()
    .int()
    .min(0)
    .default(3)
    .describe("Days a sold vehicle stays listed (default 3 days = 259200000 ms)."),

  // Vehicles
  vehiclePath: z
    .enum(VEHICLE_PATHS)
    .default("cars")
    .describe("Vehicle pages live at /{vehiclePath}/{slug}: cars, motorcycles or campers."),
  loadingAnimation: z
    .enum(["car", "motorcycle", "truck"])
    .default("car")
    .describe("Loading animation shown while search results change."),
  justArrivedDays: z
    .number()
    .int()
    .min(0)
    .default(8)
    .describe("Days a new vehicle carries the Just Arrived tag."),
  justArrivedTagName: z.string().default("Just Arrived").describe("Label of the Just Arrived tag."),
  soldTagName: z.string().default("Just Sold").describe("Label of the sold tag."),
  usedShownAsPreOwned: z.boolean().default(false).describe("Display 'used' as 'pre-owned'."),
  imageQuality: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(75)
    .describe("Image CDN quality (75 by default, 60 on some sites)."),
  phoneStartsRevealed: z
    .boolean()
    .default(false)
    .describe("Dealer phone numbers start revealed instead of masked after 5 characters."),
  comingSoonReservable: z
    .boolean()
    .default(false)
    .describe("Coming-soon vehicles can be reserved as well as in-stock ones."),
  tradeInAllowed: z.boolean().default(true).describe("Trade-in valuation offered on vehicles."),
  getFinanceText: z.string().default("Get Finance").describe("Text of the Get Finance button."),
  vehicleCardActions: z
    .array(z.enum(VEHICLE_ACTION_KINDS))
    .default([...DEFAULT_VEHICLE_CARD_ACTIONS])
    .describe(
      "Buttons of the vehicle card, in order; each shows only where its rule allows (e.g. reserve only when reservable). Sold or unavailable vehicles always offer 'find-similar'.",
    ),
  showBelowMarketIndicator: z
    .boolean()
    .default(true)
    .describe("Show the below-market-price indicator when market data exists."),
  offersSubscription: z
    .boolean()
    .default(false)
    .describe("Vehicles may be offered by subscription (subscription_price, sort options)."),

  // Leads and forms
  enquiryMessageOptional: z
    .boolean()
    .default(false)
    .describe("The enquiry message is optional (required by default)."),
  yesNoFields: z
    .array(z.string())
    .default([])
    .describe(
      "Boolean form fields sent as 'Yes'/'No' (e.g. 'Ready to sell', 'Valuation guide', 'Best Finance', 'Best Deal').",
    ),
  pushLeadsToPrimaryLocation: z
    .boolean()
    .default(false)
    .describe("Leads are sent to the primary location (overrides location_id)."),
  pushLeadsToPrimaryDealership: z
    .boolean()
    .default(false)
    .describe("Leads are sent to the primary dealership (overrides dealership_slug)."),
  fixedLeadDealershipSlug: z
    .string()
    .nullable()
    .default(null)
    .describe("Every lead carries this dealership_slug, whatever the form chose."),
  fixedLeadWebsiteSlug: z
    .string()
    .nullable()
    .default(null)
    .describe("Every lead carries this website_slug instead of the site's own slug."),
  leadTarget: z
    .enum(["server", "car-clarity"])
    .default("server")
    .describe("Where leads are submitted: the platform's lead API or the finance partner."),
  phoneVariant: z
    .enum(PHONE_VARIANTS)
    .default("au")
    .describe("Phone validation of the site's forms: au, au-mobile, nz, us or au-nz-uk."),
  testPhoneNumber: z
    .string()
    .default("0400000000")
    .describe("A phone number always accepted by validation (for the dealer's own tests)."),
  visitorSources: z
    .enum(["default", "alternative"])
    .default("default")
    .describe("'How did you hear about us' list: default or the alternative list."),
  financeCalculatorRate: z
    .number()
    .min(0)
    .max(100)
    .default(10)
    .describe("Default interest rate (%) of the finance calculator."),
  financeProvider: z.string().nullable().default(null).describe("Finance partner name."),
  financePartnerCode: z
    .string()
    .nullable()
    .default(null)
    .describe("Provider code sent to the finance partner."),
  paymentProvider: z
    .enum(PAYMENT_PROVIDERS)
    .nullable()
    .default(null)
    .describe(
      "Card payment provider for deposits: stripe, windcave, pin-payments, or test (the built-in test card provider); null = no online reservation.",
    ),
  paymentCurrency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default("AUD")
    .describe("Currency of card deposits (ISO 4217, e.g. AUD, NZD)."),
  driveAway: z
    .object({
      enabled: z
        .boolean()
        .default(false)
        .describe("Show the estimated drive-away price (Australian sites only)."),
      registration: z
        .number()
        .min(0)
        .default(0)
        .describe("Registration estimate added to the drive-away price, in dollars."),
      ctp: z
        .number()
        .min(0)
        .default(0)
        .describe("CTP insurance estimate added to the drive-away price, in dollars."),
      deliveryFee: z
        .number()
        .min(0)
        .default(0)
        .describe("Dealer delivery fee added to the drive-away price, in dollars."),
    })
    .default({ enabled: false, registration: 0, ctp: 0, deliveryFee: 0 })
    .describe(
      "Drive-away price estimate: the price plus the state's stamp duty, registration, CTP and the dealer's delivery fee.",
    ),
  reservationHoldMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15)
    .describe(
      "Minutes a vehicle is held for a shopper while they pay the deposit; unpaid, the hold then ends.",
    ),
  depositTerms: z
    .object({
      refundable: z.boolean().default(true).describe("The deposit is refundable."),
      conditions: z
        .string()
        .trim()
        .min(1, "Write the deposit's conditions.")
        .max(600, "Keep the conditions to 600 characters.")
        .default(DEFAULT_DEPOSIT_CONDITIONS)
        .describe("On what conditions the deposit is refunded (or kept), shown before payment."),
      heldHours: z
        .number()
        .int()
        .min(1)
        .max(24 * 90)
        .default(DEFAULT_DEPOSIT_HELD_HOURS)
        .describe("Hours a paid deposit holds the vehicle for the shopper."),
      financeDeclined: z
        .string()
        .trim()
        .min(1, "Write what happens to the deposit when finance is declined.")
        .max(600, "Keep it to 600 characters.")
        .default(DEFAULT_DEPOSIT_FINANCE_DECLINED)
        .describe("What happens to the deposit when the shopper's finance is declined."),
    })
    .default({
      refundable: true,
      conditions: DEFAULT_DEPOSIT_CONDITIONS,
      heldHours: DEFAULT_DEPOSIT_HELD_HOURS,
      financeDeclined: DEFAULT_DEPOSIT_FINANCE_DECLINED,
    })
    .describe("The deposit's terms, stated on the reserve and buy online pages before payment."),

  // Links and pages
  pagesPrefixInUse: z
    .boolean()
    .default(true)
    .describe(
      "Content pages live under /pages/ (except privacy-policy, terms-and-conditions, about-us and vehicle-parts-and-accessories).",
    ),
  newsReplacesBlog: z.boolean().default(false).describe("/news replaces /blog in links."),
  financePreApprovalAvailable: z
    .boolean()
    .default(true)
    .describe("The finance pre-approval page exists; otherwise its links go to /finance."),
  careersUrl: siteLink()
    .nullable()
    .default(null)
    .describe(
      "External 'Join Our Team' link (an http(s) address or a path on the site); null hides the tile.",
    ),
  homeBlocks: z
    .array(z.enum(HOME_BLOCKS))
    .default([...HOME_BLOCKS])
    .describe("Home page blocks, in order; a block not listed is off."),
  promotionSliderHeight: z
    .number()
    .int()
    .min(240)
    .max(1200)
    .nullable()
    .default(null)
    .describe(
      "Height in px of the home page's promotion banner (the hero) from 768 px wide up, e.g. 531; null: as tall as its content.",
    ),
  promoPopup: PromoPopupSchema.nullable().default(null).describe("Promotional popup, if any."),

  // Locations and reviews
  locationsCarouselTitle: z.string().default("Our Locations").describe("Title of the carousel."),
  locationBadgeText: z
    .string()
    .nullable()
    .default(null)
    .describe("Badge on location cards, e.g. 'COMING EARLY 2026'."),
  locationBadgeUntil: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "A date as YYYY-MM-DD")
    .nullable()
    .default(null)
    .describe(
      "Last day the location badge shows (YYYY-MM-DD, the site's time zone is not applied: the day ends at midnight UTC); null shows it until the text is removed.",
    ),
  licencePrefix: z.enum(["DL", "CL"]).default("DL").describe("Dealer licence label: DL or CL."),
  separateSalesServiceHours: z
    .boolean()
    .default(false)
    .describe("Location cards show sales and service hours separately."),
  serviceLocationsBookService: z
    .boolean()
    .default(false)
    .describe("Service-type location cards show 'Book a Service' instead of contact."),
  showViewOurStock: z.boolean().default(true).describe("Location cards link to 'View Our Stock'."),
  customLocationOrder: z
    .array(z.string())
    .nullable()
    .default(null)
    .describe("Location slugs in display order; null sorts by name."),
  hiddenLocationNames: z
    .array(z.string())
    .default([])
    .describe("Location names left off the location card list."),
  reviewsHidden: z.boolean().default(false).describe("Reviews are hidden."),
  reviewsMinimumRating: z
    .number()
    .min(1)
    .max(5)
    .default(4)
    .describe("Reviews show only if the rating exceeds this minimum."),
  googleReviewsCount: z.number().int().default(12).describe("Google reviews shown in full."),

  // Engagement and third parties (all off in the demo: no scripts from the internet)
  garageEnabled: z.boolean().default(true).describe("Favourites (the garage) are offered."),
  garage: GarageSettingsSchema,
  chatEnabled: z.boolean().default(false).describe("Show the chat prompt bubble and widget."),
  chatScriptUrl: scriptAddress()
    .nullable()
    .default(null)
    .describe(
      "Chat widget script (an http(s) address or a path on the site), loaded after first interaction or 3 s; the Content-Security-Policy allows its origin.",
    ),
  whatsappNumber: z.string().nullable().default(null).describe("WhatsApp number for the button."),
  gtmId: z
    .string()
    .nullable()
    .default(null)
    .describe(
      "Google Tag Manager id; null = no GTM. The Content-Security-Policy allows www.googletagmanager.com, not the origins of tags the container loads.",
    ),
  mapsEmbedUrlTemplate: httpUrl()
    .nullable()
    .default(null)
    .describe(
      "Map embed URL template (http(s)) with {query}, {lat}, {long} (URL-encoded); null shows a static map and link only. The Content-Security-Policy allows its origin in frames.",
    ),
  imageCdnTemplate: scriptAddress()
    .nullable()
    .default(null)
    .describe(
      "Image CDN URL template (http(s), or a path on the site) with {url}, {width}, {quality}; null = built-in resizer. The Content-Security-Policy allows its origin in images.",
    ),
  imageSourceHosts: z
    .array(
      z
        .string()
        .regex(/^[a-z0-9.-]+(:\d+)?$/i, "A host name, with a port if needed (photos.example.com)"),
    )
    .default([])
    .describe(
      "Hosts (host or host:port) whose photos the built-in resizer (/media/image) may fetch and resize; photos on other hosts need an image CDN template.",
    ),
  featureFlags: FeatureFlagsSchema,
  buildModelPages: z.boolean().default(false).describe("Model landing pages are built."),
  enableStore: z.boolean().default(false).describe("Parts and accessories store enabled."),

  // Home page and engagement (content pages)
  locationsCarouselFilter: z
    .object({
      slugs: z.array(z.string()).nullable().default(null),
      type: z.enum(["sales", "service", "parts"]).nullable().default(null),
    })
    .nullable()
    .default(null)
    .describe(
      "Home locations carousel shows only these location slugs and/or this type; null = all.",
    ),
  lifestyleTiles: z
    .array(z.enum(LIFESTYLE_TILES))
    .default([...LIFESTYLE_TILES])
    .describe(
      "Lifestyle tiles on the home page, in order ('Join Our Team' also needs careersUrl).",
    ),
  valuePropositionAutoplayMs: z
    .number()
    .int()
    .min(CAROUSEL_AUTOPLAY_MS.min)
    .max(CAROUSEL_AUTOPLAY_MS.max)
    .default(3500)
    .describe("Autoplay delay of the value proposition carousel, 3000 to 4000 ms."),
  chatPromptText: z
    .string()
    .default("Hi there! Have a question? We're here to help.")
    .describe("Text of the chat prompt bubble."),
  chatOpenCall: z
    .object({ path: z.string(), args: z.array(z.string()).default([]) })
    .nullable()
    .default(null)
    .describe(
      "Global function (dotted path, e.g. 'LiveChatWidget.call') and arguments that open the chat widget once loaded; null = the widget opens itself.",
    ),
  thirdPartyScripts: z
    .array(scriptAddress())
    .default([])
    .describe(
      "Other third-party scripts (pixels; http(s) addresses, or paths on the site) loaded after the first interaction or 3 s; the Content-Security-Policy allows their origins.",
    ),
  contentSecurityPolicyOrigins: z
    .array(
      z
        .string()
        .regex(
          /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i,
          "An https origin, with no path (https://connect.facebook.net)",
        ),
    )
    .default([])
    .describe(
      "Other origins the Content-Security-Policy allows for scripts, requests, images and frames: the tags a Google Tag Manager container loads (ad and analytics pixels).",
    ),

  // Leads, bookings and lookups (server/leads)
  leadApiMode: z
    .enum(["live", "mock"])
    .default("live")
    .describe(
      "Lead API: 'live' stores leads at /api and delivers them; 'mock' (test sites) answers at /mock, keeps leads in the test store and never delivers them.",
    ),
  leadAcknowledgementEmail: z
    .boolean()
    .default(true)
    .describe(
      "Send the shopper an acknowledgement e-mail for each lead with an e-mail address (with a calendar invite for a booking). Off when the dealership's own CRM already writes to them.",
    ),
  marketingConsent: z
    .object({
      default: z
        .enum(MARKETING_CONSENT_DEFAULTS)
        .default("market")
        .describe(
          "How the opt-in box of lead forms starts: 'market' follows the law of the site's market (unticked for AU and NZ, ticked for US); 'ticked' is honoured only where a pre-ticked box is lawful (US); 'unticked' always.",
        ),
      wording: z
        .string()
        .trim()
        .min(1, "Write the words shown beside the box.")
        .max(300, "Keep the words to 300 characters.")
        .default(DEFAULT_CONSENT_WORDING)
        .describe("The words beside the opt-in box, stored with each lead that ticks it."),
    })
    .default({ default: "market", wording: DEFAULT_CONSENT_WORDING })
    .describe("The marketing opt-in box of lead forms (docs/product/leads-and-forms.md)."),
  bookingTimeZone: z
    .string()
    .default("Australia/Sydney")
    .describe(
      "IANA time zone of the site's opening hours and booking slots, and of every time staff read in the back office and staff e-mails.",
    ),
  testDriveSlotMinutes: z
    .number()
    .int()
    .min(10)
    .max(240)
    .default(30)
    .describe("Length of a test drive booking slot, in minutes."),
  serviceSlotMinutes: z
    .number()
    .int()
    .min(10)
    .max(240)
    .default(30)
    .describe("Length of a service drop-off slot, in minutes."),
  testDriveSlotCapacity: z
    .number()
    .int()
    .min(1)
    .max(20)
    .default(1)
    .describe(
      "Test drives one slot takes at one location (1: a booked slot is no longer offered).",
    ),
  serviceSlotCapacity: z
    .number()
    .int()
    .min(1)
    .max(20)
    .default(1)
    .describe("Service bookings one drop-off slot takes at one location."),
  bookingDaysAhead: z
    .number()
    .int()
    .min(1)
    .max(90)
    .default(14)
    .describe("Days ahead (today included) that booking slots are offered."),
  bookingNoticeMinutes: z
    .number()
    .int()
    .min(0)
    .default(120)
    .describe("The earliest bookable slot starts at least this many minutes from now."),
  serviceAdditionalServices: z
    .array(z.string())
    .default([
      "Logbook service",
      "Brake inspection",
      "Wheel alignment",
      "Air-conditioning service",
      "Tyre check",
      "Car wash",
    ])
    .describe(
      "Additional services offered as checkboxes on the service booking form (gathered into additional_services).",
    ),
  theme: ThemeSchema,
  makeMarks: MakeMarksSchema,

  // Data in
  dataSource: DataSourceSchema.default({ kind: "local" }).describe(
    "Where the site's configuration, locations, navigation, opening hours and stock come from: 'local' (this platform's database) or 'dashboard' (a remote dashboard backend, refreshed on an interval; the last good data is served while it is down).",
  ),
});

export type SiteSettings = z.infer<typeof SiteSettingsSchema>;
export type SiteSettingsInput = z.input<typeof SiteSettingsSchema>;

/** Settings with every default applied: what a site with no overrides gets. */
export function defaultSiteSettings(): SiteSettings {
  return SiteSettingsSchema.parse({});
}

/**
 * One item of the header or footer navigation (docs/product/sites-and-settings.md, "Navigation").
 */
export type NavigationItem = {
  name: string;
  url: string;
  mandatory?: boolean;
  dropdownItems?: NavigationItem[];
};

export const NavigationItemSchema: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    name: z.string().min(1),
    url: z
      .string()
      .trim()
      .refine(isNavigationLink, `${SETTING_MESSAGES.link} Or #section, tel: or mailto:.`),
    mandatory: z.boolean().optional(),
    dropdownItems: z.array(NavigationItemSchema).optional(),
  }),
);

export const NavigationSchema = z.object({
  header: z.array(NavigationItemSchema).default([]),
  footer: z
    .array(z.object({ title: z.string(), items: z.array(NavigationItemSchema) }))
    .default([]),
  social: z
    .array(
      z.object({
        network: z.enum(["facebook", "instagram", "youtube", "linkedin", "tiktok", "x"]),
        url: httpUrl(),
      }),
    )
    .default([]),
});
export type Navigation = z.infer<typeof NavigationSchema>;

type Path = ReadonlyArray<PropertyKey>;

/** Removes the value at `path` (an array element is spliced out); whether there was one. */
function removeAt(root: unknown, path: Path): boolean {
  let parent: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (typeof parent !== "object" || parent === null) return false;
    parent = (parent as Record<PropertyKey, unknown>)[key];
  }
  const last = path[path.length - 1]!;
  if (Array.isArray(parent) && typeof last === "number" && last < parent.length) {
    parent.splice(last, 1);
    return true;
  }
  if (typeof parent === "object" && parent !== null && Object.hasOwn(parent, last)) {
    delete (parent as Record<PropertyKey, unknown>)[last];
    return true;
  }
  return false;
}

/**
 * Stored values read with a schema that may have grown stricter since they were saved: a value
 * that no longer passes is left out (its default applies; a list loses that item) instead of
 * failing the site, and its path is named in `dropped` for a warning.
 */
export function parseLeniently<S extends z.ZodType>(
  schema: S,
  raw: unknown,
): { value: z.infer<S>; dropped: string[] } {
  const input: unknown =
    typeof raw === "object" && raw !== null ? structuredClone(raw) : raw === null ? {} : raw;
  const dropped: string[] = [];
  for (let round = 0; round < 200; round++) {
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data, dropped };
    const path = [...(result.error.issues[0]?.path ?? [])];
    let removed = false;
    while (path.length > 0 && !removed) {
      removed = removeAt(input, path);
      if (removed) dropped.push(path.map(String).join("."));
      else path.pop();
    }
    if (!removed) break;
  }
  dropped.push("(all: the defaults apply)");
  return { value: schema.parse({}), dropped };
}

/** A site's stored settings; a value the schema refuses now takes its default. */
export function readStoredSiteSettings(raw: unknown) {
  return parseLeniently(SiteSettingsSchema, raw);
}

/** A site's stored navigation; an item the schema refuses now (a bad link) is left out. */
export function readStoredNavigation(raw: unknown) {
  return parseLeniently(NavigationSchema, raw);
}
