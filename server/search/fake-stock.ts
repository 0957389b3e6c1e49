/**
 * Deterministic generated stock for tests and benchmarks: vehicles shaped like `Vehicle`
 * (domain/vehicle.ts) spread over many sites, plus offers and parts. Same seed, same data.
 */
import { slugify } from "~/domain/slug";
import { seededRandom } from "~/server/platform/seeded-random";
import type { CarType, ItemType, Vehicle, VehicleStatus } from "~/domain/vehicle";

const MODELS: Readonly<Record<string, readonly string[]>> = {
  Toyota: ["Corolla", "Camry", "RAV4", "HiLux", "LandCruiser", "Kluger", "Yaris", "C-HR", "Prado"],
  Mazda: ["CX-5", "CX-3", "Mazda3", "CX-9", "BT-50", "CX-30", "MX-5"],
  Hyundai: ["i30", "Tucson", "Kona", "Santa Fe", "Venue", "Ioniq 5", "Palisade"],
  Ford: ["Ranger", "Everest", "Puma", "Mustang", "Escape", "Transit"],
  Kia: ["Sportage", "Cerato", "Seltos", "Sorento", "Carnival", "Picanto", "EV6"],
  Mitsubishi: ["Triton", "Outlander", "ASX", "Pajero Sport", "Eclipse Cross"],
  Nissan: ["Navara", "X-Trail", "Qashqai", "Patrol", "Juke", "Leaf"],
  Volkswagen: ["Golf", "Tiguan", "Amarok", "Polo", "T-Roc", "Passat"],
  Subaru: ["Forester", "Outback", "XV", "WRX", "Impreza"],
  Honda: ["CR-V", "Civic", "HR-V", "Accord", "Jazz"],
  MG: ["ZS", "HS", "MG3", "MG4"],
  Isuzu: ["D-Max", "MU-X"],
  BMW: ["X3", "X5", "3 Series", "1 Series", "iX"],
  "Mercedes-Benz": ["C-Class", "GLC", "A-Class", "GLE", "Sprinter"],
  Audi: ["Q5", "A3", "Q3", "A4", "e-tron"],
  Tesla: ["Model 3", "Model Y"],
  BYD: ["Atto 3", "Seal", "Dolphin", "Shark 6"],
  GWM: ["Ute Cannon", "Tank 300"],
  Haval: ["Jolion", "H6"],
  Jeep: ["Wrangler", "Grand Cherokee", "Compass"],
  Suzuki: ["Swift", "Jimny", "Vitara"],
  Lexus: ["RX", "NX", "UX", "IS"],
  Volvo: ["XC60", "XC40", "XC90"],
  "Land Rover": ["Defender", "Discovery", "Range Rover Evoque"],
};
const MAKES = Object.keys(MODELS);
const MAKE_WEIGHTS = MAKES.map((_, i) => 1 / (i + 2));
const BADGES = [
  "GX",
  "GXL",
  "Sport",
  "Ascent",
  "SX",
  "Limited",
  "Premium",
  "Elite",
  "Touring",
  "ST-X",
  "Base",
  "Titanium",
  "Active",
  "Highlander",
  "XLS",
];
const BODIES = [
  "SUV",
  "Sedan",
  "Hatch",
  "Ute",
  "Wagon",
  "Van",
  "Coupe",
  "Convertible",
  "Cab Chassis",
  "People Mover",
];
const FUELS = ["Petrol", "Diesel", "Hybrid", "Electric", "Plug-in Hybrid", "LPG"];
const TRANSMISSIONS = ["Automatic", "Manual", "CVT", "DCT"];
const DRIVES = ["FWD", "RWD", "AWD", "4WD"];
const COLOURS = [
  "White",
  "Black",
  "Silver",
  "Grey",
  "Blue",
  "Red",
  "Green",
  "Brown",
  "Orange",
  "Yellow",
  "Gold",
  "Bronze",
];
const FEATURES = [
  "Bluetooth",
  "Apple CarPlay",
  "Android Auto",
  "Reversing Camera",
  "Sunroof",
  "Leather Seats",
  "Heated Seats",
  "Adaptive Cruise",
  "Lane Keep Assist",
  "Tow Bar",
  "Navigation",
  "Keyless Entry",
  "360 Camera",
  "Wireless Charging",
];
const CATEGORIES = [
  "Family",
  "Off-road",
  "First Car",
  "Performance",
  "Luxury",
  "Eco",
  "Work",
  "Towing",
];
const TAGS = ["Special", "Test Drive Only", "Pre-order", "Just Arrived", "Demo Special"];
const PLACES: readonly (readonly [string, string])[] = [
  ["Sydney", "NSW"],
  ["Parramatta", "NSW"],
  ["Newcastle", "NSW"],
  ["Wollongong", "NSW"],
  ["Melbourne", "VIC"],
  ["Geelong", "VIC"],
  ["Ballarat", "VIC"],
  ["Bendigo", "VIC"],
  ["Brisbane", "QLD"],
  ["Gold Coast", "QLD"],
  ["Toowoomba", "QLD"],
  ["Cairns", "QLD"],
  ["Perth", "WA"],
  ["Bunbury", "WA"],
  ["Adelaide", "SA"],
  ["Hobart", "TAS"],
  ["Launceston", "TAS"],
  ["Darwin", "NT"],
  ["Canberra", "ACT"],
  ["Townsville", "QLD"],
];
const VIN_CHARS = "ABCDEFGHJKLMNPRSTUVWXYZ0123456789";

