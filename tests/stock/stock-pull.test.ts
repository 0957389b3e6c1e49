/**
 * The scheduled pull of a feed URL, against a local HTTP server that answers conditional
 * requests as any web server does: an unchanged feed is a 304 and imports nothing; a changed one
 * is imported as a full feed; one pull of a site at a time.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sites, stockFeedPulls, stockImports, vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { pullSiteFeed } from "~/server/stock/feed-pull";
import { startTestServer } from "../support/test-server";
import { createFeedSite, csvFeed, type FeedSite } from "./support";

let server: RunningServer;
let site: FeedSite;
let feedServer: Server;
const feed = {
  body: csvFeed([
    { stocknum: "P1", make: "Kia", model: "Rio", year: 2020, price: 15990 },
    { stocknum: "P2", make: "Kia", model: "Cerato", year: 2021, price: 21990 },
  ]),
  etag: '"v1"',
  lastModified: new Date("2026-01-05T10:00:00Z").toUTCString(),
};
const requests: Array<{ ifNoneMatch?: string; ifModifiedSince?: string; status: number }> = [];
// While set, the feed holds its answer: a pull that got the lease stays in flight until released.
let held: Promise<void> | undefined;

beforeAll(async () => {
  feedServer = createServer(async (req, res) => {
    if (held) await held;
    const ifNoneMatch = req.headers["if-none-match"];
    const ifModifiedSince = req.headers["if-modified-since"];
    const fresh = ifNoneMatch === feed.etag;
    requests.push({ ifNoneMatch, ifModifiedSince, status: fresh ? 304 : 200 });
    if (fresh) {
      res.writeHead(304, { etag: feed.etag }).end();
      return;
    }
    res
      .writeHead(200, {
        "content-type": "text/csv",
        etag: feed.etag,
        "last-modified": feed.lastModified,
      })
      .end(feed.body);
  });
  await new Promise<void>((resolve) => feedServer.listen(0, "127.0.0.1", resolve));
  // The feed listens on loopback, which outbound fetches reach only when the operator allows it.
  server = await startTestServer({
    STOCK_FEED_PULL: "false",
    OUTBOUND_ALLOWED_NETWORKS: "loopback",
  });
  site = await createFeedSite(server, "pull-one");
  const url = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/stock.csv`;
  await server.database.db
    .update(sites)
    .set({ settings: { stockFeed: { url } } })
    .where(eq(sites.id, site.id));
  await server.registry.reload(site.id);
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => feedServer?.close(resolve));
});

const deps = () => ({ db: server.database.db, bus: server.bus });
const imports = () =>
  server.database.db.select().from(stockImports).where(eq(stockImports.siteId, site.id));

describe("pulling a site's feed URL", () => {
  it("imports the feed, then asks with its validators and gets a 304 that imports nothing", async () => {
    const current = () => server.registry.byId(site.id)!;
    expect(await pullSiteFeed(deps(), current())).toBe("imported");
    expect(await imports()).toMatchObject([{ source: "pull", mode: "full", added: 2 }]);
    const stockBefore = await server.database.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.siteId, site.id));

    expect(await pullSiteFeed(deps(), current())).toBe("not_modified");
    expect(requests.at(-1)).toEqual({
      ifNoneMatch: '"v1"',
      ifModifiedSince: feed.lastModified,
      status: 304,
    });
    expect(await imports()).toHaveLength(1);
    expect(
      await server.database.db.select().from(vehicles).where(eq(vehicles.siteId, site.id)),
    ).toEqual(stockBefore);

    feed.body = csvFeed([
      { stocknum: "P1", make: "Kia", model: "Rio", year: 2020, price: 14990 },
      { stocknum: "P2", make: "Kia", model: "Cerato", year: 2021, price: 21990 },
    ]);
    feed.etag = '"v2"';
    expect(await pullSiteFeed(deps(), current())).toBe("imported");
    expect((await imports()).at(-1)).toMatchObject({ updated: 1, unchanged: 1 });
    const [state] = await server.database.db
      .select()
      .from(stockFeedPulls)
      .where(eq(stockFeedPulls.siteId, site.id));
    expect(state).toMatchObject({ etag: '"v2"', lastOutcome: "imported", leaseUntil: null });
  });

  it("lets one pull of a site run at a time", async () => {
    const current = server.registry.byId(site.id)!;
    // The feed answers only once the first pull has settled (or after 5 s, so that two pulls
    // both holding the lease fail the test rather than hang it).
    let release!: () => void;
    held = new Promise<void>((resolve) => {
      release = resolve;
      setTimeout(resolve, 5_000);
    });
    const pulls = [
      pullSiteFeed(deps(), current, "node-a"),
      pullSiteFeed(deps(), current, "node-b"),
    ];
    const first = await Promise.race(pulls);
    release();
    held = undefined;
    expect(first).toBe("busy");
    expect((await Promise.all(pulls)).sort()).toEqual(["busy", "not_modified"]);
  });
});
