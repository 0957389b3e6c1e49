/**
 * Stock feeds through the stock API: a full import and its idempotent repeat, a changed feed
 * (price change, removal, arrival), the removal guard, bad feeds (each with its report, nothing
 * half-applied, never a 500), and the isolation of one site's key from another site's stock.
 */
import { readFile } from "node:fs/promises";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stockImports, vehiclePriceHistory, vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "../support/test-server";
import { createFeedSite, csvFeed, postFeed, send, type FeedSite } from "./support";

let server: RunningServer;
let site: FeedSite;
let other: FeedSite;

beforeAll(async () => {
  server = await startTestServer({ SEARCH_MASTER_KEY: "test-master-key-0123456789" });
  [site, other] = [
    await createFeedSite(server, "feed-one"),
    await createFeedSite(server, "feed-two"),
  ];
});
afterAll(async () => {
  await server?.close();
});

const stockOf = (siteId: number) =>
  server.database.db
    .select()
    .from(vehicles)
    .where(eq(vehicles.siteId, siteId))
    .orderBy(asc(vehicles.stocknum));

/** The site's listed stock as the search API answers it, once it shows `expected` vehicles. */
async function searched(s: FeedSite, expected: number) {
  for (;;) {
    const res = await send(server, "/search-api/multi-search", {
      method: "POST",
      headers: {
        authorization: `Bearer search-key-${s.slug}-0123456789`,
        "content-type": "application/json",
      },
      body: JSON.stringify({ queries: [{ indexUid: "Car_production", limit: 50 }] }),
    });
    const hits = JSON.parse(res.body).results[0].hits as Array<{
      stocknum: string;
      price: number;
      status: string;
    }>;
    if (hits.length === expected) return hits;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const first = [
  { stocknum: "A100", make: "Toyota", model: "Corolla", year: 2021, price: 26990 },
  { stocknum: "A101", make: "Mazda", model: "CX-5", year: 2022, price: 35990 },
  { stocknum: "A102", make: "Ford", model: "Ranger", year: 2020, price: 41990 },
  { stocknum: "A103", make: "Kia", model: "Rio", year: 2019, price: 15990 },
];

describe("a stock feed through the API", () => {
  it("imports a CSV feed, records it, and makes it searchable", async () => {
    const { status, json } = await postFeed(server, site, csvFeed(first), { key: site.key });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      status: "applied",
      source: "http",
      mode: "full",
      format: "csv",
      added: 4,
      rejected: 0,
    });
    expect((await stockOf(site.id)).map((v) => v.stocknum)).toEqual([
      "A100",
      "A101",
      "A102",
      "A103",
    ]);
    expect((await searched(site, 4)).map((h) => h.stocknum).sort()).toEqual([
      "A100",
      "A101",
      "A102",
      "A103",
    ]);

    const auth = { authorization: `Bearer ${site.key}` };
    const list = await send(server, `/api/v1/websites/${site.id}/stock/imports`, { headers: auth });
    expect(JSON.parse(list.body).imports[0]).toMatchObject({ id: json.id, added: 4 });
    const one = await send(server, `/api/v1/websites/${site.id}/stock/imports/${json.id}`, {
      headers: auth,
    });
    expect(JSON.parse(one.body)).toMatchObject({ id: json.id, row_errors: [] });
  });

  it("changes nothing when the same feed comes again", async () => {
    const before = await stockOf(site.id);
    const { json } = await postFeed(server, site, csvFeed(first), { key: site.key });
    expect(json).toMatchObject({ added: 0, updated: 0, unchanged: 4, sold: 0 });
    expect((await stockOf(site.id)).map((v) => v.updatedAt)).toEqual(
      before.map((v) => v.updatedAt),
    );
  });

  it("applies a price change, a removal and an arrival, keeping the price history", async () => {
    const changed = [
      { ...first[0]!, price: 24990 },
      first[1]!,
      first[2]!,
      { stocknum: "A104", make: "Hyundai", model: "i30", year: 2023, price: 29990 },
    ];
    const { json } = await postFeed(server, site, csvFeed(changed), { key: site.key });
    expect(json).toMatchObject({ added: 1, updated: 1, unchanged: 2, sold: 1 });
    const stock = await stockOf(site.id);
    const removed = stock.find((v) => v.stocknum === "A103")!;
    expect(removed.status).toBe("sold");
    expect(removed.soldAt).not.toBeNull();
    const corolla = stock.find((v) => v.stocknum === "A100")!;
    const history = await server.database.db
      .select()
      .from(vehiclePriceHistory)
      .where(eq(vehiclePriceHistory.vehicleId, corolla.id))
      .orderBy(asc(vehiclePriceHistory.id));
    expect(history.map((h) => h.price)).toEqual([26990, 24990]);
    // Sold within include_sold_cars_days: still listed, as sold.
    const hits = await searched(site, 5);
    expect(hits.find((h) => h.stocknum === "A103")?.status).toBe("sold");
    expect(hits.find((h) => h.stocknum === "A100")?.price).toBe(24990);

    // A vehicle that comes back is in stock again.
    const back = await postFeed(server, site, csvFeed([...changed, first[3]!]), { key: site.key });
    expect(back.json).toMatchObject({ updated: 1, sold: 0 });
    const returned = (await stockOf(site.id)).find((v) => v.stocknum === "A103")!;
    expect([returned.status, returned.soldAt]).toEqual(["in_stock", null]);
  });

  it("matches a vehicle by VIN when its stock number is new, and imports the JSON sample", async () => {
    const json = await readFile(new URL("../../docs/samples/stock-feed.json", import.meta.url));
    const res = await postFeed(server, other, json, {
      key: other.key,
      contentType: "application/json",
    });
    expect(res.json).toMatchObject({ status: "applied", format: "json", added: 2 });
    const renamed = JSON.parse(json.toString()).map((v: { stocknum: string }, i: number) =>
      i === 0 ? { ...v, stocknum: "RENUMBERED" } : v,
    );
    const again = await postFeed(server, other, JSON.stringify(renamed), {
      key: other.key,
      contentType: "application/json",
    });
    expect(again.json).toMatchObject({ added: 0, updated: 1, unchanged: 1 });
    expect((await stockOf(other.id)).map((v) => v.stocknum)).toEqual(["RENUMBERED", "T1043"]);
  });

  it("refuses a full feed that would remove more than the site's share, applying nothing", async () => {
    const before = await stockOf(site.id);
    const { status, json } = await postFeed(server, site, csvFeed(first.slice(0, 1)), {
      key: site.key,
    });
    expect(status).toBe(422);
    expect(json.status).toBe("refused");
    expect(json.error).toMatch(/would mark 4 of the 5 listed vehicles as sold \(80%\).*50%/);
    expect(await stockOf(site.id)).toEqual(before);
    // The same feed as a partial import only updates what it names.
    const partial = await postFeed(server, site, csvFeed(first.slice(0, 1)), {
      key: site.key,
      mode: "partial",
    });
    expect(partial.json).toMatchObject({ status: "applied", mode: "partial", sold: 0, updated: 1 });
  });
});