export const FAKE_NOW_MS = Date.UTC(2025, 5, 15, 12, 0, 0);
const DAY = 86_400_000;

export type FakeStockOptions = {
  vehicles: number;
  sites: number;
  /** Site 1 gets exactly this many vehicles (the others share the rest, unevenly). */
  firstSiteVehicles?: number;
  seed?: number;
  nowMs?: number;
};

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)]!;
}

function weighted<T>(random: () => number, items: readonly T[], weights: readonly number[]): T {
  const total = weights.reduce((a, b) => a + b, 0);
  let r = random() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i]!;
    if (r <= 0) return items[i]!;
  }
  return items[items.length - 1]!;
}

/** How many vehicles each site (1..sites) gets. */
export function siteSizes(options: FakeStockOptions): number[] {
  const random = seededRandom((options.seed ?? 1) * 7919);
  const first = Math.min(
    options.firstSiteVehicles ?? Math.round(options.vehicles / options.sites),
    options.vehicles,
  );
  const rest = options.vehicles - first;
  const others = options.sites - 1;
  if (others <= 0) return [options.vehicles];
  const weights = Array.from({ length: others }, () => Math.exp(random() * 2.5));
  const total = weights.reduce((a, b) => a + b, 0);
  const sizes = weights.map((w) => Math.floor((w / total) * rest));
  let missing = rest - sizes.reduce((a, b) => a + b, 0);
  for (let i = 0; missing > 0; i = (i + 1) % others, missing--) sizes[i]!++;
  return [first, ...sizes];
}

