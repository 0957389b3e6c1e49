import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { matchesFilter } from "./filter-expression";
import {
  DAY_MS,
  isListed,
  siteStockFilter,
  soldListedWindowMs,
  vehicleByIdFilter,
} from "./listing";
import { defaultSiteSettings, type SiteSettings } from "./site-settings";
import { parseMeilisearchFilter } from "./testing/meilisearch-filter-parser";
import { aVehicle, FIXTURE_NOW_MS as NOW } from "./testing/vehicle-fixture";
import type { Vehicle } from "./vehicle";

function settingsWith(
  stock: Partial<SiteSettings["stock"]> = {},
  rest: Partial<SiteSettings> = {},
): SiteSettings {
  const base = defaultSiteSettings();
  return { ...base, ...rest, stock: { ...base.stock, ...stock } };
}

const noManufacturer = { manufacturer: null };

describe("Vehicle status and listing (vehicle-card-and-page.md): default visibility", () => {
  it("sold vehicles remain listed 3 days by default = 259200000 ms", () => {
    expect(soldListedWindowMs(defaultSiteSettings())).toBe(259_200_000);
  });

  it.each<[string, Partial<Vehicle>, boolean]>([
    ["in_stock is listed", { status: "in_stock" }, true],
    ["coming_soon is listed", { status: "coming_soon" }, true],
    ["sold 1 day ago is listed", { status: "sold", sold_date_timestamp: NOW - DAY_MS }, true],
    [
      "sold exactly 3 days ago is listed",
      { status: "sold", sold_date_timestamp: NOW - 259_200_000 },
      true,
    ],
    [
      "sold 3 days and 1 ms ago is not",
      { status: "sold", sold_date_timestamp: NOW - 259_200_001 },
      false,
    ],
    ["sold without a sold date is not", { status: "sold", sold_date_timestamp: null }, false],
    ["hidden from the dealer website is not", { show_on_dealer_website: false }, false],
    [
      "coming_soon hidden from the website is not",
      { status: "coming_soon", show_on_dealer_website: false },
      false,
    ],
  ])("%s", (_name, overrides, expected) => {
    expect(isListed(aVehicle(overrides), defaultSiteSettings(), noManufacturer, NOW)).toBe(
      expected,
    );
  });

  it("include_sold_cars_days replaces the 3 days", () => {
    const settings = settingsWith({}, { includeSoldCarsDays: 7 });
    const soldSixDaysAgo = aVehicle({ status: "sold", sold_date_timestamp: NOW - 6 * DAY_MS });
    const soldEightDaysAgo = aVehicle({ status: "sold", sold_date_timestamp: NOW - 8 * DAY_MS });
    expect(isListed(soldSixDaysAgo, settings, noManufacturer, NOW)).toBe(true);
    expect(isListed(soldSixDaysAgo, defaultSiteSettings(), noManufacturer, NOW)).toBe(false);
    expect(isListed(soldEightDaysAgo, settings, noManufacturer, NOW)).toBe(false);
  });

  it("is optionally limited to the site's manufacturer, aliases included", () => {
    const settings = settingsWith({ limitToManufacturer: true });
    const site = { manufacturer: "GWM" };
    expect(isListed(aVehicle({ make: "Haval" }), settings, site, NOW)).toBe(true);
    expect(isListed(aVehicle({ make: "Great Wall" }), settings, site, NOW)).toBe(true);
    expect(isListed(aVehicle({ make: "Toyota" }), settings, site, NOW)).toBe(false);
    // Without the setting the site's manufacturer does not limit the listing.
    expect(isListed(aVehicle({ make: "Toyota" }), defaultSiteSettings(), site, NOW)).toBe(true);
  });

  it("the default filter string is the default listing rule", () => {
    expect(siteStockFilter(defaultSiteSettings(), noManufacturer, NOW)).toBe(
      `show_on_dealer_website = true AND (status IN ["in_stock", "coming_soon"] OR ` +
        `(status = "sold" AND sold_date_timestamp >= ${NOW - 259_200_000}))`,
    );
  });
});

