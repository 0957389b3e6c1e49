import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MOBILE_MESSAGES, mobileCountryFor, normaliseMobile } from "./mobile-number";

describe("Mobile normalisation (garage.md) to E.164", () => {
  it.each([
    ["0411 222 333", "AU", "+61411222333"],
    ["+61 411 222 333", "AU", "+61411222333"],
    ["(123) 456-7890", "US", "+11234567890"],
    ["1 (212) 555-0123", "US", "+12125550123"],
    ["+44 7911 123456", "US", "+447911123456"],
  ] as const)("%s (%s) -> %s", (input, country, e164) => {
    expect(normaliseMobile(input, country)).toEqual({ ok: true, e164 });
  });

  it.each([
    ["411 222 333", "AU", MOBILE_MESSAGES.australian],
    ["", "AU", MOBILE_MESSAGES.australian],
    ["+6141122233344445555", "AU", MOBILE_MESSAGES.australian],
    ["456-7890", "US", MOBILE_MESSAGES.us],
  ] as const)("%j (%s) fails with %s", (input, country, message) => {
    expect(normaliseMobile(input, country)).toEqual({ ok: false, message });
  });

  it("US sites use US rules, others Australian", () => {
    expect(mobileCountryFor("en-US")).toBe("US");
    expect(mobileCountryFor("en-AU")).toBe("AU");
    expect(mobileCountryFor("en-NZ")).toBe("AU");
  });

  it("a normalised number normalises to itself and is + and 2 to 15 digits", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9 ()+-]{0,18}$/),
        fc.constantFrom("AU" as const, "US" as const),
        (input, country) => {
          const result = normaliseMobile(input, country);
          if (result.ok) {
            expect(result.e164).toMatch(/^\+\d{2,15}$/);
            expect(normaliseMobile(result.e164, country)).toEqual(result);
          }
        },
      ),
    );
  });
});