export function fakeVehicles(options: FakeStockOptions): Vehicle[] {
  const random = seededRandom(options.seed ?? 1);
  const now = options.nowMs ?? FAKE_NOW_MS;
  const sizes = siteSizes(options);
  const vehicles: Vehicle[] = [];
  let id = 1;
  sizes.forEach((size, index) => {
    const siteId = index + 1;
    const dealerships = 1 + Math.floor(random() * 3);
    const sitePlaces = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
      pick(random, PLACES),
    );
    const franchise = random() < 0.3 ? pick(random, MAKES.slice(0, 12)) : null;
    for (let n = 0; n < size; n++) {
      const dealershipIndex = Math.floor(random() * dealerships);
      const dealershipId = siteId * 10 + dealershipIndex;
      const [city, state] = pick(random, sitePlaces);
      const make = franchise && random() < 0.7 ? franchise : weighted(random, MAKES, MAKE_WEIGHTS);
      const model = pick(random, MODELS[make]!);
      const carType: CarType = weighted(random, ["new", "used", "demo"] as const, [3, 6, 1]);
      const year =
        carType === "new"
          ? 2025
          : carType === "demo"
            ? 2024 + Math.floor(random() * 2)
            : 2008 + Math.floor(random() * 17);
      const km =
        carType === "new"
          ? Math.floor(random() * 50)
          : carType === "demo"
            ? 1000 + Math.floor(random() * 14000)
            : Math.floor(5000 + random() * 245000);
      const age = 2025 - year;
      const price = Math.round(((15000 + random() * 90000) * Math.pow(0.9, age)) / 10) * 10 + 990;
      const status: VehicleStatus = weighted(
        random,
        ["in_stock", "coming_soon", "sold"] as const,
        [85, 5, 10],
      );
      const badge = random() < 0.9 ? pick(random, BADGES) : null;
      const fuel = pick(random, FUELS);
      const body = pick(random, BODIES);
      const drive = pick(random, DRIVES);
      const transmission = pick(random, TRANSMISSIONS);
      const photos = Math.floor(random() * 40);
      const createdAt = now - Math.floor(random() * 120 * DAY);
      const stocknum = `${String.fromCharCode(65 + Math.floor(random() * 26))}${String.fromCharCode(65 + Math.floor(random() * 26))}${100000 + id}`;
      let vin = "";
      for (let i = 0; i < 17; i++) vin += VIN_CHARS[Math.floor(random() * VIN_CHARS.length)];
      const locationId = dealershipId * 10 + Math.floor(random() * 2);
      const dealershipName = `${city} ${franchise ?? "Motor Group"}${dealershipIndex > 0 ? ` ${dealershipIndex + 1}` : ""}`;
      const slugBase = slugify(`${year}-${make}-${model}-${badge ?? "base"}`);
      const images = Array.from({ length: Math.min(photos, 3) }, (_, i) => ({
        url: `https://images.example.com/${id}/${i}.jpg`,
        thumb: `https://images.example.com/${id}/${i}-thumb.jpg`,
      }));
      const itemType: ItemType =
        random() < 0.95 ? "car" : pick(random, ["truck", "motorcycle", "caravan"] as const);
      vehicles.push({
        id,
        site_id: siteId,
        slug: `${slugBase}-${stocknum.toLowerCase()}`,
        name: `${year} ${make} ${model}${badge ? ` ${badge}` : ""}`,
        make,
        model,
        make_model: `${make} ${model}`,
        year,
        km,
        badge,
        series: random() < 0.5 ? `S${Math.floor(random() * 90 + 10)}` : null,
        price,
        price_type: carType === "used" ? "Drive Away" : "Excl. Govt. Charges",
        before_price: random() < 0.1 ? price + 1000 : null,
        subscription_price: random() < 0.15 ? Math.round(price / 90) : null,
        weekly_price: Math.round(price / 260),
        preorder: false,
        status,
        car_type: carType,
        item_type: itemType,
        certified: carType === "used" && random() < 0.2,
        reserved: random() < 0.03,
        sold: status === "sold",
        reservable: status === "in_stock",
        has_checkout_payment_processor: random() < 0.5,
        payment_processors: [],
        stocknum,
        vin,
        dealership_id: dealershipId,
        dealership_slug: `site-${siteId}-dealer-${dealershipIndex + 1}`,
        dealership_name: dealershipName,
        location: {
          name: `${dealershipName} Sales`,
          phone: "0290000000",
          slug: `location-${locationId}`,
          distribution_locations: [],
        },
        location_id: locationId,
        location_name: `${dealershipName} Sales`,
        city,
        state,
        simple_fuel: fuel,
        simple_body: body,
        simple_drive: drive,
        simple_transmission: transmission,
        fuel,
        body,
        drive,
        transmission,
        colour: pick(random, COLOURS),
        seats: pick(random, [2, 4, 5, 5, 5, 7, 8]),
        engine: `${(1 + random() * 4).toFixed(1)}L`,
        categories: random() < 0.5 ? [pick(random, CATEGORIES)] : [],
        filtered_features: FEATURES.filter(() => random() < 0.3),
        tag: random() < 0.08 ? pick(random, TAGS) : null,
        custom_rank: Math.floor(random() * 100),
        created_at: new Date(createdAt).toISOString(),
        created_at_timestamp: createdAt,
        primary_image_url: images[0]?.url ?? null,
        images,
        thumbnails: images.map((image) => image.thumb),
        photos_count: photos,
        file: null,
        autograb_data: null,
        show_on_dealer_website: random() < 0.95,
        sold_date_timestamp: status === "sold" ? now - Math.floor(random() * 10 * DAY) : null,
        manufacturer: franchise,
        description: null,
      });
      id++;
    }
  });
  return vehicles;
}

