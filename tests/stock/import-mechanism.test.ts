/**
 * The importer's mechanisms below the API: unchanged vehicles are not written, a feed larger
 * than one write statement is applied whole or not at all, and the search index neither loses a
 * change announced while it loads nor one whose update failed for a moment.
 */
import { randomBytes } from "node:crypto";
import { count, eq, sql } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "~/server/db/client";
import {
  dealerships,
  sites,
  stockImports,
  vehiclePriceHistory,
  vehicles,
} from "~/server/db/schema";
import { ChangeBus, type Change } from "~/server/events/change-bus";
import { CAR_COLLECTION } from "~/server/search";
import { SiteRegistry } from "~/server/sites/site-registry";
import { startSearchIndex } from "~/server/stock/search-sync";
import { importStock } from "~/server/stock/stock-import";
import { createTestDatabase } from "../support/test-database";

let handle: DatabaseHandle;
const logger = pino({ level: "silent" });

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

async function newSite(slug: string) {
  const [site] = await handle.db
    .insert(sites)
    .values({
      slug,
      name: slug,
      searchKey: `search-${slug}-${randomBytes(8).toString("hex")}`,
      navigation: { header: [], footer: [], social: [] },
      contactDetails: { phone: null, email: null, address: null },
    })
    .returning({ id: sites.id });
  await handle.db.insert(dealerships).values({ siteId: site!.id, name: slug, slug });
  const registry = new SiteRegistry(handle.db);
  await registry.load();
  return registry.byId(site!.id)!;
}

function feed(count: number, price: (i: number) => number = (i) => 20000 + i) {
  const lines = ["stocknum,make,model,year,car_type,price,features"];
  for (let i = 0; i < count; i++)
    lines.push(`M${i},Toyota,Corolla,2021,used,${price(i)},Bluetooth|Reversing Camera`);
  return Buffer.from(`${lines.join("\n")}\n`);
}

/** The change bus's messages while `run` runs. */
async function announced(bus: ChangeBus, run: () => Promise<unknown>): Promise<Change[]> {
  const heard: Change[] = [];
  const stop = bus.subscribe((change) => void heard.push(change));
  try {
    await run();
  } finally {
    stop();
  }
  return heard;
}

describe("a feed import", () => {
  it("writes only the vehicles that changed: unchanged ones keep their row, history and silence", async () => {
    const site = await newSite("unchanged-rows");
    const bus = new ChangeBus();
    const input = { site, source: "cli", mode: "full", format: "csv" } as const;
    await importStock({ db: handle.db, bus }, { ...input, bytes: feed(30) });
    const before = await handle.db
      .select({ id: vehicles.id, updatedAt: vehicles.updatedAt })
      .from(vehicles)
      .where(eq(vehicles.siteId, site.id));
    const historyOf = async () =>
      (
        await handle.db
          .select({ n: count() })
          .from(vehiclePriceHistory)
          .where(eq(vehiclePriceHistory.siteId, site.id))
      )[0]!.n;
    const history = await historyOf();

    let report;
    const changes = await announced(bus, async () => {
      report = await importStock(
        { db: handle.db, bus },
        { ...input, bytes: feed(30, (i) => (i === 7 ? 100 : 20000 + i)) },
      );
    });
    expect(report).toMatchObject({ updated: 1, unchanged: 29, added: 0, sold: 0 });
    const after = await handle.db
      .select({ id: vehicles.id, updatedAt: vehicles.updatedAt, stocknum: vehicles.stocknum })
      .from(vehicles)
      .where(eq(vehicles.siteId, site.id));
    const rewritten = after.filter(
      (row) => row.updatedAt.getTime() !== before.find((b) => b.id === row.id)!.updatedAt.getTime(),
    );
    expect(rewritten.map((row) => row.stocknum)).toEqual(["M7"]);
    expect(await historyOf()).toBe(history + 1);
    expect(changes).toEqual([
      { kind: "vehicle", siteId: site.id, ids: [after.find((r) => r.stocknum === "M7")!.id] },
    ]);
  });

  it("applies a feed larger than one write statement whole, or nothing of it when a later part fails", async () => {
    const site = await newSite("atomic-chunks");
    const bus = new ChangeBus();
    // The database refuses one vehicle of the second write statement (rows 2,001 on).
    await handle.db.execute(sql`
      CREATE FUNCTION refuse_m2400() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.stocknum = 'M2400' THEN RAISE EXCEPTION 'refused for the test'; END IF;
        RETURN NEW;
      END $$`);
    await handle.db.execute(sql`
      CREATE TRIGGER refuse_m2400 BEFORE INSERT OR UPDATE ON vehicles
      FOR EACH ROW EXECUTE FUNCTION refuse_m2400()`);
    const input = { site, source: "cli", mode: "full", format: "csv" } as const;
    try {
      await expect(
        importStock({ db: handle.db, bus }, { ...input, bytes: feed(2500) }),
      ).rejects.toThrow();
    } finally {
      await handle.db.execute(sql`DROP TRIGGER refuse_m2400 ON vehicles`);
      await handle.db.execute(sql`DROP FUNCTION refuse_m2400()`);
    }
    const rowsOf = async (table: typeof vehicles | typeof vehiclePriceHistory) =>
      (await handle.db.select({ n: count() }).from(table).where(eq(table.siteId, site.id)))[0]!.n;
    expect(await rowsOf(vehicles)).toBe(0);
    expect(await rowsOf(vehiclePriceHistory)).toBe(0);
    const applied = await handle.db
      .select()
      .from(stockImports)
      .where(eq(stockImports.siteId, site.id));
    expect(applied).toEqual([]);

    const report = await importStock({ db: handle.db, bus }, { ...input, bytes: feed(2500) });
    expect(report).toMatchObject({ status: "applied", added: 2500 });
    expect(await rowsOf(vehicles)).toBe(2500);
    expect(await rowsOf(vehiclePriceHistory)).toBe(2500);
  });
});

