import { describe, expect, it } from "vitest";
import { DEFAULT_VEHICLE_CARD_ACTIONS, VEHICLE_ACTION_KINDS } from "./site-constants";
import { defaultSiteSettings, type SiteSettings } from "./site-settings";
import { aVehicle } from "./testing/vehicle-fixture";
import {
  canReserveNow,
  canReserveOnline,
  canShowHistoryReport,
  canShowTradeIn,
  depositText,
  isReservable,
  isUnavailable,
  MIN_RESERVE_PRICE,
  offersRequestPhotos,
  vehicleCardActions,
  vehiclePageActions,
  type VehicleActionContext,
} from "./vehicle-actions";
import type { Vehicle, VehicleImage } from "./vehicle";

const settings = defaultSiteSettings();
const withPayments = { ...settings, paymentProvider: "stripe" as const };
const photos = (n: number): VehicleImage[] =>
  Array.from({ length: n }, (_, i) => ({ url: `/p/${i}.jpg`, thumb: `/p/${i}-t.jpg` }));

const everyAction = [...VEHICLE_ACTION_KINDS];

function context(
  overrides: Partial<SiteSettings> = {},
  rest: Partial<VehicleActionContext> = {},
): VehicleActionContext {
  return {
    settings: { ...defaultSiteSettings(), paymentProvider: "stripe", ...overrides },
    locale: "en-AU",
    phone: "02 9630 1000",
    similarSearchHref: "/search/make/Toyota/Toyota%20Corolla",
    ...rest,
  };
}

const kinds = (vehicle: Vehicle, ctx: VehicleActionContext) =>
  vehicleCardActions(vehicle, ctx).map((a) => a.kind);
const pageKinds = (vehicle: Vehicle, ctx: VehicleActionContext) =>
  vehiclePageActions(vehicle, ctx).map((a) => a.kind);

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
    const shown = pageKinds(vehicle, context());
    expect(shown.includes("find-similar")).toBe(unavailable);
    expect(shown.includes("enquire-now")).toBe(!unavailable);
  });

  it("an available vehicle offers reserve and buy online only when allowed", () => {
    expect(pageKinds(aVehicle({ images: photos(3) }), context())).toEqual([
      "reserve-now",
      "enquire-now",
      "book-test-drive",
      "get-finance",
      "trade-in",
      "buy-online",
      "call",
    ]);
    expect(pageKinds(aVehicle(), context({ paymentProvider: null }))).not.toContain("reserve-now");
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
    expect(pageKinds(aVehicle({ file: "r.pdf" }), context())).toContain("history-report");
  });
});

describe("Reservable (vehicle-card-and-page.md): Reserve Now on the vehicle page", () => {
  it.each<[string, Partial<Vehicle>, boolean]>([
    ["in stock, priced, with a deposit processor", {}, true],
    ["price 200 is not above 200", { price: 200 }, false],
    ["no deposit processor", { payment_processors: [] }, false],
    ["sold", { status: "sold", sold: true }, false],
    ["reserved", { reserved: true }, false],
    ["test drive only", { tag: "Test Drive Only" }, false],
    ["coming soon (site does not allow it)", { status: "coming_soon" }, false],
  ])("%s -> %s", (_name, overrides, expected) => {
    expect(canReserveNow(aVehicle(overrides), withPayments)).toBe(expected);
  });

  it("coming soon where the site allows it", () => {
    const vehicle = aVehicle({ status: "coming_soon" });
    expect(canReserveNow(vehicle, { ...withPayments, comingSoonReservable: true })).toBe(true);
  });

  it("never without a payment provider", () => {
    expect(canReserveNow(aVehicle(), { ...withPayments, paymentProvider: null })).toBe(false);
  });
});

describe("Request Photos when there are few", () => {
  it.each([
    [0, true],
    [2, true],
    [3, false],
    [40, false],
  ])("%i photos -> %s", (count, expected) => {
    expect(offersRequestPhotos(aVehicle({ images: photos(count) }))).toBe(expected);
  });

  it("not for a sold vehicle", () => {
    expect(offersRequestPhotos(aVehicle({ images: [], status: "sold", sold: true }))).toBe(false);
  });
});

describe("Actions (vehicle-card-and-page.md): the card's actions from the site's settings", () => {
  it("shows the site's buttons in the site's order", () => {
    const ctx = context({ vehicleCardActions: ["view-details", "shop-now", "trade-in"] });
    expect(kinds(aVehicle(), ctx)).toEqual(["view-details", "shop-now", "trade-in"]);
  });

  it("defaults to enquire now, view details, test drive, finance, reserve and call", () => {
    expect(kinds(aVehicle(), context())).toEqual([...DEFAULT_VEHICLE_CARD_ACTIONS]);
  });

  it("labels every action with the spec's text; Get Finance uses the site's text", () => {
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

describe("Actions (vehicle-card-and-page.md): each action only where its rule allows it", () => {
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
});

describe("the vehicle page's block: the same actions, worded for the page", () => {
  it("says the deposit in Reserve Now's label and how it is paid under it; Trade In Valuation", () => {
    const byKind = Object.fromEntries(
      vehiclePageActions(aVehicle({ id: 1 }), context()).map((a) => [a.kind, a]),
    );
    expect(byKind["reserve-now"]).toMatchObject({
      label: "Reserve Now $500 deposit",
      detail: "secure with a debit or credit card payment",
    });
    expect(byKind["trade-in"]).toMatchObject({
      label: "Trade In Valuation",
      detail: "instant price from an independent valuation tool",
    });
    // The page holds the enquiry form itself: its enquiry link is the contact page's.
    expect(byKind["enquire-now"]).toMatchObject({ href: "/contact?car_id=1" });
  });

  it("a sold vehicle: Find Me Something Similar, the call and the history report only", () => {
    const sold = aVehicle({ status: "sold", sold: true, file: "/r.pdf", images: [] });
    const ctx = context({ whatsappNumber: "61400000000", chatEnabled: true });
    expect(pageKinds(sold, ctx)).toEqual(["find-similar", "call", "history-report"]);
  });

  it("Request Photos asks through the vehicle enquiry with its subcategory", () => {
    const [action] = vehiclePageActions(aVehicle({ id: 3, images: [] }), context()).filter(
      (a) => a.kind === "request-photos",
    );
    expect(action).toMatchObject({ href: "/contact?car_id=3&subcategory=Request%20Photos" });
  });
});
