/**
 * Registration (rego) lookups for trade-in valuation and Value My Car
 * (docs/product/leads-and-forms.md, "Lead calls": the lookup carries rego and regoState): how a
 * plate is written, and the states a site's visitors choose from.
 */
import type { Locale } from "./site-settings";

export const AU_STATES = ["NSW", "VIC", "QLD", "WA", "SA", "TAS", "ACT", "NT"] as const;
export const US_STATES = [
  "AL",
  "AK",
  "AZ",
  "AR",
  "CA",
  "CO",
  "CT",
  "DE",
  "DC",
  "FL",
  "GA",
  "HI",
  "ID",
  "IL",
  "IN",
  "IA",
  "KS",
  "KY",
  "LA",
  "ME",
  "MD",
  "MA",
  "MI",
  "MN",
  "MS",
  "MO",
  "MT",
  "NE",
  "NV",
  "NH",
  "NJ",
  "NM",
  "NY",
  "NC",
  "ND",
  "OH",
  "OK",
  "OR",
  "PA",
  "RI",
  "SC",
  "SD",
  "TN",
  "TX",
  "UT",
  "VT",
  "VA",
  "WA",
  "WV",
  "WI",
  "WY",
] as const;

export const REGO_MESSAGES = {
  rego: "Enter the registration as it appears on the plate (letters and numbers, up to 9).",
  state: "Choose the state the vehicle is registered in.",
} as const;

/** The states of a site's locale; New Zealand plates are national (no state asked). */
export function registrationStates(locale: Locale): readonly string[] {
  if (locale === "en-US") return US_STATES;
  if (locale === "en-NZ") return [];
  return AU_STATES;
}

/** A plate as registries hold it: upper case, no spaces or dashes. ' abc-123 ' -> 'ABC123'. */
export function normaliseRego(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, "");
}

/** Errors of a lookup's rego and state, keyed 'rego' and 'regoState'; empty when valid. */
export function registrationErrors(
  rego: string,
  state: string,
  locale: Locale,
): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!/^[A-Z0-9]{1,9}$/.test(normaliseRego(rego))) errors.rego = REGO_MESSAGES.rego;
  const states = registrationStates(locale);
  if (states.length > 0 && !states.includes(state.trim().toUpperCase()))
    errors.regoState = REGO_MESSAGES.state;
  return errors;
}

/** The state a registry files a plate under: New Zealand plates are national ('NZ'). */
export function registryState(state: string, locale: Locale): string {
  return locale === "en-NZ" ? "NZ" : state.trim().toUpperCase();
}

export type LookedUpVehicleText = {
  year: number;
  make: string;
  model: string;
  badge: string | null;
};
export type ValuationRange = { low: number; high: number };

/** What the visitor is told after a successful lookup, with the valuation when there is one. */
export function lookupNotice(
  vehicle: LookedUpVehicleText,
  valuation: ValuationRange | null,
  formatMoney: (amount: number) => string,
): string {
  const description = [vehicle.year, vehicle.make, vehicle.model, vehicle.badge]
    .filter(Boolean)
    .join(" ");
  const value = valuation
    ? ` Estimated trade-in value: ${formatMoney(valuation.low)} to ${formatMoney(valuation.high)}, subject to an inspection.`
    : "";
  return `We found your ${description}.${value} Check the details, then send us your contact details.`;
}
