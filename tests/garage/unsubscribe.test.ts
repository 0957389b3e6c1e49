/**
 * The unsubscribe link of garage alerts: opening it (as a mail scanner does) changes nothing and
 * shows a page of the site with a button; the button's POST, or a mail client's one-click POST
 * (RFC 8058: `List-Unsubscribe=One-Click`, no cookie, no CSRF token), turns the alerts off. Links
 * of alerts sent before the page lead to it.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { garageUsers } from "~/server/db/schema";
import { UNSUBSCRIBE_MESSAGES } from "~/server/garage/unsubscribe";
import type { RunningServer } from "~/server/start";
import { sendRaw } from "../leads/support/lead-client";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
const SITE = "coastal-kia";
const HOST = `${SITE}.localhost`;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** A watcher of the site with alerts on; their unsubscribe token. */
async function aWatcher(): Promise<{ id: number; token: string }> {
  const site = server.registry.all().find((s) => s.slug === SITE)!;
  const token = randomBytes(24).toString("base64url");
  const [row] = await server.database.db
    .insert(garageUsers)
    .values({
      siteId: site.id,
      phone: `+6141${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`,
      email: "watcher@example.com",
      unsubscribeToken: token,
    })
    .returning({ id: garageUsers.id });
  return { id: row!.id, token };
}

const alertsOff = async (id: number) =>
  (
    await server.database.db
      .select({ off: garageUsers.alertsOff })
      .from(garageUsers)
      .where(eq(garageUsers.id, id))
  )[0]!.off;

const oneClick = (path: string, headers: Record<string, string> = {}) =>
  sendRaw(
    server,
    "POST",
    path,
    "List-Unsubscribe=One-Click",
    { "content-type": "application/x-www-form-urlencoded", ...headers },
    HOST,
  );

describe("the unsubscribe link", () => {
  it("shows a page of the site with a button, and opening it changes nothing", async () => {
    const watcher = await aWatcher();
    for (let i = 0; i < 3; i++) {
      const page = await fetchWithHost(
        server,
        HOST,
        `/my-garage/unsubscribe?token=${watcher.token}`,
      );
      expect(page.status).toBe(200);
      expect(page.headers["cache-control"]).toMatch(/no-store/);
      expect(page.body).toContain("<h1");
      expect(page.body).toMatch(/<form [^>]*method="post"/);
      expect(page.body).toMatch(
        /<button type="submit"[^>]*>Unsubscribe from garage alerts<\/button>/,
      );
      // The site's own layout: its header and footer around the page.
      expect(page.body).toMatch(/<header/);
      expect(page.body).toMatch(/<footer/);
    }
    expect(await alertsOff(watcher.id)).toBe(false);
  });

  it("of alerts sent before leads to that page without unsubscribing", async () => {
    const watcher = await aWatcher();
    const old = await fetchWithHost(server, HOST, `/api/garage/unsubscribe?token=${watcher.token}`);
    expect(old.status).toBe(303);
    expect(old.headers.location).toBe(`/my-garage/unsubscribe?token=${watcher.token}`);
    expect(await alertsOff(watcher.id)).toBe(false);
  });

  it("unsubscribes by the page's button", async () => {
    const watcher = await aWatcher();
    const done = await sendRaw(
      server,
      "POST",
      `/my-garage/unsubscribe?token=${watcher.token}`,
      "List-Unsubscribe=One-Click",
      {
        "content-type": "application/x-www-form-urlencoded",
        origin: `http://${HOST}:${server.port}`,
        "sec-fetch-site": "same-origin",
        accept: "text/html",
      },
      HOST,
    );
    expect(done.status).toBe(200);
    expect(done.body).toContain("You are unsubscribed");
    expect(await alertsOff(watcher.id)).toBe(true);
  });

  it("unsubscribes by a mail client's one-click POST, with no cookie or CSRF token", async () => {
    const watcher = await aWatcher();
    const done = await oneClick(`/my-garage/unsubscribe?token=${watcher.token}`);
    expect(done.status).toBe(200);
    expect(await alertsOff(watcher.id)).toBe(true);
    // The link of alerts sent before takes the one-click POST too.
    const earlier = await aWatcher();
    expect((await oneClick(`/api/garage/unsubscribe?token=${earlier.token}`)).status).toBe(200);
    expect(await alertsOff(earlier.id)).toBe(true);
  });

  it("answers an incomplete or unknown link with what to do", async () => {
    const short = await fetchWithHost(server, HOST, "/my-garage/unsubscribe?token=short");
    expect(short.status).toBe(400);
    expect(short.body).toContain(UNSUBSCRIBE_MESSAGES.incomplete);
    const unknown = await oneClick(`/my-garage/unsubscribe?token=${"x".repeat(32)}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toContain(UNSUBSCRIBE_MESSAGES.unknown);
  });
});
