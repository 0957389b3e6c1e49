import { describe, expect, it } from "vitest";
import { defaultSiteSettings, type SiteSettings } from "./site-settings";
import { aVehicle } from "./testing/vehicle-fixture";
import type { Vehicle } from "./vehicle";
import {
  bookTestDrivePath,
  checkoutJourneyPath,
  DEFAULT_VEHICLE_CARD_ACTIONS,
  enquiryPath,
  VEHICLE_CARD_ACTION_KINDS,
  vehicleCardActions,
  whatsappHref,
  type VehicleCardContext,
} from "./vehicle-card";

const everyAction = [...VEHICLE_CARD_ACTION_KINDS];

function context(
  overrides: Partial<SiteSettings> = {},
  rest: Partial<VehicleCardContext> = {},
): VehicleCardContext {
  return {
    settings: { ...defaultSiteSettings(), paymentProvider: "stripe", ...overrides },
    locale: "en-AU",
    phone: "02 9630 1000",
    similarSearchHref: "/search/make/Toyota/Toyota%20Corolla",
    ...rest,
  };
}

const kinds = (vehicle: Vehicle, ctx: VehicleCardContext) =>
  vehicleCardActions(vehicle, ctx).map((a) => a.kind);

describe("Actions (vehicle-card-and-page.md): from the site's settings", () => {
  it("shows the site's buttons in the site's order", () => {
    const ctx = context({ vehicleCardActions: ["view-details", "shop-now", "trade-in"] });
    expect(kinds(aVehicle(), ctx)).toEqual(["view-details", "shop-now", "trade-in"]);
  });

  it("defaults to enquire now, view details, test drive, finance, reserve and call", () => {
    expect(kinds(aVehicle(), context())).toEqual([...DEFAULT_VEHICLE_CARD_ACTIONS]);
  });

  it("labels every action with the product's text; Get Finance uses the site's text", () => {
    const labels = vehicleCardActions(
      aVehicle({ file: "/history.pdf", images: [] }),
      context({
        vehicleCardActions: everyAction,
        getFinanceText: "Get a Finance Quote",
        whatsappNumber: "61400000000",
        chatEnabled: true,
      }),
    ).map((a) => a.label);
    expect(labels).toEqual([
      "Enquire",
      "Enquire Now",
      "Shop Now",
      "Quick Enquiry",
      "Book a Test Drive",
      "Get a Finance Quote",
      "View Details",
      "Explore Vehicle",
      "Reserve Now",
      "Reserve This Car",
      "Buy Online",
      "Online Purchase",
      "Request Photos",
      "Call",
      "Trade-In Valuation",
      "WhatsApp",
      "Chat with us",
      "Car History Report",
    ]);
  });

  it("speaks US English on US sites", () => {
    const ctx = { ...context({ vehicleCardActions: ["enquire-now"] }), locale: "en-US" as const };
    expect(vehicleCardActions(aVehicle(), ctx)[0]?.label).toBe("Inquire Now");
  });

  it("Reserve Now carries the deposit (the processor's, else $200)", () => {
    const ctx = context({ vehicleCardActions: ["reserve-now"] });
    const withDeposit = vehicleCardActions(aVehicle(), ctx)[0];
    expect(withDeposit).toMatchObject({
      label: "Reserve Now",
      detail: "$500 deposit",
      href: `/cars/${aVehicle().slug}/checkout`,
    });
    const noAmount = aVehicle({
      payment_processors: [
        { authorization_type: "deposit", authorization_key: "k", deposit_amount: null },
      ],
    });
    expect(vehicleCardActions(noAmount, ctx)[0]).toMatchObject({ detail: "$200 deposit" });
  });
});

