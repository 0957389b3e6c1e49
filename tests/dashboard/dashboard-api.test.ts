/**
 * The dashboard-compatible API over HTTP against a running platform (docs/dashboard-api.md):
 * each endpoint's shape, its checks of path and query before any lookup, and isolation: one
 * website's credentials read nothing of another's.
 */
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { locations, manufacturers, vehicles } from "~/server/db/schema";
import { createSiteApiKey } from "~/server/sites/api-keys";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
let siteA: Site;
let siteB: Site;
let keyA: string;
let authA: string;
let authB: string;

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

async function get(path: string, authorization?: string) {
  const response = await fetchWithHost(server, "localhost", path, {
    headers: authorization ? { authorization } : {},
  });
  return { ...response, json: JSON.parse(response.body) as Record<string, unknown> };
}

async function slugOfACar(site: Site): Promise<string> {
  const [row] = await server.database.db
    .select({ slug: vehicles.slug })
    .from(vehicles)
    .where(eq(vehicles.siteId, site.id))
    .limit(1);
  return row!.slug;
}

beforeAll(async () => {
  server = await startTestServer();
  siteA = server.registry.all().find((s) => s.slug === "harbour-auto-group")!;
  siteB = server.registry.all().find((s) => s.slug === "coastal-kia")!;
  const scopes = ["dashboard:read"] as const;
  ({ key: keyA } = await createSiteApiKey(server.database.db, {
    siteId: siteA.id,
    label: "A",
    scopes,
  }));
  const keyB = await createSiteApiKey(server.database.db, { siteId: siteB.id, label: "B", scopes });
  authA = basic(siteA.slug, keyA);
  authB = basic(String(siteB.id), keyB.key);
});
afterAll(async () => {
  await server?.close();
});

describe("GET /websites/{website_id}/cars/{slug}.json", () => {
  it("answers a car of the website with the Vehicle fields", async () => {
    const slug = await slugOfACar(siteA);
    const { status, json, headers } = await get(`/websites/${siteA.id}/cars/${slug}.json`, authA);
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("no-store");
    expect(json).toMatchObject({ slug, dealership_slug: expect.any(String) });
    for (const field of ["id", "make", "model", "year", "km", "price", "status", "car_type"])
      expect(json).toHaveProperty(field);
    expect(Array.isArray(json.images)).toBe(true);
  });

  it("answers an unknown car with status 404 in the body", async () => {
    const { status, json } = await get(`/websites/${siteA.id}/cars/no-such-car.json`, authA);
    expect(status).toBe(200);
    expect(json).toEqual({ status: 404, error: "This website has no car with that slug." });
  });

  it("refuses a malformed slug or website id with a message, before any lookup", async () => {
    const badSlug = await get(`/websites/${siteA.id}/cars/bad%20slug.json`, authA);
    expect(badSlug.status).toBe(400);
    expect(badSlug.json.error).toMatch(/letters, digits/);
    for (const id of ["abc", "-1", "1.5", "99999999999"]) {
      const badId = await get(`/websites/${id}/cars/x.json`, authA);
      expect(badId.status, id).toBe(400);
      expect(badId.json.error).toMatch(/website id/);
    }
  });

  it("asks for credentials, and refuses a wrong key", async () => {
    const slug = await slugOfACar(siteA);
    const none = await get(`/websites/${siteA.id}/cars/${slug}.json`);
    expect(none.status).toBe(401);
    expect(String(none.headers["www-authenticate"])).toMatch(/Basic/);
    const wrong = await get(`/websites/${siteA.id}/cars/${slug}.json`, basic(siteA.slug, "nope"));
    expect(wrong.status).toBe(401);
  });
});

