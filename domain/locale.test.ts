import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AU_ONLY_WORDS, formatOdometer, localiseText, term } from "./locale";
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

describe("Market words (sites-and-settings.md, Locales): each market's words for the Australian ones", () => {
  it.each([
    ["Excl. Govt. Charges", "Plus Tax, Title & License", "Plus On-Road Costs"],
    ["Look up my rego", "Look up my license plate", "Look up my rego"],
    ["Postcode", "ZIP code", "Postcode"],
    ["Ute", "Pickup", "Ute"],
    ["General Enquiry", "General Inquiry", "General Enquiry"],
    [
      "Please bring your driver's licence.",
      "Please bring your driver's license.",
      "Please bring your driver's licence.",
    ],
  ])("'%s' reads '%s' in en-US and '%s' in en-NZ", (text, us, nz) => {
    expect(localiseText(text, "en-AU")).toBe(text);
    expect(localiseText(text, "en-US")).toBe(us);
    expect(localiseText(text, "en-NZ")).toBe(nz);
  });

  it("leaves no word of a market's list in fixed text written the Australian way", () => {
    for (const [locale, words] of Object.entries(AU_ONLY_WORDS) as [
      keyof typeof AU_ONLY_WORDS,
      readonly string[],
    ][]) {
      for (const word of words) {
        if (["CTP", "green slip"].includes(word)) continue; // never in product text
        expect(
          localiseText(`A ${word} here`, locale).toLowerCase(),
          `${locale}: ${word}`,
        ).not.toContain(word.toLowerCase());
      }
    }
  });

  it("keeps words that only contain a listed one ('computer', 'route')", () => {
    expect(localiseText("Compute the route", "en-US")).toBe("Compute the route");
  });
});
