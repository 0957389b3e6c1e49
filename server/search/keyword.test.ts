import { describe, expect, it } from "vitest";
import { CAR_COLLECTION, CAR_COLLECTION_CONFIG } from "./collections";
import { SearchEngine } from "./engine";
import { aVehicle } from "~/domain/testing/vehicle-fixture";
import type { Vehicle } from "~/domain/vehicle";

function engineWith(vehicles: Vehicle[]): SearchEngine {
  const engine = new SearchEngine({ resultsCacheLimit: 0 });
  engine.replaceAll(CAR_COLLECTION, vehicles);
  return engine;
}

const v = (id: number, overrides: Partial<Vehicle>) =>
  aVehicle({
    id,
    stocknum: `S${id}`,
    vin: `VIN0000000000000${id}`,
    custom_rank: 0,
    dealership_name: "Harbour Motors",
    location_name: "Harbour Motors Sales",
    ...overrides,
  });

const ids = (engine: SearchEngine, q: string, extra: Record<string, unknown> = {}) =>
  engine.search(CAR_COLLECTION, { q, limit: 50, ...extra }).hits.map((h) => h.id);

describe("keyword search", () => {
  const engine = engineWith([
    v(1, { name: "2021 Toyota Corolla Ascent", make: "Toyota", model: "Corolla", badge: "Ascent" }),
    v(2, { name: "2020 Mazda CX-5 Maxx", make: "Mazda", model: "CX-5", badge: "Maxx" }),
    v(3, {
      name: "2019 Toyota LandCruiser GXL",
      make: "Toyota",
      model: "LandCruiser",
      badge: "GXL",
    }),
    v(4, {
      name: "2022 Ford Ranger XLT",
      make: "Ford",
      model: "Ranger",
      badge: "XLT",
      stocknum: "AB12345C",
    }),
    v(5, {
      name: "2023 Tesla Model 3",
      make: "Tesla",
      model: "Model 3",
      fuel: "Electric",
      badge: null,
    }),
    v(6, { name: "2018 Škoda Octavia RS", make: "Škoda", model: "Octavia", badge: "RS" }),
  ]);

  it("finds the last word as a prefix, unless the query ends with a space", () => {
    expect(ids(engine, "toy")).toEqual([1, 3]);
    expect(ids(engine, "toy ")).toEqual([]);
  });

  it("allows one typo from 5 letters and two from 9, a first-letter typo counting as two", () => {
    expect(ids(engine, "fird ")).toEqual([]); // 4 letters: no typo
    expect(ids(engine, "mazds ")).toEqual([2]); // 5 letters: one typo
    expect(ids(engine, "nazda ")).toEqual([]); // first letter: costs two
    expect(ids(engine, "landcruzer ")).toEqual([3]); // 10 letters: one typo
    expect(ids(engine, "lamdcruser ")).toEqual([3]); // two typos
    expect(ids(engine, "kandcruiser ")).toEqual([3]); // first letter on a long word
    expect(ids(engine, "kandcruzer ")).toEqual([]); // first letter plus another: three
  });

  it("matches stock numbers and VINs without typos, and quoted phrases exactly", () => {
    expect(ids(engine, '"AB12345C"')).toEqual([4]);
    expect(ids(engine, '"AB12346C"')).toEqual([]);
    expect(ids(engine, "AB12346C ")).toEqual([]);
    expect(ids(engine, "VIN00000000000005")).toEqual([5]);
    expect(ids(engine, "VIN0000000000000")).toEqual([1, 2, 3, 4, 5, 6]); // a prefix of every VIN
    expect(ids(engine, '"ford ranger"')).toEqual([4]);
    expect(ids(engine, '"ranger ford"')).toEqual([]);
  });

  it("matches a phrase within one text, not across two values or attributes", () => {
    const texts = engineWith([
      v(1, { name: "Alpha", make: "Bravo", model: "X", badge: null }),
      v(2, {
        name: "Y",
        make: "Z",
        model: "X",
        badge: null,
        filtered_features: ["Tow Bar", "Roof Rack"],
      }),
    ]);
    expect(ids(texts, '"alpha bravo"')).toEqual([]); // name, then make
    expect(ids(texts, '"bar roof"')).toEqual([]); // two features
    expect(ids(texts, '"tow bar"')).toEqual([2]);
    expect(ids(texts, '"roof rack"')).toEqual([2]);
  });

  it("ignores case and diacritics, and applies synonyms", () => {
    expect(ids(engine, "skoda")).toEqual([6]);
    expect(ids(engine, "TOYOTA COROLLA")).toEqual([1, 3]);
    expect(ids(engine, "ev ")).toEqual([5]);
  });

  it("ranks by words matched, then typos, then exactness, then the sort", () => {
    // "toyota corolla": vehicle 1 matches both words, 3 only the first (matchingStrategy last).
    expect(ids(engine, "toyota corolla")).toEqual([1, 3]);
    expect(ids(engine, "toyota corolla", { matchingStrategy: "all" })).toEqual([1]);
    const ranked = engineWith([
      v(1, { name: "Toyotas", make: "X", model: "Y", badge: null, custom_rank: 90 }),
      v(2, { name: "Toyota", make: "X", model: "Y", badge: null, custom_rank: 10 }),
      v(3, { name: "Toyoda", make: "X", model: "Y", badge: null, custom_rank: 99 }),
    ]);
    // exact (2) before prefix (1) before one typo (3), whatever custom_rank says.
    expect(ids(ranked, "toyota")).toEqual([2, 1, 3]);
    // Without a query, the collection's default sort: custom_rank descending.
    expect(ids(ranked, "")).toEqual([3, 1, 2]);
    expect(ids(ranked, "", { sort: ["custom_rank:asc"] })).toEqual([2, 1, 3]);
  });

  it("restricts the search to attributesToSearchOn", () => {
    expect(ids(engine, "gxl", { attributesToSearchOn: ["badge"] })).toEqual([3]);
    expect(ids(engine, "gxl", { attributesToSearchOn: ["make"] })).toEqual([]);
  });

  it("highlights matched words, a prefix only as far as it matched", () => {
    const response = engine.search(CAR_COLLECTION, {
      q: "corola toy",
      attributesToHighlight: ["name", "year"],
      attributesToRetrieve: ["id", "name", "year", "make"],
    });
    expect(response.hits[0]).toEqual({
      id: 1,
      name: "2021 Toyota Corolla Ascent",
      year: 2021,
      make: "Toyota",
      _formatted: {
        id: 1,
        name: "2021 <em>Toy</em>ota <em>Corolla</em> Ascent",
        year: "2021",
        make: "Toyota",
      },
    });
    const tagged = engine.search(CAR_COLLECTION, {
      q: "2021",
      attributesToHighlight: ["*"],
      highlightPreTag: "__ais-highlight__",
      highlightPostTag: "__/ais-highlight__",
      attributesToRetrieve: ["name", "year"],
    });
    expect(tagged.hits[0]!._formatted).toEqual({
      name: "__ais-highlight__2021__/ais-highlight__ Toyota Corolla Ascent",
      year: "__ais-highlight__2021__/ais-highlight__",
    });
  });

  it("crops long texts around the first match", () => {
    const long = engineWith([
      v(1, { name: "one two three four five six seven eight nine ten eleven twelve corolla end" }),
    ]);
    const hit = long.search(CAR_COLLECTION, {
      q: "corolla",
      attributesToCrop: ["name:4"],
      attributesToRetrieve: ["name"],
    }).hits[0]!;
    expect(hit._formatted).toEqual({ name: "…eleven twelve corolla end" });
  });

  it("searches only the configured attributes", () => {
    expect(CAR_COLLECTION_CONFIG.searchableAttributes).toContain("stocknum");
    const described = engineWith([v(1, { description: "sunroof" })]);
    expect(ids(described, "sunroof")).toEqual([]);
  });
});

describe("identifier words after many replacements", () => {
  it("finds each vehicle by its current stock number and VIN, not by its old ones", () => {
    const engine = engineWith([]);
    const vehicles = (round: number) =>
      Array.from({ length: 1500 }, (_, i) =>
        v(i + 1, {
          stocknum: `R${round}-${i + 1}`,
          vin: `VIN${round}X${String(i + 1).padStart(6, "0")}`,
        }),
      );
    // Each round replaces every vehicle's identifiers: the old words are left behind and
    // reclaimed along the way.
    for (let round = 0; round < 4; round++) engine.upsertMany(CAR_COLLECTION, vehicles(round));
    const all = { matchingStrategy: "all" };
    engine.remove(CAR_COLLECTION, 7);
    expect(ids(engine, "R3-42 ", all)).toEqual([42]);
    expect(ids(engine, "VIN3X001234 ", all)).toEqual([1234]);
    expect(ids(engine, "R2-42 ", all)).toEqual([]);
    expect(ids(engine, "R3-7 ", all)).not.toContain(7);
  });
});
