/**
 * A zero byte (NUL) in a stock feed is a bad cell like any other: its row is refused with a
 * message naming the line and the column, the other rows are applied, and the import is
 * recorded. The database keeps no text with a zero byte, so none may reach it, from a cell, a
 * JSON value or key, a column name or a message quoting the feed.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockImports, vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { NUL_MESSAGE } from "~/server/stock/stock-feed";
import { startTestServer } from "../support/test-server";
import { createFeedSite, postFeed, type FeedSite } from "./support";

let server: RunningServer;
let site: FeedSite;

beforeAll(async () => {
  server = await startTestServer();
  site = await createFeedSite(server, "nul-feed");
});
afterAll(async () => {
  await server?.close();
});

const stocknums = async () =>
  (
    await server.database.db
      .select({ stocknum: vehicles.stocknum })
      .from(vehicles)
      .where(eq(vehicles.siteId, site.id))
      .orderBy(asc(vehicles.stocknum))
  ).map((v) => v.stocknum);

const NUL = "\u0000";

describe("a NUL byte in a stock feed", () => {
  it.each([
    ["colour", `N1,Kia,Rio,2020,used,15000,Re${NUL}d`],
    ["model", `N1,Kia,Ri${NUL}o,2020,used,15000,Red`],
    ["stocknum", `N${NUL}1,Kia,Rio,2020,used,15000,Red`],
    ["price", `N1,Kia,Rio,2020,used,150${NUL}00,Red`],
  ])("in a CSV cell (%s) refuses that row and applies the others", async (field, row) => {
    const csv = [
      "stocknum,make,model,year,car_type,price,colour",
      row,
      `OK-${field},Kia,Cerato,2021,used,19990,Blue`,
    ].join("\n");
    const { status, json } = await postFeed(server, site, csv, { key: site.key, mode: "partial" });
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: "applied", added: 1, rejected: 1 });
    expect(json.row_errors).toEqual([{ line: 2, field, message: `${field} ${NUL_MESSAGE}` }]);
    expect(await stocknums()).toContain(`OK-${field}`);
  });

  it("in a JSON value, a list of photos or a key refuses that row and applies the others", async () => {
    const feed = [
      { stocknum: "J1", make: "Kia", model: `Rio${NUL}`, year: 2020, car_type: "used", price: 1 },
      {
        stocknum: "J2",
        make: "Kia",
        model: "Rio",
        year: 2020,
        car_type: "used",
        price: 1,
        images: [{ url: `https://photos.example.com/${NUL}.jpg` }],
      },
      { stocknum: "J3", make: "Kia", model: "Rio", year: 2020, car_type: "used", price: 1 },
      {
        stocknum: "J4",
        make: "Kia",
        model: "Stonic",
        year: 2022,
        car_type: "used",
        price: 2,
        [`x${NUL}`]: 1,
      },
    ];
    const { status, json } = await postFeed(server, site, JSON.stringify(feed), {
      key: site.key,
      mode: "partial",
      contentType: "application/json",
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ status: "applied", added: 2, rejected: 2 });
    expect(json.row_errors).toEqual([
      { line: 1, field: "model", message: `model ${NUL_MESSAGE}` },
      { line: 2, field: "images", message: `images ${NUL_MESSAGE}` },
    ]);
    expect(await stocknums()).toEqual(expect.arrayContaining(["J3", "J4"]));
  });

  it("in a column name or in JSON that does not parse is quoted back without it", async () => {
    const header = await postFeed(server, site, `stocknum,ma${NUL}ke,model\nA,B,C\n`, {
      key: site.key,
      mode: "partial",
    });
    expect(header.status).toBe(422);
    expect(header.json.error).toMatch(/^The CSV has no column 'year', 'car_type', 'price'/);
    expect(header.json.error).not.toContain(NUL);

    const broken = await postFeed(server, site, `[{"stocknum": "X"${NUL}}]`, {
      key: site.key,
      mode: "partial",
      contentType: "application/json",
    });
    expect(broken.status).toBe(422);
    expect(broken.json.error).toMatch(/^The feed is not valid JSON/);
    expect(broken.json.error).not.toContain(NUL);

    const recorded = await server.database.db
      .select({ status: stockImports.status })
      .from(stockImports)
      .where(eq(stockImports.siteId, site.id));
    expect(recorded.filter((r) => r.status === "refused")).toHaveLength(2);
  });
});
