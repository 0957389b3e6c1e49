import { describe, expect, it } from "vitest";
import { RESERVATION_MESSAGES, depositCents, reservationRefusal } from "./reservations";
import type { Vehicle } from "./vehicle";

const processor = { authorization_type: "deposit", authorization_key: "pk", deposit_amount: null };
const car: Parameters<typeof reservationRefusal>[0] = {
  price: 25_000,
  payment_processors: [processor],
  sold: false,
  status: "in_stock",
  reserved: false,
  tag: null,
} satisfies Partial<Vehicle>;
const settings = { paymentProvider: "test" as const, comingSoonReservable: false };

describe("payments.md, Reservations and holds: the deposit", () => {
  it.each([
    [null, 20_000],
    [500, 50_000],
    [99.5, 9_950],
    [0, 20_000],
  ])("deposit_amount %s is %d cents", (amount, cents) => {
    expect(depositCents({ payment_processors: [{ ...processor, deposit_amount: amount }] })).toBe(
      cents,
    );
  });
});

describe("payments.md, Reservations and holds: refused before any hold", () => {
  it.each([
    ["a reservable car", {}, "reserve", null],
    ["a sold car", { status: "sold" }, "reserve", [409, RESERVATION_MESSAGES.sold]],
    ["a reserved car", { reserved: true }, "reserve", [409, RESERVATION_MESSAGES.reserved]],
    ["a price of 200", { price: 200 }, "reserve", [422, RESERVATION_MESSAGES.priceTooLow]],
    [
      "no deposit processor",
      { payment_processors: [] },
      "reserve",
      [422, RESERVATION_MESSAGES.noDepositProcessor],
    ],
    [
      "coming soon, reserve",
      { status: "coming_soon" },
      "reserve",
      [422, RESERVATION_MESSAGES.notReservable],
    ],
    ["coming soon, buy online", { status: "coming_soon" }, "buy-online", null],
  ] as const)("%s", (_name, overrides, kind, expected) => {
    const refusal = reservationRefusal(
      { ...car, ...(overrides as Partial<Vehicle>) },
      settings,
      kind,
    );
    expect(refusal && [refusal.status, refusal.message]).toEqual(expected);
  });

  it("a site without a provider reserves nothing", () => {
    expect(reservationRefusal(car, { ...settings, paymentProvider: null }, "reserve")?.status).toBe(
      409,
    );
  });
});
