import { describe, expect, it } from "vitest";
import { DAY_MS } from "./listing";
import { defaultSiteSettings } from "./site-settings";
import { aVehicle, FIXTURE_NOW_MS as NOW } from "./testing/vehicle-fixture";
import type { Vehicle } from "./vehicle";
import { carTypeLabel, isJustArrived, powertrainTag, vehicleTags } from "./vehicle-tags";

const settings = defaultSiteSettings();
const labels = (overrides: Partial<Vehicle>, s = settings) =>
  vehicleTags(aVehicle(overrides), s, NOW).map((tag) => tag.label);

describe("Tags (vehicle-card-and-page.md)", () => {
  it("Just Arrived applies for 8 days by default", () => {
    expect(settings.justArrivedDays).toBe(8);
    expect(isJustArrived(aVehicle({ created_at_timestamp: NOW - 8 * DAY_MS }), settings, NOW)).toBe(
      true,
    );
    expect(
      isJustArrived(aVehicle({ created_at_timestamp: NOW - 8 * DAY_MS - 1 }), settings, NOW),
    ).toBe(false);
    expect(
      isJustArrived(
        aVehicle({ created_at_timestamp: NOW - 9 * DAY_MS }),
        { justArrivedDays: 10 },
        NOW,
      ),
    ).toBe(true);
  });

  it("Just Arrived uses just_arrived_tag_name", () => {
    const fresh = { created_at_timestamp: NOW - DAY_MS };
    expect(labels(fresh)).toContain("Just Arrived");
    expect(labels(fresh, { ...settings, justArrivedTagName: "New" })).toContain("New");
  });

  it("Just Sold text is sold_tag_name, default 'Just Sold'", () => {
    expect(labels({ status: "sold", sold: true })).toContain("Just Sold");
    expect(labels({ status: "sold", sold: true }, { ...settings, soldTagName: "SOLD" })).toEqual([
      "SOLD",
    ]);
  });

  it.each<[string, Partial<Vehicle>, string[]]>([
    ["reserved", { reserved: true }, ["Reserved"]],
    ["coming soon", { status: "coming_soon" }, ["Coming Soon"]],
    ["electric", { simple_fuel: "Electric" }, ["Electric"]],
    ["hybrid", { simple_fuel: "Petrol Hybrid" }, ["Hybrid"]],
    ["plug-in hybrid", { simple_fuel: "Plug-in Hybrid" }, ["PHEV"]],
    ["PHEV", { simple_fuel: "PHEV" }, ["PHEV"]],
    ["custom tag", { tag: "Special" }, ["Special"]],
    ["certified", { certified: true }, ["Certified Pre-Owned"]],
    ["nothing special", {}, []],
    [
      "all in display order",
      {
        reserved: true,
        status: "coming_soon",
        created_at_timestamp: NOW,
        simple_fuel: "Electric",
        tag: "Hot",
        certified: true,
      },
      ["Reserved", "Coming Soon", "Just Arrived", "Electric", "Hot", "Certified Pre-Owned"],
    ],
  ])("%s", (_name, overrides, expected) => {
    expect(labels(overrides)).toEqual(expected);
  });

  it("a sold vehicle is not shown as reserved or just arrived", () => {
    expect(
      labels({ status: "sold", sold: true, reserved: true, created_at_timestamp: NOW }),
    ).toEqual(["Just Sold"]);
  });

  it("powertrain tags read the fuel type", () => {
    expect(powertrainTag("Diesel")).toBeNull();
    expect(powertrainTag(null)).toBeNull();
  });

  it("'used' is displayed as 'pre-owned' when the site says so", () => {
    expect(carTypeLabel("used", { usedShownAsPreOwned: false })).toBe("Used");
    expect(carTypeLabel("used", { usedShownAsPreOwned: true })).toBe("Pre-owned");
    expect(carTypeLabel("new", { usedShownAsPreOwned: true })).toBe("New");
    expect(carTypeLabel("demo", { usedShownAsPreOwned: true })).toBe("Demo");
  });
});
