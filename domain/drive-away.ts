/**
 * Drive-away price estimate for Australian sites (docs/product/payments.md, "Drive-away price
 * estimate"): the vehicle's price plus the state's stamp duty (motor vehicle duty on a private
 * passenger vehicle, from each state revenue office's published rates), registration and CTP
 * insurance (the site's estimates) and the dealer's delivery fee. Always labelled an estimate.
 */
import { isPriceShown } from "./vehicle-price";

export const AUSTRALIAN_STATES = ["NSW", "VIC", "QLD", "SA", "WA", "TAS", "ACT", "NT"] as const;
export type AustralianState = (typeof AUSTRALIAN_STATES)[number];

export const DRIVE_AWAY_LABEL = "Estimated drive-away price";
export const DRIVE_AWAY_NOTE =
  "An estimate: stamp duty from the state's published rates, registration and CTP insurance as typical amounts. The dealer confirms the final price.";

/** Units of `per` dollars or part of them in `value` (duty is charged per $100 or part). */
const units = (value: number, per: number) => Math.ceil(value / per);

/** Victoria's luxury car tax threshold (non fuel-efficient), 2024-25. */
export const VIC_LUXURY_THRESHOLD = 80_567;

/**
 * Motor vehicle duty on a private passenger vehicle of `value` dollars in `state`, in whole
 * dollars. Electric vehicles pay the lower rate where a state has one (QLD) or none (ACT).
 */
export function stampDuty(
  value: number,
  state: AustralianState,
  options: { electric?: boolean } = {},
): number {
  if (!(value > 0)) return 0;
  switch (state) {
    // $3 per $100 or part up to $45,000; $1,350 plus $5 per $100 or part above.
    case "NSW":
      return value <= 45_000 ? units(value, 100) * 3 : 1_350 + units(value - 45_000, 100) * 5;
    // $8.40 per $200 or part up to the luxury threshold; above it, on the whole value, $10.40
    // to $100,000, $14.00 to $150,000, $18.00 above.
    case "VIC": {
      const rate =
        value <= VIC_LUXURY_THRESHOLD ? 8.4 : value <= 100_000 ? 10.4 : value <= 150_000 ? 14 : 18;
      return Math.round(units(value, 200) * rate * 100) / 100;
    }
    // Per $100 or part: hybrid and electric $2, other (5-6 cylinders) $3.50; $2 more per $100 on
    // the whole value above $100,000.
    case "QLD": {
      const rate = (options.electric ? 2 : 3.5) + (value > 100_000 ? 2 : 0);
      return Math.round(units(value, 100) * rate * 100) / 100;
    }
    // $1 per $100 to $1,000; $10 + $2 per $100 to $2,000; $30 + $3 per $100 to $3,000; then
    // $60 + $4 per $100 or part over $3,000.
    case "SA":
      if (value <= 1_000) return Math.max(5, units(value, 100));
      if (value <= 2_000) return 10 + units(value - 1_000, 100) * 2;
      if (value <= 3_000) return 30 + units(value - 2_000, 100) * 3;
      return 60 + units(value - 3_000, 100) * 4;
    // 2.75% to $25,000; 6.5% above $50,000; between, R% with R = 2.75 + (value - 25,000) / 6,666.66
    // (two decimals).
    case "WA": {
      const rate =
        value <= 25_000
          ? 2.75
          : value > 50_000
            ? 6.5
            : Math.round((2.75 + (value - 25_000) / 6_666.66) * 100) / 100;
      return Math.round(value * rate) / 100;
    }
    // $20 to $600; $3 per $100 or part to $35,000; $1,050 + $11 per $100 to $40,000; then $4 per
    // $100 or part of the whole value.
    case "TAS":
      if (value <= 600) return 20;
      if (value <= 35_000) return units(value, 100) * 3;
      if (value <= 40_000) return 1_050 + units(value - 35_000, 100) * 11;
      return units(value, 100) * 4;
    // Zero-emission vehicles none; otherwise (performance rating C) as NSW.
    case "ACT":
      if (options.electric) return 0;
      return value <= 45_000 ? units(value, 100) * 3 : 1_350 + units(value - 45_000, 100) * 5;
    // 3% of the value.
    case "NT":
      return Math.round(value * 3) / 100;
  }
}

export function australianStateOf(text: string | null | undefined): AustralianState | null {
  const upper = (text ?? "").trim().toUpperCase();
  return (AUSTRALIAN_STATES as readonly string[]).includes(upper)
    ? (upper as AustralianState)
    : null;
}

export type DriveAwaySettings = {
  enabled: boolean;
  registration: number;
  ctp: number;
  deliveryFee: number;
};

export type DriveAwayEstimate = {
  state: AustralianState;
  price: number;
  stampDuty: number;
  registration: number;
  ctp: number;
  deliveryFee: number;
  total: number;
};

/**
 * The estimate for a vehicle, or null where there is none: the site does not show it, the site
 * is not Australian, the vehicle's price is not shown (10 or less) or it has no Australian state.
 */
export function driveAwayEstimate(
  vehicle: { price: number; state: string | null; simple_fuel: string | null },
  site: { locale: string; state: string | null; driveAway: DriveAwaySettings },
): DriveAwayEstimate | null {
  // No estimate for a price that is not shown: it would print the price.
  if (!site.driveAway.enabled || site.locale !== "en-AU" || !isPriceShown(vehicle.price))
    return null;
  const state = australianStateOf(vehicle.state) ?? australianStateOf(site.state);
  if (!state) return null;
  const electric = /electric|hybrid|phev/i.test(vehicle.simple_fuel ?? "");
  const duty = stampDuty(vehicle.price, state, { electric });
  const { registration, ctp, deliveryFee } = site.driveAway;
  const total = Math.round((vehicle.price + duty + registration + ctp + deliveryFee) * 100) / 100;
  return {
    state,
    price: vehicle.price,
    stampDuty: duty,
    registration,
    ctp,
    deliveryFee,
    total,
  };
}

/** The estimate as the page, the checkout and the lead show it: labelled lines and the total. */
export type DriveAwayView = {
  total: string;
  /** `key` names the line in the dealer's lead (drive_away_{key}). */
  lines: Array<{ key: string; label: string; amount: string }>;
  state: AustralianState;
};

export function driveAwayView(
  estimate: DriveAwayEstimate,
  format: (amount: number) => string,
): DriveAwayView {
  const lines = [
    { key: "price", label: "Vehicle price", amount: estimate.price },
    { key: "stamp_duty", label: `Stamp duty (${estimate.state})`, amount: estimate.stampDuty },
    { key: "registration", label: "Registration (estimate)", amount: estimate.registration },
    { key: "ctp", label: "CTP insurance (estimate)", amount: estimate.ctp },
    { key: "delivery", label: "Dealer delivery", amount: estimate.deliveryFee },
  ];
  return {
    total: format(estimate.total),
    state: estimate.state,
    lines: lines.map((l) => ({ key: l.key, label: l.label, amount: format(l.amount) })),
  };
}
