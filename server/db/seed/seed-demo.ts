/**
 * Loads the demo data: manufacturers, the demo sites with their dealerships, locations, stock,
 * offers, parts, reviews and content pages. Deterministic: the same data on every machine for
 * the same `now` (dates are relative to it so that 'sold 1 day ago' stays true).
 */
import { slugify } from "~/domain/slug";
import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import {
  MAKE_ALIASES,
  MAKE_DISPLAY_NAMES,
  MANUFACTURERS,
  POPULAR_MAKES,
} from "~/domain/manufacturers";
import type { Database } from "../client";
import {
  contentPages,
  dealershipGroups,
  dealerships,
  locations,
  manufacturers,
  offers,
  parts,
  reviews,
  sites,
  specialHours,
  staffUsers,
  vehicles,
} from "../schema";
import type { OpeningHoursEntry } from "../schema";
import { COLOURS, DRIVES, MODELS, TRANSMISSIONS } from "./catalogue";
import type { ModelSpec } from "./catalogue";
import { AU_HOURS, DEMO_SITES } from "./demo-sites";
import type { DemoLocation, DemoSite } from "./demo-sites";
import { localiseText } from "~/domain/locale";
import { createRandom } from "~/server/platform/seeded-random";
import { seedLeadDemoData } from "./seed-leads";
import { seedDemoContent } from "./seed-content";
import { seedDemoStaff } from "./seed-staff";
import type { Random } from "~/server/platform/seeded-random";
import { bodyTypeFor, viewForPhoto } from "~/server/media/demo-photos";
import { vinCheckDigit } from "~/domain/vehicle-ads";

const DAY = 86_400_000;

export type SeedSummary = { sites: number; vehicles: number };

export async function hasAnySite(db: Database): Promise<boolean> {
  const rows = await db.select({ id: sites.id }).from(sites).limit(1);
  return rows.length > 0;
}

/** Removes every row of every table (the demo can then be loaded again). */
export async function clearDatabase(db: Database): Promise<void> {
  await db.execute(
    sql`TRUNCATE ${contentPages}, ${reviews}, ${parts}, ${offers}, ${vehicles}, ${specialHours}, ${locations}, ${dealerships}, ${sites}, ${dealershipGroups}, ${manufacturers}, ${staffUsers} RESTART IDENTITY CASCADE`,
  );
}

/** `staff: false` leaves out the demo's back office accounts (their password is published). */
export async function seedDemoData(
  db: Database,
  now = Date.now(),
  { staff = true }: { staff?: boolean } = {},
): Promise<SeedSummary> {
  await seedManufacturers(db);
  let vehicleTotal = 0;
  for (const demo of DEMO_SITES) vehicleTotal += await seedSite(db, demo, now);
  await seedLeadDemoData(db, now);
  await seedDemoContent(db, now);
  if (staff) await seedDemoStaff(db);
  return { sites: DEMO_SITES.length, vehicles: vehicleTotal };
}

async function seedManufacturers(db: Database) {
  const aliasesOf = (name: string) =>
    MAKE_ALIASES.find((group) => group[0] === name)?.slice(1) ?? [];
  await db
    .insert(manufacturers)
    .values(
      MANUFACTURERS.map((m) => ({
        id: m.id,
        name: m.name,
        slug: m.slug,
        displayName: MAKE_DISPLAY_NAMES[m.name] ?? null,
        aliases: [...aliasesOf(m.name)],
        logoUrl: m.logo.url,
        popular: POPULAR_MAKES.includes(m.name),
      })),
    )
    .onConflictDoNothing();
  // Keep the serial in step with the explicit ids above.
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('manufacturers', 'id'), (SELECT max(id) FROM manufacturers))`,
  );
}

function searchKeyFor(slug: string): string {
  // Public (browser-visible) key; derived so that the demo's keys are stable across restarts.
  return createHash("sha256").update(`demo-search-key:${slug}`).digest("hex").slice(0, 40);
}

function openingHours(hours: Array<[string, string] | null>): OpeningHoursEntry[] {
  return hours.map((h, weekday) => ({
    weekday,
    status: h ? "Open" : "Closed",
    formated_hours: h ? `${formatTime(h[0])} - ${formatTime(h[1])}` : null,
    open: h?.[0] ?? null,
    close: h?.[1] ?? null,
  }));
}

function formatTime(t: string): string {
  const [hh = "0", mm = "00"] = t.split(":");
  const h = Number(hh);
  const suffix = h >= 12 ? "pm" : "am";
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}:${mm}${suffix}`;
}

