import { describe, expect, it } from "vitest";
import { aVehicle } from "~/domain/testing/vehicle-fixture";
import { packCard, toCardVehicle, unpackCard } from "./card-vehicle";

describe("a card's view model", () => {
  it("packs to its values and unpacks to the same card", () => {
    const card = toCardVehicle(aVehicle({ id: 5, slug: "a-car", series: null }));
    const packed = packCard(card);
    expect(packed).toContain("a-car");
    expect(JSON.stringify(packed)).not.toContain('"slug"');
    expect(unpackCard(structuredClone(packed))).toEqual(card);
  });

  it("keeps the card's photo, how many photos there are (up to 3) and the deposit only", () => {
    const photos = ["a", "b", "c", "d"].map((n) => ({ url: `/${n}.jpg`, thumb: `/${n}-t.jpg` }));
    const vehicle = aVehicle({ primary_image_url: null, images: photos });
    const card = toCardVehicle(vehicle);
    expect(card.primary_image_url).toBe("/a.jpg");
    expect(card.photo_count).toBe(3);
    expect(toCardVehicle(aVehicle({ images: photos.slice(0, 1) })).photo_count).toBe(1);
    expect(card.payment_processors).toEqual(
      vehicle.payment_processors.map((p) => ({ deposit_amount: p.deposit_amount })),
    );
    expect(card).not.toHaveProperty("images");
  });
});
