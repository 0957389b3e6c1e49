/**
 * Vehicle history reports at /media/history/{name}.pdf (docs/product/vehicle-card-and-page.md,
 * "Car History Report"; decision 059): a listed vehicle of the site whose `file` is the path gets
 * a PDF with its VIN; a vehicle without a file, one the site does not list, another site's
 * vehicle and a name that is no file are 404. A report stored under DATA_DIR is served as it is.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAR_COLLECTION } from "~/server/search";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { createSiteSearch } from "~/server/stock/site-search";
import { findListedVehiclesByStockNumber } from "~/server/stock/listed-vehicle";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { pdfText } from "./pdf-text";

let server: RunningServer;
let dataDir: string;
let site: Site;
let other: Site;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "history-reports-"));
  server = await startTestServer({ PAGE_CACHE: "false", DATA_DIR: dataDir });
  site = await aSite(server, { name: "Harbourside Test Motors" });
  other = await aSite(server);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

function getBytes(host: Site, path: string) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port: server.port,
          path,
          headers: { host: `${host.slug}.localhost:${server.port}` },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
            }),
          );
        },
      );
      req.on("error", reject);
      req.end();
    },
  );
}

const stockNumber = () => `HR${randomBytes(3).toString("hex").toUpperCase()}`;

/** A vehicle on `on` with a history report path (or what `overrides` say), once it is searchable. */
async function aVehicleWithReport(on: Site, overrides: Parameters<typeof aVehicle>[2] = {}) {
  const stocknum = stockNumber();
  const vin = `JTM${randomBytes(7).toString("hex").toUpperCase()}`;
  const row = await aVehicle(server, on, {
    stocknum,
    vin,
    km: 48_210,
    historyReportUrl: `/media/history/${stocknum}.pdf`,
    ...overrides,
  });
  // Indexed (a hidden vehicle is indexed too, and not listed: wait on the index, not the listing).
  await published(() => server.search.engine.get(CAR_COLLECTION, row.id) ?? null);
  return { ...row, stocknum, vin };
}

describe("Car History Report (vehicle-card-and-page.md): a listed vehicle's report is a PDF", () => {
  it("answers 200 with a PDF holding the vehicle's heading, VIN, stock number and 'demo report'", async () => {
    const car = await aVehicleWithReport(site, { name: "2021 Toyota RAV4 GX" });
    const res = await getBytes(site, `/media/history/${car.stocknum}.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("application/pdf");
    expect(res.headers["content-disposition"]).toBe(
      `inline; filename="${car.stocknum}-history-report.pdf"`,
    );
    expect(res.headers["cache-control"]).toMatch(/^public, max-age=\d+/);
    // Not the pages' policy: its object-src 'none' keeps Chrome's PDF viewer from showing it.
    expect(res.headers["content-security-policy"]).toBe("frame-ancestors 'self'");
    expect(res.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const text = pdfText(res.body);
    expect(text).toContain(car.vin);
    expect(text).toContain(car.stocknum);
    expect(text).toContain("2021 Toyota RAV4 GX");
    expect(text).toContain("48,210 km");
    expect(text).toContain("Harbourside Test Motors");
    expect(text).toContain("DEMO REPORT");
    expect(text.match(/\(demo report\)/g)).toHaveLength(3);
  });

  it("a vehicle without a file, or whose file is another path, is 404", async () => {
    const none = await aVehicleWithReport(site, { historyReportUrl: null });
    expect((await getBytes(site, `/media/history/${none.stocknum}.pdf`)).status).toBe(404);
    const elsewhere = await aVehicleWithReport(site, {
      historyReportUrl: "https://reports.example/abc.pdf",
    });
    expect((await getBytes(site, `/media/history/${elsewhere.stocknum}.pdf`)).status).toBe(404);
  });

  it("another site's vehicle is 404 on this site, and 200 on its own", async () => {
    const theirs = await aVehicleWithReport(other);
    expect((await getBytes(site, `/media/history/${theirs.stocknum}.pdf`)).status).toBe(404);
    expect((await getBytes(other, `/media/history/${theirs.stocknum}.pdf`)).status).toBe(200);
  });

  it("a vehicle the site does not list (hidden, sold long ago) is 404", async () => {
    const hidden = await aVehicleWithReport(site, { showOnDealerWebsite: false });
    expect(
      findListedVehiclesByStockNumber(createSiteSearch(server.search, site), hidden.stocknum),
    ).toEqual([]);
    expect((await getBytes(site, `/media/history/${hidden.stocknum}.pdf`)).status).toBe(404);
    const soldLongAgo = await aVehicleWithReport(site, {
      status: "sold",
      soldAt: new Date(Date.now() - 400 * 24 * 3600 * 1000),
    });
    expect((await getBytes(site, `/media/history/${soldLongAgo.stocknum}.pdf`)).status).toBe(404);
  });

  it.each(["..%2F..%2Fetc%2Fpasswd", "NOSUCHSTOCK", "a%20b", "-x"])(
    "/media/history/%s.pdf is 404",
    async (name) => {
      expect((await getBytes(site, `/media/history/${name}.pdf`)).status).toBe(404);
    },
  );

  it("a report stored for the site under DATA_DIR is served as it is", async () => {
    const car = await aVehicleWithReport(site);
    const stored = Buffer.from("%PDF-1.4\n% a report the dealer imported\n%%EOF\n", "latin1");
    mkdirSync(join(dataDir, "history-reports", String(site.id)), { recursive: true });
    writeFileSync(join(dataDir, "history-reports", String(site.id), `${car.stocknum}.pdf`), stored);
    const res = await getBytes(site, `/media/history/${car.stocknum}.pdf`);
    expect(res.status).toBe(200);
    expect(res.body.equals(stored)).toBe(true);
  });
});

describe("Car History Report (vehicle-card-and-page.md): the button only when the car has a file", () => {
  it("the vehicle page links the report of a car with a file, and no report for one without", async () => {
    const withFile = await aVehicleWithReport(site);
    const without = await aVehicleWithReport(site, { historyReportUrl: null });
    const page = await fetchWithHost(server, `${site.slug}.localhost`, `/cars/${withFile.slug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(`href="/media/history/${withFile.stocknum}.pdf"`);
    expect(page.body).toContain("Car History Report");
    const plain = await fetchWithHost(server, `${site.slug}.localhost`, `/cars/${without.slug}`);
    expect(plain.status).toBe(200);
    // (The similar vehicles' data may name their own reports; no link on this page does.)
    expect(plain.body).not.toContain('href="/media/history/');
    expect(plain.body).not.toContain("Car History Report");
  });
});
