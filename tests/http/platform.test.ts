import { request } from "node:http";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ PLATFORM_DOMAIN: "sites.example.net" });
});
afterAll(async () => {
  await server?.close();
});

describe("the platform host", () => {
  it("lists every site with its local address, template, locale and vehicle count", async () => {
    const res = await fetchWithHost(server, "localhost", "/");
    expect(res.status).toBe(200);
    for (const site of server.registry.all()) {
      expect(res.body).toContain(`http://${site.slug}.localhost:${server.port}/`);
    }
    expect(res.body).toMatch(
      /<td>Harbour Auto Group<\/td><td>classic<\/td><td>en-AU<\/td><td>640<\/td>/,
    );
    expect(res.body).toMatch(/<td>Lone Star Autos<\/td><td>bold<\/td><td>en-US<\/td><td>130<\/td>/);
  });

  it("answers /healthz", async () => {
    const res = await fetchWithHost(server, "localhost", "/healthz");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ status: "ok", sites: 6 });
  });
});

describe("tenancy", () => {
  it("gives an unknown host a plain 404 that names no site", async () => {
    const res = await fetchWithHost(server, "unknown-dealer.localhost", "/");
    expect(res.status).toBe(404);
    expect(res.body).toBe("Not Found");
  });

  it("finds a site by its own domain name, by {slug}.localhost and by {slug}.{PLATFORM_DOMAIN}", async () => {
    for (const host of [
      "www.harbourautogroup.example",
      "harbour-auto-group.localhost",
      "harbour-auto-group.sites.example.net",
    ]) {
      const res = await fetchWithHost(server, host, "/");
      expect(res.status, host).toBe(200);
      expect(res.body).toContain("<title>Harbour Auto Group");
    }
  });

  it("renders each site with its own brand, navigation, footer and locale", async () => {
    const expectations: Record<string, { lang: string; colour: string; nav: string }> = {
      "harbour-auto-group": { lang: "en-AU", colour: "#0b3d91", nav: "Fleet" },
      "coastal-kia": { lang: "en-AU", colour: "#05141f", nav: "New Kia" },
      "southern-motors": { lang: "en-NZ", colour: "#14532d", nav: "Pre-Owned Vehicles" },
      "lone-star-autos": { lang: "en-US", colour: "#7f1d1d", nav: "All Inventory" },
      "outback-campers": { lang: "en-AU", colour: "#78350f", nav: "Rentals" },
      "throttle-motorcycles": { lang: "en-AU", colour: "#111827", nav: "New Bikes" },
    };
    for (const [slug, e] of Object.entries(expectations)) {
      const res = await fetchWithHost(server, `${slug}.localhost`, "/");
      expect(res.status, slug).toBe(200);
      expect(res.body).toContain(`lang="${e.lang}"`);
      expect(res.body).toContain(`--brand:${e.colour}`);
      expect(res.body).toContain(`>${e.nav}<`);
      for (const group of ["Search Stock", "Buyer Tools", "Servicing &amp; Parts", "Company"]) {
        expect(res.body).toContain(group);
      }
      expect(res.body).toContain("Value My Car");
      expect(res.body).toContain("Book a Service");
    }
  });

  it("speaks the site's locale", async () => {
    const us = await fetchWithHost(server, "lone-star-autos.localhost", "/");
    expect(us.body).toContain("Send us an inquiry");
    const au = await fetchWithHost(server, "coastal-kia.localhost", "/");
    expect(au.body).toContain("Send us an enquiry");
  });

  it("applies the link rules to navigation (/pages/ prefix removed, contact name cleaned)", async () => {
    const res = await fetchWithHost(server, "harbour-auto-group.localhost", "/");
    expect(res.body).toContain('href="/privacy-policy"');
    expect(res.body).not.toContain('href="/pages/privacy-policy"');
    expect(res.body).toContain(">Contact Us<");
    expect(res.body).not.toContain(">Contact Us - Sales<");
    const nz = await fetchWithHost(server, "southern-motors.localhost", "/");
    expect(nz.body).toContain('href="/news"');
  });

  it("keeps each site's content to itself", async () => {
    const kia = await fetchWithHost(server, "coastal-kia.localhost", "/about-us");
    expect(kia.status).toBe(200);
    expect(kia.body).toContain("Coastal Kia has served");
    expect(kia.body).not.toContain("Harbour Auto Group has served");
    const sitemap = await fetchWithHost(server, "coastal-kia.localhost", "/sitemap.xml");
    expect(sitemap.body).toContain("/cars/");
    expect(sitemap.body).not.toMatch(/\/cars\/[^<]*-mazda-/);
  });

  it("shows the site's own 404 page for an unknown path", async () => {
    const res = await fetchWithHost(server, "lone-star-autos.localhost", "/no-such-page");
    expect(res.status).toBe(404);
    expect(res.body).toContain("Page not found");
    expect(res.body).toContain("Lone Star Autos");
    expect(res.body).toContain('action="/search/new-used-and-demo-cars"');
  });
});

