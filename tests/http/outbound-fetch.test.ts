/**
 * Outbound fetches of addresses that staff or site settings choose (stock feed URL, lead
 * webhooks, dashboard data sources, photo hosts) never reach this machine or its private
 * networks: the address is checked when the socket connects, redirects are checked again, answers
 * are bounded in size and time, and staff see why a fetch failed, never what a refused or failed
 * address answered.
 *
 * "Inside" is a listener on loopback that answers a secret. "Outside" stands for a public host:
 * it listens on 127.0.0.2, the one address the operator's allow-list names here, so that
 * loopback itself (127.0.0.1, ::1, localhost) stays refused.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDashboardClient } from "~/server/dashboard/client";
import { leadDeliveries, leadRecipients, sites, stockFeedPulls } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { pullSiteFeed } from "~/server/stock/feed-pull";
import { sendJson, validLead } from "../leads/support/lead-client";
import { createFeedSite, csvFeed, type FeedSite } from "../stock/support";
import { signInAs } from "../support/staff";
import { fetchWithHost, startTestServer } from "../support/test-server";

const SECRET = "db_password=hunter2";
const goodFeed = csvFeed([
  { stocknum: "OK1", make: "Kia", model: "Rio", year: 2021, price: 18990 },
]);

type Listener = { server: Server; port: number; hits: string[] };

async function listen(
  host: string,
  answer: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<Listener> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? "");
    answer(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, host, resolve);
  });
  return { server, port: (server.address() as AddressInfo).port, hits };
}

const close = (listener: Listener | null | undefined) =>
  listener &&
  new Promise<void>((resolve) => {
    listener.server.closeAllConnections();
    listener.server.close(() => resolve());
  });

const tellSecret = (_req: IncomingMessage, res: ServerResponse) =>
  res.writeHead(200, { "content-type": "text/csv" }).end(`${SECRET}\n`);

let inside: Listener;
let insideV6: Listener | null = null;
let outside: Listener;

function outsideAnswers(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? "";
  if (url === "/to-inside")
    res.writeHead(302, { location: `http://127.0.0.1:${inside.port}/secret` }).end();
  else if (url === "/to-file") res.writeHead(302, { location: "file:///etc/passwd" }).end();
  else if (url === "/huge.csv") {
    // A feed that never stops: 1 MB at a time, until the reader hangs up.
    res.writeHead(200, { "content-type": "text/csv" });
    const chunk = Buffer.alloc(1024 * 1024, "a");
    const more = () => {
      while (!res.destroyed && res.write(chunk));
      if (!res.destroyed) res.once("drain", more);
    };
    res.once("close", () => res.removeAllListeners("drain"));
    more();
  } else if (url.startsWith("/trickle")) {
    // Headers at once, then a byte now and then, never the end of the answer.
    res.writeHead(200, { "content-type": "application/json" });
    res.write("{");
    const timer = setInterval(() => res.write(" "), 100);
    res.once("close", () => clearInterval(timer));
  } else res.writeHead(200, { "content-type": "text/csv" }).end(goodFeed);
}

beforeAll(async () => {
  inside = await listen("127.0.0.1", tellSecret);
  try {
    insideV6 = await listen("::1", tellSecret);
  } catch {
    insideV6 = null; // No IPv6 loopback on this machine: [::1] is still refused, unreached.
  }
  outside = await listen("127.0.0.2", outsideAnswers);
});
afterAll(async () => {
  await close(inside);
  await close(insideV6);
  await close(outside);
});

describe("with the allow-list naming no loopback network", () => {
  let server: RunningServer;
  let site: FeedSite;

  beforeAll(async () => {
    server = await startTestServer({
      STOCK_FEED_PULL: "false",
      LEAD_POLL_MS: "50",
      OUTBOUND_ALLOWED_NETWORKS: "127.0.0.2",
    });
    site = await createFeedSite(server, "outbound-guard");
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Pulls the site's feed from `url` (set as the setting would be) and answers the pull's record. */
  async function pullFrom(url: string) {
    const current = server.registry.byId(site.id)!;
    const withUrl = {
      ...current,
      settings: { ...current.settings, stockFeed: { ...current.settings.stockFeed, url } },
    };
    const outcome = await pullSiteFeed({ db: server.database.db, bus: server.bus }, withUrl);
    const [row] = await server.database.db
      .select()
      .from(stockFeedPulls)
      .where(eq(stockFeedPulls.siteId, site.id));
    return { outcome, error: row?.lastError ?? null };
  }

  it.each([
    [
      "a loopback listener",
      () => `http://127.0.0.1:${inside.port}/stock.csv`,
      /127\.0\.0\.1 is a loopback address/,
    ],
    [
      "localhost",
      () => `http://localhost:${inside.port}/stock.csv`,
      /localhost resolves to (127\.0\.0\.1|::1), a loopback address/,
    ],
    [
      "[::1]",
      () => `http://[::1]:${insideV6?.port ?? inside.port}/stock.csv`,
      /::1 is a loopback address/,
    ],
    [
      "[::ffff:127.0.0.1]",
      () => `http://[::ffff:127.0.0.1]:${inside.port}/stock.csv`,
      /is a loopback address/,
    ],
    [
      "a loopback address spelled in hex",
      () => `http://0x7f.1:${inside.port}/stock.csv`,
      /127\.0\.0\.1 is a loopback address/,
    ],
    [
      "0.0.0.0",
      () => `http://0.0.0.0:${inside.port}/stock.csv`,
      /0\.0\.0\.0 is an unspecified address/,
    ],
    [
      "the metadata service",
      () => "http://169.254.169.254/latest/meta-data/",
      /169\.254\.169\.254 is a cloud metadata address/,
    ],
    [
      "a redirect to loopback",
      () => `http://127.0.0.2:${outside.port}/to-inside`,
      /127\.0\.0\.1 is a loopback address/,
    ],
    [
      "a redirect to file:",
      () => `http://127.0.0.2:${outside.port}/to-file`,
      /only http and https addresses are fetched, not file:/,
    ],
    ["file:", () => "file:///etc/passwd", /only http and https addresses are fetched, not file:/],
    ["gopher:", () => `gopher://127.0.0.1:${inside.port}/_GET%20/`, /not gopher:/],
  ])("refuses a feed URL to %s without reaching it", async (_name, url, reason) => {
    const { outcome, error } = await pullFrom(url());
    expect(outcome).toBe("failed");
    expect(error).toMatch(/^The feed URL was not fetched: /);
    expect(error).toMatch(reason);
    expect(error).not.toContain(SECRET);
    expect(inside.hits).toEqual([]);
    expect(insideV6?.hits ?? []).toEqual([]);
  });

  it("shows staff the reason on the imports page, never the answer", async () => {
    await pullFrom(`http://127.0.0.1:${inside.port}/stock.csv?token=feed-token-1234`);
    const admin = await signInAs(server, "platform_admin");
    const page = await admin.get(`/admin/stock/${site.id}/imports`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(
      "The feed URL was not fetched: address not allowed: 127.0.0.1 is a loopback address",
    );
    expect(page.body).not.toContain("db_password");
    // The address without its query, where a feed's token often is.
    expect(page.body).toContain(`http://127.0.0.1:${inside.port}/stock.csv`);
    expect(page.body).not.toContain("feed-token-1234");
    expect(inside.hits).toEqual([]);
  });

  it("pulls a feed from an allowed host, and cuts one past 32 MB", async () => {
    expect(await pullFrom(`http://127.0.0.2:${outside.port}/feed.csv`)).toEqual({
      outcome: "imported",
      error: null,
    });
    expect(await pullFrom(`http://127.0.0.2:${outside.port}/huge.csv`)).toEqual({
      outcome: "failed",
      error: "The feed is larger than 32 MB: split it across several feeds.",
    });
  });

  it("refuses a feed URL setting that is not http(s)", async () => {
    const admin = await signInAs(server, "platform_admin");
    for (const url of ["file:///etc/passwd", "gopher://127.0.0.1:70/", "javascript:alert(1)"]) {
      const response = await admin.post(`/admin/settings/${site.id}`, {
        intent: "review",
        "stockFeed.url": url,
      });
      expect(response.status, url).toBe(400);
      expect(response.body, url).toContain("The feed URL must be a full http(s) address");
    }
  });

  it("logs a webhook to loopback as refused, without calling it", async () => {
    const target = `http://127.0.0.1:${inside.port}/hook`;
    const lone = server.registry.all().find((s) => s.slug === "lone-star-autos")!;
    await server.database.db
      .insert(leadRecipients)
      .values({ siteId: lone.id, channel: "webhook", target, secret: null });
    const res = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: validLead({ phone: "(512) 555-0142", postcode: "78701" }) },
      { host: "lone-star-autos.localhost" },
    );
    expect(res.status).toBe(201);
    const id = res.json.id as string;
    await expect
      .poll(
        async () =>
          (
            await server.database.db
              .select({ target: leadDeliveries.target, lastError: leadDeliveries.lastError })
              .from(leadDeliveries)
              .where(eq(leadDeliveries.leadId, id))
          ).find((d) => d.target === target)?.lastError,
        { timeout: 15_000 },
      )
      .toBe("address not allowed: 127.0.0.1 is a loopback address");
    const admin = await signInAs(server, "platform_admin");
    const page = await admin.get(`/admin/leads/${id}`);
    expect(page.body).toContain("address not allowed: 127.0.0.1 is a loopback address");
    expect(inside.hits).toEqual([]);
  });

  it("refuses a dashboard backend on loopback, and cuts a dashboard answer that never ends", async () => {
    const options = { username: "remote", password: "s3cret", timeoutMs: 500 };
    await expect(
      createDashboardClient({
        ...options,
        baseUrl: `http://127.0.0.1:${inside.port}`,
      }).websiteSessionData(1),
    ).rejects.toThrow(
      "The dashboard could not be reached: address not allowed: 127.0.0.1 is a loopback address",
    );
    await expect(
      createDashboardClient({
        ...options,
        baseUrl: `http://127.0.0.2:${outside.port}/trickle`,
      }).websiteSessionData(1),
    ).rejects.toThrow("The dashboard did not answer within 500 ms.");
    expect(inside.hits).toEqual([]);
  });

  it("does not resize a photo from a loopback host, even when staff list it", async () => {
    const photoHost = `127.0.0.1:${inside.port}`;
    await server.database.db
      .update(sites)
      .set({ settings: { imageSourceHosts: [photoHost] } })
      .where(eq(sites.id, site.id));
    await server.registry.reload(site.id);
    const response = await fetchWithHost(
      server,
      `${site.slug}.localhost`,
      `/media/image?url=${encodeURIComponent(`http://${photoHost}/car.jpg`)}&w=640&q=75`,
    );
    expect(response.status).toBe(502);
    expect(response.body).not.toContain(SECRET);
    expect(inside.hits).toEqual([]);
  });
});

describe("with the allow-list naming loopback", () => {
  let server: RunningServer;
  let site: FeedSite;

  beforeAll(async () => {
    inside.server.removeAllListeners("request");
    inside.server.on("request", (req: IncomingMessage, res: ServerResponse) => {
      inside.hits.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/csv" }).end(goodFeed);
    });
    server = await startTestServer({
      STOCK_FEED_PULL: "false",
      OUTBOUND_ALLOWED_NETWORKS: "loopback",
    });
    site = await createFeedSite(server, "outbound-allowed");
    await server.database.db
      .update(sites)
      .set({ settings: { stockFeed: { url: `http://127.0.0.1:${inside.port}/stock.csv` } } })
      .where(eq(sites.id, site.id));
    await server.registry.reload(site.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("pulls the same feed from a loopback listener", async () => {
    const deps = { db: server.database.db, bus: server.bus };
    expect(await pullSiteFeed(deps, server.registry.byId(site.id)!)).toBe("imported");
    expect(inside.hits).toEqual(["/stock.csv"]);
  });
});
