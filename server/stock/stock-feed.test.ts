import { describe, expect, it } from "vitest";
import { FeedRefusedError, parseStockFeed } from "./stock-feed";

const HEADER = "stocknum,make,model,year,car_type,price,comments";
const row = (i: number, comments = "") => `S${i},Kia,Rio,2020,used,15990,${comments}`;
const csv = (lines: string[]) => Buffer.from(`${lines.join("\n")}\n`);

function refusal(bytes: Buffer): string {
  try {
    parseStockFeed(bytes, "csv");
  } catch (error) {
    if (error instanceof FeedRefusedError) return error.message;
    throw error;
  }
  throw new Error("the feed was not refused");
}

describe("a large CSV feed", () => {
  it("refuses a feed without the required columns from its first row, quoting it briefly", () => {
    const message = refusal(Buffer.from("x;y;z ".repeat(1_750_000)));
    expect(message).toBe(
      "The CSV has no column 'make', 'model', 'year', 'car_type', 'price', 'stocknum' or 'vin'. The first row must name the columns; found 'x;y;z x;y;z x;y;z x;y;z x;y;z x;y;z x;y;...'. Rename the columns, or set the site's column mapping (stockFeed.columns).",
    );
  });

  it("gives the same refusal for a missing column, large or small", () => {
    const lines = [
      "stocknum,make,price",
      ...Array.from({ length: 8_000 }, (_, i) => `S${i},Kia,1`),
    ];
    const large = refusal(csv(lines));
    expect(csv(lines).length).toBeGreaterThan(64 * 1024);
    expect(large).toBe(refusal(csv(lines.slice(0, 2))));
    expect(large).toMatch(/^The CSV has no column 'model', 'year', 'car_type'\./);
  });

  it("reads every row of a feed with its columns, a quoted value across the first 64 KB included", () => {
    const rows = Array.from({ length: 2_000 }, (_, i) =>
      // Values with commas and line breaks in quotes, so one of them spans the 64 KB mark.
      row(i, `"Serviced, one owner,\nlogbooks ${"x".repeat(i % 50)}"`),
    );
    const bytes = csv([HEADER, ...rows]);
    const quotesBeforeMark =
      bytes
        .subarray(0, 64 * 1024)
        .toString()
        .split('"').length - 1;
    expect(quotesBeforeMark % 2, "the 64 KB mark falls inside a quoted value").toBe(1);
    const feed = parseStockFeed(bytes, "csv");
    expect(feed.rowCount).toBe(2_000);
    expect(feed.errors).toEqual([]);
    expect(feed.vehicles.at(-1)?.vehicle).toMatchObject({ stocknum: "S1999", make: "Kia" });
  });
});
