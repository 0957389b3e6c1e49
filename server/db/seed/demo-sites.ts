/**
 * The demo sites. Together they exercise every template, locale, vehicle path and the
 * non-default value of the settings that change what a shopper sees.
 */
import { PROMOTION_SLIDER_HEIGHT_OVERRIDE } from "~/domain/site-constants";
import type { Locale, Navigation, SiteSettingsInput, Template } from "~/domain/site-settings";

export type DemoLocation = {
  name: string;
  type: "sales" | "service" | "parts" | "";
  city: string;
  state: string;
  postcode: string;
  street: string;
  phone: string;
  landline?: string;
  visible?: boolean;
  primary?: boolean;
  /** Index into the site's dealerships. */
  dealership: number;
  lat: number;
  long: number;
  weekdayHours?: Array<[string, string] | null>;
};

export type DemoSite = {
  slug: string;
  name: string;
  template: Template;
  locale: Locale;
  domainName: string | null;
  city: string;
  state: string;
  logoText: string;
  group: { name: string; slug: string } | null;
  /** Franchise sites name their manufacturer. */
  manufacturer: string | null;
  dealerships: Array<{ name: string; slug: string; makes: string[] }>;
  locations: DemoLocation[];
  vehicleCount: number;
  /** Makes stock is drawn from, with weights. */
  makes: Array<[string, number]>;
  carTypes: Array<["new" | "used" | "demo", number]>;
  currencyPhone: string;
  email: string;
  settings: SiteSettingsInput;
  navigation: Navigation;
  seed: number;
  rentals?: boolean;
  subscriptions?: boolean;
};

type NavOptions = {
  stockLinks: Array<[string, string]>;
  vehiclePathWord?: string;
  news?: string;
  fleet?: boolean;
  onlinePayment?: boolean;
  extraMore?: Array<[string, string]>;
  pagesPrefix?: boolean;
};

/** The header and footer (docs/product/sites-and-settings.md, "Navigation"), varied per site. */
export function buildNavigation(o: NavOptions): Navigation {
  const link = (name: string, url: string) => ({ name, url });
  const page = (slug: string) => (o.pagesPrefix ? `/pages/${slug}` : `/${slug}`);
  const stock = o.stockLinks.map(([name, url]) => link(name, url));
  const header = [
    { name: "Brands", url: "/explore-more-brands" },
    { name: "Stock", url: o.stockLinks[0]?.[1] ?? "/search", dropdownItems: stock },
    link("Special Offers", "/special-offers"),
    link("Sell Your Car", "/sell-your-car"),
    {
      name: "Service",
      url: "/service",
      dropdownItems: [
        link("Book a Service", "/service"),
        link("Why Service With Us", "/why-service-with-us"),
      ],
    },
    link("Parts", "/vehicle-parts-and-accessories"),
    ...(o.fleet ? [link("Fleet", "/fleet")] : []),
    link("Finance", "/finance"),
    link("Buy Online", "/buying-online"),
    ...(o.onlinePayment ? [link("Online Payment", "/online-payment")] : []),
    {
      name: "More",
      url: "/about-us",
      dropdownItems: [
        link("About Us", page("about-us")),
        link("Our Locations", "/our-locations/"),
        link("Contact Us", "/contact"),
        link("Careers", "/careers"),
        link("News", o.news ?? "/blog"),
        ...(o.extraMore ?? []).map(([n, u]) => link(n, u)),
      ],
    },
  ];
  return {
    header,
    footer: [
      { title: "Search Stock", items: stock },
      {
        title: "Buyer Tools",
        items: [
          link("Finance", "/finance"),
          link("Value My Car", "/sell-my-car"),
          link("Trade-In Valuation", "/trade-in"),
          link("Buy Online", "/buying-online"),
          link("Electric & Hybrid", "/electric-and-hybrid-cars"),
        ],
      },
      {
        title: "Servicing & Parts",
        items: [
          link("Book a Service", "/pages/book-a-service"),
          link("Parts & Accessories", "/pages/vehicle-parts-and-accessories"),
          link("Aftermarket", "/aftermarket"),
        ],
      },
      {
        title: "Company",
        items: [
          link("About Us", "/pages/about-us"),
          link("Careers", "/careers"),
          link("Contact Us - Sales", "/contact"),
          link("Privacy Policy", "/pages/privacy-policy"),
          link("Terms and Conditions", "/pages/terms-and-conditions"),
        ],
      },
    ],
    social: [
      { network: "facebook", url: "https://www.facebook.com/" },
      { network: "instagram", url: "https://www.instagram.com/" },
      { network: "youtube", url: "https://www.youtube.com/" },
    ],
  };
}

