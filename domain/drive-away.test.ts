import { describe, expect, it } from "vitest";
import { driveAwayEstimate, driveAwayView, stampDuty } from "./drive-away";

describe("payments.md, Drive-away price estimate: stamp duty by state", () => {
  it.each([
    // NSW: $3 per $100 or part to $45,000, then $1,350 + $5 per $100 or part.
    ["NSW", 30_000, false, 900],
    ["NSW", 30_050, false, 903],
    ["NSW", 45_000, false, 1_350],
    ["NSW", 60_000, false, 2_100],
    // VIC: $8.40 per $200 or part to the luxury threshold, then higher rates on the whole value.
    ["VIC", 30_000, false, 1_260],
    ["VIC", 90_000, false, 4_680],
    ["VIC", 120_000, false, 8_400],
    // QLD: $3.50 per $100 (5-6 cylinders), $2 hybrid/electric; +$2 above $100,000.
    ["QLD", 30_000, false, 1_050],
    ["QLD", 30_000, true, 600],
    ["QLD", 120_000, false, 6_600],
    // SA: bands to $3,000, then $60 + $4 per $100 or part.
    ["SA", 800, false, 8],
    ["SA", 1_500, false, 20],
    ["SA", 30_000, false, 1_140],
    // WA: 2.75% to $25,000; sliding rate to $50,000; 6.5% above.
    ["WA", 20_000, false, 550],
    ["WA", 40_000, false, 2_000],
    ["WA", 60_000, false, 3_900],
    // TAS: $3 per $100 to $35,000; $1,050 + $11 per $100 to $40,000; $4 per $100 above.
    ["TAS", 30_000, false, 900],
    ["TAS", 38_000, false, 1_380],
    ["TAS", 50_000, false, 2_000],
    // ACT: zero-emission vehicles none; otherwise as NSW.
    ["ACT", 60_000, true, 0],
    ["ACT", 60_000, false, 2_100],
    // NT: 3%.
    ["NT", 30_000, false, 900],
  ] as const)("%s on $%d (electric: %s) is $%d", (state, value, electric, duty) => {
    expect(stampDuty(value, state, { electric })).toBe(duty);
  });

  it("charges nothing on no price", () => {
    expect(stampDuty(0, "NSW")).toBe(0);
  });
});

describe("payments.md, Drive-away price estimate: the breakdown", () => {
  const site = {
    locale: "en-AU",
    state: "NSW",
    driveAway: { enabled: true, registration: 900, ctp: 550, deliveryFee: 1_000 },
  };
  it("adds duty of the vehicle's state, registration, CTP and delivery to the price", () => {
    expect(driveAwayEstimate({ price: 30_000, state: "vic", simple_fuel: "Petrol" }, site)).toEqual(
      {
        state: "VIC",
        price: 30_000,
        stampDuty: 1_260,
        registration: 900,
        ctp: 550,
        deliveryFee: 1_000,
        total: 33_710,
      },
    );
  });
  it("falls back to the site's state", () => {
    expect(driveAwayEstimate({ price: 30_000, state: null, simple_fuel: null }, site)?.state).toBe(
      "NSW",
    );
  });
  it("has none off Australian sites, when disabled, or without a price or state", () => {
    const car = { price: 30_000, state: "NSW", simple_fuel: null };
    expect(driveAwayEstimate(car, { ...site, locale: "en-NZ" })).toBeNull();
    expect(
      driveAwayEstimate(car, { ...site, driveAway: { ...site.driveAway, enabled: false } }),
    ).toBeNull();
    expect(driveAwayEstimate({ ...car, price: 0 }, site)).toBeNull();
    // A price of 10 or less is not shown, so neither is an estimate built on it.
    expect(driveAwayEstimate({ ...car, price: 5 }, site)).toBeNull();
    expect(driveAwayEstimate({ ...car, price: 10 }, site)).toBeNull();
    expect(driveAwayEstimate({ ...car, state: "Auckland" }, { ...site, state: null })).toBeNull();
  });
});

describe("payments.md, Drive-away price estimate: the lines shown", () => {
  it("labels each amount and names it for the lead", () => {
    const view = driveAwayView(
      {
        state: "NSW",
        price: 30_000,
        stampDuty: 900,
        registration: 950,
        ctp: 620,
        deliveryFee: 1_490,
        total: 33_960,
      },
      (n) => `$${n}`,
    );
    expect(view.total).toBe("$33960");
    expect(view.lines.map((l) => [l.key, l.label, l.amount])).toEqual([
      ["price", "Vehicle price", "$30000"],
      ["stamp_duty", "Stamp duty (NSW)", "$900"],
      ["registration", "Registration (estimate)", "$950"],
      ["ctp", "CTP insurance (estimate)", "$620"],
      ["delivery", "Dealer delivery", "$1490"],
    ]);
  });
});
