/**
 * A site that reads its data from a remote dashboard backend, end to end: a second platform
 * server is the backend, reached through a TCP relay that the test can take down and bring
 * back on the same port. The site takes the backend's configuration, locations and stock (into
 * its search index); keeps serving its last good data while the backend is down; and picks up a
 * change made meanwhile once the backend is back, on its own refresh interval.
 */
import { createServer, type Server, type Socket, connect } from "node:net";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DataSource } from "~/domain/site-settings";
import { locations, sites, vehicles } from "~/server/db/schema";
import { CAR_COLLECTION } from "~/server/search";
import { createSiteApiKey } from "~/server/sites/api-keys";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { createSiteSearch } from "~/server/stock/site-search";
import { fetchWithHost, startTestServer } from "../support/test-server";

/** Forwards connections to `target` while up; down = nothing listens on its port. */
class Relay {
  #server: Server | null = null;
  #sockets = new Set<Socket>();
  port = 0;
  constructor(private readonly target: number) {}

  async up() {
    const server = createServer((socket) => {
      const upstream = connect(this.target, "127.0.0.1");
      for (const s of [socket, upstream]) {
        this.#sockets.add(s);
        s.on("close", () => this.#sockets.delete(s));
        s.on("error", () => s.destroy());
      }
      socket.pipe(upstream).pipe(socket);
    });
    await new Promise<void>((resolve) => server.listen(this.port, "127.0.0.1", () => resolve()));
    this.port = (server.address() as AddressInfo).port;
    this.#server = server;
  }

  async down() {
    for (const s of this.#sockets) s.destroy();
    await new Promise<void>((resolve) => this.#server?.close(() => resolve()) ?? resolve());
    this.#server = null;
  }
}

/** Polls until `check` holds (a hang guard, not a timing assertion: the test timeout bounds it). */
async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 100));
}

let backend: RunningServer;
let frontend: RunningServer;
let relay: Relay;
let remoteSite: Site;
let siteId: number;
const PASSWORD_ENV = "DASHBOARD_KEY_REMOTE_TEST";

const listedCount = (server: RunningServer, site: Site) =>
  createSiteSearch(server.search, site).search(CAR_COLLECTION, { limit: 0 }).estimatedTotalHits;
const localSite = () => frontend.registry.byId(siteId)!;

beforeAll(async () => {
  backend = await startTestServer({ DATA_SOURCE_REFRESH: "false" });
  remoteSite = backend.registry.all().find((s) => s.slug === "harbour-auto-group")!;
  const { key } = await createSiteApiKey(backend.database.db, {
    siteId: remoteSite.id,
    label: "front end",
    scopes: ["dashboard:read"],
  });
  process.env[PASSWORD_ENV] = key;
  relay = new Relay(backend.port);
  await relay.up();

  // The backend answers on loopback, which outbound fetches reach only when the operator allows it.
  frontend = await startTestServer({ OUTBOUND_ALLOWED_NETWORKS: "loopback" });
  const site = frontend.registry.all().find((s) => s.slug === "coastal-kia")!;
  siteId = site.id;
  const dataSource: DataSource = {
    kind: "dashboard",
    baseUrl: `http://127.0.0.1:${relay.port}`,
    stagingBaseUrl: null,
    useStaging: false,
    websiteId: remoteSite.id,
    username: remoteSite.slug,
    passwordEnv: PASSWORD_ENV,
    refreshSeconds: 5,
    // Generous: on a busy machine the backend's whole stock can take seconds to answer, and a
    // refresh cut short would record an error the tests do not expect. A backend that is down
    // refuses the connection at once, timeout or not.
    timeoutMs: 15_000,
  };
  const [row] = await frontend.database.db.select().from(sites).where(eq(sites.id, siteId));
  await frontend.database.db
    .update(sites)
    .set({ settings: { ...row!.settings, dataSource } })
    .where(eq(sites.id, siteId));
  await frontend.bus.publish({ kind: "settings", siteId });
});
afterAll(async () => {
  await frontend?.close();
  await relay?.down();
  await backend?.close();
  delete process.env[PASSWORD_ENV];
});

