import { describe, expect, it } from "vitest";
import { formatNumber } from "./number-format";

describe("formatNumber", () => {
  it("formats like toLocaleString, for each locale and option set", () => {
    for (const locale of ["en-AU", "en-NZ", "en-US"]) {
      for (const value of [0, 7, 1234, 27990, 1234567.891, -42.5]) {
        expect(formatNumber(value, locale)).toBe(value.toLocaleString(locale));
        const cents = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
        expect(formatNumber(value, locale, cents)).toBe(value.toLocaleString(locale, cents));
      }
    }
  });
});
