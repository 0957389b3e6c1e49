/**
 * A form that names a vehicle (car_id) names only one the site shows: the vehicle page's read,
 * with the site's stock rules (docs/product/vehicle-card-and-page.md, "Vehicle status and
 * listing"). A hidden car, or one sold outside the sold window, answers 404 on its own page; the
 * forms render without it, and a lead naming it is kept without it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "~/server/db/schema";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite, aVehicle, published } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { randomClientIp, sendJson, validLead } from "../leads/support/lead-client";

let server: RunningServer;
let site: Site;
let listed: { id: number; slug: string };
let hidden: { id: number; slug: string };
let soldLongAgo: { id: number; slug: string };
let soldYesterday: { id: number; slug: string };

beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE: "false" });
  site = await aSite(server);
  listed = await aVehicle(server, site, { model: "Listedmodel", name: "2022 Toyota Listedmodel" });
  hidden = await aVehicle(server, site, {
    model: "Hiddenmodel",
    name: "2022 Toyota Hiddenmodel",
    showOnDealerWebsite: false,
  });
  soldLongAgo = await aVehicle(server, site, {
    model: "Soldmodel",
    name: "2022 Toyota Soldmodel",
    status: "sold",
    soldAt: new Date(Date.now() - 10 * 86_400_000),
  });
  soldYesterday = await aVehicle(server, site, {
    model: "Justsoldmodel",
    name: "2022 Toyota Justsoldmodel",
    status: "sold",
    soldAt: new Date(Date.now() - 86_400_000),
  });
  // The listed car's page answers once the search index has it.
  await published(async () =>
    (await get(`/cars/${soldYesterday.slug}`)).status === 200 ? true : null,
  );
});
afterAll(async () => {
  await server?.close();
});

const get = (path: string) => fetchWithHost(server, `${site.slug}.localhost`, path);

const FORMS = ["/contact", "/book-test-drive", "/finance", "/trade-in"];

describe("Forms name only a vehicle the site shows", () => {
  it("the hidden car and the car sold 10 days ago answer 404 on their pages", async () => {
    expect((await get(`/cars/${hidden.slug}`)).status).toBe(404);
    expect((await get(`/cars/${soldLongAgo.slug}`)).status).toBe(404);
    expect((await get(`/cars/${soldYesterday.slug}`)).status).toBe(200);
  });

  it.each(FORMS)("%s shows a listed car, by id and by slug", async (path) => {
    for (const ref of [String(listed.id), listed.slug]) {
      const res = await get(`${path}?car_id=${ref}`);
      expect(res.status).toBe(200);
      expect(res.body).toContain("Listedmodel");
    }
  });

  it.each(FORMS)("%s renders without a hidden car or one sold 10 days ago", async (path) => {
    for (const car of [hidden, soldLongAgo]) {
      for (const ref of [String(car.id), car.slug]) {
        const res = await get(`${path}?car_id=${ref}`);
        expect(res.status).toBe(200);
        expect(res.body).not.toContain("Hiddenmodel");
        expect(res.body).not.toContain("Soldmodel");
      }
    }
  });

  it("a lead naming a car the site does not show is kept without it", async () => {
    const host = `${site.slug}.localhost`;
    const send = (carId: string) =>
      sendJson(
        server,
        "POST",
        "/api/leads",
        { lead: validLead({ car_id: carId }) },
        {
          host,
          headers: {
            origin: `http://${host}:${server.port}`,
            "x-forwarded-for": randomClientIp(),
          },
        },
      );
    const stored = async (id: string) =>
      (await server.database.db.select().from(leads).where(eq(leads.id, id)))[0]!;

    for (const car of [hidden, soldLongAgo]) {
      for (const ref of [String(car.id), car.slug]) {
        const res = await send(ref);
        expect(res.status).toBe(201);
        const row = await stored(res.json.id as string);
        expect(row.vehicleId).toBeNull();
        expect(JSON.stringify(row.payload)).not.toContain("Hiddenmodel");
        expect(JSON.stringify(row.payload)).not.toContain("Soldmodel");
      }
    }
    const ok = await send(String(soldYesterday.id));
    expect(ok.status).toBe(201);
    expect((await stored(ok.json.id as string)).vehicleId).toBe(soldYesterday.id);
  });
});