describe("Actions (vehicle-card-and-page.md): each only where its rule allows it", () => {
  const all = context({
    vehicleCardActions: everyAction,
    whatsappNumber: "61400000000",
    chatEnabled: true,
  });

  it.each<[string, Partial<Vehicle>, string[], string[]]>([
    [
      "a sold vehicle offers Find Me Something Similar instead of enquiries",
      { status: "sold", sold: true },
      ["find-similar", "view-details", "explore-vehicle", "call"],
      [],
    ],
    [
      "a vehicle hidden from the website is unavailable too",
      { show_on_dealer_website: false },
      ["find-similar"],
      ["enquire"],
    ],
    [
      "reserved: no reserve or buy online",
      { reserved: true },
      ["enquire"],
      ["reserve-now", "reserve-this-car", "buy-online", "online-purchase"],
    ],
    [
      "test-drive-only tag: buy online but no reservation",
      { tag: "Test Drive Only" },
      ["buy-online"],
      ["reserve-now", "reserve-this-car"],
    ],
    [
      "price of 200 or less: no reservation or purchase",
      { price: 200 },
      ["enquire"],
      ["reserve-now", "buy-online"],
    ],
    ["no history file: no history report", { file: null }, [], ["history-report"]],
    ["with a history file: the report", { file: "/h.pdf" }, ["history-report"], []],
    ["plenty of photos: no Request Photos", {}, [], ["request-photos"]],
    ["few photos: Request Photos", { images: [] }, ["request-photos"], []],
    ["trade-in refused for this vehicle", { trade_in_allowed: false }, [], ["trade-in"]],
  ])("%s", (_name, overrides, present, absent) => {
    const shown = kinds(
      aVehicle({
        images: [
          { url: "a", thumb: "a" },
          { url: "b", thumb: "b" },
          { url: "c", thumb: "c" },
        ],
        ...overrides,
      }),
      all,
    );
    for (const kind of present) expect(shown).toContain(kind);
    for (const kind of absent) expect(shown).not.toContain(kind);
  });

  it("find-similar is never shown for an available vehicle, even when listed", () => {
    expect(kinds(aVehicle(), all)).not.toContain("find-similar");
  });

  it("coming soon is reservable only where the site allows it", () => {
    const vehicle = aVehicle({ status: "coming_soon" });
    expect(kinds(vehicle, context({ vehicleCardActions: ["reserve-now"] }))).toEqual([]);
    expect(
      kinds(vehicle, context({ vehicleCardActions: ["reserve-now"], comingSoonReservable: true })),
    ).toEqual(["reserve-now"]);
  });

  it("no card payment provider: no online reservation", () => {
    expect(
      kinds(
        aVehicle(),
        context({ vehicleCardActions: ["reserve-now", "buy-online"], paymentProvider: null }),
      ),
    ).toEqual([]);
  });

  it("call needs a number; WhatsApp a number; chat a chat", () => {
    const ctx = context({ vehicleCardActions: ["call", "whatsapp", "chat"] }, { phone: null });
    expect(kinds(aVehicle(), ctx)).toEqual([]);
  });
});

describe("where the actions lead (forms get the vehicle preselected)", () => {
  const vehicle = aVehicle({
    id: 42,
    slug: "2021-toyota-corolla-abc",
    file: "https://reports.example/42.pdf",
  });
  const byKind = Object.fromEntries(
    vehicleCardActions(
      vehicle,
      context(
        { vehicleCardActions: everyAction, whatsappNumber: "+61 400 000 000", chatEnabled: true },
        { similarSearchHref: "/s" },
      ),
    ).map((a) => [a.kind, a]),
  );

  it.each<[string, string]>([
    ["enquire-now", "/cars/2021-toyota-corolla-abc#enquiry"],
    ["quick-enquiry", "/cars/2021-toyota-corolla-abc#enquiry"],
    ["view-details", "/cars/2021-toyota-corolla-abc"],
    ["book-test-drive", "/book-test-drive/?car_id=42"],
    ["trade-in", "/cars/trade-in?car_id=42"],
    ["buy-online", "/cars/2021-toyota-corolla-abc/buy-online"],
    ["online-purchase", "/checkout-journey?car_id=2021-toyota-corolla-abc"],
    ["history-report", "https://reports.example/42.pdf"],
  ])("%s -> %s", (kind, href) => {
    expect(byKind[kind]).toMatchObject({ type: "link", href });
  });

  it("finance goes to the finance form with the vehicle", () => {
    const href = (byKind["get-finance"] as { href: string }).href;
    expect(href).toMatch(/^\/finance\?/);
    expect(new URL(href, "http://x").searchParams.get("car_id")).toBe("42");
  });

  it("external links (history report, WhatsApp) open in a new tab", () => {
    expect(byKind["history-report"]).toMatchObject({ external: true });
    expect(byKind.whatsapp).toMatchObject({ external: true });
    expect(byKind["view-details"]).toMatchObject({ external: false });
  });

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
