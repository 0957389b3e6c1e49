import { describe, expect, it } from "vitest";
import {
  locationBadge,
  carouselColumns,
  dealerLicenceText,
  directionsUrl,
  locationPrimaryAction,
  locationsForDisplay,
  locationType,
  showSwipeHint,
  type LocationSummary,
} from "./locations";
import { defaultSiteSettings } from "./site-settings";

const settings = defaultSiteSettings();
const loc = (name: string, slug: string, location_type = "", visible = true): LocationSummary => ({
  name,
  slug,
  location_type,
  visible,
});
const all = [
  loc("Parramatta Sales", "parramatta", "sales"),
  loc("Blacktown Service", "blacktown-service", "service"),
  loc("Auburn", "auburn", ""),
  loc("Hidden Yard", "hidden", "sales", false),
  loc("Penrith Parts", "penrith-parts", "parts"),
];

describe("Location cards and carousel (vehicle-card-and-page.md): the carousel", () => {
  it("sorted by name, visible=false excluded", () => {
    expect(locationsForDisplay(all, settings).map((l) => l.slug)).toEqual([
      "auburn",
      "blacktown-service",
      "parramatta",
      "penrith-parts",
    ]);
  });

  it("a custom order wins; unlisted ones follow by name", () => {
    const ordered = locationsForDisplay(all, {
      ...settings,
      customLocationOrder: ["penrith-parts", "parramatta"],
    });
    expect(ordered.map((l) => l.slug)).toEqual([
      "penrith-parts",
      "parramatta",
      "auburn",
      "blacktown-service",
    ]);
  });

  it("filtered by slugs or by type; empty type means sales", () => {
    expect(locationType(loc("x", "x", ""))).toBe("sales");
    expect(locationType({ location_type: null })).toBe("sales");
    expect(locationsForDisplay(all, settings, { type: "sales" }).map((l) => l.slug)).toEqual([
      "auburn",
      "parramatta",
    ]);
    expect(
      locationsForDisplay(all, settings, { slugs: ["auburn", "hidden"] }).map((l) => l.slug),
    ).toEqual(["auburn"]);
  });

  it("hidden location names are left off", () => {
    expect(
      locationsForDisplay(all, { ...settings, hiddenLocationNames: ["Auburn"] }).map((l) => l.slug),
    ).not.toContain("auburn");
  });

  it.each([
    [1, true, 1],
    [3, true, 3],
    [4, false, 4],
    [5, false, 5],
    [9, false, 5],
  ])("%i cards: swipe hint %s, %i columns", (count, swipe, columns) => {
    expect(showSwipeHint(count)).toBe(swipe);
    expect(carouselColumns(count)).toBe(columns);
  });
});

describe("Location cards and carousel (vehicle-card-and-page.md): the card", () => {
  it("dealer licence DL, or CL on some sites", () => {
    expect(dealerLicenceText("MD12345", settings)).toBe("DL MD12345");
    expect(dealerLicenceText("MD12345", { licencePrefix: "CL" })).toBe("CL MD12345");
    expect(dealerLicenceText(null, settings)).toBeNull();
  });
  it("service-type locations show Book a Service on some sites", () => {
    expect(locationPrimaryAction({ location_type: "service" }, settings)).toBe("contact");
    expect(
      locationPrimaryAction({ location_type: "service" }, { serviceLocationsBookService: true }),
    ).toBe("book-service");
    expect(
      locationPrimaryAction({ location_type: "sales" }, { serviceLocationsBookService: true }),
    ).toBe("contact");
  });
  it("Get Directions uses the place link, else a directions search", () => {
    expect(directionsUrl({ place_url: "https://maps.example/p" })).toBe("https://maps.example/p");
    expect(directionsUrl({ full: "1 Main St, Sydney", place_id: "abc" })).toBe(
      "https://www.google.com/maps/dir/?api=1&destination=1+Main+St%2C+Sydney&destination_place_id=abc",
    );
  });
});

describe("Location badge (vehicle-card-and-page.md, Location cards and carousel)", () => {
  const now = new Date("2026-11-24T03:00:00Z");
  it("shows the site's text until its last day, then nothing", () => {
    expect(
      locationBadge({ locationBadgeText: "OPENING SOON", locationBadgeUntil: null }, now),
    ).toBe("OPENING SOON");
    expect(
      locationBadge({ locationBadgeText: "OPENING SOON", locationBadgeUntil: "2026-11-24" }, now),
    ).toBe("OPENING SOON");
    expect(
      locationBadge(
        { locationBadgeText: "COMING EARLY 2026", locationBadgeUntil: "2026-01-31" },
        now,
      ),
    ).toBeNull();
    expect(locationBadge({ locationBadgeText: " ", locationBadgeUntil: null }, now)).toBeNull();
  });
});