export type FakeOffer = {
  id: number;
  site_id: number;
  slug: string;
  name: string;
  title: string;
  description: string;
  manufacturer: { name: string; slug: string };
  model: { name: string; slug: string; body: string };
  offer_type: string;
  price: number;
  position: number;
  created_at_timestamp: number;
  expires_at_timestamp: number;
};

export function fakeOffers(count: number, sites: number, seed = 2): FakeOffer[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const make = weighted(random, MAKES, MAKE_WEIGHTS);
    const model = pick(random, MODELS[make]!);
    const body = pick(random, BODIES);
    const price = 20000 + Math.round(random() * 60000);
    return {
      id: i + 1,
      site_id: 1 + (i % sites),
      slug: slugify(`${make}-${model}-offer-${i + 1}`),
      name: `${make} ${model} ${pick(random, ["Drive Away Deal", "Bonus Accessories", "Low Rate Finance", "Run-out Sale"])}`,
      title: `Save on the ${model}`,
      description: `Limited time offer on the ${make} ${model}.`,
      manufacturer: { name: make, slug: slugify(make) },
      model: { name: model, slug: slugify(model), body },
      offer_type: pick(random, ["new", "demo", "finance", "service"]),
      price,
      position: Math.floor(random() * 50),
      created_at_timestamp: FAKE_NOW_MS - Math.floor(random() * 60 * DAY),
      expires_at_timestamp: FAKE_NOW_MS + Math.floor(random() * 60 * DAY),
    };
  });
}

export type FakePart = {
  id: number;
  site_id: number;
  name: string;
  part_number: string;
  category: string;
  manufacturer: string;
  price: number;
  description: string;
  created_at_timestamp: number;
};

export function fakeParts(count: number, sites: number, seed = 3): FakePart[] {
  const random = seededRandom(seed);
  const kinds = [
    "Oil Filter",
    "Air Filter",
    "Brake Pads",
    "Wiper Blades",
    "Floor Mats",
    "Roof Racks",
    "Tow Bar",
    "Battery",
    "Spark Plugs",
    "Cargo Liner",
  ];
  const categories = ["Service Parts", "Accessories", "Car Care", "Towing", "Electrical"];
  return Array.from({ length: count }, (_, i) => {
    const make = weighted(random, MAKES, MAKE_WEIGHTS);
    const kind = pick(random, kinds);
    return {
      id: i + 1,
      site_id: 1 + (i % sites),
      name: `${make} ${kind}`,
      part_number: `${make.slice(0, 3).toUpperCase()}-${10000 + i}`,
      category: pick(random, categories),
      manufacturer: make,
      price: Math.round(10 + random() * 990),
      description: `Genuine ${make} ${kind.toLowerCase()}.`,
      created_at_timestamp: FAKE_NOW_MS - Math.floor(random() * 365 * DAY),
    };
  });
}
