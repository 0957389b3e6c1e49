import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  favouritesStorageKey,
  garagePath,
  isFavourite,
  toggleFavourite,
  type Favourite,
} from "./favourites";
import { aVehicle } from "./testing/vehicle-fixture";

const car = (id: number): Favourite => ({
  id,
  name: `Car ${id}`,
  slug: `car-${id}`,
  make: "Kia",
  model: "EV6",
  primary_image_url: null,
});

describe("Favourites (garage.md): toggle add and remove, kept per site", () => {
  it("adds, then removes", () => {
    const once = toggleFavourite([], car(1));
    expect(isFavourite(once, 1)).toBe(true);
    expect(toggleFavourite(once, car(1))).toEqual([]);
  });

  it("keeps only the favourite's fields", () => {
    expect(toggleFavourite([], aVehicle({ id: 5 }))[0]).toEqual({
      id: 5,
      name: "2021 Toyota Corolla Ascent Sport",
      slug: "2021-toyota-corolla-ascent-sport-abc123",
      make: "Toyota",
      model: "Corolla",
      primary_image_url: "https://images.example.com/corolla.jpg",
    });
  });

  it("toggling twice gives back the same list", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 1, max: 20 })),
        fc.integer({ min: 1, max: 20 }),
        (ids, id) => {
          const list = ids.map(car);
          expect(
            toggleFavourite(toggleFavourite(list, car(id)), car(id))
              .map((f) => f.id)
              .sort(),
          ).toEqual([...ids].sort());
        },
      ),
    );
  });

  it("is stored per site; the garage opens on saved cars", () => {
    expect(favouritesStorageKey("harbour-ford")).not.toBe(favouritesStorageKey("city-toyota"));
    expect(garagePath("/my-garage")).toBe("/my-garage?tab=saved-cars");
  });
});
