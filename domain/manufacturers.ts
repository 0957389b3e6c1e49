/**
 * The embedded manufacturers catalogue (docs/product/sites-and-settings.md, "Manufacturers": about
 * 140 makes with id, name, slug and a logo url that may be null), make aliases, display names and
 * the popular makes of the search page (docs/product/search-and-urls.md).
 *
 * Ids are stable: append new makes with the next id, never renumber (seeds and stored searches
 * refer to them).
 */
import { slugify } from "./slug";

export type Manufacturer = {
  id: number;
  name: string;
  slug: string;
  logo: { url: string | null };
};

// No logo files ship with the platform yet, so every logo is null and the UI shows the name.
export const MANUFACTURERS: readonly Manufacturer[] = [
  { id: 1, name: "Abarth", slug: "abarth", logo: { url: null } },
  { id: 2, name: "Acura", slug: "acura", logo: { url: null } },
  { id: 3, name: "Airstream", slug: "airstream", logo: { url: null } },
  { id: 4, name: "Alfa Romeo", slug: "alfa-romeo", logo: { url: null } },
  { id: 5, name: "Alpine", slug: "alpine", logo: { url: null } },
  { id: 6, name: "Apollo", slug: "apollo", logo: { url: null } },
  { id: 7, name: "Aprilia", slug: "aprilia", logo: { url: null } },
  { id: 8, name: "Aston Martin", slug: "aston-martin", logo: { url: null } },
  { id: 9, name: "Audi", slug: "audi", logo: { url: null } },
  { id: 10, name: "Avan", slug: "avan", logo: { url: null } },
  { id: 11, name: "BAIC", slug: "baic", logo: { url: null } },
  { id: 12, name: "Benelli", slug: "benelli", logo: { url: null } },
  { id: 13, name: "Bentley", slug: "bentley", logo: { url: null } },
  { id: 14, name: "Beta", slug: "beta", logo: { url: null } },
  { id: 15, name: "BMW", slug: "bmw", logo: { url: null } },
  { id: 16, name: "Buick", slug: "buick", logo: { url: null } },
  { id: 17, name: "BYD", slug: "byd", logo: { url: null } },
  { id: 18, name: "Cadillac", slug: "cadillac", logo: { url: null } },
  { id: 19, name: "Can-Am", slug: "can-am", logo: { url: null } },
  { id: 20, name: "Caterham", slug: "caterham", logo: { url: null } },
  { id: 21, name: "CFMoto", slug: "cfmoto", logo: { url: null } },
  { id: 22, name: "Chery", slug: "chery", logo: { url: null } },
  { id: 23, name: "Chevrolet", slug: "chevrolet", logo: { url: null } },
  { id: 24, name: "Chrysler", slug: "chrysler", logo: { url: null } },
  { id: 25, name: "Citroen", slug: "citroen", logo: { url: null } },
  { id: 26, name: "Coromal", slug: "coromal", logo: { url: null } },
  { id: 27, name: "Crusader", slug: "crusader", logo: { url: null } },
  { id: 28, name: "Cupra", slug: "cupra", logo: { url: null } },
  { id: 29, name: "Dacia", slug: "dacia", logo: { url: null } },
  { id: 30, name: "Daewoo", slug: "daewoo", logo: { url: null } },
  { id: 31, name: "DAF", slug: "daf", logo: { url: null } },
  { id: 32, name: "Daihatsu", slug: "daihatsu", logo: { url: null } },
  { id: 33, name: "Deepal", slug: "deepal", logo: { url: null } },
  { id: 34, name: "Dodge", slug: "dodge", logo: { url: null } },
  { id: 35, name: "Ducati", slug: "ducati", logo: { url: null } },
  { id: 36, name: "Ferrari", slug: "ferrari", logo: { url: null } },
  { id: 37, name: "Fiat", slug: "fiat", logo: { url: null } },
  { id: 38, name: "Ford", slug: "ford", logo: { url: null } },
  { id: 39, name: "Foton", slug: "foton", logo: { url: null } },
  { id: 40, name: "Freightliner", slug: "freightliner", logo: { url: null } },
  { id: 41, name: "Fuso", slug: "fuso", logo: { url: null } },
  { id: 42, name: "GasGas", slug: "gasgas", logo: { url: null } },
  { id: 43, name: "Geely", slug: "geely", logo: { url: null } },
  { id: 44, name: "Genesis", slug: "genesis", logo: { url: null } },
  { id: 45, name: "GMC", slug: "gmc", logo: { url: null } },
  { id: 46, name: "GWM", slug: "gwm", logo: { url: null } },
  { id: 47, name: "Harley-Davidson", slug: "harley-davidson", logo: { url: null } },
  { id: 48, name: "Hino", slug: "hino", logo: { url: null } },
  { id: 49, name: "Holden", slug: "holden", logo: { url: null } },
  { id: 50, name: "Honda", slug: "honda", logo: { url: null } },
  { id: 51, name: "HSV", slug: "hsv", logo: { url: null } },
  { id: 52, name: "Hummer", slug: "hummer", logo: { url: null } },
  { id: 53, name: "Husqvarna", slug: "husqvarna", logo: { url: null } },
  { id: 54, name: "Hyundai", slug: "hyundai", logo: { url: null } },
  { id: 55, name: "Indian", slug: "indian", logo: { url: null } },
  { id: 56, name: "Ineos", slug: "ineos", logo: { url: null } },
  { id: 57, name: "Infiniti", slug: "infiniti", logo: { url: null } },
  { id: 58, name: "International", slug: "international", logo: { url: null } },
  { id: 59, name: "Isuzu", slug: "isuzu", logo: { url: null } },
  { id: 60, name: "Iveco", slug: "iveco", logo: { url: null } },
  { id: 61, name: "Jaecoo", slug: "jaecoo", logo: { url: null } },
  { id: 62, name: "Jaguar", slug: "jaguar", logo: { url: null } },
  { id: 63, name: "Jayco", slug: "jayco", logo: { url: null } },
  { id: 64, name: "Jeep", slug: "jeep", logo: { url: null } },
  { id: 65, name: "Kawasaki", slug: "kawasaki", logo: { url: null } },
  { id: 66, name: "Kea", slug: "kea", logo: { url: null } },
  { id: 67, name: "Kenworth", slug: "kenworth", logo: { url: null } },
  { id: 68, name: "KGM", slug: "kgm", logo: { url: null } },
  { id: 69, name: "Kia", slug: "kia", logo: { url: null } },
  { id: 70, name: "KTM", slug: "ktm", logo: { url: null } },
  { id: 71, name: "Lamborghini", slug: "lamborghini", logo: { url: null } },
  { id: 72, name: "Lancia", slug: "lancia", logo: { url: null } },
  { id: 73, name: "Land Rover", slug: "land-rover", logo: { url: null } },
  { id: 74, name: "LDV", slug: "ldv", logo: { url: null } },
  { id: 75, name: "Leapmotor", slug: "leapmotor", logo: { url: null } },
  { id: 76, name: "Lexus", slug: "lexus", logo: { url: null } },
  { id: 77, name: "Lincoln", slug: "lincoln", logo: { url: null } },
  { id: 78, name: "Lotus", slug: "lotus", logo: { url: null } },
  { id: 79, name: "Lucid", slug: "lucid", logo: { url: null } },
  { id: 80, name: "Lynk & Co", slug: "lynk-and-co", logo: { url: null } },
  { id: 81, name: "Mack", slug: "mack", logo: { url: null } },
  { id: 82, name: "Mahindra", slug: "mahindra", logo: { url: null } },
  { id: 83, name: "MAN", slug: "man", logo: { url: null } },
  { id: 84, name: "Maserati", slug: "maserati", logo: { url: null } },
  { id: 85, name: "Maxus", slug: "maxus", logo: { url: null } },
  { id: 86, name: "Mazda", slug: "mazda", logo: { url: null } },
  { id: 87, name: "McLaren", slug: "mclaren", logo: { url: null } },
  { id: 88, name: "Mercedes-Benz", slug: "mercedes-benz", logo: { url: null } },
  { id: 89, name: "MG", slug: "mg", logo: { url: null } },
  { id: 90, name: "Mini", slug: "mini", logo: { url: null } },
  { id: 91, name: "Mitsubishi", slug: "mitsubishi", logo: { url: null } },
  { id: 92, name: "Morgan", slug: "morgan", logo: { url: null } },
  { id: 93, name: "Moto Guzzi", slug: "moto-guzzi", logo: { url: null } },
  { id: 94, name: "MV Agusta", slug: "mv-agusta", logo: { url: null } },
  { id: 95, name: "New Age", slug: "new-age", logo: { url: null } },
  { id: 96, name: "Nissan", slug: "nissan", logo: { url: null } },
  { id: 97, name: "Omoda", slug: "omoda", logo: { url: null } },
  { id: 98, name: "Opel", slug: "opel", logo: { url: null } },
  { id: 99, name: "Peugeot", slug: "peugeot", logo: { url: null } },
  { id: 100, name: "Piaggio", slug: "piaggio", logo: { url: null } },
  { id: 101, name: "Polaris", slug: "polaris", logo: { url: null } },
  { id: 102, name: "Polestar", slug: "polestar", logo: { url: null } },
  { id: 103, name: "Pontiac", slug: "pontiac", logo: { url: null } },
  { id: 104, name: "Porsche", slug: "porsche", logo: { url: null } },
  { id: 105, name: "Proton", slug: "proton", logo: { url: null } },
  { id: 106, name: "Ram", slug: "ram", logo: { url: null } },
  { id: 107, name: "Renault", slug: "renault", logo: { url: null } },
  { id: 108, name: "Rivian", slug: "rivian", logo: { url: null } },
  { id: 109, name: "Roadstar", slug: "roadstar", logo: { url: null } },
  { id: 110, name: "Rolls-Royce", slug: "rolls-royce", logo: { url: null } },
  { id: 111, name: "Rover", slug: "rover", logo: { url: null } },
  { id: 112, name: "Royal Enfield", slug: "royal-enfield", logo: { url: null } },
  { id: 113, name: "Saab", slug: "saab", logo: { url: null } },
  { id: 114, name: "Scania", slug: "scania", logo: { url: null } },
  { id: 115, name: "Sea-Doo", slug: "sea-doo", logo: { url: null } },
  { id: 116, name: "Seat", slug: "seat", logo: { url: null } },
  { id: 117, name: "Segway", slug: "segway", logo: { url: null } },
  { id: 118, name: "Sherco", slug: "sherco", logo: { url: null } },
  { id: 119, name: "Skoda", slug: "skoda", logo: { url: null } },
  { id: 120, name: "Smart", slug: "smart", logo: { url: null } },
  { id: 121, name: "Subaru", slug: "subaru", logo: { url: null } },
  { id: 122, name: "Supreme", slug: "supreme", logo: { url: null } },
  { id: 123, name: "Suzuki", slug: "suzuki", logo: { url: null } },
  { id: 124, name: "Swift", slug: "swift", logo: { url: null } },
  { id: 125, name: "Tata", slug: "tata", logo: { url: null } },
  { id: 126, name: "Tesla", slug: "tesla", logo: { url: null } },
  { id: 127, name: "Toyota", slug: "toyota", logo: { url: null } },
  { id: 128, name: "Triumph", slug: "triumph", logo: { url: null } },
  { id: 129, name: "UD Trucks", slug: "ud-trucks", logo: { url: null } },
  { id: 130, name: "Vespa", slug: "vespa", logo: { url: null } },
  { id: 131, name: "Volkswagen", slug: "volkswagen", logo: { url: null } },
  { id: 132, name: "Volvo", slug: "volvo", logo: { url: null } },
  { id: 133, name: "Western Star", slug: "western-star", logo: { url: null } },
  { id: 134, name: "Winnebago", slug: "winnebago", logo: { url: null } },
  { id: 135, name: "Xpeng", slug: "xpeng", logo: { url: null } },
  { id: 136, name: "Yamaha", slug: "yamaha", logo: { url: null } },
  { id: 137, name: "Zeekr", slug: "zeekr", logo: { url: null } },
  { id: 138, name: "Zone RV", slug: "zone-rv", logo: { url: null } },
];

