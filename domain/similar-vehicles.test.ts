import { describe, expect, it } from "vitest";
import { matchesFilter } from "./filter-expression";
import { parseMeilisearchFilter } from "./testing/meilisearch-filter-parser";
import { aVehicle } from "./testing/vehicle-fixture";
import type { Vehicle } from "./vehicle";
import { rankSimilarVehicles, similarVehiclesQueries } from "./similar-vehicles";

/** Whether a filter string selects the document (through the grammar's reference parser). */
function selects(filter: string | undefined, document: Vehicle): boolean {
  if (filter === undefined) return true;
  return matchesFilter(
    parseMeilisearchFilter(filter),
    document as unknown as Record<string, unknown>,
  );
}

const rav4 = aVehicle({
  id: 1,
  make: "Toyota",
  model: "RAV4",
  body: "SUV",
  price: 13_860,
  year: 2017,
  car_type: "used",
});

describe("Similar vehicles (vehicle-card-and-page.md): candidates", () => {
  const [sameMake, sameBody, sameModel] = similarVehiclesQueries(rav4);

  it.each<[string, Partial<Vehicle>, boolean, boolean, boolean]>([
    ["a near RAV4", { id: 2, year: 2016, price: 12_000 }, true, true, true],
    ["this vehicle", { id: 1 }, false, false, false],
    ["a sold RAV4", { id: 3, status: "sold", sold: true }, false, false, false],
    ["a near Corolla hatch", { id: 4, model: "Corolla", body: "Hatch" }, true, false, false],
    ["a near Mazda SUV", { id: 5, make: "Mazda", model: "CX-5" }, false, true, false],
    ["a Mazda SUV 26% dearer", { id: 6, make: "Mazda", price: 17_464 }, false, false, false],
    ["a RAV4 25% dearer", { id: 7, price: 17_325 }, true, true, true],
    ["a RAV4 4 years older", { id: 8, year: 2013 }, false, false, true],
    ["a 2026 RAV4 at $39,990", { id: 9, year: 2026, price: 39_990 }, false, false, true],
  ])("%s: same make %s, same body %s, same model %s", (_, overrides, a, b, c) => {
    const candidate = aVehicle({ ...rav4, ...overrides });
    expect(selects(sameMake?.filter, candidate)).toBe(a);
    expect(selects(sameBody?.filter, candidate)).toBe(b);
    expect(selects(sameModel?.filter, candidate)).toBe(c);
  });

  it("asks one bounded multi-search; no body query without a body, no price band without a price", () => {
    expect(similarVehiclesQueries(rav4).every((query) => query.limit === 40)).toBe(true);
    expect(similarVehiclesQueries({ ...rav4, body: null })).toHaveLength(2);
    const [noPrice] = similarVehiclesQueries({ ...rav4, price: 0 });
    expect(selects(noPrice?.filter, aVehicle({ ...rav4, id: 9, price: 99_000 }))).toBe(true);
  });
});

describe("Similar vehicles (vehicle-card-and-page.md): ranking", () => {
  const v = (id: number, overrides: Partial<Vehicle>) => aVehicle({ ...rav4, id, ...overrides });
  const rank = (candidates: Vehicle[], limit = 4) =>
    rankSimilarVehicles(rav4, [candidates], limit).map((hit) => hit.id);

  it.each<[string, Vehicle[], number[]]>([
    [
      "near in price and year before the same model far away",
      [
        v(10, { year: 2026, price: 39_990, car_type: "new" }),
        v(11, { make: "Mazda", model: "CX-5", year: 2018, price: 15_000 }),
        v(12, { year: 2016, price: 12_500 }),
      ],
      [12, 11, 10],
    ],
    [
      "the same model, then the same make and body, then the same body, then the same make",
      [
        v(20, { model: "Corolla", body: "Hatch" }),
        v(21, { make: "Mazda", model: "CX-5" }),
        v(22, { model: "Kluger" }),
        v(23, {}),
      ],
      [23, 22, 21, 20],
    ],
    [
      "within a family, the closest in price and year first",
      [
        v(30, { year: 2020, price: 17_000 }),
        v(31, { year: 2017, price: 14_000 }),
        v(32, { year: 2015, price: 13_000 }),
      ],
      [31, 32, 30],
    ],
    [
      "new and used mix only when nothing closer exists",
      [
        v(40, { car_type: "new", year: 2018, price: 14_000 }),
        v(41, { year: 2011, price: 8_000 }),
        v(42, { car_type: "demo", year: 2018, price: 15_000 }),
      ],
      [42, 41, 40],
    ],
    [
      "never this vehicle, each once, up to the limit",
      [v(1, {}), v(50, {}), v(50, {}), v(51, {}), v(52, {}), v(53, {}), v(54, {})],
      [50, 51, 52, 53],
    ],
    ["nothing found, nothing shown", [], []],
  ])("%s", (_, candidates, expected) => {
    expect(rank(candidates)).toEqual(expected);
  });

  it("merges the answers of every query", () => {
    expect(
      rankSimilarVehicles(rav4, [[v(2, { year: 2026, price: 40_000 })], [v(3, {})]]).map(
        (hit) => hit.id,
      ),
    ).toEqual([3, 2]);
  });
});