describe("Stock filter expression (search-and-urls.md): per-site rules", () => {
  it.each<[string, Partial<SiteSettings["stock"]>, Partial<Vehicle>, boolean, string]>([
    ["used only lists used", { usedOnly: true }, { car_type: "used" }, true, 'car_type = "used"'],
    ["used only hides new", { usedOnly: true }, { car_type: "new" }, false, 'car_type = "used"'],
    [
      "in stock only hides coming_soon",
      { inStockOnly: true },
      { status: "coming_soon" },
      false,
      'status = "in_stock"',
    ],
    [
      "in stock only hides just-sold",
      { inStockOnly: true },
      { status: "sold", sold_date_timestamp: NOW },
      false,
      'status = "in_stock"',
    ],
    [
      "excluded make, with its aliases",
      { excludedMakes: ["Mercedes-Benz"] },
      { make: "Mercedes Benz" },
      false,
      'make NOT IN ["Mercedes-Benz", "Mercedes Benz"]',
    ],
    [
      "excluded stock number",
      { excludedStockNumbers: ["X1"] },
      { stocknum: "X1" },
      false,
      'stocknum NOT IN ["X1"]',
    ],
    [
      "no stock number is not excluded",
      { excludedStockNumbers: ["X1"] },
      { stocknum: null },
      true,
      'stocknum NOT IN ["X1"]',
    ],
    [
      "freshness limit keeps a car created 2 days ago",
      { freshnessDays: 3 },
      { created_at_timestamp: NOW - 2 * DAY_MS },
      true,
      `created_at_timestamp >= ${NOW - 3 * DAY_MS}`,
    ],
    [
      "freshness limit hides a car created 4 days ago",
      { freshnessDays: 3 },
      { created_at_timestamp: NOW - 4 * DAY_MS },
      false,
      `created_at_timestamp >= ${NOW - 3 * DAY_MS}`,
    ],
    [
      "photos_count at least 3 keeps 3",
      { minPhotoCount: 3 },
      { photos_count: 3 },
      true,
      "photos_count >= 3",
    ],
    [
      "photos_count at least 3 hides 2",
      { minPhotoCount: 3 },
      { photos_count: 2 },
      false,
      "photos_count >= 3",
    ],
    [
      "preset cities",
      { presetCities: ["Dubbo", "Orange"] },
      { city: "Sydney" },
      false,
      'city IN ["Dubbo", "Orange"]',
    ],
    [
      "preset cities keep their own",
      { presetCities: ["Dubbo", "Orange"] },
      { city: "Orange" },
      true,
      'city IN ["Dubbo", "Orange"]',
    ],
    [
      "excluded location id",
      { excludedLocationIds: [100] },
      { location_id: 100 },
      false,
      "location_id NOT IN [100]",
    ],
    [
      "new of the excluded make is hidden",
      { excludeNewAndDemoOfMake: "Kia" },
      { make: "Kia", car_type: "new" },
      false,
      'NOT (make IN ["Kia"] AND car_type IN ["new", "demo"])',
    ],
    [
      "used of the excluded make is listed",
      { excludeNewAndDemoOfMake: "Kia" },
      { make: "Kia", car_type: "used" },
      true,
      'NOT (make IN ["Kia"] AND car_type IN ["new", "demo"])',
    ],
  ])("%s", (_name, stock, vehicle, listed, clause) => {
    const settings = settingsWith(stock);
    expect(isListed(aVehicle(vehicle), settings, noManufacturer, NOW)).toBe(listed);
    expect(siteStockFilter(settings, noManufacturer, NOW)).toContain(clause);
  });

  it("joins the site's search filters first, then the rules, then the manufacturer filter", () => {
    const settings = settingsWith({
      searchFilters: ['tag != "Hidden" OR price > 0', " "],
      usedOnly: true,
      limitToManufacturer: true,
    });
    const filter = siteStockFilter(settings, { manufacturer: "Toyota" }, NOW);
    expect(
      filter.startsWith('(tag != "Hidden" OR price > 0) AND show_on_dealer_website = true'),
    ).toBe(true);
    expect(filter.endsWith('car_type = "used" AND make IN ["Toyota"]')).toBe(true);
  });

  it("a manufacturer filter needs both the setting and a site manufacturer", () => {
    const settings = settingsWith({ limitToManufacturer: true });
    expect(siteStockFilter(settings, noManufacturer, NOW)).not.toContain("make");
  });

  it("the single-vehicle lookup adds an id equality to the base filter", () => {
    expect(vehicleByIdFilter('a = "b" OR c = 1', 42)).toBe('(a = "b" OR c = 1) AND id = 42');
    expect(vehicleByIdFilter("", 42)).toBe("id = 42");
  });
});

const stockRules = fc.record({
  usedOnly: fc.boolean(),
  inStockOnly: fc.boolean(),
  excludedMakes: fc.subarray(["Kia", "GWM", "Mercedes Benz"]),
  excludedStockNumbers: fc.subarray(["S100", "S200"]),
  freshnessDays: fc.option(fc.integer({ min: 0, max: 14 })),
  minPhotoCount: fc.option(fc.integer({ min: 0, max: 5 })),
  presetCities: fc.subarray(["Sydney", "Dubbo"]),
  limitToManufacturer: fc.boolean(),
  excludedLocationIds: fc.subarray([100, 200]),
  excludeNewAndDemoOfMake: fc.option(fc.constantFrom("Kia", "LDV")),
});

const vehicleOverrides = fc.record({
  status: fc.constantFrom("in_stock", "coming_soon", "sold" as const),
  car_type: fc.constantFrom("new", "used", "demo" as const),
  make: fc.constantFrom("Kia", "Haval", "Toyota", "LDV Automotive", "Mercedes-Benz"),
  stocknum: fc.option(fc.constantFrom("S100", "S300")),
  city: fc.option(fc.constantFrom("Sydney", "Dubbo", "Perth")),
  location_id: fc.option(fc.constantFrom(100, 200, 300)),
  photos_count: fc.integer({ min: 0, max: 6 }),
  show_on_dealer_website: fc.boolean(),
  sold_date_timestamp: fc.option(fc.integer({ min: NOW - 10 * DAY_MS, max: NOW })),
  created_at_timestamp: fc.integer({ min: NOW - 20 * DAY_MS, max: NOW }),
});

describe("Stock filter expression (search-and-urls.md): same rule, one source", () => {
  it("the search filter selects exactly the vehicles isListed lists", () => {
    fc.assert(
      fc.property(
        stockRules,
        fc.integer({ min: 0, max: 7 }),
        fc.option(fc.constantFrom("Toyota", "GWM", "LDV")),
        fc.array(vehicleOverrides, { minLength: 1, maxLength: 5 }),
        (rules, soldDays, manufacturer, vehicles) => {
          const settings = settingsWith(rules, { includeSoldCarsDays: soldDays });
          const site = { manufacturer };
          const filter = parseMeilisearchFilter(siteStockFilter(settings, site, NOW));
          for (const overrides of vehicles) {
            const vehicle = aVehicle(overrides);
            expect(matchesFilter(filter, vehicle)).toBe(isListed(vehicle, settings, site, NOW));
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
