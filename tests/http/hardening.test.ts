/**
 * What an outside probe must not get from a site: a client address of its choosing, pages or
 * links built from its headers, a redirect to another host, a 500 for input no page can take,
 * inline scripts outside the render's nonce. Each check covers a class of input, not one value.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { multipartBody, randomClientIp, sendJson, sendRaw } from "../leads/support/lead-client";
import { testDatabaseKind } from "../support/test-database";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
beforeAll(async () => {
  // No TRUSTED_PROXIES: the default of a fresh deployment.
  server = await startTestServer({ TRUSTED_PROXIES: "", LEAD_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await server?.close();
});

const KIA = "coastal-kia.localhost";
const siteBySlug = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;
const forged = {
  "x-forwarded-proto": "https",
  "x-forwarded-host": "evil.example",
  "x-forwarded-port": "8443",
  forwarded: "host=evil.example;proto=https",
};

/** A vehicle page the site lists (the first on its search page). */
async function someVehiclePath(slug: string): Promise<string> {
  const site = siteBySlug(slug);
  const search = await fetchWithHost(server, `${slug}.localhost`, "/search");
  const path = new RegExp(`href="(/${site.settings.vehiclePath}/[a-z0-9-]+)"`).exec(search.body);
  return path![1]!;
}

/** Every absolute http(s) URL a page names in canonical, og:url and JSON-LD. */
function absoluteUrls(html: string): string[] {
  const canonical = [...html.matchAll(/<link rel="canonical" href="([^"]+)"/g)].map((m) => m[1]!);
  const og = [...html.matchAll(/<meta property="og:url" content="([^"]+)"/g)].map((m) => m[1]!);
  const ld = [
    ...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].flatMap((m) =>
    [...m[1]!.matchAll(/"(?:url|item|@id|mainEntityOfPage)":"(https?:\/\/[^"]+)"/g)].map(
      (u) => u[1]!,
    ),
  );
  return [...canonical, ...og, ...ld];
}

describe("forwarding headers", () => {
  it("X-Forwarded-For does not name the client unless it comes from a configured proxy", async () => {
    const site = siteBySlug("coastal-kia");
    const res = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: { first_name: "Ada", email: "ada@example.com", category: "General Enquiry" } },
      { headers: { "x-forwarded-for": "198.51.100.77" } },
    );
    expect(res.status).toBe(201);
    const [row] = await server.database.db
      .select({ clientIp: leads.clientIp })
      .from(leads)
      .where(eq(leads.id, String(res.json.id)));
    expect(row!.clientIp).not.toBe("198.51.100.77");
    expect(row!.clientIp).toMatch(/127\.0\.0\.1/);

    // Rotating the header is one client: the phone reveal limit (60 a minute) still holds.
    const record = { car_id: 1, dealership_id: 1, website_id: site.id };
    const statuses: number[] = [];
    for (let i = 0; i < 62; i++) {
      const reveal = await sendRaw(
        server,
        "POST",
        "/api/events/phone-reveal",
        JSON.stringify(record),
        { "content-type": "application/json", "x-forwarded-for": randomClientIp() },
        KIA,
      );
      statuses.push(reveal.status);
    }
    expect(statuses.at(-1)).toBe(429);
  });

  it("pages, sitemap and robots.txt name the site's configured origin whatever the headers say, before and after the page cache", async () => {
    const kia = `http://coastal-kia.localhost:${server.port}`;
    const paths = [
      "/",
      "/contact",
      "/special-offers",
      "/search",
      await someVehiclePath("coastal-kia"),
    ];
    for (const path of paths) {
      for (const headers of [forged, {}]) {
        const res = await fetchWithHost(server, KIA, path, { headers });
        expect(res.status, path).toBe(200);
        expect(res.body, path).not.toContain("evil.example");
        expect(res.body, path).not.toContain("https://coastal-kia");
        const urls = absoluteUrls(res.body);
        expect(urls.length, path).toBeGreaterThan(0);
        for (const url of urls) expect(new URL(url).origin, `${path}: ${url}`).toBe(kia);
      }
    }
    // A site with its own domain names that domain, also when reached at its local address.
    const harbour = await fetchWithHost(server, "harbour-auto-group.localhost", "/contact", {
      headers: forged,
    });
    for (const url of absoluteUrls(harbour.body))
      expect(new URL(url).origin).toBe("https://www.harbourautogroup.example");

    const robots = await fetchWithHost(server, KIA, "/robots.txt", { headers: forged });
    expect(robots.body).toContain(`Sitemap: ${kia}/sitemap.xml`);
    const sitemap = await fetchWithHost(server, KIA, "/sitemap.xml", { headers: forged });
    expect(sitemap.body).not.toContain("evil.example");
    expect(sitemap.body).toContain(`<loc>${kia}/`);
  });
});

