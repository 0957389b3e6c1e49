import { describe, expect, it } from "vitest";
import { aVehicle } from "./testing/vehicle-fixture";
import {
  feedDescription,
  feedExclusion,
  feedMarket,
  googleBodyStyle,
  googlePriceType,
  metaBodyStyle,
  metaStateOfVehicle,
  storeCodeOf,
  vinCheckDigit,
  vinProblem,
} from "./vehicle-ads";

const AU = feedMarket("en-AU");
const US = feedMarket("en-US");

describe("VINs (feeds.md, What goes into a feed)", () => {
  it.each([
    ["1M8GDM9AXKP042788", "X"],
    ["11111111111111111", "1"],
    ["JHMCM56557C404453", "5"],
  ])("computes the US check digit of %s", (vin, digit) => {
    expect(vinCheckDigit(vin)).toBe(digit);
  });

  it.each([
    [null, AU, /No VIN/],
    ["JTDBR32E00000001", AU, /17 characters; this one has 16/],
    ["JTDBR32E0000000I1", AU, /I, O or Q/],
    ["JTDBR32E00000-001", AU, /only letters and digits/],
    ["1M8GDM9A1KP042788", US, /check digit \(9th character\) is 1; this VIN needs X/],
  ] as const)("refuses %s", (vin, market, problem) => {
    expect(vinProblem(vin, market)).toMatch(problem);
  });

  it("takes a 17-character VIN without a check digit outside the US, and a checked one in the US", () => {
    expect(vinProblem("JTDBR32E000000001", AU)).toBeNull();
    expect(vinProblem("1M8GDM9AXKP042788", US)).toBeNull();
  });
});

describe("What goes into a feed (feeds.md)", () => {
  it("takes a listed, shown, priced car with a VIN and a photo", () => {
    expect(feedExclusion(aVehicle(), "google-vehicle-ads", AU)).toBeNull();
    expect(feedExclusion(aVehicle(), "meta-vehicles", AU)).toBeNull();
  });

  it.each([
    [{ sold: true }, /Sold/],
    [{ status: "sold" as const }, /Sold/],
    [{ reserved: true }, /Reserved/],
    [{ show_on_dealer_website: false }, /Hidden/],
    [{ status: "coming_soon" as const }, /coming soon/],
    [{ price: 5 }, /Enquire for price/],
    [{ primary_image_url: null, images: [] }, /No photo/],
    [{ vin: null }, /No VIN/],
    [{ item_type: "rental" as const }, /rental/],
    [{ colour: null }, /No colour/],
  ])("leaves out %o", (overrides, reason) => {
    expect(feedExclusion(aVehicle(overrides), "meta-vehicles", AU)).toMatch(reason);
  });

  it("keeps motorcycles out of Google's feed only", () => {
    const bike = aVehicle({ item_type: "motorcycle" });
    expect(feedExclusion(bike, "google-vehicle-ads", AU)).toMatch(/passenger cars only/);
    expect(feedExclusion(bike, "meta-vehicles", AU)).toBeNull();
  });
});

describe("Australian price types (feeds.md, Google vehicle ads)", () => {
  it.each([
    ["new", "Drive Away", "drive_away_price"],
    ["new", "Estimated Drive Away", "estimated_drive_away_price"],
    ["used", "Excl. Govt. Charges", "excluding_government_charges_price"],
    ["demo", "Drive Away", "drive_away_price"],
  ] as const)("a %s vehicle priced %s is %s", (car_type, price_type, value) => {
    expect(googlePriceType(aVehicle({ car_type, price_type }), AU)).toEqual({ ok: true, value });
  });

  it("refuses a new vehicle priced excluding government charges, and a price without a type", () => {
    const excl = googlePriceType(
      aVehicle({ car_type: "new", price_type: "Excl. Govt. Charges" }),
      AU,
    );
    expect(excl).toMatchObject({ ok: false, reason: expect.stringMatching(/must be drive-away/) });
    const none = googlePriceType(aVehicle({ car_type: "used", price_type: null }), AU);
    expect(none).toMatchObject({ ok: false, reason: expect.stringMatching(/price type is none/) });
  });

  it("sends no price type outside Australia", () => {
    expect(googlePriceType(aVehicle({ price_type: null }), US)).toEqual({ ok: true, value: null });
  });
});

describe("Field mappings (feeds.md)", () => {
  it("maps body types onto each provider's list", () => {
    expect(googleBodyStyle("Hatch", AU)).toBe("hatchback");
    expect(googleBodyStyle("Ute", AU)).toBe("ute");
    expect(googleBodyStyle("Ute", US)).toBe("truck");
    expect(googleBodyStyle("Naked", AU)).toBeNull();
    expect(metaBodyStyle("People Mover")).toBe("MINIVAN");
    expect(metaBodyStyle("Ute")).toBe("TRUCK");
    expect(metaBodyStyle("Caravan")).toBe("OTHER");
  });

  it("says NEW, USED or CPO", () => {
    expect(metaStateOfVehicle({ car_type: "new", certified: false })).toBe("NEW");
    expect(metaStateOfVehicle({ car_type: "demo", certified: false })).toBe("USED");
    expect(metaStateOfVehicle({ car_type: "used", certified: true })).toBe("CPO");
  });

  it("keeps a description on one line and within 5,000 characters", () => {
    expect(feedDescription("a\nb\tc", "x")).toBe("a b c");
    expect(feedDescription("y".repeat(6000), "x")).toHaveLength(5000);
    expect(feedDescription(null, "fallback")).toBe("fallback");
  });

  it("takes a location's Google store code, else its slug", () => {
    expect(storeCodeOf({ slug: "parramatta", externalIdentifiers: {} })).toBe("parramatta");
    expect(
      storeCodeOf({ slug: "parramatta", externalIdentifiers: { google_store_code: "HT-01" } }),
    ).toBe("HT-01");
  });
});