describe("a site on a remote dashboard data source", () => {
  let carSlug: string;

  it("takes the backend's configuration, locations and stock, searchable and served", async () => {
    await eventually(() => Boolean(frontend.dataSources!.status(siteId)?.lastSuccessAt));
    expect(frontend.dataSources!.status(siteId)!.lastError).toBeNull();
    await eventually(() => listedCount(frontend, localSite()) === listedCount(backend, remoteSite));

    const site = localSite();
    expect(site.name).toBe(remoteSite.name);
    expect(site.navigation).toEqual(remoteSite.navigation);
    expect(site.dealerships.map((d) => d.slug)).toEqual(
      expect.arrayContaining(remoteSite.dealerships.map((d) => d.slug)),
    );
    const slugsOf = async (server: RunningServer, id: number) =>
      (
        await server.database.db
          .select({ slug: locations.slug, hours: locations.openingHours })
          .from(locations)
          .where(eq(locations.siteId, id))
      ).sort((a, b) => a.slug.localeCompare(b.slug));
    expect(await slugsOf(frontend, siteId)).toEqual(await slugsOf(backend, remoteSite.id));

    const [car] = await backend.database.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.siteId, remoteSite.id), eq(vehicles.status, "in_stock")))
      .limit(1);
    carSlug = car!.slug;
    const page = await fetchWithHost(frontend, `${site.slug}.localhost`, `/cars/${carSlug}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain(car!.name);

    // Once in step, a refresh writes nothing.
    await frontend.dataSources!.refresh(siteId);
    expect(frontend.dataSources!.status(siteId)!.lastResult).toEqual({
      configChanged: false,
      carsWritten: 0,
      carsRemoved: 0,
      carsSkipped: 0,
    });
  });

  it("keeps serving its last good data while the backend is down", async () => {
    const before = listedCount(frontend, localSite());
    await relay.down();
    await frontend.dataSources!.refresh(siteId);
    expect(frontend.dataSources!.status(siteId)!.lastError).toMatch(/could not be reached/);

    expect(listedCount(frontend, localSite())).toBe(before);
    const page = await fetchWithHost(frontend, `${localSite().slug}.localhost`, `/cars/${carSlug}`);
    expect(page.status).toBe(200);
  });

  it("picks up a change made meanwhile once the backend is back", async () => {
    const [car] = await backend.database.db
      .update(vehicles)
      .set({ price: 12_345, updatedAt: new Date() })
      .where(and(eq(vehicles.siteId, remoteSite.id), eq(vehicles.slug, carSlug)))
      .returning({ id: vehicles.id });
    await backend.bus.publish({ kind: "vehicle", siteId: remoteSite.id, ids: [car!.id] });
    await relay.up();

    const [local] = await frontend.database.db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(and(eq(vehicles.siteId, siteId), eq(vehicles.slug, carSlug)));
    // On the refresh interval, without being asked.
    await eventually(
      () =>
        (frontend.search.engine.get(CAR_COLLECTION, local!.id) as { price?: number } | undefined)
          ?.price === 12_345,
    );
    expect(frontend.dataSources!.status(siteId)!.lastError).toBeNull();
    expect(frontend.dataSources!.status(siteId)!.lastResult).toMatchObject({
      configChanged: false,
      carsWritten: 1,
      carsRemoved: 0,
    });
    const page = await fetchWithHost(frontend, `${localSite().slug}.localhost`, `/cars/${carSlug}`);
    expect(page.body).toContain("12,345");
  });
});

describe("a site whose backend password is not in the environment", () => {
  it("says which variable to set, and keeps serving", async () => {
    const before = listedCount(frontend, localSite());
    const [row] = await frontend.database.db.select().from(sites).where(eq(sites.id, siteId));
    const settings = row!.settings as { dataSource: Extract<DataSource, { kind: "dashboard" }> };
    await frontend.database.db
      .update(sites)
      .set({
        settings: {
          ...settings,
          dataSource: { ...settings.dataSource, passwordEnv: "NOT_SET_ANYWHERE" },
        },
      })
      .where(eq(sites.id, siteId));
    await frontend.bus.publish({ kind: "settings", siteId });
    await eventually(() => {
      const source = localSite().settings.dataSource;
      return source.kind === "dashboard" && source.passwordEnv === "NOT_SET_ANYWHERE";
    });
    await frontend.dataSources!.refresh(siteId);
    expect(frontend.dataSources!.status(siteId)!.lastError).toBe(
      "Set the environment variable NOT_SET_ANYWHERE to the dashboard password of this site.",
    );
    expect(listedCount(frontend, localSite())).toBe(before);
  });
});
