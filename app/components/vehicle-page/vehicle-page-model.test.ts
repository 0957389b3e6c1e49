import { describe, expect, it } from "vitest";
import { defaultSiteSettings, type SiteSettings } from "~/domain/site-settings";
import { aVehicle, FIXTURE_NOW_MS } from "~/domain/testing/vehicle-fixture";
import type { Vehicle } from "~/domain/vehicle";
import type { Site } from "~/server/sites/site";
import { buildVehiclePageModel, galleryImages } from "./vehicle-page-model";

function aSite(settings: Partial<SiteSettings> = {}, overrides: Partial<Site> = {}): Site {
  return {
    id: 7,
    slug: "city-toyota",
    name: "City Toyota",
    template: "classic",
    locale: "en-AU",
    url: null,
    domainName: null,
    logo: null,
    city: "Sydney",
    state: "NSW",
    dealershipGroup: null,
    dealershipId: 10,
    dealerships: [],
    manufacturer: null,
    searchKey: "k",
    navigation: { header: [], footer: [], social: [] },
    contactDetails: { phone: "1300 000 000", email: null, address: null },
    settings: { ...defaultSiteSettings(), paymentProvider: "stripe", ...settings },
    version: 1,
    ...overrides,
  };
}

const model = (vehicle: Partial<Vehicle> = {}, site: Site = aSite()) =>
  buildVehiclePageModel({
    vehicle: aVehicle(vehicle),
    site,
    location: null,
    nowMs: FIXTURE_NOW_MS,
  });

describe("the sidebar's actions", () => {
  it("an available vehicle: reserve with its deposit, enquire, test drive, finance, trade-in; no find-similar", () => {
    const { actions } = model();
    expect(actions.reserve).toMatchObject({
      label: "Reserve Now $500 deposit",
      detail: "secure with a debit or credit card payment",
      href: "/cars/2021-toyota-corolla-ascent-sport-abc123/checkout",
    });
    expect(actions.tradeIn).toMatchObject({
      label: "Trade In Valuation",
      detail: "instant price from an independent valuation tool",
      href: "/cars/trade-in?car_id=1",
    });
    expect(actions.enquire?.href).toBe("/contact?car_id=1");
    expect(actions.testDrive?.href).toBe("/book-test-drive/?car_id=1");
    expect(actions.finance?.href).toContain("/finance?");
    expect(actions.findSimilar).toBeNull();
    expect(actions.historyReport).toBeNull();
  });

  it("a sold vehicle: only Find Me Something Similar (the same make and model near its price and year) and the history report", () => {
    const { actions, unavailable, tags } = model({
      status: "sold",
      sold: true,
      file: "/report.pdf",
    });
    expect(unavailable).toBe(true);
    expect(tags.map((t) => t.label)).toContain("Just Sold");
    expect(actions.findSimilar?.href).toBe(
      "/search/make/Toyota/Toyota%20Corolla?price=20992:34988&year=2018:2024",
    );
    for (const key of [
      "reserve",
      "buyOnline",
      "tradeIn",
      "enquire",
      "testDrive",
      "finance",
      "whatsapp",
    ] as const) {
      expect(actions[key], key).toBeNull();
    }
    expect(actions.chat).toBeNull();
    expect(actions.historyReport).toMatchObject({ href: "/report.pdf", external: true });
  });

  it("no Reserve Now for test-drive-only; Buy Online follows the online rule", () => {
    const { actions } = model({ tag: "Test Drive Only" });
    expect(actions.reserve).toBeNull();
    expect(actions.buyOnline).not.toBeNull();
  });

  it("WhatsApp and chat where the site enables them; Get Finance text and US spelling", () => {
    const site = aSite(
      { whatsappNumber: "61 400 000 000", chatEnabled: true, getFinanceText: "Get a Quote" },
      { locale: "en-US" },
    );
    const { actions } = model({}, site);
    expect(actions.whatsapp?.href).toMatch(/^https:\/\/wa\.me\/61400000000\?text=/);
    expect(actions.chat).toBe("Chat with us now");
    expect(actions.finance?.label).toBe("Get a Quote");
    expect(actions.enquire?.label).toBe("Inquire Now");
  });
});

describe("price, phone and specifications", () => {
  it("the phone is masked after 5 characters unless the site starts it revealed", () => {
    expect(model().phone).toEqual({
      label: "Call",
      number: "0298765432",
      startsRevealed: false,
    });
    expect(model({}, aSite({ phoneStartsRevealed: true })).phone?.startsRevealed).toBe(true);
    expect(model({ location: null }).phone?.number).toBe("1300 000 000");
  });

  it("before price and below-market only when they say something true", () => {
    const page = model({
      before_price: 29_990,
      autograb_data: { average_market_price: 30_990, state_average_market_price: null },
    });
    expect(page.beforePrice).toBe("$29,990.00");
    expect(page.belowMarket).toEqual({ average: "$30,990", saving: "$3,000" });
    const enquire = model({ price: 0, before_price: 29_990 });
    expect(enquire.price.text).toBe("Enquire for price.");
    expect(enquire.beforePrice).toBeNull();
    expect(enquire.finance).toBeNull();
    expect(model({ price: 0 }, aSite({}, { locale: "en-US" })).price.text).toBe(
      "Inquire for price.",
    );
  });

  it("specifications in groups, in the site's words, without missing fields", () => {
    const site = aSite({}, { locale: "en-US" });
    const groups = model(
      { colour: "Silver", engine: null, seats: null, fuel: "Petrol", simple_fuel: "Petrol" },
      site,
    ).specGroups;
    const rows = Object.fromEntries(groups.flatMap((g) => g.rows));
    expect(rows).toMatchObject({
      Miles: "42,000 miles",
      Color: "Silver",
      "Fuel type": "Gas",
      VIN: "JTDBR32E000000001",
    });
    expect(rows).not.toHaveProperty("Engine");
    expect(rows).not.toHaveProperty("Seats");
  });

  it("breadcrumbs go through the site's search scope", () => {
    const page = model({}, aSite({ defaultSearchPath: "/pre-owned" }));
    expect(page.breadcrumbs.map((b) => b.href)).toEqual([
      "/",
      "/pre-owned",
      "/pre-owned/make/Toyota",
      null,
    ]);
  });

  it("gallery photos name the vehicle and their place", () => {
    const images = Array.from({ length: 3 }, (_, i) => ({
      url: `/media/vehicle/suv/1/${i + 1}.svg`,
      thumb: `/t/${i}.svg`,
    }));
    const { gallery, heading } = model({ images });
    expect(galleryImages(gallery, heading, aSite().settings).map((g) => g.alt)).toEqual([
      "2021 Toyota Corolla Ascent Sport ZWE211R, photo 1 of 3",
      "2021 Toyota Corolla Ascent Sport ZWE211R, photo 2 of 3",
      "2021 Toyota Corolla Ascent Sport ZWE211R, photo 3 of 3",
    ]);
    const site = aSite();
    const jpeg = galleryImages(
      model(
        { images: [{ url: "https://cdn.example/a.jpg", thumb: "https://cdn.example/a-t.jpg" }] },
        site,
      ).gallery,
      "A car",
      site.settings,
    )[0]!;
    expect(jpeg.thumb).toContain(encodeURIComponent("https://cdn.example/a-t.jpg"));
    expect(jpeg.srcSet.split(", ")).toHaveLength(5);
    expect(jpeg.src).toContain("w=1280");
  });
});