function weighted<T>(random: Random, items: Array<[T, number]>): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [item, w] of items) {
    roll -= w;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

async function seedSite(db: Database, demo: DemoSite, now: number): Promise<number> {
  const random = createRandom(demo.seed);
  const [group] = demo.group
    ? await db.insert(dealershipGroups).values(demo.group).returning()
    : [];
  const manufacturer = demo.manufacturer
    ? MANUFACTURERS.find((m) => m.name === demo.manufacturer)
    : undefined;
  const theme = demo.settings.theme ?? {};
  const [site] = await db
    .insert(sites)
    .values({
      slug: demo.slug,
      name: demo.name,
      template: demo.template,
      locale: demo.locale,
      url: demo.domainName ? `https://${demo.domainName}` : null,
      domainName: demo.domainName,
      logo: {
        url: `/media/logo/${encodeURIComponent(demo.logoText)}.svg?bg=${(theme.primary ?? "#0b3d91").slice(1)}`,
        thumb: null,
        banner: null,
      },
      city: demo.city,
      state: demo.state,
      dealershipGroupId: group?.id ?? null,
      manufacturerId: manufacturer?.id ?? null,
      searchKey: searchKeyFor(demo.slug),
      navigation: demo.navigation,
      contactDetails: { phone: demo.currencyPhone, email: demo.email, address: null },
      settings: demo.settings,
    })
    .returning();
  if (!site) throw new Error(`site ${demo.slug} was not created`);

  const dealershipRows = await db
    .insert(dealerships)
    .values(
      demo.dealerships.map((d, i) => ({
        siteId: site.id,
        dealershipGroupId: group?.id ?? null,
        name: d.name,
        slug: d.slug,
        reviewCount: 40 + i * 17,
        averageRating: 4.3 + (i % 3) / 10,
        manufacturers: d.makes.map(slugify),
        paymentPublishableKey: demo.settings.paymentProvider ? `pk_demo_${d.slug}` : null,
      })),
    )
    .returning();
  const primaryDealership = dealershipRows[0]!;
  await db.execute(
    sql`UPDATE ${sites} SET dealership_id = ${primaryDealership.id} WHERE id = ${site.id}`,
  );

  const locationRows = await db
    .insert(locations)
    .values(
      demo.locations.map((l: DemoLocation, i) => {
        const dealership = dealershipRows[l.dealership] ?? primaryDealership;
        const full = `${l.street}, ${l.city} ${l.state} ${l.postcode}`;
        const query = encodeURIComponent(`${l.name}, ${full}`);
        return {
          siteId: site.id,
          dealershipId: dealership.id,
          name: l.name,
          slug: slugify(l.name),
          locationType: l.type,
          locationSubtype: l.type === "sales" && i % 3 === 0 ? ["buying"] : [],
          manufacturers: demo.dealerships[l.dealership]?.makes.map(slugify) ?? [],
          position: i,
          primary: l.primary ?? false,
          visible: l.visible ?? true,
          image:
            i % 2 === 0
              ? {
                  url: `/media/location/${slugify(l.name)}.jpg`,
                  thumb: { url: `/media/location/${slugify(l.name)}.jpg` },
                }
              : null,
          dealerLicenseNumber: demo.locale === "en-US" ? null : `MD${10000 + demo.seed * 10 + i}`,
          motorVehicleRepairer: l.type === "service" ? `MVRL${20000 + demo.seed * 10 + i}` : null,
          address: {
            street: l.street,
            city: l.city,
            state: l.state,
            postcode: l.postcode,
            lat: l.lat,
            long: l.long,
            place_id: null,
            place_url: `https://www.google.com/maps/search/?api=1&query=${query}`,
            full,
            map_key: null,
            map_url: `https://www.google.com/maps/dir/?api=1&destination=${query}`,
          },
          contactDetail: {
            phone: l.phone,
            landline_phone: l.landline ?? null,
            mobile: null,
            email: demo.email,
            social: {},
          },
          openingHours: openingHours(l.weekdayHours ?? AU_HOURS),
          serviceOpeningHours:
            demo.settings.separateSalesServiceHours && l.type !== "service"
              ? openingHours([
                  null,
                  ["07:30", "17:00"],
                  ["07:30", "17:00"],
                  ["07:30", "17:00"],
                  ["07:30", "17:00"],
                  ["07:30", "17:00"],
                  ["08:00", "12:00"],
                ])
              : null,
          averageRating: 4 + ((i * 3) % 10) / 10,
          reviewCount: 25 + i * 11,
          gmbProfileId: null,
          externalIdentifiers: {},
        };
      }),
    )
    .returning();

  // Holiday hours for the visible locations: one closed day and one short day.
  const year = new Date(now).getUTCFullYear();
  await db.insert(specialHours).values(
    locationRows
      .filter((l) => l.visible)
      .flatMap((l) => [
        {
          siteId: site.id,
          locationId: l.id,
          date: `${year}-12-25`,
          status: "Closed",
          startHour: null,
          endHour: null,
          label: "Christmas Day",
        },
        {
          siteId: site.id,
          locationId: l.id,
          date: `${year}-12-24`,
          status: "Open",
          startHour: "09:00",
          endHour: "13:00",
          label: "Christmas Eve",
        },
      ]),
  );

  const salesLocations = locationRows.filter(
    (l) => (l.locationType === "sales" || l.locationType === "") && l.visible,
  );
  const vehicleRows = Array.from({ length: demo.vehicleCount }, (_, i) =>
    makeVehicle(demo, random, i, now, {
      siteId: site.id,
      dealerships: dealershipRows,
      salesLocations,
    }),
  );
  for (let i = 0; i < vehicleRows.length; i += 200) {
    await db.insert(vehicles).values(vehicleRows.slice(i, i + 200));
  }

  await seedSiteContent(
    db,
    demo,
    site.id,
    locationRows.map((l) => l.id),
    random,
    now,
  );
  return vehicleRows.length;
}

type VehicleContext = {
  siteId: number;
  dealerships: Array<{ id: number; manufacturers: string[] }>;
  salesLocations: Array<{ id: number; dealershipId: number; manufacturers: string[] }>;
};

/**
 * One demo vehicle. The first vehicles of each site are the special cases the product must
 * show correctly (sold yesterday, sold 10 days ago, reserved, no price, preorder, tags, ...);
 * the rest are ordinary stock.
 */
function makeVehicle(demo: DemoSite, random: Random, i: number, now: number, ctx: VehicleContext) {
  const make = weighted(random, demo.makes);
  const specs: ModelSpec[] = MODELS[make] ?? [];
  const spec = random.pick(specs);
  const carType = weighted(random, demo.carTypes);
  const currentYear = new Date(now).getUTCFullYear();
  const year =
    carType === "new"
      ? currentYear
      : carType === "demo"
        ? currentYear - random.int(0, 1)
        : currentYear - random.int(1, 12);
  const km =
    carType === "new"
      ? random.int(0, 50)
      : carType === "demo"
        ? random.int(500, 9000)
        : random.int(8000, 220000);
  const badge = random.pick(spec.badges);
  const [colour, colourHex] = random.pick(COLOURS);
  const age = carType === "new" ? 0 : currentYear - year;
  const price =
    Math.round((spec.basePrice * Math.pow(0.88, age) * (0.9 + random.next() * 0.2)) / 10) * 10 +
    (carType === "used" ? 990 : 0);
  const location =
    ctx.salesLocations.find((l) => l.manufacturers.includes(slugify(make))) ??
    ctx.salesLocations[i % ctx.salesLocations.length]!;
  const createdAt = now - random.int(0, 90) * DAY - random.int(0, DAY);
  const special = i < 24 ? i : -1;

  let status: "in_stock" | "coming_soon" | "sold" = random.chance(0.06)
    ? "coming_soon"
    : "in_stock";
  let soldAt: Date | null = null;
  let reserved = random.chance(0.03);
  let finalPrice = price;
  let preorder = false;
  let tag: string | null = random.chance(0.05) ? "Special" : null;
  let photoCount = random.int(6, 24);
  let certified = carType === "used" && random.chance(0.25);
  let created = createdAt;
  let market: {
    average_market_price: number | null;
    state_average_market_price: number | null;
  } | null =
    carType === "used" && random.chance(0.5)
      ? {
          average_market_price: price + random.int(-2500, 3500),
          state_average_market_price: price + random.int(-2000, 3000),
        }
      : null;
  let fuel = spec.fuel;
  let showOnWebsite = true;

  switch (special) {
    case 0:
      status = "sold";
      soldAt = new Date(now - 1 * DAY);
      break;
    case 1:
      status = "sold";
      soldAt = new Date(now - 10 * DAY);
      break;
    case 2:
      status = "coming_soon";
      break;
    case 3:
      reserved = true;
      break;
    case 4:
      finalPrice = 0;
      break;
    case 5:
      finalPrice = 5;
      break;
    case 6:
      preorder = true;
      finalPrice = 0;
      tag = "Pre-order";
      status = "coming_soon";
      break;
    case 7:
      fuel = "Electric";
      break;
    case 8:
      fuel = "Hybrid";
      break;
    case 9:
      fuel = "PHEV";
      break;
    case 10:
      tag = "Test Drive Only";
      break;
    case 11:
      tag = "*** Test Drive Vehicle Only ***";
      break;
    case 12:
      tag = "Special";
      break;
    case 13:
      certified = true;
      break;
    case 14:
      market = { average_market_price: price + 2500, state_average_market_price: price + 1800 };
      break;
    case 15:
      market = { average_market_price: price - 1500, state_average_market_price: price - 1200 };
      break;
    case 16:
      photoCount = 0;
      break;
    case 17:
      photoCount = 40;
      break;
    case 18:
      photoCount = 2;
      break;
    case 19:
      created = now - 2 * DAY;
      break;
    case 20:
      showOnWebsite = false;
      break;
    case 21:
      finalPrice = 150;
      break;
    default:
      break;
  }

  const itemType = demo.rentals && i % 5 === 4 ? "rental" : (spec.item ?? "car");
  const stocknum = `${demo.slug.slice(0, 2).toUpperCase()}${String(1000 + i)}${random.pick(["A", "B", "C", "U", "N"])}`;
  const drawnVin = `${random.pick(["JT", "JM", "KN", "1F", "WV", "5Y"])}${Array.from({ length: 15 }, () => random.pick([..."ABCDEFGHJKLMNPRSTUVWXYZ0123456789"])).join("")}`;
  // With its check digit, as a US VIN must carry it (docs/product/feeds.md): every market's feeds take it.
  const vin = `${drawnVin.slice(0, 8)}${vinCheckDigit(drawnVin)}${drawnVin.slice(9)}`;
  const body = spec.body;
  // Photos of the vehicle's own body type in its colour, the five views in turn (server/media/demo-photos.ts).
  const bodyType = bodyTypeFor(itemType === "motorcycle" ? "motorcycle" : body);
  const images = Array.from({ length: photoCount }, (_, n) => {
    const url = `/media/vehicle/${bodyType}/${colourHex}/${viewForPhoto(n + 1)}.jpg`;
    return { url, thumb: url };
  });
  const name = `${year} ${make} ${spec.model} ${badge}`;
  const deposit = demo.settings.paymentProvider
    ? [
        {
          authorization_type: "deposit",
          authorization_key: `pk_demo_${demo.slug}`,
          deposit_amount: special === 22 ? 500 : null,
        },
      ]
    : [];
  const subscription =
    demo.subscriptions && i % 4 === 0 ? Math.round(finalPrice / 260 / 5) * 5 + 99 : null;
  const categories = [
    ...(fuel === "Electric" || fuel === "Hybrid" || fuel === "PHEV" ? ["Electric & Hybrid"] : []),
    ...(body === "Ute" || body === "Pickup" ? ["Work Vehicles"] : []),
    ...(spec.seats >= 7 ? ["Family"] : []),
    ...(itemType === "rental" ? ["Rental"] : []),
  ];
  return {
    siteId: ctx.siteId,
    dealershipId: location.dealershipId,
    locationId: location.id,
    slug: slugify(`${year}-${make}-${spec.model}-${badge}-${stocknum}`),
    name,
    make,
    model: spec.model,
    year,
    km,
    badge,
    series: random.chance(0.4) ? `MY${String(year).slice(2)}` : null,
    price: finalPrice,
    priceType: finalPrice > 10 ? (carType === "new" ? "Drive Away" : "Excl. Govt. Charges") : null,
    beforePrice: tag === "Special" && finalPrice > 10 ? finalPrice + 2000 : null,
    subscriptionPrice: subscription,
    weeklyPrice: finalPrice > 10 ? Math.round((finalPrice * 1.25) / 260) : null,
    preorder,
    status,
    carType,
    itemType,
    certified,
    reserved,
    paymentProcessors: deposit,
    stocknum,
    vin: itemType === "caravan" ? null : vin,
    simpleFuel: fuel,
    simpleBody: body,
    simpleDrive: itemType === "motorcycle" || itemType === "caravan" ? null : random.pick(DRIVES),
    simpleTransmission: itemType === "caravan" ? null : random.pick(TRANSMISSIONS),
    colour,
    seats: spec.seats,
    engine: spec.engine,
    categories,
    features: random.chance(0.5) ? ["Apple CarPlay", "Reversing Camera"] : ["Bluetooth"],
    tag,
    customRank: random.int(0, 1000),
    images,
    historyReportUrl:
      carType === "used" && random.chance(0.3) ? `/media/history/${stocknum}.pdf` : null,
    autograbData: market,
    showOnDealerWebsite: showOnWebsite,
    description: `${name} in ${colour.toLowerCase()}. ${spec.engine}, ${spec.seats} seats. Contact us today to arrange an inspection and test drive.`,
    soldAt,
    createdAt: new Date(created),
    createdAtTimestamp: created,
  };
}

async function seedSiteContent(
  db: Database,
  demo: DemoSite,
  siteId: number,
  locationIds: number[],
  random: Random,
  now: number,
) {
  const makes = demo.manufacturer ? [demo.manufacturer] : demo.makes.slice(0, 3).map(([m]) => m);
  await db.insert(offers).values(
    makes.flatMap((make, i) =>
      (MODELS[make] ?? []).slice(0, 2).map((spec, j) => ({
        siteId,
        // Each market's word for a price that includes the on-road costs.
        name: `${make} ${spec.model} ${demo.locale === "en-US" ? "out-the-door deal" : "drive away offer"}`,
        slug: slugify(`${make}-${spec.model}-offer`),
        manufacturerName: make,
        modelName: spec.model,
        modelBody: spec.body,
        description: `Limited time offer on the ${make} ${spec.model}. Ask about complimentary servicing.`,
        disclaimer: "Offer available while stocks last at participating dealers. Excludes fleet.",
        price: spec.basePrice - 1000,
        logo: {
          src: `/media/logo/${encodeURIComponent(make)}.svg?bg=333333`,
          width: 120,
          height: 40,
        },
        image: {
          src: `/media/vehicle/${bodyTypeFor(spec.body)}/1f4e9c/three-quarter.jpg`,
          width: 800,
          height: 450,
        },
        linkHref: `/special-offers#${slugify(`${make}-${spec.model}-offer`)}`,
        expiresAt: new Date(now + 60 * DAY).toISOString().slice(0, 10),
        position: i * 2 + j,
      })),
    ),
  );
  await db.insert(parts).values(
    ["Floor Mats", "Roof Racks", "Tow Bar", "Dash Camera", "Cargo Liner", "Service Kit"].map(
      (name, i) => ({
        siteId,
        name: `${makes[0]} ${name}`,
        slug: slugify(`${makes[0]}-${name}`),
        partNumber: `PT-${demo.seed}-${i}`,
        category: i < 3 ? "Accessories" : "Car Care",
        manufacturerName: makes[0] ?? null,
        price: 49 + i * 60,
        imageUrl: null,
        description: `Genuine ${name.toLowerCase()} fitted by our service team.`,
      }),
    ),
  );
  const names = [
    "Sarah M.",
    "James T.",
    "Priya K.",
    "Tom W.",
    "Mei L.",
    "Daniel R.",
    "Olivia P.",
    "Jack H.",
    "Aisha B.",
    "Liam C.",
    "Grace N.",
    "Noah S.",
    "Ella F.",
    "Henry G.",
  ];
  await db.insert(reviews).values(
    names.map((customerName, i) => {
      const rating = i % 7 === 6 ? 3 : i % 3 === 0 ? 4 : 5;
      const date = new Date(now - (i * 9 + 3) * DAY).toISOString().slice(0, 10);
      return {
        siteId,
        locationId: locationIds[i % locationIds.length] ?? null,
        customerName,
        text: i % 5 === 4 ? null : reviewText(random, rating, demo.name),
        rating,
        imageUrl: null,
        reviewDate: date,
        replyText: i % 4 === 0 ? "Thanks for the kind words, enjoy the new car!" : null,
        replyDate: i % 4 === 0 ? date : null,
        source: "google",
      };
    }),
  );
  const page = (slug: string, title: string, body: string, kind = "page") => ({
    siteId,
    slug,
    title,
    // A dealer writes its pages in its market's words.
    body: localiseText(body, demo.locale),
    kind,
    metaDescription: `${title} at ${demo.name}.`,
    publishedAt: new Date(now - 30 * DAY),
  });
  await db
    .insert(contentPages)
    .values([
      page(
        "about-us",
        "About Us",
        `<p>${demo.name} has served ${demo.city} drivers for over 30 years.</p>`,
      ),
      page("careers", "Careers", "<p>Join a team that loves cars and looks after its people.</p>"),
      page(
        "terms-and-conditions",
        "Terms and Conditions",
        "<p>Prices and offers are subject to change without notice.</p>",
      ),
      page(
        "privacy-policy",
        "Privacy Policy",
        "<p>We collect the details you give us to answer your enquiry.</p>",
      ),
      page(
        "stealstopper",
        "StealStopper",
        "<p>Vehicle anti-theft protection fitted by our accessories team.</p>",
      ),
      page(
        "welcome-to-our-new-website",
        "Welcome to our new website",
        "<p>Search our stock, reserve online and book a service.</p>",
        "news",
      ),
    ]);
}

/** What a reviewer praises (or not), and how the visit ended: mixed so no two reviews read alike. */
const REVIEW_OPENINGS: Record<"good" | "fair", readonly string[]> = {
  good: [
    "Friendly team, no pressure at all.",
    "Bought my first new car here and the whole thing took an afternoon.",
    "Second car from this dealer and it won't be the last.",
    "Came in just to look and drove out the following week.",
    "The salesperson listened to what we needed instead of pushing the top model.",
    "Honest advice on a used car, including what it would need at its next service.",
    "Booked a test drive online and the car was washed and waiting when I arrived.",
    "Asked a lot of questions about towing capacity and got straight answers.",
    "Dropped my car in for a service before work and it was ready by lunch.",
    "They found the exact shade and spec I was after at another branch.",
  ],
  fair: [
    "Took a while to get a call back after my first message.",
    "Good car, though the paperwork dragged on longer than promised.",
    "Service was fine but the waiting area was packed.",
  ],
};
const REVIEW_DETAILS: readonly string[] = [
  "The trade-in offer was fair and matched what I'd seen online.",
  "Finance was approved the same day.",
  "Delivery was on time and they walked me through every feature.",
  "They kept me updated by text the whole way through.",
  "Handover included a full tank and a follow-up call a week later.",
  "The price on the website was the price I paid, no surprises.",
  "Our kids loved the play corner while we signed.",
  "They even paired my phone before I left.",
  "Parts arrived quicker than quoted.",
  "The service advisor explained the invoice line by line.",
];

/** One review's text: an opening that fits the rating, then a detail or two from the visit. */
function reviewText(random: Random, rating: number, dealer: string): string {
  const opening = random.pick(REVIEW_OPENINGS[rating >= 4 ? "good" : "fair"]);
  const first = random.pick(REVIEW_DETAILS);
  const second = random.pick(REVIEW_DETAILS.filter((d) => d !== first));
  const closing = rating === 5 ? ` Thanks to everyone at ${dealer}.` : "";
  return random.int(0, 1) === 0
    ? `${opening} ${first}${closing}`
    : `${opening} ${first} ${second}${closing}`;
}