describe("isolation: site A's credentials read nothing of site B", () => {
  it("B's cars, pages, session data and the car list are refused", async () => {
    const slug = await slugOfACar(siteB);
    for (const path of [
      `/websites/${siteB.id}/cars/${slug}.json`,
      `/websites/${siteB.id}/cars.json`,
      `/websites/${siteB.id}/pages/search_slugs.json`,
      `/websites/${siteB.id}/pages/search_page_templates.json`,
      `/api/v1/websites/${siteB.id}/website_session_data.json`,
    ]) {
      const answer = await get(path, authA);
      expect(answer.status, path).toBe(403);
      expect(answer.json.error).toBe("This API key belongs to another site.");
      expect(answer.body).not.toContain(slug);
    }
    // A's key sent under B's name is still A's key.
    const mixed = await get(`/websites/${siteB.id}/cars/${slug}.json`, basic(siteB.slug, keyA));
    expect(mixed.status).toBe(403);
    // B's own credentials read it.
    expect((await get(`/websites/${siteB.id}/cars/${slug}.json`, authB)).json.slug).toBe(slug);
    // A's car slug looked up under A does not find B's car.
    expect((await get(`/websites/${siteA.id}/cars/${slug}.json`, authA)).json.status).toBe(404);
  });

  it("B's manufacturers and booking slots are refused", async () => {
    const kia = siteB.manufacturer ?? { id: 0 };
    const [kiaRow] = await server.database.db
      .select({ id: manufacturers.id })
      .from(manufacturers)
      .where(eq(manufacturers.slug, "kia"));
    const kiaId = kia.id || kiaRow!.id;
    expect((await get(`/manufacturers/${kiaId}.json?website_id=${siteB.id}`, authA)).status).toBe(
      403,
    );
    const asA = await get(`/manufacturers/${kiaId}.json?website_id=${siteA.id}`, authA);
    expect(asA.status).toBe(404);
    expect(asA.json.error).toBe("This website has no manufacturer with that id.");

    const dealership = siteB.dealerships[0]!;
    for (const name of ["available_service_bookings", "available_appointment_bookings"]) {
      const answer = await get(`/dealerships/${dealership.id}/${name}.json`, authA);
      expect(answer.status).toBe(403);
      expect((await get(`/dealerships/${dealership.id}/${name}.json`)).status).toBe(401);
    }
  });
});

describe("GET /manufacturers/{id}.json?website_id=", () => {
  it("answers a manufacturer the website sells", async () => {
    const [toyota] = await server.database.db
      .select()
      .from(manufacturers)
      .where(eq(manufacturers.slug, "toyota"));
    const { status, json } = await get(
      `/manufacturers/${toyota!.id}.json?website_id=${siteA.id}`,
      authA,
    );
    expect(status).toBe(200);
    expect(json).toEqual({
      id: toyota!.id,
      name: toyota!.name,
      slug: "toyota",
      logo: { url: toyota!.logoUrl },
    });
  });

  it("needs a website id, and answers 404 for an unknown manufacturer", async () => {
    const missing = await get(`/manufacturers/1.json`, authA);
    expect(missing.status).toBe(400);
    expect(missing.json.error).toMatch(/website_id/);
    expect((await get(`/manufacturers/x.json?website_id=${siteA.id}`, authA)).status).toBe(400);
    expect((await get(`/manufacturers/999999.json?website_id=${siteA.id}`, authA)).status).toBe(
      404,
    );
  });
});

describe("booking slots", () => {
  it("answer as on the site's own host, for the website's dealership", async () => {
    const dealership = siteA.dealerships[0]!;
    for (const name of ["available_service_bookings", "available_appointment_bookings"]) {
      const path = `/dealerships/${dealership.id}/${name}.json`;
      const api = await get(path, authA);
      expect(api.status).toBe(200);
      const onSite = JSON.parse(
        (await fetchWithHost(server, `${siteA.slug}.localhost`, path)).body,
      ) as Record<string, unknown>;
      expect(api.json).toEqual(onSite);
      expect(api.json.dealership_id).toBe(dealership.id);
    }
    expect((await get(`/dealerships/999999/available_service_bookings.json`, authA)).status).toBe(
      404,
    );
    expect((await get(`/dealerships/0/available_service_bookings.json`, authA)).status).toBe(400);
    const badLocation = await get(
      `/dealerships/${dealership.id}/available_service_bookings.json?location_id=first`,
      authA,
    );
    expect(badLocation.status).toBe(400);
    expect(badLocation.json.error).toMatch(/location_id/);
  });
});

