/**
 * A finished render lets go of its page. The timer that stops a render which never completes
 * holds the whole render (the router's state, every loader's data) in its closure; left to run
 * out after the page was sent, it kept some thousand finished pages alive under load, which the
 * garbage collector had to copy and mark again and again.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { streamTimeout } from "~/app/entry.server";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";

const BROWSER =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let server: RunningServer;
beforeAll(async () => {
  // Every request renders: none is answered from the page cache.
  server = await startTestServer({ PAGE_CACHE: "false" });
});
afterAll(async () => {
  await server?.close();
});

describe("a page render", () => {
  it("clears its stop timer once the page is rendered, for a browser and for a crawler", async () => {
    const started = vi.spyOn(globalThis, "setTimeout");
    const cleared = vi.spyOn(globalThis, "clearTimeout");
    try {
      for (const userAgent of [BROWSER, CRAWLER]) {
        const page = await fetchWithHost(server, "harbour-auto-group.localhost", "/about-us", {
          headers: { "user-agent": userAgent },
        });
        expect(page.status).toBe(200);
        expect(page.body).toContain("</html>");
      }
      const stopTimers = started.mock.calls.flatMap(([, delay], call) =>
        delay === streamTimeout + 1000 ? [started.mock.results[call]!.value as unknown] : [],
      );
      expect(stopTimers).toHaveLength(2);
      const clearedTimers = new Set(cleared.mock.calls.map(([timer]) => timer as unknown));
      for (const timer of stopTimers) expect(clearedTimers.has(timer)).toBe(true);
    } finally {
      started.mockRestore();
      cleared.mockRestore();
    }
  });
});