const AU_HOURS: Array<[string, string] | null> = [
  null,
  ["08:30", "17:30"],
  ["08:30", "17:30"],
  ["08:30", "17:30"],
  ["08:30", "17:30"],
  ["08:30", "17:30"],
  ["09:00", "16:00"],
];

export const DEMO_SITES: DemoSite[] = [
  {
    slug: "harbour-auto-group",
    name: "Harbour Auto Group",
    template: "classic",
    locale: "en-AU",
    domainName: "www.harbourautogroup.example",
    city: "Sydney",
    state: "NSW",
    logoText: "Harbour",
    group: { name: "Harbour Auto Group", slug: "harbour-auto-group" },
    manufacturer: null,
    dealerships: [
      { name: "Harbour Toyota", slug: "harbour-toyota", makes: ["Toyota"] },
      { name: "Harbour Mazda", slug: "harbour-mazda", makes: ["Mazda"] },
      { name: "Harbour Ford", slug: "harbour-ford", makes: ["Ford"] },
      { name: "Harbour Trucks", slug: "harbour-trucks", makes: ["Isuzu", "Hino"] },
    ],
    locations: [
      {
        name: "Harbour Toyota Parramatta",
        type: "sales",
        city: "Parramatta",
        state: "NSW",
        postcode: "2150",
        street: "12 Church Street",
        phone: "02 9630 1000",
        landline: "02 9630 1001",
        dealership: 0,
        primary: true,
        lat: -33.815,
        long: 151.003,
      },
      {
        name: "Harbour Toyota Service Centre",
        type: "service",
        city: "Parramatta",
        state: "NSW",
        postcode: "2150",
        street: "20 Church Street",
        phone: "02 9630 1100",
        dealership: 0,
        lat: -33.816,
        long: 151.004,
      },
      {
        name: "Harbour Mazda Chatswood",
        type: "sales",
        city: "Chatswood",
        state: "NSW",
        postcode: "2067",
        street: "400 Victoria Avenue",
        phone: "02 9411 2000",
        dealership: 1,
        lat: -33.797,
        long: 151.183,
        weekdayHours: [
          null,
          ["08:00", "18:00"],
          ["08:00", "18:00"],
          ["08:00", "18:00"],
          ["08:00", "20:00"],
          ["08:00", "18:00"],
          ["09:00", "17:00"],
        ],
      },
      {
        name: "Harbour Mazda Parts",
        type: "parts",
        city: "Chatswood",
        state: "NSW",
        postcode: "2067",
        street: "402 Victoria Avenue",
        phone: "02 9411 2100",
        dealership: 1,
        lat: -33.798,
        long: 151.184,
      },
      {
        name: "Harbour Ford Newcastle - Sales",
        type: "",
        city: "Newcastle",
        state: "NSW",
        postcode: "2300",
        street: "88 Hunter Street",
        phone: "02 4929 3000",
        dealership: 2,
        lat: -32.927,
        long: 151.776,
      },
      {
        name: "Harbour Ford Newcastle - Service",
        type: "service",
        city: "Newcastle",
        state: "NSW",
        postcode: "2300",
        street: "90 Hunter Street",
        phone: "02 4929 3100",
        dealership: 2,
        lat: -32.928,
        long: 151.777,
      },
      {
        name: "Harbour Trucks Wollongong",
        type: "sales",
        city: "Wollongong",
        state: "NSW",
        postcode: "2500",
        street: "5 Princes Highway",
        phone: "02 4228 4000",
        dealership: 3,
        lat: -34.424,
        long: 150.893,
      },
      {
        name: "Harbour Used Cars Penrith",
        type: "sales",
        city: "Penrith",
        state: "NSW",
        postcode: "2750",
        street: "1 Mulgoa Road",
        phone: "02 4721 5000",
        dealership: 0,
        lat: -33.751,
        long: 150.694,
      },
      {
        name: "Harbour Brisbane (opening soon)",
        type: "sales",
        city: "Brisbane",
        state: "QLD",
        postcode: "4000",
        street: "1 Queen Street",
        phone: "07 3000 6000",
        dealership: 0,
        visible: false,
        lat: -27.47,
        long: 153.02,
      },
    ],
    vehicleCount: 640,
    makes: [
      ["Toyota", 5],
      ["Mazda", 3],
      ["Ford", 3],
      ["Isuzu", 1],
      ["Hino", 1],
      ["Hyundai", 1],
      ["Volkswagen", 1],
      ["Tesla", 1],
      ["Mitsubishi", 1],
    ],
    carTypes: [
      ["new", 4],
      ["used", 5],
      ["demo", 1],
    ],
    currencyPhone: "1300 427 268",
    email: "sales@harbourautogroup.example",
    seed: 101,
    settings: {
      defaultSort: "created_at_timestamp:desc",
      paymentProvider: "stripe",
      driveAway: { enabled: true, registration: 950, ctp: 620, deliveryFee: 1_490 },
      separateSalesServiceHours: true,
      serviceLocationsBookService: true,
      locationsCarouselFilter: { slugs: null, type: "sales" },
      valuePropositionAutoplayMs: 4000,
      promotionSliderHeight: PROMOTION_SLIDER_HEIGHT_OVERRIDE,
      careersUrl: "https://careers.example/harbour",
      promoPopup: {
        imageUrl: "/media/promo/harbour.svg",
        title: "End of Year Sale",
        description: "Drive away pricing on selected new Toyota, Mazda and Ford models.",
        buttonText: "View Offers",
        link: "/special-offers",
        expiresAt: "2099-12-31",
        visibleByDefault: true,
      },
      theme: { primary: "#0b3d91", accent: "#e4002b" },
      makeMarks: { logos: {}, colour: "brand" },
    },
    navigation: buildNavigation({
      stockLinks: [
        ["New Cars", "/search/new-cars"],
        ["Used Cars", "/search/used-cars"],
        ["Demo Cars", "/search/demo-cars"],
        ["All Stock", "/search/new-used-and-demo-cars"],
        ["Trucks", "/search/new-used-and-demo-cars/isuzu"],
      ],
      fleet: true,
      onlinePayment: true,
      pagesPrefix: true,
    }),
  },
  {
    slug: "coastal-kia",
    name: "Coastal Kia",
    template: "bold",
    locale: "en-AU",
    domainName: null,
    city: "Gold Coast",
    state: "QLD",
    logoText: "Coastal Kia",
    group: null,
    manufacturer: "Kia",
    dealerships: [{ name: "Coastal Kia", slug: "coastal-kia-southport", makes: ["Kia"] }],
    locations: [
      {
        name: "Coastal Kia Southport",
        type: "sales",
        city: "Southport",
        state: "QLD",
        postcode: "4215",
        street: "77 Ferry Road",
        phone: "07 5591 7000",
        dealership: 0,
        primary: true,
        lat: -27.967,
        long: 153.4,
      },
      {
        name: "Coastal Kia Service",
        type: "service",
        city: "Southport",
        state: "QLD",
        postcode: "4215",
        street: "79 Ferry Road",
        phone: "07 5591 7100",
        dealership: 0,
        lat: -27.968,
        long: 153.401,
      },
    ],
    vehicleCount: 140,
    // Used trade-ins of other makes exist in stock but the manufacturer filter hides them.
    makes: [
      ["Kia", 8],
      ["Toyota", 1],
      ["Hyundai", 1],
    ],
    carTypes: [
      ["new", 6],
      ["demo", 2],
      ["used", 2],
    ],
    currencyPhone: "07 5591 7000",
    email: "hello@coastalkia.example",
    seed: 202,
    settings: {
      defaultSearchPath: "/search/new-cars",
      searchPageSize: 20,
      defaultSort: "price:asc",
      // Garage sign-in with a mobile number, on the site's own garage path.
      garage: { signInWithMobile: true, path: "/garage" },
      imageQuality: 60,
      phoneStartsRevealed: true,
      comingSoonReservable: true,
      enquiryMessageOptional: true,
      // The showroom opened: the announcement's last day has passed.
      locationBadgeText: "COMING EARLY 2026",
      locationBadgeUntil: "2026-01-31",
      licencePrefix: "CL",
      homeBlocks: [
        "hero",
        "featured-vehicles",
        "specials",
        "just-arrived",
        "our-range",
        "value-proposition",
        "locations",
        "finance-solutions",
        "book-service",
        "reviews",
        "payments",
      ],
      showViewOurStock: false,
      getFinanceText: "Get a Finance Quote",
      paymentProvider: "windcave",
      stock: { limitToManufacturer: true },
      theme: { primary: "#05141f", accent: "#bb162b", radius: "0" },
      // A franchised Kia dealer may show the maker's logo; the demo's stands in for it.
      makeMarks: { logos: { kia: "/media/logo/Kia.svg?bg=05141f" }, colour: "neutral" },
    },
    navigation: buildNavigation({
      stockLinks: [
        ["New Kia", "/search/new-cars"],
        ["Demo Kia", "/search/demo-cars"],
        ["Pre-Owned Kia", "/search/used-cars"],
      ],
      pagesPrefix: false,
    }),
  },
  {
    slug: "southern-motors",
    name: "Southern Motors",
    template: "classic",
    locale: "en-NZ",
    domainName: null,
    city: "Christchurch",
    state: "Canterbury",
    logoText: "Southern",
    group: null,
    manufacturer: null,
    dealerships: [{ name: "Southern Motors", slug: "southern-motors-christchurch", makes: [] }],
    locations: [
      {
        name: "Southern Motors Christchurch",
        type: "sales",
        city: "Christchurch",
        state: "Canterbury",
        postcode: "8011",
        street: "200 Moorhouse Avenue",
        phone: "03 366 1000",
        dealership: 0,
        primary: true,
        lat: -43.54,
        long: 172.64,
      },
      {
        name: "Southern Motors Dunedin",
        type: "sales",
        city: "Dunedin",
        state: "Otago",
        postcode: "9016",
        street: "50 Cumberland Street",
        phone: "03 477 2000",
        dealership: 0,
        lat: -45.87,
        long: 170.5,
      },
    ],
    vehicleCount: 120,
    makes: [
      ["Toyota", 3],
      ["Mazda", 2],
      ["Mitsubishi", 2],
      ["Honda", 1],
      ["Hyundai", 1],
    ],
    carTypes: [["used", 1]],
    currencyPhone: "0800 768 846",
    email: "sales@southernmotors.example",
    seed: 303,
    settings: {
      defaultSearchPath: "/pre-owned",
      usedShownAsPreOwned: true,
      phoneVariant: "nz",
      newsReplacesBlog: true,
      financePreApprovalAvailable: false,
      includeSoldCarsDays: 7,
      justArrivedDays: 14,
      justArrivedTagName: "New Arrival",
      soldTagName: "Sold",
      visitorSources: "alternative",
      customLocationOrder: ["southern-motors-dunedin", "southern-motors-christchurch"],
      locationsCarouselTitle: "Find Us",
      lifestyleTiles: ["Finance", "Contact Us", "Car Care"],
      stock: { usedOnly: true, minPhotoCount: 3 },
      theme: { primary: "#14532d", accent: "#ca8a04", accentForeground: "#111827" },
    },
    navigation: buildNavigation({
      stockLinks: [
        ["Pre-Owned Vehicles", "/pre-owned"],
        ["Christchurch Stock", "/search/southern-motors-christchurch"],
      ],
      news: "/news",
      pagesPrefix: true,
    }),
  },
  {
    slug: "lone-star-autos",
    name: "Lone Star Autos",
    template: "bold",
    locale: "en-US",
    domainName: null,
    city: "Austin",
    state: "TX",
    logoText: "Lone Star",
    group: null,
    manufacturer: null,
    dealerships: [{ name: "Lone Star Autos", slug: "lone-star-autos-austin", makes: [] }],
    locations: [
      {
        name: "Lone Star Autos Austin",
        type: "sales",
        city: "Austin",
        state: "TX",
        postcode: "78701",
        street: "1200 Congress Avenue",
        phone: "(512) 555-0142",
        dealership: 0,
        primary: true,
        lat: 30.27,
        long: -97.74,
        weekdayHours: [
          ["11:00", "17:00"],
          ["09:00", "19:00"],
          ["09:00", "19:00"],
          ["09:00", "19:00"],
          ["09:00", "19:00"],
          ["09:00", "19:00"],
          ["09:00", "18:00"],
        ],
      },
      {
        name: "Lone Star Autos Round Rock",
        type: "sales",
        city: "Round Rock",
        state: "TX",
        postcode: "78664",
        street: "300 Main Street",
        phone: "(512) 555-0199",
        dealership: 0,
        lat: 30.51,
        long: -97.68,
      },
    ],
    vehicleCount: 130,
    makes: [
      ["Ford", 3],
      ["Chevrolet", 3],
      ["Toyota", 2],
      ["Tesla", 1],
      ["Honda", 1],
    ],
    carTypes: [
      ["new", 2],
      ["used", 3],
    ],
    currencyPhone: "(512) 555-0142",
    email: "sales@lonestarautos.example",
    seed: 404,
    subscriptions: true,
    settings: {
      defaultSearchPath: "/search/new-used-and-demo-cars",
      defaultSort: "price:asc",
      phoneVariant: "us",
      offersSubscription: true,
      testPhoneNumber: "5555550100",
      chatEnabled: true,
      chatPromptText: "Howdy! Questions about a vehicle? Send us a message.",
      googleReviewsCount: 6,
      paymentProvider: "pin-payments",
      tradeInAllowed: true,
      theme: { primary: "#7f1d1d", accent: "#1d4ed8" },
    },
    navigation: buildNavigation({
      stockLinks: [
        ["All Inventory", "/search/new-used-and-demo-cars"],
        ["New Inventory", "/search/new-cars"],
        ["Used Inventory", "/search/used-cars"],
        ["Subscription", "/search/subscription-cars"],
      ],
      onlinePayment: true,
      pagesPrefix: false,
    }),
  },
  {
    slug: "outback-campers",
    name: "Outback Campers & Rentals",
    template: "classic",
    locale: "en-AU",
    domainName: null,
    city: "Perth",
    state: "WA",
    logoText: "Outback",
    group: null,
    manufacturer: null,
    dealerships: [{ name: "Outback Campers", slug: "outback-campers-perth", makes: [] }],
    locations: [
      {
        name: "Outback Campers Perth",
        type: "sales",
        city: "Perth",
        state: "WA",
        postcode: "6000",
        street: "9 Great Eastern Highway",
        phone: "08 9200 1000",
        dealership: 0,
        primary: true,
        lat: -31.95,
        long: 115.86,
      },
    ],
    vehicleCount: 60,
    makes: [
      ["Jayco", 3],
      ["Winnebago", 2],
      ["Toyota", 1],
    ],
    carTypes: [
      ["new", 1],
      ["used", 1],
    ],
    currencyPhone: "08 9200 1000",
    email: "hello@outbackcampers.example",
    seed: 505,
    rentals: true,
    settings: {
      vehiclePath: "campers",
      loadingAnimation: "truck",
      defaultSearchPath: "/search",
      reviewsHidden: true,
      theme: { primary: "#78350f", accent: "#15803d" },
    },
    navigation: buildNavigation({
      stockLinks: [
        ["Campers & Caravans", "/search"],
        ["Rentals", "/find/rental-cars"],
      ],
      pagesPrefix: true,
    }),
  },
  {
    slug: "throttle-motorcycles",
    name: "Throttle Motorcycles",
    template: "bold",
    locale: "en-AU",
    domainName: null,
    city: "Melbourne",
    state: "VIC",
    logoText: "Throttle",
    group: null,
    manufacturer: null,
    dealerships: [
      { name: "Throttle Motorcycles", slug: "throttle-motorcycles-richmond", makes: [] },
    ],
    locations: [
      {
        name: "Throttle Richmond",
        type: "sales",
        city: "Richmond",
        state: "VIC",
        postcode: "3121",
        street: "150 Victoria Street",
        phone: "03 9428 1000",
        dealership: 0,
        primary: true,
        lat: -37.81,
        long: 144.99,
      },
    ],
    vehicleCount: 70,
    makes: [
      ["Yamaha", 2],
      ["Kawasaki", 2],
      ["Harley-Davidson", 1],
    ],
    carTypes: [
      ["new", 1],
      ["used", 1],
    ],
    currencyPhone: "03 9428 1000",
    email: "ride@throttle.example",
    seed: 606,
    settings: {
      vehiclePath: "motorcycles",
      loadingAnimation: "motorcycle",
      chatEnabled: false,
      whatsappNumber: "61394281000",
      theme: { primary: "#111827", accent: "#f97316", accentForeground: "#111827" },
    },
    navigation: buildNavigation({
      stockLinks: [
        ["New Bikes", "/search/new-cars"],
        ["Used Bikes", "/search/used-cars"],
      ],
      pagesPrefix: true,
    }),
  },
];

export { AU_HOURS };