describe("serving", () => {
  it("sends security and CDN caching headers, and serves repeats from the page cache", async () => {
    const first = await fetchWithHost(server, "coastal-kia.localhost", "/?cache-test=1");
    expect(first.headers["cache-control"]).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=600",
    );
    expect(first.headers["x-content-type-options"]).toBe("nosniff");
    expect(first.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(first.headers["x-page-cache"]).toBe("miss");
    const second = await fetchWithHost(server, "coastal-kia.localhost", "/?cache-test=1");
    expect(second.headers["x-page-cache"]).toBe("hit");
    expect(second.body).toBe(first.body);
    // A hit is answered before the header middleware, so it carries the stored headers.
    for (const name of [
      "content-security-policy",
      "x-content-type-options",
      "cache-control",
      "content-type",
    ]) {
      expect(second.headers[name]).toBe(first.headers[name]);
    }
  });

  it("names the stylesheet in the head before the route modules' scripts", async () => {
    // A browser asks in document order, six at a time: a stylesheet behind some 40
    // modulepreload links waits for them, and so does the first paint.
    for (const path of ["/", "/search"]) {
      const { body } = await fetchWithHost(server, "coastal-kia.localhost", path);
      const head = body.slice(0, body.indexOf("</head>"));
      const stylesheet = head.search(/<link[^>]* rel="stylesheet" href="\/assets\/[^"]+\.css"/);
      expect(stylesheet).toBeGreaterThan(0);
      expect(head.indexOf('rel="modulepreload"')).toBeGreaterThan(stylesheet);
    }
  });

  it("sends a cached page gzipped to a browser that accepts it", async () => {
    await fetchWithHost(server, "coastal-kia.localhost", "/?cache-test=gzip");
    const raw = await new Promise<{ headers: Record<string, unknown>; body: Buffer }>(
      (resolve, reject) => {
        const req = request(
          {
            host: "127.0.0.1",
            port: server.port,
            path: "/?cache-test=gzip",
            headers: {
              host: `coastal-kia.localhost:${server.port}`,
              "accept-encoding": "gzip, deflate, br",
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          },
        );
        req.on("error", reject);
        req.end();
      },
    );
    expect(raw.headers["x-page-cache"]).toBe("hit");
    expect(raw.headers["content-encoding"]).toBe("gzip");
    expect(raw.headers["vary"]).toMatch(/accept-encoding/i);
    const html = gunzipSync(raw.body).toString("utf8");
    expect(html).toContain("<title>");
    expect(Number(raw.headers["content-length"])).toBe(raw.body.length);
  });

  it("stops serving a cached page once the site's stock changes", async () => {
    await fetchWithHost(server, "southern-motors.localhost", "/?cache-test=2");
    const site = server.registry.all().find((s) => s.slug === "southern-motors")!;
    await server.bus.publish({ kind: "vehicle", siteId: site.id, ids: [] });
    const after = await fetchWithHost(server, "southern-motors.localhost", "/?cache-test=2");
    expect(after.headers["x-page-cache"]).toBe("miss");
  });

  it("serves robots.txt and a sitemap per site, on the site's configured address", async () => {
    // The site has no domain of its own: its address under PLATFORM_DOMAIN, whichever host asked.
    const robots = await fetchWithHost(server, "outback-campers.localhost", "/robots.txt");
    expect(robots.body).toContain("Sitemap: https://outback-campers.sites.example.net/sitemap.xml");
    const sitemap = await fetchWithHost(server, "outback-campers.localhost", "/sitemap.xml");
    expect(sitemap.status).toBe(200);
    expect(sitemap.body).toContain("/campers/");
    expect(sitemap.body).not.toContain("/cars/");
  });

  it("serves generated demo images", async () => {
    const res = await fetchWithHost(
      server,
      "coastal-kia.localhost",
      "/media/vehicle/suv/1f4e9c/1.svg",
    );
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toContain("image/svg+xml");
    expect(res.body).toContain('fill="#1f4e9c"');
  });
});

describe("the index setting", () => {
  it("turns the platform index off", async () => {
    const other = await startTestServer({ PLATFORM_INDEX: "false" });
    try {
      const res = await fetchWithHost(other, "localhost", "/");
      expect(res.status).toBe(404);
      expect(res.body).not.toContain("harbour");
    } finally {
      await other.close();
    }
  });
});
