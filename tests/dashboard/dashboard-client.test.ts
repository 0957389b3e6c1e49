/**
 * The dashboard client (server/dashboard/client.ts): against the platform's own
 * dashboard-compatible API, then against a local HTTP server that answers with the faults of the
 * product's error catalogue (500s, timeouts, a 404 body, malformed JSON, non-ok answers with and
 * without an `error` field).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DASHBOARD_CACHE_SECONDS } from "~/domain/http-errors";
import { createDashboardClient, DashboardError } from "~/server/dashboard/client";
import { manufacturers, vehicles } from "~/server/db/schema";
import { setOutboundAllowedNetworks } from "~/server/net/outbound-fetch";
import { createSiteApiKey } from "~/server/sites/api-keys";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { startTestServer } from "../support/test-server";

describe("against the platform's dashboard-compatible API", () => {
  let server: RunningServer;
  let site: Site;
  let other: Site;
  let client: ReturnType<typeof createDashboardClient>;

  beforeAll(async () => {
    // The platform answers on loopback, which outbound fetches reach only when allowed.
    server = await startTestServer({ OUTBOUND_ALLOWED_NETWORKS: "loopback" });
    site = server.registry.all().find((s) => s.slug === "harbour-auto-group")!;
    other = server.registry.all().find((s) => s.slug === "coastal-kia")!;
    const { key } = await createSiteApiKey(server.database.db, {
      siteId: site.id,
      label: "client test",
      scopes: ["dashboard:read"],
    });
    client = createDashboardClient({
      baseUrl: `http://127.0.0.1:${server.port}`,
      username: site.slug,
      password: key,
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("reads a car, no car for an unknown or malformed slug, and the whole stock", async () => {
    const [row] = await server.database.db
      .select({ slug: vehicles.slug, id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.siteId, site.id))
      .limit(1);
    expect(await client.car(site.id, row!.slug)).toMatchObject({ id: row!.id, slug: row!.slug });
    expect(await client.car(site.id, "no-such-car")).toBeNull();
    expect(await client.car(site.id, "../etc/passwd")).toBeNull();
    const [{ n }] = (await server.database.db
      .select({ n: count() })
      .from(vehicles)
      .where(eq(vehicles.siteId, site.id))) as [{ n: number }];
    const cars = await client.cars(site.id);
    expect(cars).toHaveLength(n);
    expect(new Set(cars.map((c) => c.slug)).size).toBe(n);
  });

  it("reads session data (nothing without a website id), search pages, manufacturers and slots", async () => {
    expect(await client.websiteSessionData(null)).toBeNull();
    const session = await client.websiteSessionData(site.id);
    expect(session!.website).toMatchObject({ id: site.id, name: site.name });
    expect(session!.navigation).toEqual(site.navigation);
    expect((await client.searchSlugs(site.id)).length).toBeGreaterThan(0);
    expect((await client.searchPageTemplates(site.id))[0]!.path).toBe("/search");
    const dealership = site.dealerships[0]!;
    expect((await client.serviceBookings(dealership.id)).dealership_id).toBe(dealership.id);
    expect((await client.appointmentBookings(dealership.id)).dealership_id).toBe(dealership.id);
    const slugs = await client.searchSlugs(site.id);
    expect(slugs.some((s) => s.filters.make?.[0] === "Toyota")).toBe(true);
    const [toyota] = await server.database.db
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(eq(manufacturers.slug, "toyota"));
    expect(await client.manufacturer(toyota!.id, site.id)).toMatchObject({ slug: "toyota" });
  });

  it("raises the platform's own error for another website, with its status", async () => {
    const error = await client.websiteSessionData(other.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DashboardError);
    expect(error).toMatchObject({ message: "This API key belongs to another site.", status: 403 });
  });
});

/** A backend that answers each request with the next scripted answer, recording what it got. */
type Answer =
  | { status: number; body?: string; statusText?: string }
  | { hang: true }
  | { delayMs: number; status: number; body: string };

class FaultyBackend {
  answers: Answer[] = [];
  requests: IncomingMessage[] = [];
  readonly server = createServer((req, res) => this.handle(req, res));
  url = "";

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private handle(req: IncomingMessage, res: ServerResponse) {
    this.requests.push(req);
    const answer = this.answers.shift() ?? { status: 200, body: "{}" };
    if ("hang" in answer) return;
    const send = () => {
      res.statusMessage = "statusText" in answer && answer.statusText ? answer.statusText : "";
      res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body ?? "");
    };
    if ("delayMs" in answer) setTimeout(send, answer.delayMs);
    else send();
  }
}

const session = (id: number) =>
  JSON.stringify({
    website: {
      id,
      slug: "remote",
      name: "Remote Motors",
      template: "classic",
      locale: "en-AU",
      url: null,
      domain_name: null,
      logo: null,
      city: null,
      state: null,
      dealership_id: null,
      dealership_group: null,
      manufacturer: null,
      default_search_path: "/search",
      include_sold_cars_days: null,
      specifications: { just_arrived_days: 8, just_arrived_tag_name: "New", sold_tag_name: "Sold" },
      offers_subscription: false,
      garage_enabled: true,
      gtm_id: null,
      contact_details: { phone: null, email: null, address: null },
      stock: { count: 0, makes: 0, models: 0 },
    },
    dealerships: [],
    navigation: { header: [], footer: [], social: [] },
    locations: [],
    special_hours: [],
  });

