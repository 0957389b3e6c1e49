import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  MOBILE_MESSAGES,
  mobileCountriesOf,
  mobileCountryFor,
  normaliseMobile,
} from "./mobile-number";

describe("Mobile normalisation (garage.md) to E.164", () => {
  it.each([
    ["0411 222 333", ["AU"], "+61411222333"],
    ["+61 411 222 333", ["AU"], "+61411222333"],
    ["411 222 333", ["AU"], "+61411222333"],
    ["(212) 555-0123", ["US"], "+12125550123"],
    ["1 (212) 555-0123", ["US"], "+12125550123"],
    ["021 123 4567", ["NZ"], "+64211234567"],
    ["+64 21 123 4567", ["AU", "NZ"], "+64211234567"],
  ] as const)("%s (%j) -> %s", (input, countries, e164) => {
    expect(normaliseMobile(input, countries)).toEqual({ ok: true, e164 });
  });

  it.each([
    ["", ["AU"], MOBILE_MESSAGES.australian],
    ["0412", ["AU"], MOBILE_MESSAGES.australian],
    ["0412 345", ["AU"], MOBILE_MESSAGES.australian],
    ["+6141122233344445555", ["AU"], MOBILE_MESSAGES.australian],
    ["02 9630 1000", ["AU"], MOBILE_MESSAGES.australian],
    ["+882 1234 5678 90", ["AU"], MOBILE_MESSAGES.australian],
    ["+979 1234 5678", ["AU"], MOBILE_MESSAGES.australian],
    ["+1 900 555 1234", ["AU"], MOBILE_MESSAGES.australian],
    ["+64 21 123 4567", ["AU"], MOBILE_MESSAGES.australian],
    ["+44 7911 123456", ["US"], MOBILE_MESSAGES.us],
    ["+1 900 555 1234", ["US"], MOBILE_MESSAGES.us],
    ["456-7890", ["US"], MOBILE_MESSAGES.us],
  ] as const)("%j (%j) fails with %s", (input, countries, message) => {
    expect(normaliseMobile(input, countries)).toEqual({ ok: false, message });
  });

  it("a site takes its locale's country unless its setting names others", () => {
    expect(mobileCountryFor("en-US")).toBe("US");
    expect(mobileCountryFor("en-AU")).toBe("AU");
    expect(mobileCountryFor("en-NZ")).toBe("NZ");
    expect(mobileCountriesOf("en-AU", null)).toEqual(["AU"]);
    expect(mobileCountriesOf("en-AU", ["NZ", "AU"])).toEqual(["AU", "NZ"]);
    expect(mobileCountriesOf("en-NZ", ["AU"])).toEqual(["AU"]);
  });

  it("a normalised number normalises to itself and is + and 2 to 15 digits", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9 ()+-]{0,18}$/),
        fc.constantFrom(["AU"] as const, ["US"] as const, ["NZ", "AU"] as const),
        (input, countries) => {
          const result = normaliseMobile(input, countries);
          if (result.ok) {
            expect(result.e164).toMatch(/^\+\d{2,15}$/);
            expect(normaliseMobile(result.e164, countries)).toEqual(result);
          }
        },
      ),
    );
  });
});
