import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatOdometer, localiseText, term } from "./locale";
import { LOCALES } from "./site-settings";

describe("Locales (sites-and-settings.md): en-AU, en-NZ, en-US; US sites use miles and US spellings", () => {
  it.each([
    ["distanceUnit", "km", "km", "miles"],
    ["colour", "Colour", "Colour", "Color"],
    ["enquiry", "Enquiry", "Enquiry", "Inquiry"],
    ["petrol", "Petrol", "Petrol", "Gas"],
  ] as const)("%s: %s / %s / %s", (key, au, nz, us) => {
    expect([term("en-AU", key), term("en-NZ", key), term("en-US", key)]).toEqual([au, nz, us]);
  });

  it("the odometer shows the site's unit", () => {
    expect(formatOdometer(42000, "en-AU")).toBe("42,000 km");
    expect(formatOdometer(42000, "en-US")).toBe("42,000 miles");
  });

  it.each([
    ["Enquire Now", "Inquire Now"],
    ["Send an enquiry", "Send an inquiry"],
    ["ENQUIRY", "INQUIRY"],
    ["Colour: Red; colours", "Color: Red; colors"],
    ["Petrol", "Gas"],
    ["Enquiries welcome", "Inquiries welcome"],
  ])("US text: %s -> %s", (text, us) => {
    expect(localiseText(text, "en-US")).toBe(us);
    expect(localiseText(text, "en-AU")).toBe(text);
    expect(localiseText(text, "en-NZ")).toBe(text);
  });

  it("localising is idempotent", () => {
    fc.assert(
      fc.property(fc.string(), fc.constantFrom(...LOCALES), (text, locale) => {
        const once = localiseText(text, locale);
        expect(localiseText(once, locale)).toBe(once);
      }),
    );
  });
});