describe("against a faulty backend: every row of the error catalogue that applies", () => {
  const backend = new FaultyBackend();
  const staging = new FaultyBackend();
  let clock = 1_000_000;
  const warnings: unknown[] = [];
  const client = () =>
    createDashboardClient({
      baseUrl: backend.url,
      username: "remote",
      password: "s3cret",
      timeoutMs: 300,
      now: () => clock,
      logger: { warn: (entry: unknown) => void warnings.push(entry) } as never,
    });

  beforeAll(async () => {
    // No server of this file's own is started here: the process's outbound fetches are told
    // that the fake backends' loopback is allowed, as a server would be by its environment.
    setOutboundAllowedNetworks(["loopback"]);
    await backend.start();
    await staging.start();
  });
  afterAll(async () => {
    await backend.stop();
    await staging.stop();
  });
  beforeEach(() => {
    backend.answers = [];
    backend.requests = [];
    staging.requests = [];
    warnings.length = 0;
  });

  it("sends Basic auth and accepts JSON", async () => {
    backend.answers = [{ status: 200, body: session(7) }];
    await client().websiteSessionData(7);
    expect(backend.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from("remote:s3cret").toString("base64")}`,
    );
    expect(backend.requests[0]!.headers.accept).toBe("application/json");
    expect(backend.requests[0]!.url).toBe("/api/v1/websites/7/website_session_data.json");
  });

  it("retries after 500s and succeeds on the third try, logging each failure", async () => {
    backend.answers = [{ status: 500 }, { status: 500 }, { status: 200, body: session(7) }];
    expect((await client().websiteSessionData(7))!.website.id).toBe(7);
    expect(backend.requests).toHaveLength(3);
    expect(warnings).toHaveLength(2);
  });

  it("fails with the status after three 500s: 'An unexpected error occurred' and the status text", async () => {
    backend.answers = Array(3).fill({ status: 500, statusText: "Internal Server Error" });
    const error = await client()
      .websiteSessionData(7)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: "An unexpected error occurred: Internal Server Error",
      status: 500,
    });
    expect(backend.requests).toHaveLength(3);
  });

  it("raises the body's error field with the status of a non-ok answer", async () => {
    backend.answers = Array(3).fill({ status: 422, body: '{"error":"Website is archived"}' });
    const error = await client()
      .searchSlugs(7)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DashboardError);
    expect(error).toMatchObject({ message: "Website is archived", status: 422 });
    expect(backend.requests).toHaveLength(3);
  });

  it("times out each try, and succeeds when a later try answers in time", async () => {
    backend.answers = [{ hang: true }, { hang: true }, { hang: true }];
    const error = await client()
      .websiteSessionData(7)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      message: "The dashboard did not answer within 300 ms.",
      status: null,
    });
    expect(backend.requests).toHaveLength(3);

    backend.requests = [];
    backend.answers = [
      { delayMs: 1000, status: 200, body: session(7) },
      { status: 200, body: session(7) },
    ];
    expect((await client().websiteSessionData(7))!.website.id).toBe(7);
    expect(backend.requests).toHaveLength(2);
  });

  it("a 404 status in the body yields no car, at once", async () => {
    backend.answers = [{ status: 200, body: '{"status":404,"error":"Not found"}' }];
    expect(await client().car(7, "a-car")).toBeNull();
    expect(backend.requests).toHaveLength(1);
    expect(backend.requests[0]!.url).toBe("/websites/7/cars/a-car.json");
  });

  it("retries malformed JSON, then fails", async () => {
    backend.answers = [
      { status: 200, body: "{not json" },
      { status: 200, body: session(7) },
    ];
    expect((await client().websiteSessionData(7))!.website.id).toBe(7);
    backend.answers = Array(3).fill({ status: 200, body: "<html>oops" });
    await expect(client().websiteSessionData(7)).rejects.toThrow(/malformed JSON/);
  });

  it("refuses an answer in the wrong shape", async () => {
    backend.answers = Array(3).fill({ status: 200, body: '{"website":{"id":"seven"}}' });
    await expect(client().websiteSessionData(7)).rejects.toThrow(/not in the expected shape/);
  });

  it("keeps search slugs and page templates for one week", async () => {
    const c = client();
    const slugs =
      '{"search_slugs":[{"slug":"make/Kia","path":"/search/make/Kia","filters":{"make":["Kia"]},"count":3}]}';
    backend.answers = [{ status: 200, body: slugs }];
    expect(await c.searchSlugs(7)).toHaveLength(1);
    clock += (DASHBOARD_CACHE_SECONDS - 1) * 1000;
    expect(await c.searchSlugs(7)).toHaveLength(1);
    expect(backend.requests).toHaveLength(1);
    clock += 1000;
    backend.answers = [{ status: 200, body: '{"search_slugs":[]}' }];
    expect(await c.searchSlugs(7)).toHaveLength(0);
    expect(backend.requests).toHaveLength(2);

    backend.answers = [{ status: 200, body: '{"search_page_templates":[]}' }];
    await c.searchPageTemplates(7);
    await c.searchPageTemplates(7);
    expect(backend.requests).toHaveLength(3);
  });

  it("uses the staging host when it is set and in use", async () => {
    staging.answers = [{ status: 200, body: session(7) }];
    const options = {
      baseUrl: backend.url,
      stagingBaseUrl: staging.url,
      username: "u",
      password: "p",
    };
    await createDashboardClient({ ...options, useStaging: true }).websiteSessionData(7);
    expect(staging.requests).toHaveLength(1);
    expect(backend.requests).toHaveLength(0);
    backend.answers = [{ status: 200, body: session(7) }];
    await createDashboardClient({ ...options, useStaging: false }).websiteSessionData(7);
    expect(backend.requests).toHaveLength(1);
  });

  it("fails with a message when the backend cannot be reached", async () => {
    const unreachable = createDashboardClient({
      baseUrl: "http://127.0.0.1:9",
      username: "u",
      password: "p",
    });
    await expect(unreachable.websiteSessionData(7)).rejects.toThrow(/could not be reached/);
  });
});