describe("bad feeds", () => {
  let before: Awaited<ReturnType<typeof stockOf>>;
  beforeAll(async () => {
    before = await stockOf(site.id);
  });
  const refused = async (body: Buffer | string, contentType = "text/csv") => {
    const { status, json } = await postFeed(server, site, body, {
      key: site.key,
      mode: "partial",
      contentType,
    });
    expect(status).toBe(422);
    expect(json.status).toBe("refused");
    expect(await stockOf(site.id)).toEqual(before);
    return json.error!;
  };

  it("report each wrong value with its line and field, and apply the good rows", async () => {
    const csv = [
      "stocknum,make,model,year,car_type,price,km,images",
      "B1,Kia,Rio,twenty,used,15000,10,",
      "B2,Kia,Rio,2020,used,$15,990,10,",
      "B3,Kia,Rio,2020,spaceship,15000,-5,ftp://x",
      "B4,Kia,Cerato,2021,used,19990,1200,https://photos.example.com/b4.jpg",
    ].join("\n");
    const { status, json } = await postFeed(server, other, csv, {
      key: other.key,
      mode: "partial",
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ added: 1, rejected: 5 });
    const errors = json.row_errors as Array<{
      line: number;
      field: string | null;
      message: string;
    }>;
    expect(errors).toEqual([
      {
        line: 2,
        field: "year",
        message: 'year must be the model year as a whole number (got "twenty")',
      },
      {
        line: 3,
        field: null,
        message: expect.stringMatching(/^Line 3 has 9 values but the header names 8 columns/),
      },
      {
        line: 4,
        field: "car_type",
        message: 'car_type must be one of: new, used, demo (got "spaceship")',
      },
      { line: 4, field: "km", message: 'km must be at least 0 (got "-5")' },
      {
        line: 4,
        field: "images",
        message: expect.stringMatching(/^images each photo must be a full http\(s\) address/),
      },
    ]);
    expect((await stockOf(other.id)).some((v) => v.stocknum === "B4")).toBe(true);
  });

  it("report a stock number given twice, and keep the first", async () => {
    const feed = csvFeed([
      { stocknum: "C1", make: "Kia", model: "Rio", year: 2020, price: 1 },
      { stocknum: "c1", make: "Kia", model: "Rio", year: 2021, price: 2 },
    ]);
    const { json } = await postFeed(server, other, feed, { key: other.key, mode: "partial" });
    expect(json).toMatchObject({ added: 1, rejected: 1 });
    expect(json.row_errors).toEqual([
      {
        line: 3,
        field: "stocknum",
        message: "stocknum C1 is also on line 2: each vehicle must appear once in a feed.",
      },
    ]);
  });

  it("read a CSV with a byte order mark and Windows line ends, mapping the dealer's column names", async () => {
    const csv =
      "\uFEFFStock No,Make,Model,Year,Condition,Retail\r\nD1,Kia,Rio,2020,used,15000\r\nD2,Kia,Rio,2020,used,x\r\n";
    const db = server.database.db;
    const { sites } = await import("~/server/db/schema");
    await db
      .update(sites)
      .set({
        settings: {
          stockFeed: {
            columns: {
              stocknum: "Stock No",
              make: "Make",
              model: "Model",
              year: "Year",
              car_type: "Condition",
              price: "Retail",
            },
          },
        },
      })
      .where(eq(sites.id, other.id));
    await server.registry.reload(other.id);
    const { json } = await postFeed(server, other, csv, { key: other.key, mode: "partial" });
    expect(json).toMatchObject({ added: 1, rejected: 1 });
    expect(json.row_errors).toEqual([
      {
        line: 3,
        field: "Retail",
        message: expect.stringMatching(/^Retail must be the price in dollars/),
      },
    ]);
  });

  it("refuse a CSV without the required columns", async () => {
    expect(await refused("stocknum,make,price\nE1,Kia,100\n")).toMatch(
      /^The CSV has no column 'model', 'year', 'car_type'\./,
    );
  });

  it("refuse 10 MB of junk, bytes that are not UTF-8, an empty body, and JSON that is not a list", async () => {
    const junk = Buffer.alloc(10 * 1024 * 1024);
    for (let i = 0; i < junk.length; i++) junk[i] = (i * 7919) % 251;
    expect(await refused(junk)).toMatch(/not UTF-8/);
    const text = Buffer.from("x;y;z ".repeat(1_750_000));
    expect(await refused(text)).toMatch(/no column/);
    expect(
      await refused(
        Buffer.from(
          "stocknum,make,model,year,car_type,price\nF1,Citro\xebn,C3,2020,used,1\n",
          "latin1",
        ),
      ),
    ).toMatch(/not UTF-8 text \(the first bad character is on line 2\)/);
    expect(await refused("")).toMatch(/empty/);
    expect(await refused('{"cars": 1}', "application/json")).toMatch(/array of vehicles/);
    expect(await refused("[{", "application/json")).toMatch(/not valid JSON/);
    const records = await server.database.db
      .select()
      .from(stockImports)
      .where(and(eq(stockImports.siteId, site.id), eq(stockImports.status, "refused")));
    expect(records.length).toBeGreaterThanOrEqual(6);
  });

  it("refuse a body that is neither CSV nor JSON", async () => {
    const { status, json } = await postFeed(server, site, "<xml/>", {
      key: site.key,
      contentType: "application/xml",
    });
    expect(status).toBe(415);
    expect(json.error).toMatch(/CSV .*or JSON/);
  });
});

describe("whose stock a key may write", () => {
  it("asks for a key, and keeps site A's key out of site B", async () => {
    const none = await send(server, `/api/v1/websites/${other.id}/stock`, {
      method: "POST",
      body: "x",
    });
    expect(none.status).toBe(401);
    expect(String(none.headers["www-authenticate"])).toMatch(/Bearer realm="site-api".*Basic/);
    const before = await stockOf(other.id);
    const { status, json } = await postFeed(server, other, csvFeed(first), { key: site.key });
    expect(status).toBe(403);
    expect(json.error).toMatch(/another site/);
    expect(await stockOf(other.id)).toEqual(before);
    const read = await send(server, `/api/v1/websites/${other.id}/stock/imports`, {
      headers: {
        authorization: `Basic ${Buffer.from(`${site.slug}:${site.key}`).toString("base64")}`,
      },
    });
    expect(read.status).toBe(403);
  });

  it("keeps a read-only dashboard key from writing stock", async () => {
    const reader = await createFeedSite(server, "feed-reader", ["dashboard:read"]);
    const { status, json } = await postFeed(server, reader, csvFeed(first), { key: reader.key });
    expect(status).toBe(403);
    expect(json.error).toMatch(/stock:write/);
  });
});
