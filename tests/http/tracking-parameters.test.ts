/**
 * Ad clicks share one cached page: tracking parameters (click ids, utm_*) are not part of the
 * page cache key, the page never echoes them, and a redirect keeps them for attribution.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const HOST = "coastal-kia.localhost";
const get = (path: string) => fetchWithHost(server, HOST, path);

describe("tracking parameters", () => {
  // The offers page's filter form points at the page's own URL, query included.
  for (const path of ["/special-offers", "/search/new-used-and-demo-cars", "/"]) {
    it(`answer every click on ${path} from one cached page that shows none of them`, async () => {
      const clicks = [
        "gclid=CLICK-A-0001&utm_source=google&utm_medium=cpc",
        "fbclid=CLICK-B-0002",
        "msclkid=CLICK-C-0003&utm_campaign=spring",
        "gbraid=CLICK-D-0004&wbraid=CLICK-E-0005&dclid=CLICK-F-0006&_gl=CLICK-G-0007",
      ];
      const first = await get(`${path}?${clicks[0]}`);
      expect(first.status).toBe(200);
      const pages = [first];
      for (const click of clicks.slice(1)) pages.push(await get(`${path}?${click}`));
      expect(pages.slice(1).map((p) => p.headers["x-page-cache"])).toEqual(
        pages.slice(1).map(() => "hit"),
      );
      for (const page of pages) {
        expect(page.body).toBe(first.body);
        expect(page.body).not.toMatch(/CLICK-|utm_|gclid|fbclid|msclkid/);
      }
      const canonical = /<link rel="canonical" href="([^"]*)"/.exec(first.body)?.[1];
      if (canonical) expect(canonical).not.toContain("?");
      const bare = await get(path);
      expect(bare.headers["x-page-cache"]).toBe("hit");
    });
  }

  it("are still a different page for any other parameter", async () => {
    await get("/special-offers?page=1&gclid=X1");
    const other = await get("/special-offers?page=2&gclid=X1");
    expect(other.headers["x-page-cache"]).toBe("miss");
  });

  it("survive a redirect", async () => {
    const answer = await get("/search/kia?utm_source=news&gclid=KEEP-ME");
    expect(answer.status).toBe(301);
    expect(answer.headers.location).toBe("/search/make/Kia?utm_source=news&gclid=KEEP-ME");
  });
});
