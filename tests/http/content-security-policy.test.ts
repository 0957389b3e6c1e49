import { readdirSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sites } from "~/server/db/schema";
import {
  STRICT_CSP_DIRECTIVES,
  serializeContentSecurityPolicy,
} from "~/server/http/content-security-policy";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";

const STRICT = serializeContentSecurityPolicy(STRICT_CSP_DIRECTIVES);

/** A page's policy without the nonce of its render (checked by tests/http/hardening.test.ts). */
function withoutNonce(header: unknown): string {
  expect(String(header)).toMatch(/ 'nonce-[A-Za-z0-9+/=]{16,}'/);
  return String(header).replace(/ 'nonce-[^']+'/, "");
}

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const siteBySlug = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;
async function patchSettings(slug: string, patch: Record<string, unknown>) {
  const site = siteBySlug(slug);
  await server.database.db
    .update(sites)
    .set({ settings: sql`${sites.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(sites.id, site.id));
  await server.registry.reload(site.id);
}

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Record<string, string[]> {
  expect(typeof header).toBe("string");
  return Object.fromEntries(
    (header as string).split(";").map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [name!, values];
    }),
  );
}

describe("Content-Security-Policy per site", () => {
  it("is the strict policy, with no third-party origin, on every demo site", async () => {
    for (const site of server.registry.all()) {
      const res = await fetchWithHost(server, `${site.slug}.localhost`, "/");
      expect(res.status, site.slug).toBe(200);
      expect(withoutNonce(res.headers["content-security-policy"]), site.slug).toBe(STRICT);
      expect(res.headers["content-security-policy"], site.slug).not.toContain("://");
    }
  });

  it("allows the origins of the site's GTM, scripts and map embed, on pages and repeats from the page cache", async () => {
    await patchSettings("southern-motors", {
      gtmId: "GTM-TEST123",
      thirdPartyScripts: ["https://connect.pixel.example/events.js"],
      chatEnabled: true,
      chatScriptUrl: "https://cdn.chat.example/widget.js",
      mapsEmbedUrlTemplate: "https://maps.embed.example/embed?q={query}",
      contentSecurityPolicyOrigins: ["https://tags.gtm-tag.example"],
    });
    for (const path of ["/?csp=1", "/?csp=1", "/contact"]) {
      const res = await fetchWithHost(server, "southern-motors.localhost", path);
      expect(res.status, path).toBe(200);
      const d = directives(res.headers["content-security-policy"]);
      expect(d["script-src"]).toEqual(
        expect.arrayContaining([
          "'self'",
          "https://www.googletagmanager.com",
          "https://connect.pixel.example",
          "https://cdn.chat.example",
        ]),
      );
      expect(d["img-src"]).toContain("https://www.googletagmanager.com");
      expect(d["connect-src"]).toContain("https://cdn.chat.example");
      expect(d["frame-src"]).toEqual([
        "'self'",
        "https://cdn.chat.example",
        "https://maps.embed.example",
        "https://tags.gtm-tag.example",
      ]);
      expect(d["connect-src"]).toContain("https://tags.gtm-tag.example");
      expect(d["default-src"]).toEqual(["'self'"]);
      expect(d["object-src"]).toEqual(["'none'"]);
    }
    // Other sites are untouched.
    const other = await fetchWithHost(server, "coastal-kia.localhost", "/");
    expect(withoutNonce(other.headers["content-security-policy"])).toBe(STRICT);
  });

  it("is strict again once the site's integrations are removed", async () => {
    await patchSettings("southern-motors", {
      gtmId: null,
      thirdPartyScripts: [],
      chatEnabled: false,
      chatScriptUrl: null,
      mapsEmbedUrlTemplate: null,
      contentSecurityPolicyOrigins: [],
    });
    const res = await fetchWithHost(server, "southern-motors.localhost", "/?csp=1");
    expect(withoutNonce(res.headers["content-security-policy"])).toBe(STRICT);
  });

  it("keeps the strict policy on static assets, the platform host and unknown hosts", async () => {
    const asset = readdirSync("build/client/assets").find((name) => name.endsWith(".js"))!;
    const res = await fetchWithHost(server, "southern-motors.localhost", `/assets/${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers["content-security-policy"]).toBe(STRICT);
    expect((await fetchWithHost(server, "localhost", "/")).headers["content-security-policy"]).toBe(
      STRICT,
    );
    expect(
      (await fetchWithHost(server, "nobody.localhost", "/")).headers["content-security-policy"],
    ).toBe(STRICT);
  });
});
