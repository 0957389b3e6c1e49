import { describe, expect, it } from "vitest";
import { FeedRowValidator, feedIdentity, removalShare, validateFeedRow } from "./feed-vehicle";

const base = {
  stocknum: "A1",
  make: "Kia",
  model: "Rio",
  year: "2020",
  car_type: "used",
  price: "15990",
};

describe("a stock feed row (docs/stock-feeds.md, Fields)", () => {
  it.each([
    [
      "a CSV row of text",
      base,
      { year: 2020, price: 15990, km: 0, status: "in_stock", show_on_dealer_website: true },
    ],
    ["a price with $ and thousands commas", { ...base, price: "$15,990.50" }, { price: 15990.5 }],
    [
      "yes/no words and lists",
      { ...base, certified: "Yes", features: "A | B|", images: "https://x.test/1.jpg" },
      { certified: true, features: ["A", "B"], images: ["https://x.test/1.jpg"] },
    ],
    [
      "JSON types and photo objects",
      { ...base, year: 2020, price: 1, images: [{ url: "/media/a.svg" }] },
      { images: ["/media/a.svg"] },
    ],
    [
      "a VIN in lower case",
      { ...base, stocknum: "", vin: "jt1234567890abcde" },
      { vin: "JT1234567890ABCDE", stocknum: undefined },
    ],
    [
      "empty optional cells",
      { ...base, before_price: "", seats: "", badge: " " },
      { before_price: undefined, seats: undefined, badge: undefined },
    ],
  ])("reads %s", (_, raw, expected) => {
    const result = validateFeedRow(raw, 2);
    expect(result.ok && result.vehicle).toMatchObject(expected);
  });

  it.each([
    [
      "a missing make",
      { ...base, make: "" },
      "make",
      "make is required (the vehicle's make, e.g. Toyota)",
    ],
    [
      "a word for a year",
      { ...base, year: "new" },
      "year",
      'year must be the model year as a whole number (got "new")',
    ],
    ["a missing price", { ...base, price: undefined }, "price", "price is required"],
    [
      "an unknown condition",
      { ...base, car_type: "nearly new" },
      "car_type",
      'car_type must be one of: new, used, demo (got "nearly new")',
    ],
    [
      "a VIN with an O",
      { ...base, vin: "JTO" },
      "vin",
      'vin must be 5 to 17 letters and digits (a VIN has no I, O or Q) (got "JTO")',
    ],
    [
      "no stock number or VIN",
      { ...base, stocknum: undefined },
      "stocknum",
      "stocknum needs a stock number or a VIN, so the vehicle can be found again by the next feed",
    ],
    [
      "maybe for a yes/no",
      { ...base, reserved: "maybe" },
      "reserved",
      'reserved must be yes or no (true/false, 1/0) (got "maybe")',
    ],
  ])("reports %s with the field and a message to act on", (_, raw, field, message) => {
    const result = validateFeedRow(raw, 7, (f) => (f === "make" ? "make" : f));
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors).toContainEqual({ line: 7, field, message });
  });

  it("names the field as the dealer's file names it", () => {
    const result = validateFeedRow({ ...base, year: "x" }, 3, (f) =>
      f === "year" ? "Model Year" : f,
    );
    expect(!result.ok && result.errors[0]).toMatchObject({
      field: "Model Year",
      message: expect.stringMatching(/^Model Year must/),
    });
  });

  it("finds a vehicle by stock number first, then VIN, whatever the case", () => {
    expect(feedIdentity({ stocknum: " a1 ", vin: "JT1" })).toBe("stocknum:A1");
    expect(feedIdentity({ stocknum: null, vin: "jt1" })).toBe("vin:JT1");
    expect(feedIdentity({})).toBeNull();
  });

  it("measures a full feed's removals against the listed stock", () => {
    expect(removalShare(0, 0)).toBe(0);
    expect(removalShare(4, 2)).toBe(0.5);
  });

  it("reads a feed's rows as validateFeedRow does, good and bad, however often a value repeats", () => {
    const rows: Array<Record<string, unknown>> = [
      base,
      { ...base, stocknum: "A2", price: "$15,990.50", certified: "Yes", features: "A | B|" },
      { ...base, stocknum: "A3", features: "A | B|", images: "https://x.test/1.jpg" },
      { ...base, stocknum: "A4", year: "new" },
      { ...base, stocknum: "A5", make: "" },
      { ...base, stocknum: undefined, vin: "jt1234567890abcde" },
      { ...base, stocknum: undefined },
      { ...base, stocknum: "", vin: "" },
      { ...base, stocknum: "A6", year: 2020, price: 1, images: [{ url: "/media/a.svg" }] },
      { ...base, stocknum: "A7", reserved: "maybe", car_type: "nearly new" },
      { ...base, stocknum: "A8", before_price: "", seats: "", badge: " " },
    ];
    const validator = new FeedRowValidator();
    const columnName = (f: string) => (f === "year" ? "Model Year" : f);
    // Twice over: the second pass reads every value from what the validator remembers.
    for (const pass of [1, 2])
      for (const [i, raw] of rows.entries())
        expect(validator.validate(raw, i + pass, columnName), `row ${i}`).toEqual(
          validateFeedRow(raw, i + pass, columnName),
        );
  });
});