describe("the image endpoint redirects only to the site's own paths", () => {
  const payloads = [
    "/\\evil.example",
    "/\\/evil.example/x.jpg",
    "//evil.example/x.jpg",
    "\\\\evil.example",
    "https:evil.example",
    "http:/\\evil.example",
    " /\\evil.example",
    "/%5Cevil.example",
    "/\tevil.example",
    "HTTPS://EVIL.EXAMPLE/x.jpg",
  ];
  it("answers a path on the site or a refusal, never another host", async () => {
    const origin = `http://coastal-kia.localhost:${server.port}`;
    for (const url of [...payloads, `${origin}//evil.example/x.jpg`]) {
      const res = await fetchWithHost(
        server,
        KIA,
        `/media/image?url=${encodeURIComponent(url)}&w=640&q=75`,
      );
      expect([302, 400, 403], url).toContain(res.status);
      if (res.status === 302) {
        const location = String(res.headers.location);
        expect(location, url).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, origin).origin, url).toBe(origin);
      }
    }
    const own = await fetchWithHost(
      server,
      KIA,
      "/media/image?url=%2Fmedia%2Flogo%2FA.svg&w=640&q=75",
    );
    expect(own.headers.location).toBe("/media/logo/A.svg");
  });

  it("its short form for the site's own paths too", async () => {
    const origin = `http://coastal-kia.localhost:${server.port}`;
    for (const path of [
      "//evil.example/x.jpg",
      "/\\evil.example",
      "/%5Cevil.example",
      "/%2F%2Fevil.example/x.jpg",
      "/..//evil.example/x.jpg",
    ]) {
      const res = await fetchWithHost(server, KIA, `/media/image/640q75${path}`);
      expect([302, 400, 403, 404], path).toContain(res.status);
      if (res.status === 302) {
        const location = String(res.headers.location);
        expect(location, path).toMatch(/^\/(?![/\\])/);
        expect(new URL(location, origin).origin, path).toBe(origin);
      }
    }
    const own = await fetchWithHost(server, KIA, "/media/image/640q75/media/logo/A.svg");
    expect(own.headers.location).toBe("/media/logo/A.svg");
  });
});

