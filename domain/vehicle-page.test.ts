import { describe, expect, it } from "vitest";
import { matchesFilter } from "./filter-expression";
import { parseMeilisearchFilter } from "./testing/meilisearch-filter-parser";
import { parseSearchUrl } from "./search-url";
import { aVehicle } from "./testing/vehicle-fixture";
import type { Vehicle } from "./vehicle";
import {
  buildVehicleBySlugQuery,
  findSimilarSearchPath,
  odometerUnitCode,
  makeSearchPath,
  offerAvailability,
  offerItemCondition,
  vehicleHeading,
} from "./vehicle-page";

/** Whether a filter string selects the document (through the grammar's reference parser). */
function selects(filter: string | undefined, document: Vehicle): boolean {
  if (filter === undefined) return true;
  return matchesFilter(
    parseMeilisearchFilter(filter),
    document as unknown as Record<string, unknown>,
  );
}

describe("Vehicle slug (vehicle-card-and-page.md): lookup", () => {
  it("looks a valid slug up by equality, one hit", () => {
    const query = buildVehicleBySlugQuery("2021-toyota-corolla_abc123");
    expect(query).toMatchObject({ indexUid: "Car_production", limit: 1, offset: 0 });
    expect(selects(query?.filter, aVehicle({ slug: "2021-toyota-corolla_abc123" }))).toBe(true);
    expect(selects(query?.filter, aVehicle({ slug: "2021-toyota-corolla" }))).toBe(false);
  });

  it.each(["", "a b", 'x" OR id > 0', "../etc", "a.b", "ä", "slug%20"])(
    "%j is not looked up (no vehicle)",
    (slug) => {
      expect(buildVehicleBySlugQuery(slug)).toBeNull();
    },
  );
});

describe("heading", () => {
  it("reads year make model badge series, skipping what is missing", () => {
    expect(vehicleHeading(aVehicle())).toBe("2021 Toyota Corolla Ascent Sport ZWE211R");
    expect(vehicleHeading(aVehicle({ badge: null, series: " " }))).toBe("2021 Toyota Corolla");
  });
});

describe("Unavailable vehicles (vehicle-card-and-page.md): Find Me Something Similar", () => {
  it.each<[string, Partial<Vehicle>, Record<string, string[]>]>([
    [
      "the same make and model near its price and year",
      { price: 13_860, year: 2017 },
      { price: ["10395:17325"], year: ["2014:2020"] },
    ],
    [
      "no price range when the price is not shown",
      { price: 10, year: 2017 },
      { year: ["2014:2020"] },
    ],
  ])("%s, through the search URL codec", (_, overrides, ranges) => {
    const path = findSimilarSearchPath(
      aVehicle({ make: "Land Rover", make_model: "Land Rover Defender", ...overrides }),
    );
    expect(path.startsWith("/search/make/Land%20Rover/Land%20Rover%20Defender?")).toBe(true);
    expect(parseSearchUrl(path)?.filters).toEqual({
      make: ["Land Rover"],
      make_model: ["Land Rover Defender"],
      ...ranges,
    });
  });

  it("without a price or year (a saved car), the same make and model", () => {
    expect(findSimilarSearchPath({ make: "Kia", make_model: "Kia EV6" })).toBe(
      "/search/make/Kia/Kia%20EV6",
    );
    expect(makeSearchPath(aVehicle({ make: "Kia" }))).toBe("/search/make/Kia");
  });
});

describe("structured data values", () => {
  it.each<[string, Partial<Vehicle>, string]>([
    ["in stock", {}, "InStock"],
    ["sold", { status: "sold", sold: true }, "SoldOut"],
    ["coming soon", { status: "coming_soon" }, "PreSale"],
    ["preorder", { preorder: true, status: "coming_soon" }, "PreOrder"],
    ["reserved", { reserved: true }, "LimitedAvailability"],
  ])("availability of a %s vehicle", (_name, overrides, expected) => {
    expect(offerAvailability(aVehicle(overrides))).toBe(`https://schema.org/${expected}`);
  });

  it.each<[Vehicle["car_type"], string]>([
    ["new", "NewCondition"],
    ["used", "UsedCondition"],
    ["demo", "UsedCondition"],
  ])("a %s vehicle is in %s", (carType, expected) => {
    expect(offerItemCondition({ car_type: carType })).toBe(`https://schema.org/${expected}`);
  });
});

describe("Locales (sites-and-settings.md) in structured data", () => {
  it("names each locale's dollar and odometer unit", () => {
    expect(odometerUnitCode("en-AU")).toBe("KMT");
    expect(odometerUnitCode("en-NZ")).toBe("KMT");
    expect(odometerUnitCode("en-US")).toBe("SMI");
  });
});
