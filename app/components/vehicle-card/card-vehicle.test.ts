import { describe, expect, it } from "vitest";
import { aVehicle } from "~/domain/testing/vehicle-fixture";
import { cardOf, packCard, packedCardOf, unpackCard } from "./card-vehicle";

describe("a card's view model", () => {
  it("packs to its values and unpacks to the same card", () => {
    const card = cardOf(aVehicle({ id: 5, slug: "a-car", series: null }));
    const packed = packCard(card);
    expect(packed).toContain("a-car");
    expect(JSON.stringify(packed)).not.toContain('"slug"');
    expect(unpackCard(structuredClone(packed))).toEqual(card);
  });

  it("keeps the card's photo, how many photos there are (up to 3) and the deposit only", () => {
    const photos = ["a", "b", "c", "d"].map((n) => ({ url: `/${n}.jpg`, thumb: `/${n}-t.jpg` }));
    const vehicle = aVehicle({ primary_image_url: null, images: photos });
    const card = cardOf(vehicle);
    expect(card.primary_image_url).toBe("/a.jpg");
    expect(card.photo_count).toBe(3);
    expect(cardOf(aVehicle({ images: photos.slice(0, 1) })).photo_count).toBe(1);
    expect(card.payment_processors).toEqual(
      vehicle.payment_processors.slice(0, 1).map((p) => ({ deposit_amount: p.deposit_amount })),
    );
    expect(card).not.toHaveProperty("images");
  });

  it("sends a name that follows its rule as null, and any other name as it is", () => {
    const byRule = cardOf(aVehicle({ year: 2020, make: "Mazda", model: "CX-5", badge: "Touring" }));
    const own = { ...byRule, name: "Mazda CX-5 Touring (demo)", make_model: "Mazda CX5" };
    for (const card of [{ ...byRule, name: "2020 Mazda CX-5 Touring" }, own]) {
      expect(unpackCard(structuredClone(packCard(card)))).toEqual(card);
    }
    expect(packCard({ ...byRule, name: "2020 Mazda CX-5 Touring" })).not.toContain("Mazda CX-5");
    expect(packCard(own)).toContain("Mazda CX-5 Touring (demo)");
  });

  it("packs a card with no payment processor, and one with a deposit, to the same card", () => {
    for (const payment_processors of [[], [{ deposit_amount: 150 }], [{ deposit_amount: null }]]) {
      const card = { ...cardOf(aVehicle({ id: 7 })), payment_processors };
      expect(unpackCard(structuredClone(packCard(card)))).toEqual(card);
    }
  });

  it("is made once per search document and per packed row, and again for a changed vehicle", () => {
    const vehicle = aVehicle({ id: 9, price: 20_000 });
    const packed = packedCardOf(vehicle);
    expect(packedCardOf(vehicle)).toBe(packed);
    expect(cardOf(vehicle)).toBe(cardOf(vehicle));
    expect(unpackCard(packed)).toBe(unpackCard(packed));
    expect(unpackCard(packed)).toEqual(cardOf(vehicle));
    // The search engine makes a new document when a vehicle changes.
    const repriced = { ...vehicle, price: 18_000 };
    expect(unpackCard(packedCardOf(repriced)).price).toBe(18_000);
    expect(unpackCard(packed).price).toBe(20_000);
  });
});