/**
 * Spellings that mean the same make in stock feeds (four kinds: a utility-vehicle brand
 * alias, a merged Chinese-brand alias, a spaced luxury brand name and a renamed Korean brand).
 * The first spelling of each group is the catalogue name.
 */
export const MAKE_ALIASES: readonly (readonly string[])[] = [
  ["LDV", "LDV Automotive"],
  ["GWM", "Great Wall", "Haval"],
  ["Mercedes-Benz", "Mercedes Benz"],
  ["KGM", "SsangYong"],
];

/**
 * Makes shown under another name (docs/product/sites-and-settings.md: one shorter, one with a
 * diacritic).
 */
export const MAKE_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  "Mercedes-Benz": "Mercedes",
  Citroen: "Citroën",
};

/** The makes shown before 'Show all makes' is pressed (7 popular makes). */
export const POPULAR_MAKES: readonly string[] = [
  "Toyota",
  "Ford",
  "Mazda",
  "Hyundai",
  "Kia",
  "Mitsubishi",
  "MG",
];

function key(make: string): string {
  return make.trim().toLowerCase();
}

const aliasGroupByKey = new Map<string, readonly string[]>(
  MAKE_ALIASES.flatMap((group) => group.map((name) => [key(name), group] as const)),
);

const manufacturerByKey = new Map<string, Manufacturer>(
  MANUFACTURERS.flatMap((m) => [[key(m.name), m] as const, [key(m.slug), m] as const]),
);

