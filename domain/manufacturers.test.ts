import { describe, expect, it } from "vitest";
import {
  canonicalMakeName,
  findManufacturer,
  MAKE_ALIASES,
  makeAliases,
  makeDisplayName,
  makeSlug,
  MANUFACTURERS,
  POPULAR_MAKES,
} from "./manufacturers";

describe("Manufacturers (sites-and-settings.md): about 140 makes with id, name, slug and logo url", () => {
  it("holds about 140 makes with unique ids, names and slugs", () => {
    expect(MANUFACTURERS.length).toBeGreaterThanOrEqual(130);
    expect(MANUFACTURERS.length).toBeLessThanOrEqual(150);
    for (const key of ["id", "name", "slug"] as const) {
      expect(new Set(MANUFACTURERS.map((m) => m[key])).size).toBe(MANUFACTURERS.length);
    }
  });

  it("slugs are the makes' kebab-case names and logo urls may be null", () => {
    for (const m of MANUFACTURERS) {
      expect(m.slug).toBe(makeSlug(m.name));
      expect(m.logo.url === null || typeof m.logo.url === "string").toBe(true);
    }
    expect(makeSlug("Lynk & Co")).toBe("lynk-and-co");
    expect(makeSlug("Mercedes-Benz")).toBe("mercedes-benz");
  });

  it("every alias group's catalogue name is in the catalogue", () => {
    for (const group of MAKE_ALIASES) expect(findManufacturer(group[0] ?? "")?.name).toBe(group[0]);
  });
});

describe("Manufacturers (sites-and-settings.md): make filters map aliases (the four kinds)", () => {
  it.each([
    ["a utility-vehicle brand alias", "LDV Automotive", "LDV", ["LDV", "LDV Automotive"]],
    ["a merged Chinese-brand alias", "Haval", "GWM", ["GWM", "Great Wall", "Haval"]],
    [
      "a spaced luxury brand name",
      "Mercedes Benz",
      "Mercedes-Benz",
      ["Mercedes-Benz", "Mercedes Benz"],
    ],
    ["a renamed Korean brand alias", "SsangYong", "KGM", ["KGM", "SsangYong"]],
  ])("%s: %s is %s", (_kind, alias, canonical, group) => {
    expect(canonicalMakeName(alias)).toBe(canonical);
    expect(makeAliases(alias)).toEqual(group);
    expect(findManufacturer(alias)?.name).toBe(canonical);
  });

  it("case does not matter; unknown makes are only themselves", () => {
    expect(canonicalMakeName("great wall")).toBe("GWM");
    expect(canonicalMakeName("toyota")).toBe("Toyota");
    expect(makeAliases("Toyota")).toEqual(["Toyota"]);
    expect(makeAliases(" Nonesuch ")).toEqual(["Nonesuch"]);
    expect(findManufacturer("Nonesuch")).toBeNull();
    expect(findManufacturer("land-rover")?.name).toBe("Land Rover");
  });
});

describe("Manufacturers (sites-and-settings.md): display names: one shorter, one with a diacritic", () => {
  it.each([
    ["Mercedes-Benz", "Mercedes"],
    ["Mercedes Benz", "Mercedes"],
    ["Citroen", "Citroën"],
    ["Toyota", "Toyota"],
  ])("%s shows as %s", (make, shown) => {
    expect(makeDisplayName(make)).toBe(shown);
  });
});

describe("Search page (search-and-urls.md): show-all makes limit: 7 popular makes", () => {
  it("lists 7 catalogue makes", () => {
    for (const make of POPULAR_MAKES) expect(findManufacturer(make)?.name).toBe(make);
  });
});
