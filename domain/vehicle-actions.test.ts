import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultSiteSettings } from "./site-settings";
import { aVehicle } from "./testing/vehicle-fixture";
import {
  canReserveOnline,
  canShowHistoryReport,
  canShowTradeIn,
  DEFAULT_DEPOSIT_TEXT,
  depositText,
  financePath,
  isReservable,
  isUnavailable,
  isValidVehicleSlug,
  MIN_RESERVE_PRICE,
  vehicleActions,
  vehicleLookupSlug,
  vehiclePagePath,
  checkoutPath,
  buyOnlinePath,
  tradeInPath,
} from "./vehicle-actions";
import type { Vehicle } from "./vehicle";

const settings = defaultSiteSettings();
const withPayments = { ...settings, paymentProvider: "stripe" as const };

describe("Reservable (vehicle-card-and-page.md)", () => {
  it.each<[string, Partial<Vehicle>, boolean]>([
    ["in_stock, not sold, not reserved", {}, true],
    ["coming_soon by default", { status: "coming_soon" }, false],
    ["sold status", { status: "sold" }, false],
    ["sold flag", { sold: true }, false],
    ["reserved", { reserved: true }, false],
    ["tagged 'Test Drive Only'", { tag: "Test Drive Only" }, false],
    ["tagged '*** Test Drive Vehicle Only ***'", { tag: "*** Test Drive Vehicle Only ***" }, false],
    ["tagged 'Special'", { tag: "Special" }, true],
  ])("%s -> %s", (_name, overrides, expected) => {
    expect(isReservable(aVehicle(overrides), settings)).toBe(expected);
  });

  it("coming_soon is reservable on sites that allow it", () => {
    const vehicle = aVehicle({ status: "coming_soon" });
    expect(isReservable(vehicle, { comingSoonReservable: true })).toBe(true);
    expect(isReservable({ ...vehicle, reserved: true }, { comingSoonReservable: true })).toBe(
      false,
    );
  });
});

describe("Reserve and buy online (payments.md)", () => {
  it.each<[string, Partial<Vehicle>, boolean]>([
    ["price 201 with a processor", { price: 201 }, true],
    ["price exactly 200", { price: MIN_RESERVE_PRICE }, false],
    ["no deposit payment processor", { payment_processors: [] }, false],
    ["sold", { sold: true }, false],
    ["sold status", { status: "sold" }, false],
    ["reserved", { reserved: true }, false],
  ])("%s -> %s", (_name, overrides, expected) => {
    expect(canReserveOnline(aVehicle(overrides), withPayments)).toBe(expected);
  });

  it("is never offered on a site without a card payment provider", () => {
    expect(canReserveOnline(aVehicle(), settings)).toBe(false);
  });

  it("deposit text defaults to '$200', otherwise the processor's deposit_amount", () => {
    const processor = { authorization_type: "deposit", authorization_key: "k" };
    expect(DEFAULT_DEPOSIT_TEXT).toBe("$200");
    expect(depositText(aVehicle({ payment_processors: [] }))).toBe("$200");
    expect(
      depositText(aVehicle({ payment_processors: [{ ...processor, deposit_amount: null }] })),
    ).toBe("$200");
    expect(
      depositText(aVehicle({ payment_processors: [{ ...processor, deposit_amount: 500 }] })),
    ).toBe("$500");
    expect(
      depositText(aVehicle({ payment_processors: [{ ...processor, deposit_amount: 1000 }] })),
    ).toBe("$1,000");
    expect(
      depositText(aVehicle({ payment_processors: [{ ...processor, deposit_amount: 99.5 }] })),
    ).toBe("$99.50");
  });
});

describe("Unavailable vehicles (vehicle-card-and-page.md): Find Me Something Similar replaces enquiry", () => {
  it.each<[string, Partial<Vehicle>, boolean]>([
    ["in stock", {}, false],
    ["sold", { status: "sold", sold: true }, true],
    ["no longer on the website", { show_on_dealer_website: false }, true],
  ])("%s -> unavailable %s", (_name, overrides, unavailable) => {
    const vehicle = aVehicle(overrides);
    expect(isUnavailable(vehicle)).toBe(unavailable);
    const actions = vehicleActions(vehicle, withPayments);
    expect(actions.includes("find-similar")).toBe(unavailable);
    expect(actions.includes("enquire")).toBe(!unavailable);
  });

  it("an available vehicle offers reserve and buy online only when allowed", () => {
    expect(vehicleActions(aVehicle(), withPayments)).toEqual([
      "enquire",
      "book-test-drive",
      "get-finance",
      "reserve",
      "buy-online",
      "trade-in",
    ]);
    expect(vehicleActions(aVehicle(), settings)).not.toContain("reserve");
  });
});

describe("Actions (vehicle-card-and-page.md): trade-in and history report buttons", () => {
  it("trade-in only when trade-in is allowed", () => {
    expect(canShowTradeIn(aVehicle(), { tradeInAllowed: true })).toBe(true);
    expect(canShowTradeIn(aVehicle(), { tradeInAllowed: false })).toBe(false);
    expect(canShowTradeIn(aVehicle({ trade_in_allowed: false }), { tradeInAllowed: true })).toBe(
      false,
    );
  });

  it("history report only when the car has a file", () => {
    expect(canShowHistoryReport(aVehicle({ file: null }))).toBe(false);
    expect(canShowHistoryReport(aVehicle({ file: "  " }))).toBe(false);
    expect(canShowHistoryReport(aVehicle({ file: "https://files.example/report.pdf" }))).toBe(true);
    expect(vehicleActions(aVehicle({ file: "r.pdf" }), settings)).toContain("history-report");
  });
});

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