describe("search pages", () => {
  it("search slugs are the paths the site's stock fills, each serving a results page", async () => {
    const { status, json } = await get(`/websites/${siteA.id}/pages/search_slugs.json`, authA);
    expect(status).toBe(200);
    const slugs = json.search_slugs as Array<{
      slug: string;
      path: string;
      filters: Record<string, string[]>;
      count: number;
    }>;
    expect(slugs.length).toBeGreaterThan(5);
    const toyota = slugs.find(
      (s) => s.filters.make?.[0] === "Toyota" && Object.keys(s.filters).length === 1,
    );
    expect(toyota).toBeDefined();
    expect(toyota!.count).toBeGreaterThan(0);
    for (const slug of [toyota!, slugs[0]!, slugs[slugs.length - 1]!]) {
      expect(slug.path.endsWith(slug.slug)).toBe(true);
      const page = await fetchWithHost(server, `${siteA.slug}.localhost`, slug.path);
      expect(page.status, slug.path).toBe(200);
    }
  });

  it("search page templates give each page's heading and title", async () => {
    const { status, json } = await get(
      `/websites/${siteA.id}/pages/search_page_templates.json`,
      authA,
    );
    expect(status).toBe(200);
    const templates = json.search_page_templates as Array<Record<string, string>>;
    expect(templates[0]).toMatchObject({
      path: "/search",
      heading: expect.stringMatching(/for sale/),
    });
    expect(templates.some((t) => /Toyota/.test(t.heading!))).toBe(true);
  });
});

describe("GET /api/v1/websites/{websiteId}/website_session_data.json", () => {
  it("answers the site's configuration, dealerships, navigation and locations", async () => {
    const { status, json } = await get(
      `/api/v1/websites/${siteA.id}/website_session_data.json`,
      authA,
    );
    expect(status).toBe(200);
    expect(json.website).toMatchObject({ id: siteA.id, slug: siteA.slug, name: siteA.name });
    expect(json.navigation).toEqual(siteA.navigation);
    const [{ n }] = (await server.database.db
      .select({ n: count() })
      .from(locations)
      .where(eq(locations.siteId, siteA.id))) as [{ n: number }];
    const sessionLocations = json.locations as Array<{ contact_detail: { opening_hours: [] } }>;
    expect(sessionLocations.length).toBe(n);
    expect(sessionLocations.every((l) => Array.isArray(l.contact_detail.opening_hours))).toBe(true);
  });

  it("answers nothing without a website id", async () => {
    for (const id of ["null", "undefined", "0"]) {
      const answer = await get(`/api/v1/websites/${id}/website_session_data.json`, authA);
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: expect.stringMatching(/website id/) });
    }
  });
});

describe("GET /websites/{website_id}/cars.json", () => {
  it("pages through the whole stock of the website", async () => {
    const [{ n }] = (await server.database.db
      .select({ n: count() })
      .from(vehicles)
      .where(eq(vehicles.siteId, siteA.id))) as [{ n: number }];
    const first = await get(`/websites/${siteA.id}/cars.json?per_page=7`, authA);
    expect(first.json).toMatchObject({ page: 1, per_page: 7, total: n });
    expect((first.json.cars as unknown[]).length).toBe(Math.min(7, n));
    const second = await get(`/websites/${siteA.id}/cars.json?per_page=7&page=2`, authA);
    const ids = (page: typeof first) => (page.json.cars as Array<{ id: number }>).map((c) => c.id);
    expect(ids(second).some((id) => ids(first).includes(id))).toBe(false);
    expect((await get(`/websites/${siteA.id}/cars.json?per_page=501`, authA)).status).toBe(400);
    expect((await get(`/websites/${siteA.id}/cars.json?page=-1`, authA)).status).toBe(400);
  });
});
