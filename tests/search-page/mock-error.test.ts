/**
 * 'Mock Error' (docs/product/search-and-urls.md, "Search calls"): a site in test mode shows the
 * field on its search page, and a search with it fails as an unreachable search service would
 * (503, not cached, the message on the page); a live site shows no such field and ignores it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { aSite, aVehicle } from "../support/factories";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
let testMode: Site;
let live: Site;

beforeAll(async () => {
  server = await startTestServer();
  testMode = await aSite(server, { settings: { leadApiMode: "mock" } });
  live = await aSite(server);
  await aVehicle(server, testMode);
  await aVehicle(server, live);
});
afterAll(() => server?.close());

const get = (site: Site, path: string) => fetchWithHost(server, `${site.slug}.localhost`, path);

describe("Mock Error", () => {
  it("shows on a test-mode site's search page, and a search with it fails with its message", async () => {
    const page = await get(testMode, "/search");
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/<label[^>]*for="mock-error"[^>]*>Mock Error<\/label>/);
    const failed = await get(testMode, "/search?mock_error=Search+service+down");
    expect(failed.status).toBe(503);
    expect(String(failed.headers["cache-control"] ?? "")).not.toContain("max-age");
    expect(failed.body).toContain("Mock Error: Search service down");
    // Not kept by the page cache: the same search without the field is the ordinary page.
    expect((await get(testMode, "/search")).status).toBe(200);
  });

  it("is neither shown nor read on a live site", async () => {
    const page = await get(live, "/search");
    expect(page.status).toBe(200);
    expect(page.body).not.toContain("Mock Error");
    const asked = await get(live, "/search?mock_error=Boom");
    expect(asked.status).not.toBe(503);
    expect(asked.body).not.toContain("Mock Error");
  });
});
