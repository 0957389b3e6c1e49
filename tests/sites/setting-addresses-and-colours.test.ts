/**
 * Addresses and colours in a site's settings are what they say: the back office's settings,
 * navigation and promo popup editors refuse a `javascript:`, `data:` or protocol-relative link
 * and a colour that is not a colour, with the setting's message; a value stored before these
 * rules is ignored (its default applies, a bad navigation link is left out) and the site's pages
 * still render.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTING_MESSAGES } from "~/domain/site-settings";
import { sites } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { aSite } from "../support/factories";
import { formFields } from "../support/forms";
import { signInAs, type StaffClient } from "../support/staff";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
let admin: StaffClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await signInAs(server, "platform_admin");
});
afterAll(async () => {
  await server?.close();
});

/** Posts the settings editor's form with one field changed; the answer and the stored settings. */
async function saveSetting(siteId: number, name: string, value: string) {
  const path = `/admin/settings/${siteId}`;
  const page = await admin.get(path);
  expect(page.status).toBe(200);
  const form = Object.fromEntries(formFields(page.body));
  expect(Object.keys(form)).toContain(name);
  const response = await admin.post(path, { ...form, [name]: value, intent: "save" });
  const [row] = await server.database.db
    .select({ settings: sites.settings })
    .from(sites)
    .where(eq(sites.id, siteId));
  return { response, stored: row!.settings as Record<string, unknown> };
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/&#x27;/g, "'");

describe("the settings editor", () => {
  it.each([
    ["careersUrl", "javascript:alert(document.cookie)", SETTING_MESSAGES.link],
    ["careersUrl", "data:text/html,<script>alert(1)</script>", SETTING_MESSAGES.link],
    ["careersUrl", "//evil.example/careers", SETTING_MESSAGES.link],
    ["careersUrl", "/\\evil.example", SETTING_MESSAGES.link],
    ["careersUrl", 'https://x.example/"onmouseover="alert(1)', SETTING_MESSAGES.link],
    ["chatScriptUrl", "//evil.example/script.js", SETTING_MESSAGES.script],
    ["defaultSearchPath", "https://evil.example/search", SETTING_MESSAGES.path],
    ["theme.primary", "red;}body{display:none", SETTING_MESSAGES.colour],
    ["theme.accent", "</style><script>alert(1)</script>", SETTING_MESSAGES.colour],
    ["theme.primaryForeground", "url(https://evil.example/x.png)", SETTING_MESSAGES.colour],
    ["theme.radius", "0;background:url(//evil)", SETTING_MESSAGES.length],
  ])("refuses %s = %s", async (name, value, message) => {
    const site = await aSite(server);
    const { response, stored } = await saveSetting(site.id, name, value);
    expect(response.status).toBe(400);
    expect(text(response.body)).toContain(message);
    expect(JSON.stringify(stored)).not.toContain(value.slice(0, 12));
  });

  it.each([
    ["careersUrl", "https://careers.example.com/join"],
    ["careersUrl", "/pages/careers"],
    ["theme.primary", "#123abc"],
    ["theme.primary", "rgb(12, 34, 56)"],
    ["theme.accent", "hsl(210 50% 40% / 0.9)"],
    ["theme.radius", "4px"],
  ])("saves %s = %s", async (name, value) => {
    const site = await aSite(server);
    const { response, stored } = await saveSetting(site.id, name, value);
    expect(response.status).toBe(302);
    const [first, second] = name.split(".");
    expect(second ? (stored[first!] as Record<string, unknown>)[second] : stored[first!]).toBe(
      value,
    );
  });
});

describe("the navigation and promo popup editors", () => {
  it("refuse a link to another host without its scheme in the header", async () => {
    const site = await aSite(server);
    const path = `/admin/settings/${site.id}/navigation`;
    const page = await admin.get(path);
    const form = Object.fromEntries(formFields(page.body));
    const field = Object.keys(form).find((k) => /header/i.test(k));
    expect(field).toBeDefined();
    const response = await admin.post(path, {
      ...form,
      [field!]: "Careers | //evil.example/careers",
    });
    expect(response.status).toBe(400);
    expect(text(response.body)).toContain("'//evil.example/careers' is not a link");
  });

  it("refuse a javascript: link on the popup's button", async () => {
    const site = await aSite(server);
    const path = `/admin/settings/${site.id}/promo-popup`;
    const page = await admin.get(path);
    const form = Object.fromEntries(formFields(page.body));
    const response = await admin.post(path, {
      ...form,
      enabled: "on",
      title: "Sale",
      link: "javascript:alert(1)",
      expiresAt: "2099-01-01",
    });
    expect(response.status).toBe(400);
    expect(text(response.body)).toContain(SETTING_MESSAGES.link);
  });
});

describe("settings stored before these rules", () => {
  it("take their defaults, leave bad links out, and the pages render", async () => {
    const site = await aSite(server, { settings: { careersUrl: "https://careers.example.com" } });
    await server.database.db
      .update(sites)
      .set({
        settings: {
          careersUrl: "javascript:alert(1)",
          theme: { primary: "red;}body{display:none", accent: "#bb162b" },
          thirdPartyScripts: ["https://pixel.example.com/p.js", "javascript:alert(2)"],
        },
        navigation: {
          header: [
            { name: "Stock", url: "/search" },
            { name: "Evil", url: "javascript:alert(3)" },
          ],
          footer: [],
          social: [],
        },
      })
      .where(eq(sites.id, site.id));
    await server.registry.reload(site.id);
    const loaded = server.registry.byId(site.id)!;
    expect(loaded.settings.careersUrl).toBeNull();
    expect(loaded.settings.theme.primary).toBe("#0b3d91");
    expect(loaded.settings.theme.accent).toBe("#bb162b");
    expect(loaded.settings.thirdPartyScripts).toEqual(["https://pixel.example.com/p.js"]);
    expect(loaded.navigation.header).toEqual([{ name: "Stock", url: "/search" }]);

    const home = await fetchWithHost(server, `${site.slug}.localhost`, "/");
    expect(home.status).toBe(200);
    expect(home.body).not.toContain("javascript:");
    expect(home.body).not.toContain("display:none");
    expect(home.body).toContain("#0b3d91");
  });
});