/** Lower-case, hyphenated make slug: 'Lynk & Co' -> 'lynk-and-co'. */
export function makeSlug(make: string): string {
  return slugify(make);
}

/** Every spelling of the make (the catalogue name first); an unknown make is only itself. */
export function makeAliases(make: string): readonly string[] {
  return aliasGroupByKey.get(key(make)) ?? [make.trim()];
}

/**
 * Canonical names by the spelling asked for: cards, filters and links ask for the same few makes
 * on every render. Bounded (a URL can name any make): emptied when full.
 */
const canonicalNames = new Map<string, string>();
const CANONICAL_NAMES_MAX = 2_000;

/** The catalogue's spelling of a make, whatever alias or case a stock feed used. */
export function canonicalMakeName(make: string): string {
  let name = canonicalNames.get(make);
  if (name === undefined) {
    const k = key(make);
    name = aliasGroupByKey.get(k)?.[0] ?? manufacturerByKey.get(k)?.name ?? make.trim();
    if (canonicalNames.size >= CANONICAL_NAMES_MAX) canonicalNames.clear();
    canonicalNames.set(make, name);
  }
  return name;
}

/** The manufacturer for a make name, alias or slug, or null when it is not in the catalogue. */
export function findManufacturer(makeOrSlug: string): Manufacturer | null {
  const byName = manufacturerByKey.get(key(canonicalMakeName(makeOrSlug)));
  return byName ?? manufacturerByKey.get(key(makeOrSlug)) ?? null;
}

/** The name a visitor sees for a make: 'Mercedes-Benz' shows as 'Mercedes', 'Citroen' as 'Citroën'. */
export function makeDisplayName(make: string): string {
  const name = canonicalMakeName(make);
  return MAKE_DISPLAY_NAMES[name] ?? name;
}
