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
  pickSimilarVehicles,
  similarVehiclesQueries,
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

describe("similar vehicles", () => {
  const self = aVehicle({ id: 1, make: "Toyota", model: "Corolla", body: "Hatch", price: 30_000 });

  it("asks for the same make and model, then the same body within 20% of the price", () => {
    const [sameModel, sameBody] = similarVehiclesQueries(self);
    const cases: Array<[Partial<Vehicle>, boolean, boolean]> = [
      [{ id: 2 }, true, true],
      [{ id: 1 }, false, false],
      [{ id: 3, sold: true, status: "sold" }, false, false],
      [{ id: 4, model: "Camry" }, false, true],
      [{ id: 5, model: "Yaris", price: 36_000 }, false, true],
      [{ id: 6, model: "Yaris", price: 36_001 }, false, false],
      [{ id: 7, model: "Yaris", price: 23_999 }, false, false],
      [{ id: 8, model: "RAV4", body: "SUV" }, false, false],
    ];
    for (const [overrides, inFirst, inSecond] of cases) {
      const candidate = aVehicle({ ...overrides });
      expect(selects(sameModel?.filter, candidate), JSON.stringify(overrides)).toBe(inFirst);
      expect(selects(sameBody?.filter, candidate), JSON.stringify(overrides)).toBe(inSecond);
    }
  });

  it("drops the price band when the price is not shown, and the body query without a body", () => {
    const [, sameBody] = similarVehiclesQueries({ ...self, price: 0 });
    expect(selects(sameBody?.filter, aVehicle({ id: 9, price: 99_000 }))).toBe(true);
    expect(similarVehiclesQueries({ ...self, body: null })).toHaveLength(1);
  });

  it("merges the answers in order, each vehicle once, never this one, up to the limit", () => {
    const v = (id: number) => ({ id });
    expect(
      pickSimilarVehicles(
        v(1),
        [
          [v(2), v(3)],
          [v(3), v(1), v(4), v(5), v(6)],
        ],
        4,
      ),
    ).toEqual([v(2), v(3), v(4), v(5)]);
    expect(pickSimilarVehicles(v(1), [[], []])).toEqual([]);
  });
});

describe("Unavailable vehicles (vehicle-card-and-page.md): Find Me Something Similar", () => {
  it("searches the same make and model through the search URL codec", () => {
    const path = findSimilarSearchPath(
      aVehicle({ make: "Land Rover", make_model: "Land Rover Defender" }),
    );
    expect(path).toBe("/search/make/Land%20Rover/Land%20Rover%20Defender");
    expect(parseSearchUrl(path)?.filters).toEqual({
      make: ["Land Rover"],
      make_model: ["Land Rover Defender"],
    });
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