describe("the search index", () => {
  it("keeps a change announced while it loads, and one whose update failed for a moment", async () => {
    const site = await newSite("index-follows");
    const bus = new ChangeBus();
    const registry = new SiteRegistry(handle.db);
    await registry.load();
    const input = { site, source: "cli", mode: "full", format: "csv" } as const;

    // A database whose first read is answered as it was before an import that commits and is
    // announced while that read is under way (a load racing a change), and that fails statements
    // while `failing` is above 0, as a database briefly away would.
    let failing = 0;
    let raced = false;
    const flaky = new Proxy(handle.db, {
      get(target, key, receiver) {
        if (key !== "execute") return Reflect.get(target, key, receiver) as unknown;
        return async (query: Parameters<Database["execute"]>[0]) => {
          if (failing > 0) {
            failing -= 1;
            throw new Error("connection lost");
          }
          const result = await target.execute(query);
          if (!raced) {
            raced = true;
            await importStock({ db: handle.db, bus }, { ...input, bytes: feed(3) });
          }
          return result;
        };
      },
    }) as Database;

    const search = await startSearchIndex({
      db: flaky,
      bus,
      registry,
      masterKey: "test-master-key-0123456789",
      logger,
    });
    try {
      /** The indexed prices of the site's vehicles once they are `expected` (or after 4 s). */
      const pricesIndexed = async (expected: number[]) => {
        let prices: Array<number | undefined> = [];
        for (let i = 0; i < 400; i++) {
          const ids = (
            await handle.db
              .select({ id: vehicles.id })
              .from(vehicles)
              .where(eq(vehicles.siteId, site.id))
          ).map((r) => r.id);
          prices = ids
            .map((id) => search.engine.get(CAR_COLLECTION, id) as { price?: number } | undefined)
            .map((doc) => doc?.price)
            .sort((x, y) => (x ?? 0) - (y ?? 0));
          if (JSON.stringify(prices) === JSON.stringify(expected)) break;
          await new Promise((resolve) => setTimeout(resolve, 10));
        }
        return prices;
      };
      expect(raced).toBe(true);
      expect(await pricesIndexed([20000, 20001, 20002])).toEqual([20000, 20001, 20002]);

      failing = 2;
      await importStock(
        { db: handle.db, bus },
        { ...input, bytes: feed(3, (i) => (i === 1 ? 15000 : 20000 + i)) },
      );
      expect(await pricesIndexed([15000, 20000, 20002])).toEqual([15000, 20000, 20002]);
      expect(failing).toBe(0);
    } finally {
      search.stop();
    }
  });
});
