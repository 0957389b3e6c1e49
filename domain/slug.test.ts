import { describe, expect, it } from "vitest";
import { slugify } from "./slug";

describe("Slugs (search-and-urls.md)", () => {
  it.each([
    ["Toyota", "toyota"],
    ["Lynk & Co", "lynk-and-co"],
    ["Lynk&Co", "lynk-and-co"],
    ["Mercedes-Benz", "mercedes-benz"],
    ["  Test Drive Booking ", "test-drive-booking"],
    ["Café Motors", "cafe-motors"],
    ["Škoda Citigo-e iV", "skoda-citigo-e-iv"],
    ["Cafés", "cafes"],
    ["2021 Toyota Corolla Ascent A123", "2021-toyota-corolla-ascent-a123"],
    ["--Parramatta (Sales)--", "parramatta-sales"],
    ["!!!", ""],
  ])("%j -> %j", (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });

  it("gives a slug back unchanged", () => {
    for (const slug of ["lynk-and-co", "test-drive-booking", "2021-toyota-corolla"])
      expect(slugify(slug)).toBe(slug);
  });
});
