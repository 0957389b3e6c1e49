import { describe, expect, it } from "vitest";
import {
  CITY_FILTER_LIMIT,
  DEALERSHIP_FILTER_LIMIT,
  facetValueLimit,
  facetValuesForDisplay,
  makesForDisplay,
  popularMakes,
  MODELS_LIMIT,
  SHOW_ALL_MAKES_LIMIT,
} from "./search-facets";

describe("Search page (search-and-urls.md): filter limits, 20 cities, 40 dealerships, 30 models, 7 popular makes", () => {
  it("the limits", () => {
    expect([
      CITY_FILTER_LIMIT,
      DEALERSHIP_FILTER_LIMIT,
      MODELS_LIMIT,
      SHOW_ALL_MAKES_LIMIT,
    ]).toEqual([20, 40, 30, 7]);
    expect(facetValueLimit("city")).toBe(20);
    expect(facetValueLimit("dealership_name")).toBe(40);
    expect(facetValueLimit("model")).toBe(30);
    expect(facetValueLimit("colour")).toBeNull();
  });

  it("lists the most common values up to the limit, keeping selected ones", () => {
    const distribution = Object.fromEntries(
      Array.from({ length: 25 }, (_, i) => [`City ${i}`, 100 - i]),
    );
    const shown = facetValuesForDisplay("city", distribution, ["City 24"]);
    expect(shown).toHaveLength(21);
    expect(shown[0]).toEqual({ value: "City 0", count: 100 });
    expect(shown.at(-1)?.value).toBe("City 24");
    expect(facetValuesForDisplay("colour", distribution)).toHaveLength(25);
  });

  it("collapsed makes are the popular ones (plus selected), popular first when expanded", () => {
    const available = ["Zeekr", "Toyota", "Kia", "Alfa Romeo", "MG"];
    expect(makesForDisplay(available, false)).toEqual(["Toyota", "Kia", "MG"]);
    expect(makesForDisplay(available, false, ["Zeekr"])).toEqual(["Toyota", "Kia", "MG", "Zeekr"]);
    expect(makesForDisplay(available, true)).toEqual([
      "Toyota",
      "Kia",
      "MG",
      "Alfa Romeo",
      "Zeekr",
    ]);
  });

  it("a site's popular makes come from its stock (the 7 with the most vehicles) unless it sets a list", () => {
    const counts = {
      Chevrolet: 40,
      Ford: 31,
      Toyota: 12,
      Ram: 31,
      GMC: 9,
      Jeep: 8,
      Kia: 2,
      Honda: 3,
      Zeekr: 0,
    };
    expect(popularMakes(counts, "from stock")).toEqual([
      "Chevrolet",
      "Ford",
      "Ram",
      "Toyota",
      "GMC",
      "Jeep",
      "Honda",
    ]);
    expect(popularMakes(counts, ["Kia", "Zeekr"])).toEqual(["Kia", "Zeekr"]);
    const popular = popularMakes(counts, "from stock");
    expect(makesForDisplay(Object.keys(counts), false, [], popular)).toEqual(popular);
    expect(makesForDisplay(Object.keys(counts), false, ["Kia"], popular)).toContain("Kia");
  });
});