describe("input no page can take is a 4xx, never a 500", () => {
  it.each([
    ["/cars/%ff", 400],
    ["/search/%", 400],
    ["/search/used-cars/%E0%A4%A", 400],
    ["/search/a%01b", 404],
    ["/search/%0d%0aSet-Cookie:x", 404],
    ["/about-us%00", 404],
    ["/%7f", 404],
  ])("the path %s", async (path, status) => {
    const res = await fetchWithHost(server, KIA, path);
    expect(res.status).toBe(status);
  });

  it.each(["/special-offers", "/parts/search"])(
    "page=1e309 and other page numbers that are not whole numbers on %s",
    async (path) => {
      for (const page of ["1e309", "-1", "NaN", "99999999999999999999", "2.5", "0x10"]) {
        const res = await fetchWithHost(server, KIA, `${path}?page=${page}`);
        expect(res.status, page).toBeLessThan(500);
      }
    },
  );

  it("a Host header that is not a host", async () => {
    for (const host of [`${KIA}:99999`, `${KIA}:0`, `${KIA}:x`, "coastal kia.localhost", "a/b"]) {
      const res = await new Promise<number>((resolve, reject) => {
        import("node:http").then(({ request }) => {
          const req = request(
            { host: "127.0.0.1", port: server.port, path: "/", headers: { host } },
            (r) => {
              r.resume();
              resolve(r.statusCode ?? 0);
            },
          );
          req.on("error", reject);
          req.end();
        }, reject);
      });
      expect(res, host).toBe(400);
    }
  });

  it("phone reveal bodies that are not a JSON object, or name ids beyond the database's", async () => {
    // Another site than the limit test above, whose client has used up this minute's reveals.
    const site = siteBySlug("southern-motors");
    const bodies = [
      "{bad",
      "5",
      '"x"',
      "null",
      "",
      "[]",
      JSON.stringify({ car_id: 2 ** 31, dealership_id: 1, website_id: site.id }),
    ];
    for (const body of bodies) {
      const res = await sendRaw(
        server,
        "POST",
        "/api/events/phone-reveal",
        body,
        { "content-type": "application/json" },
        "southern-motors.localhost",
      );
      expect([400, 422], body).toContain(res.status);
    }
  });

  it("a body that says gzip and is not", async () => {
    for (const path of ["/api/leads", "/api/events/phone-reveal", "/contact"]) {
      const res = await sendRaw(
        server,
        "POST",
        path,
        "this is not gzip",
        {
          "content-type":
            path === "/contact" ? "application/x-www-form-urlencoded" : "application/json",
          "content-encoding": "gzip",
        },
        KIA,
      );
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it("a multipart lead whose upload fails answers 4xx on the JSON endpoint too", async () => {
    const { body, contentType } = multipartBody({ first_name: "Ada" }, [
      {
        field: "cv",
        name: "cv.exe",
        type: "application/pdf",
        content: Buffer.from("MZ not a pdf"),
      },
    ]);
    const res = await sendRaw(
      server,
      "POST",
      "/api/leads/with-files",
      body,
      { "content-type": contentType },
      KIA,
    );
    expect(res.status).toBe(422);
  });
});

describe("security headers", () => {
  const nonceOf = (header: unknown) => /'nonce-([^']+)'/.exec(String(header))?.[1];
  /** The nonce attribute of every script that runs (JSON and JSON-LD data blocks do not). */
  const scriptNonces = (html: string) =>
    [...html.matchAll(/<script(?![^>]*type="application\/(?:ld\+)?json")([^>]*)>/g)].map(
      (m) => /nonce="([^"]*)"/.exec(m[1]!)?.[1] ?? null,
    );

  it("inline scripts run by the nonce of their render, never by 'unsafe-inline'; a cached page keeps its own pair", async () => {
    const seen: Array<{ nonce: string; cache: string }> = [];
    for (const path of ["/?n=1", "/?n=2", "/contact", "/?n=1"]) {
      const res = await fetchWithHost(server, KIA, path);
      const header = String(res.headers["content-security-policy"]);
      expect(/script-src [^;]*/.exec(header)?.[0]).not.toContain("unsafe-inline");
      const nonce = nonceOf(header);
      expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const found = scriptNonces(res.body);
      expect(found.length, path).toBeGreaterThan(0);
      expect(
        found.every((n) => n === nonce),
        path,
      ).toBe(true);
      seen.push({ nonce: nonce!, cache: String(res.headers["x-page-cache"]) });
    }
    // Each render its own nonce; a page served from the cache replays its render's header.
    const rendered = seen.filter((s) => s.cache !== "hit").map((s) => s.nonce);
    expect(new Set(rendered).size).toBe(rendered.length);
    const last = seen[3]!;
    // (On PostgreSQL, change notifications of other test files running at once can move the
    // site's version, and with it the cache key.)
    if (testDatabaseKind === "pglite") expect(last.cache).toBe("hit");
    if (last.cache === "hit") expect(last.nonce).toBe(seen[0]!.nonce);
  });

  it("a Permissions-Policy on pages, cached pages and API answers", async () => {
    for (const path of ["/", "/", "/robots.txt", "/healthz"]) {
      const res = await fetchWithHost(server, KIA, path);
      expect(res.headers["permissions-policy"], path).toContain("camera=()");
      expect(res.headers["permissions-policy"], path).toContain("geolocation=()");
    }
  });
});
