import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSiteSettings } from "./site-settings";
import { aVehicle } from "./testing/vehicle-fixture";
import {
  bookTestDrivePath,
  buyOnlinePath,
  checkoutJourneyPath,
  checkoutPath,
  enquiryPath,
  financePath,
  isValidVehicleSlug,
  tradeInPath,
  vehicleLookupSlug,
  vehiclePagePath,
  whatsappHref,
} from "./vehicle-paths";

const settings = defaultSiteSettings();

describe("Vehicle slug (vehicle-card-and-page.md): only letters, digits, hyphen and underscore", () => {
  it.each([
    ["2021-toyota-corolla_ABC123", true],
    ["abc", true],
    ["", false],
    ["a b", false],
    ["a/b", false],
    ["../etc", false],
    ["a.b", false],
    ["café", false],
    ["a%20b", false],
  ])("%j -> %s", (slug, valid) => {
    expect(isValidVehicleSlug(slug)).toBe(valid);
    expect(vehicleLookupSlug(slug)).toBe(valid ? slug : null);
  });

  it("any string with a character outside the rule yields no vehicle", () => {
    fc.assert(
      fc.property(fc.string(), (slug) => {
        const expected = slug.length > 0 && [...slug].every((c) => /[A-Za-z0-9_-]/.test(c));
        expect(vehicleLookupSlug(slug) !== null).toBe(expected);
      }),
    );
  });
});

describe("Routes (search-and-urls.md): vehicle paths", () => {
  it("vehicle, checkout, buy-online, trade-in and finance paths", () => {
    expect(vehiclePagePath("a-1", settings)).toBe("/cars/a-1");
    expect(vehiclePagePath("a-1", { vehiclePath: "motorcycles" })).toBe("/motorcycles/a-1");
    expect(checkoutPath("a-1", { vehiclePath: "campers" })).toBe("/campers/a-1/checkout");
    expect(buyOnlinePath("a-1", settings)).toBe("/cars/a-1/buy-online");
    expect(tradeInPath({ id: 7 })).toBe("/cars/trade-in?car_id=7");
    expect(financePath(aVehicle({ id: 7, price: 27990, vin: "V1" }))).toBe(
      "/finance?preferredDealership=city-toyota&vehiclePriceBudget=27990&car_id=7&car_type=used&vin=V1#finance-form",
    );
  });
});

describe("where the forms take the vehicle preselected", () => {
  const vehicle = aVehicle({ id: 42, slug: "2021-toyota-corolla-abc" });

  it("vehicle paths follow the site (motorcycles, campers)", () => {
    expect(enquiryPath(vehicle, { vehiclePath: "motorcycles" })).toBe(
      "/motorcycles/2021-toyota-corolla-abc#enquiry",
    );
    expect(bookTestDrivePath(vehicle)).toBe("/book-test-drive/?car_id=42");
    expect(checkoutJourneyPath({ slug: "a b" })).toBe("/checkout-journey?car_id=a%20b");
  });

  it("WhatsApp dials the digits and names the vehicle", () => {
    const href = whatsappHref("+61 400 000 000", aVehicle({ stocknum: "S1" }));
    expect(href).toMatch(/^https:\/\/wa\.me\/61400000000\?text=/);
    expect(decodeURIComponent(href.split("text=")[1] ?? "")).toContain(
      "2021 Toyota Corolla (stock S1)",
    );
  });
});
