/**
 * The back office's feeds page (docs/product/feeds.md, "Back office"): the reached sites' feed
 * addresses, last fetch times and left-out vehicles, through the staff scope.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "~/server/start";
import { signInAs, staffClient } from "../support/staff";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

describe("/admin/feeds", () => {
  it("lists a group's feeds with their last fetch and the vehicles each leaves out", async () => {
    const admin = await signInAs(server, "group_admin");
    const before = await admin.get("/admin/feeds");
    expect(before.status).toBe(200);
    expect(before.body).toContain("Vehicle ads feeds");
    expect(before.body).toContain(
      "https://www.harbourautogroup.example/feeds/google-vehicle-ads.tsv",
    );
    expect(before.body).toContain("/feeds/meta-vehicles/report");
    expect(before.body).toContain(">Not yet<");
    expect(before.body).toMatch(/left out of the Google vehicle ads feed/);
    expect(before.body).toContain("Google vehicle ads take passenger cars only; this is a truck.");
    // Only the group's own sites.
    expect(before.body).not.toContain("Lone Star Autos");

    await fetchWithHost(server, "harbour-auto-group.localhost", "/feeds/google-vehicle-ads.tsv");
    const after = await admin.get("/admin/feeds");
    expect(after.body).toMatch(/<time[^>]*dateTime="\d{4}-\d\d-\d\dT/);
  });

  it("shows a dealership's staff only their own dealership's left-out vehicles", async () => {
    const manager = await signInAs(server, "dealership_manager", {
      dealershipSlug: "harbour-toyota",
    });
    const page = await manager.get("/admin/feeds");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/\d+ left out of the Meta automotive catalogue feed/);
    // Harbour Trucks' trucks are not Harbour Toyota's.
    expect(page.body).not.toContain("this is a truck");
  });

  it("sends a signed-out visitor to sign in", async () => {
    const res = await staffClient(server).get("/admin/feeds");
    expect(res.status).toBe(302);
    expect(res.headers.location).toMatch(/\/admin\/sign-in/);
  });
});
