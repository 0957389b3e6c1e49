import { describe, expect, it } from "vitest";
import { dateTimeFormat, formatNumber, relativeTimeFormat } from "./number-format";

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

describe("shared date formatters", () => {
  it("format like a formatter of their own, for each locale and option set", () => {
    const day = new Date(Date.UTC(2026, 10, 24));
    for (const locale of ["en-AU", "en-NZ", "en-US"]) {
      for (const options of [
        { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" },
        { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" },
      ] as Intl.DateTimeFormatOptions[]) {
        expect(dateTimeFormat(locale, options).format(day)).toBe(
          new Intl.DateTimeFormat(locale, options).format(day),
        );
      }
      expect(relativeTimeFormat(locale, { numeric: "auto" }).format(-1, "day")).toBe(
        new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(-1, "day"),
      );
    }
  });

  it("hand out one formatter per locale and option set", () => {
    const options = { day: "numeric", timeZone: "UTC" } as const;
    expect(dateTimeFormat("en-AU", options)).toBe(dateTimeFormat("en-AU", { ...options }));
    expect(dateTimeFormat("en-AU", options)).not.toBe(dateTimeFormat("en-US", options));
    expect(relativeTimeFormat("en-AU", { numeric: "auto" })).toBe(
      relativeTimeFormat("en-AU", { numeric: "auto" }),
    );
  });
});
