import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { aVehicle } from "~/domain/testing/vehicle-fixture";
import type { Vehicle } from "~/domain/vehicle";
import type { SearchQuery } from "~/domain/search-query";
import {
  drawDemoHistoryReport,
  drawsDemoHistoryReports,
  HistoryReports,
  type HistoryReportSite,
} from "./history-reports";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const SITE: HistoryReportSite = { id: 7, name: "Test Motors", locale: "en-AU", searchKey: "k" };

/** A site search that lists these vehicles (the stock number filter applied as the engine would). */
function listing(vehicles: Vehicle[]) {
  return () => ({
    multiSearch: (queries: SearchQuery[]) => ({
      results: queries.map((q) => {
        const stocknum = /stocknum = "([^"]*)"/.exec(q.filter as string)?.[1];
        const hits = vehicles.filter((v) => v.stocknum === stocknum);
        return { hits, estimatedTotalHits: hits.length } as never;
      }),
    }),
  });
}

const car = aVehicle({
  stocknum: "AB123",
  vin: "JTMABC12345678901",
  file: "/media/history/AB123.pdf",
});

describe("Car History Report (vehicle-card-and-page.md): demo reports only on a demo server", () => {
  it.each<[string, { DEMO: boolean; NODE_ENV: "production" | "development" | "test" }, boolean]>([
    ["a live server", { DEMO: false, NODE_ENV: "production" }, false],
    ["a demo", { DEMO: true, NODE_ENV: "production" }, true],
    ["development", { DEMO: false, NODE_ENV: "development" }, true],
  ])("%s draws demo reports: %s", (_name, env, draws) => {
    expect(drawsDemoHistoryReports(env)).toBe(draws);
  });

  it("a live server answers no report for a listed car with a file but nothing stored", async () => {
    const reports = new HistoryReports({
      dir: null,
      drawDemoReports: false,
      searchFor: listing([car]),
    });
    expect(await reports.find(SITE, "AB123")).toBeNull();
    // The same car on a demo server gets a drawn report, so the null above is the rule's doing.
    const demo = new HistoryReports({
      dir: null,
      drawDemoReports: true,
      searchFor: listing([car]),
    });
    expect((await demo.find(SITE, "AB123"))?.demo).toBe(true);
  });

  it("a live server serves the report stored for the site, and not another site's", async () => {
    const dir = mkdtempSync(join(tmpdir(), "reports-"));
    dirs.push(dir);
    mkdirSync(join(dir, "7"));
    writeFileSync(join(dir, "7", "AB123.pdf"), "%PDF-1.7 stored");
    const reports = new HistoryReports({ dir, drawDemoReports: false, searchFor: listing([car]) });
    const found = await reports.find(SITE, "AB123");
    expect(found?.demo).toBe(false);
    expect(Buffer.from(found!.pdf).toString()).toBe("%PDF-1.7 stored");
    expect(await reports.find({ ...SITE, id: 8 }, "AB123")).toBeNull();
    // A stored file is no report for a car the site does not list.
    const unlisted = new HistoryReports({ dir, drawDemoReports: false, searchFor: listing([]) });
    expect(await unlisted.find(SITE, "AB123")).toBeNull();
  });

  it("a drawn report is the same bytes for the same car (no clock in it)", async () => {
    const a = await drawDemoHistoryReport(car, SITE);
    const b = await drawDemoHistoryReport(car, SITE);
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
  });

  it("draws characters the standard font lacks as '?', rather than failing", async () => {
    const pdf = await drawDemoHistoryReport({ ...car, name: "2024 Škoda Ōtaki 電気" }, SITE);
    expect(Buffer.from(pdf).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
