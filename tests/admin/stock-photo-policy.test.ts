/**
 * The vehicle editor's photo thumbnails on the platform host: the back office's policy allows
 * images from a site's origin on that site's stock pages only, and only for a signed-in member
 * of staff who reaches the site; the page loads the thumbnails from the site's host.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { vehicles } from "~/server/db/schema";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { signInAs, staffClient, type StaffClient } from "../support/staff";
import { startTestServer } from "../support/test-server";

let server: RunningServer;
let harbour: Site;
let coastal: Site;
let manager: StaffClient;

const imgSrc = (csp: string | string[] | undefined) =>
  /img-src ([^;]*)/.exec(String(csp))![1]!.split(" ");

beforeAll(async () => {
  server = await startTestServer();
  harbour = server.registry.all().find((s) => s.slug === "harbour-auto-group")!;
  coastal = server.registry.all().find((s) => s.slug === "coastal-kia")!;
  manager = await signInAs(server, "dealership_manager", { dealershipSlug: "harbour-toyota" });
});
afterAll(async () => {
  await server?.close();
});

describe("photo thumbnails in the vehicle editor", () => {
  it("allows the site's own origin for images on its stock pages, for staff who reach it", async () => {
    const toyota = harbour.dealerships.find((d) => d.slug === "harbour-toyota")!;
    const [vehicle] = await server.database.db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.siteId, harbour.id), eq(vehicles.dealershipId, toyota.id)))
      .limit(1);
    const origin = `http://harbour-auto-group.localhost:${server.port}`;
    const path = `/admin/stock/${harbour.id}/vehicles/${vehicle!.id}`;
    const page = await manager.get(path);
    expect(page.status).toBe(200);
    expect(imgSrc(page.headers["content-security-policy"])).toEqual(
      expect.arrayContaining(["'self'", origin]),
    );
    const thumb = vehicle!.images[0]!.thumb;
    expect(page.body).toContain(`src="${origin}${thumb.replace(/&/g, "&amp;")}"`);

    // Other pages, another group's site, and a visitor without a session: the strict policy.
    for (const [client, other] of [
      [manager, "/admin/leads"],
      [manager, `/admin/stock/${coastal.id}`],
      [staffClient(server), path],
    ] as const) {
      const response = await client.get(other);
      expect(imgSrc(response.headers["content-security-policy"])).toEqual([
        "'self'",
        "data:",
        "blob:",
      ]);
    }
  });
});
