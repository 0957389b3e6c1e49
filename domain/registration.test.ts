import { describe, expect, it } from "vitest";
import {
  REGO_MESSAGES,
  lookupNotice,
  normaliseRego,
  registrationErrors,
  registrationStates,
  registryState,
} from "./registration";

describe("registration lookups (leads-and-forms.md: rego and regoState)", () => {
  it.each([
    [" abc-123 ", "ABC123"],
    ["1ab 2cd", "1AB2CD"],
    ["XYZ.789", "XYZ789"],
  ])("writes %j as the plate %s", (input, plate) => {
    expect(normaliseRego(input)).toBe(plate);
  });

  it.each([
    ["ABC123", "NSW", "en-AU", {}],
    ["abc 123", "qld", "en-AU", {}],
    ["", "NSW", "en-AU", { rego: REGO_MESSAGES.rego }],
    ["TOOLONGPLATE1", "NSW", "en-AU", { rego: REGO_MESSAGES.rego }],
    ["AB#12", "NSW", "en-AU", { rego: REGO_MESSAGES.rego }],
    ["ABC123", "", "en-AU", { regoState: REGO_MESSAGES.state }],
    ["ABC123", "Texas", "en-US", { regoState: REGO_MESSAGES.state }],
    ["7ABC123", "TX", "en-US", {}],
    ["ABC123", "", "en-NZ", {}],
  ] as const)("rego %j in %j (%s) gives %j", (rego, state, locale, errors) => {
    expect(registrationErrors(rego, state, locale)).toEqual(errors);
  });

  it("asks Australian and US visitors for a state, New Zealand ones for none", () => {
    expect(registrationStates("en-AU")).toContain("NSW");
    expect(registrationStates("en-AU")).toHaveLength(8);
    expect(registrationStates("en-US")).toContain("TX");
    expect(registrationStates("en-NZ")).toEqual([]);
  });

  it("files New Zealand plates under NZ and others under their state", () => {
    expect(registryState("", "en-NZ")).toBe("NZ");
    expect(registryState(" qld", "en-AU")).toBe("QLD");
  });

  it("tells the visitor what was found, with the valuation when there is one", () => {
    const car = { year: 2019, make: "Toyota", model: "Corolla", badge: "Ascent Sport" };
    const money = (n: number) => `$${n}`;
    expect(lookupNotice(car, { low: 17500, high: 19800 }, money)).toBe(
      "We found your 2019 Toyota Corolla Ascent Sport. Estimated trade-in value: $17500 to $19800, subject to an inspection. Check the details, then send us your contact details.",
    );
    expect(lookupNotice({ ...car, badge: null }, null, money)).toBe(
      "We found your 2019 Toyota Corolla. Check the details, then send us your contact details.",
    );
  });
});
