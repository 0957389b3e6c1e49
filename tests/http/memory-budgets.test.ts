/**
 * In-process caches stay within their byte budgets however many distinct URLs arrive, and
 * GET /metrics on the platform host reports their sizes (Prometheus text format).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";

const PAGE_BUDGET = 400_000;
let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({
    PAGE_CACHE_MAX_BYTES: String(PAGE_BUDGET),
    SEARCH_CACHE_MAX_BYTES: "200000",
  });
});
afterAll(async () => {
  await server?.close();
});

function metric(text: string, name: string, cache: string): number {
  const match = new RegExp(`^${name}\\{cache="${cache}"\\} (\\S+)$`, "m").exec(text);
  if (!match) throw new Error(`${name}{cache="${cache}"} missing from:\n${text}`);
  return Number(match[1]);
}

describe("memory budgets", () => {
  it("keep the page and search caches within their bytes, as /metrics shows", async () => {
    for (let i = 0; i < 40; i += 1) {
      await fetchWithHost(server, "coastal-kia.localhost", `/?visit=${i}`);
      await fetchWithHost(
        server,
        "harbour-auto-group.localhost",
        `/search/new-used-and-demo-cars?page=${(i % 5) + 1}&visit=${i}`,
      );
    }
    const metrics = await fetchWithHost(server, "localhost", "/metrics");
    expect(metrics.status).toBe(200);
    expect(metrics.headers["content-type"]).toContain("text/plain");
    const pages = metric(metrics.body, "cache_bytes", "pages");
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThanOrEqual(PAGE_BUDGET);
    expect(metric(metrics.body, "cache_max_bytes", "pages")).toBe(PAGE_BUDGET);
    expect(metric(metrics.body, "cache_evictions_total", "pages")).toBeGreaterThan(0);
    expect(metric(metrics.body, "cache_bytes", "search_results")).toBeLessThanOrEqual(200_000);
    for (const cache of ["images", "site_memo"])
      expect(metric(metrics.body, "cache_bytes", cache)).toBeGreaterThanOrEqual(0);
    expect(metrics.body).toMatch(/^process_resident_memory_bytes \d+$/m);
  });

  it("are not shown on a dealer's site", async () => {
    const page = await fetchWithHost(server, "coastal-kia.localhost", "/metrics");
    expect(page.body).not.toContain("process_resident_memory_bytes");
  });
});
