/**
 * The garage over HTTP: sign-in with a mobile number and an SMS code (from the dev SMS outbox),
 * the watchlist, and what bad input gets (a clear 4xx, nothing leaked); alerts sent from the
 * outbox after stock writes (a real SMTP server on loopback).
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE_MESSAGES } from "~/domain/mobile-number";
import {
  devSms,
  garageAlerts,
  garageCodes,
  garageSavedSearches,
  sites,
  vehicles,
} from "~/server/db/schema";
import { SIGN_IN_MESSAGES } from "~/server/garage/garage-auth";
import { saveVehicle, type VehicleInsert } from "~/server/stock/vehicle-store";
import type { RunningServer } from "~/server/start";
import { SmtpSink } from "../leads/support/smtp-sink";
import { fetchWithHost } from "../support/test-server";
import { aVehicle, published } from "../support/factories";
import { findListedVehicle } from "~/server/stock/listed-vehicle";
import { createSiteSearch } from "~/server/stock/site-search";

let server: RunningServer;
const smtp = new SmtpSink();
const SITE = "coastal-kia";
const US_SITE = "lone-star-autos";
const OTHER_SITE = "southern-motors";

beforeAll(async () => {
  await smtp.start();
  server = await startServer();
});
afterAll(async () => {
  await server?.close();
  await smtp.stop();
});

async function startServer() {
  const { startTestServer } = await import("../support/test-server");
  return startTestServer({
    SMTP_URL: smtp.url,
    GARAGE_ALERT_POLL_MS: "50",
    GARAGE_DIGEST_CHECK_MS: "100",
    GARAGE_CODE_CLIENT_LIMIT: "8",
  });
}

const db = () => server.database.db;
const siteId = (slug: string) => server.registry.all().find((s) => s.slug === slug)!.id;

let clientNumber = 1;
/** A fresh client address per call unless one is given (the per-client limits). */
async function call(
  site: string,
  method: string,
  path: string,
  body?: unknown,
  options: { cookie?: string; client?: string } = {},
) {
  const response = await fetchWithHost(server, `${site}.localhost`, path, {
    method,
    headers: {
      "content-type": "application/json",
      accept: "application/json",
      "x-forwarded-for": options.client ?? `10.1.0.${clientNumber++}`,
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(response.body) as Record<string, unknown>;
  } catch {
    // Not JSON (a 204).
  }
  return { ...response, json };
}

async function lastCode(phone: string): Promise<string> {
  const [row] = await db()
    .select({ body: devSms.body })
    .from(devSms)
    .where(eq(devSms.to, phone))
    .orderBy(desc(devSms.id))
    .limit(1);
  return /\b(\d{6})\b/.exec(row?.body ?? "")?.[1] ?? "";
}

async function signIn(site: string, phone: string, e164: string) {
  const sent = await call(site, "POST", "/api/auth/code", { phone });
  expect(sent.status).toBe(202);
  const verified = await call(site, "POST", "/api/auth/verify", {
    phone,
    code: await lastCode(e164),
  });
  expect(verified.status).toBe(200);
  const setCookie = String(verified.headers["set-cookie"]);
  return { cookie: setCookie.split(";")[0]!, json: verified.json, setCookie };
}

async function enableSignIn(slug: string) {
  await db()
    .update(sites)
    .set({
      settings: sql`jsonb_set(${sites.settings}, '{garage}', '{"signInWithMobile": true}'::jsonb)`,
    })
    .where(eq(sites.id, siteId(slug)));
  await server.registry.reload(siteId(slug));
}

/** In-stock cars the site shows (a shopper saves no other). */
async function someVehicles(slug: string, n: number) {
  const search = createSiteSearch(server.search, server.registry.byId(siteId(slug))!);
  const rows = await db()
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.siteId, siteId(slug)), eq(vehicles.status, "in_stock")))
    .orderBy(vehicles.id);
  return rows.filter((row) => findListedVehicle(search, row.id) !== null).slice(0, n);
}

describe("sign-in with a mobile number", () => {
  it("sends a code, signs in, registers, and answers GET /api/auth with the user and watchlist", async () => {
    const anonymous = await call(SITE, "GET", "/api/auth");
    expect(anonymous.json).toEqual({ user: null, watchlist: [] });

    const { cookie, json, setCookie } = await signIn(SITE, "0411 222 333", "+61411222333");
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(json).toMatchObject({
      user: { phone: "+61411222333" },
      registered: true,
      watchlist: [],
    });
    // The stored code is a hash, never the code.
    const [stored] = await db()
      .select()
      .from(garageCodes)
      .where(eq(garageCodes.phone, "+61411222333"));
    expect(stored!.codeHash).not.toContain(await lastCode("+61411222333"));

    const [car] = await someVehicles(SITE, 1);
    const merged = await call(
      SITE,
      "POST",
      "/api/garage/watchlist/merge",
      { vehicle_ids: [car!.id] },
      { cookie },
    );
    expect(merged.status).toBe(200);
    const me = await call(SITE, "GET", "/api/auth", undefined, { cookie });
    expect(me.json.user).toMatchObject({ phone: "+61411222333" });
    expect((me.json.watchlist as Array<{ id: number }>).map((f) => f.id)).toEqual([car!.id]);

    const profile = await call(
      SITE,
      "POST",
      "/api/auth/profile",
      { name: "Jane", email: "jane@example.com" },
      { cookie },
    );
    expect(profile.json.user).toMatchObject({ name: "Jane", email: "jane@example.com" });

    const out = await call(SITE, "POST", "/api/auth/sign-out", undefined, { cookie });
    expect(out.status).toBe(204);
    expect((await call(SITE, "GET", "/api/auth", undefined, { cookie })).json.user).toBeNull();
  });

  it("refuses malformed numbers with the site's message", async () => {
    for (const phone of ["", "abc", "12", "+1234567890123456789"]) {
      const answer = await call(SITE, "POST", "/api/auth/code", { phone });
      expect(answer.status).toBe(400);
      expect(answer.json).toEqual({ error: MOBILE_MESSAGES.australian });
    }
    await enableSignIn(US_SITE);
    const us = await call(US_SITE, "POST", "/api/auth/code", { phone: "12-34" });
    expect(us.status).toBe(400);
    expect(us.json).toEqual({ error: MOBILE_MESSAGES.us });
    expect(
      (await call(US_SITE, "POST", "/api/auth/code", { phone: "(212) 555-0123" })).status,
    ).toBe(202);
    // A site without garage sign-in has none.
    expect(
      (await call(OTHER_SITE, "POST", "/api/auth/code", { phone: "0411 222 333" })).status,
    ).toBe(404);
  });

  it("refuses a wrong code, an expired code and the sixth attempt", async () => {
    const phone = "0422 000 111";
    const e164 = "+61422000111";
    expect((await call(SITE, "POST", "/api/auth/code", { phone })).status).toBe(202);
    const code = await lastCode(e164);
    const wrong = code === "000000" ? "111111" : "000000";

    const bad = await call(SITE, "POST", "/api/auth/verify", { phone, code: "12ab" });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toBe(SIGN_IN_MESSAGES.codeFormat);
    for (let attempt = 1; attempt <= 5; attempt++) {
      const answer = await call(SITE, "POST", "/api/auth/verify", { phone, code: wrong });
      expect(answer.status).toBe(400);
      expect(String(answer.json.error)).toContain("That code is not right");
      expect(answer.headers["set-cookie"]).toBeUndefined();
    }
    const sixth = await call(SITE, "POST", "/api/auth/verify", { phone, code });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error).toBe(SIGN_IN_MESSAGES.tooManyAttempts);

    // A new code once the wait is over; then it expires unused.
    await db()
      .update(garageCodes)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(garageCodes.phone, e164));
    expect((await call(SITE, "POST", "/api/auth/code", { phone })).status).toBe(202);
    const fresh = await lastCode(e164);
    await db()
      .update(garageCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(garageCodes.phone, e164));
    const expired = await call(SITE, "POST", "/api/auth/verify", { phone, code: fresh });
    expect(expired.status).toBe(400);
    expect(expired.json.error).toBe(SIGN_IN_MESSAGES.expired);
  });

  it("limits code requests per number and per client, with one answer for every number", async () => {
    const phone = "0433 000 222";
    expect((await call(SITE, "POST", "/api/auth/code", { phone })).status).toBe(202);
    const again = await call(SITE, "POST", "/api/auth/code", { phone });
    expect(again.status).toBe(429);
    expect(again.json.error).toMatch(/wait \d+ seconds/);
    expect(again.headers["retry-after"]).toBeDefined();
    let last = again;
    for (let i = 0; i < 4; i++) last = await call(SITE, "POST", "/api/auth/code", { phone });
    expect(last.status).toBe(429);
    expect(last.json.error).toBe(SIGN_IN_MESSAGES.tooManyRequests);

    // One client, many numbers: the ninth request is refused.
    const answers = [];
    for (let i = 0; i < 9; i++) {
      answers.push(
        await call(
          SITE,
          "POST",
          "/api/auth/code",
          { phone: `0444 000 0${10 + i}` },
          { client: "10.9.9.9" },
        ),
      );
    }
    expect(answers.slice(0, 8).map((a) => a.status)).toEqual(Array(8).fill(202));
    expect(answers[8]!.status).toBe(429);
    // A known and an unknown number get the same answer.
    await db()
      .update(garageCodes)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(garageCodes.phone, "+61411222333"));
    const known = await call(SITE, "POST", "/api/auth/code", { phone: "0411 222 333" });
    const unknown = await call(SITE, "POST", "/api/auth/code", { phone: "0455 999 888" });
    expect(known.status).toBe(202);
    // Each answer names the number it was asked for, nothing more.
    expect({ ...known.json, sentTo: "" }).toEqual({ ...unknown.json, sentTo: "" });
    expect([known.json.sentTo, unknown.json.sentTo]).toEqual(["0411 222 333", "0455 999 888"]);
  });

  it("names the number the code went to, written the way the site's shoppers write it", async () => {
    const au = await call(SITE, "POST", "/api/auth/code", { phone: "+61466123456" });
    expect(au.status).toBe(202);
    expect(au.json).toMatchObject({
      message: SIGN_IN_MESSAGES.sent,
      sentTo: "0466 123 456",
      resendAfterSeconds: 30,
    });
    await enableSignIn(US_SITE);
    const us = await call(US_SITE, "POST", "/api/auth/code", { phone: "212.555.0188" });
    expect(us.status).toBe(202);
    expect(us.json.sentTo).toBe("(212) 555-0188");
  });

  it("keeps each shopper to their own watchlist and site", async () => {
    const a = await signIn(SITE, "0466 100 100", "+61466100100");
    const b = await signIn(SITE, "0466 200 200", "+61466200200");
    const aId = (a.json.user as { id: number }).id;
    const bId = (b.json.user as { id: number }).id;
    expect(
      (
        await call(SITE, "GET", `/api/garage/users/${aId}/watchlist`, undefined, {
          cookie: a.cookie,
        })
      ).status,
    ).toBe(200);
    const other = await call(SITE, "GET", `/api/garage/users/${aId}/watchlist`, undefined, {
      cookie: b.cookie,
    });
    expect(other.status).toBe(404);
    expect(other.body).not.toContain("+61466100100");
    expect((await call(SITE, "GET", `/api/garage/users/${bId}/watchlist`)).status).toBe(401);
    expect(
      (await call(SITE, "GET", `/api/garage/users/x/watchlist`, undefined, { cookie: a.cookie }))
        .status,
    ).toBe(400);
    // A car of another site cannot be watched; a session does not work on another site.
    const [foreign] = await someVehicles(OTHER_SITE, 1);
    expect(
      (
        await call(SITE, "PUT", `/api/garage/watchlist/${foreign!.id}`, undefined, {
          cookie: a.cookie,
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(OTHER_SITE, "GET", "/api/auth", undefined, { cookie: a.cookie })).json.user,
    ).toBeNull();
    // Bad bodies.
    expect(
      (
        await call(
          SITE,
          "POST",
          "/api/garage/watchlist/merge",
          { vehicle_ids: ["1"] },
          { cookie: a.cookie },
        )
      ).status,
    ).toBe(400);
    expect(
      (await call(SITE, "POST", "/api/auth/profile", { email: "nope" }, { cookie: a.cookie }))
        .status,
    ).toBe(400);

    // Delete my account and data.
    expect(
      (await call(SITE, "DELETE", "/api/auth/account", undefined, { cookie: b.cookie })).status,
    ).toBe(204);
    expect(
      (await call(SITE, "GET", "/api/auth", undefined, { cookie: b.cookie })).json.user,
    ).toBeNull();
  });

  it("saves only a car the site shows: not a hidden one, nor one sold 10 days ago", async () => {
    const site = server.registry.all().find((s) => s.slug === SITE)!;
    // A Kia: the site shows its manufacturer's cars only.
    const kia = { make: "Kia", model: "Cerato", name: "2022 Kia Cerato" };
    const hidden = await aVehicle(server, site, { ...kia, showOnDealerWebsite: false });
    const sold = await aVehicle(server, site, {
      ...kia,
      status: "sold",
      soldAt: new Date(Date.now() - 10 * 86_400_000),
    });
    const shown = await aVehicle(server, site, kia);
    const search = createSiteSearch(server.search, site);
    await published(() => findListedVehicle(search, shown.id));
    const { cookie } = await signIn(SITE, "0499 111 222", "+61499111222");
    for (const car of [hidden, sold]) {
      const refused = await call(SITE, "PUT", `/api/garage/watchlist/${car.id}`, undefined, {
        cookie,
      });
      expect(refused.status).toBe(404);
      expect(refused.json.error).toBe("That car is not listed on this site.");
    }
    const merged = await call(
      SITE,
      "POST",
      "/api/garage/watchlist/merge",
      { vehicle_ids: [hidden.id, sold.id, shown.id] },
      { cookie },
    );
    expect(merged.status).toBe(200);
    expect((merged.json.watchlist as Array<{ id: number }>).map((f) => f.id)).toEqual([shown.id]);
  });
});

/** The garage's alert outbox has nothing pending: every alert queued so far was sent (or failed). */
async function alertsSettled() {
  await expect
    .poll(
      async () =>
        (
          await db()
            .select({ n: sql<number>`count(*)::int` })
            .from(garageAlerts)
            .where(eq(garageAlerts.status, "pending"))
        )[0]!.n,
      { timeout: 30_000, interval: 100, message: "the garage alerts to be sent" },
    )
    .toBe(0);
}

describe("alerts", () => {
  it("e-mails each watcher once when a watched car sells, and once per price drop", async () => {
    const cars = await someVehicles(SITE, 20);
    // Not the first car: an earlier test's shopper watches that one.
    const sold = cars[1];
    const cheaper = cars.find((car, i) => i > 1 && car.price > 10_000);
    const watchers = [];
    for (const [i, phone] of ["0477 000 001", "0477 000 002"].entries()) {
      const w = await signIn(SITE, phone, `+6147700000${i + 1}`);
      await call(
        SITE,
        "POST",
        "/api/auth/profile",
        { email: `watcher${i}@example.com` },
        { cookie: w.cookie },
      );
      await call(
        SITE,
        "POST",
        "/api/garage/watchlist/merge",
        { vehicle_ids: [sold!.id, cheaper!.id] },
        { cookie: w.cookie },
      );
      watchers.push(w);
    }
    const write = (row: typeof sold, change: Partial<VehicleInsert>) =>
      saveVehicle(db(), server.bus, { ...(row as VehicleInsert), ...change });

    await write(sold, { status: "sold", soldAt: new Date() });
    await write(sold, { status: "sold", soldAt: new Date() });
    const soldMail = () => smtp.messages.filter((m) => m.subject?.includes("has sold"));
    await smtp
      .waitFor(() => soldMail().length >= 2)
      .catch((error: unknown) => {
        console.log(smtp.messages.map((m) => [m.subject, m.to]));
        throw error;
      });
    await write(cheaper, { price: cheaper!.price - 1000 });
    const dropMail = () => smtp.messages.filter((m) => m.subject?.startsWith("Price drop"));
    await smtp.waitFor(() => dropMail().length >= 2);
    // A raise is no alert. The stock write queues alerts in its own statements, so once the
    // outbox has nothing pending, anything the raise (or a repeat) queued has been sent.
    await write(cheaper, { price: cheaper!.price + 500 });
    await alertsSettled();
    expect(
      soldMail()
        .map((m) => m.to)
        .flat()
        .sort(),
    ).toEqual(["watcher0@example.com", "watcher1@example.com"]);
    expect(dropMail()).toHaveLength(2);
    // RFC 8058: the page's address in List-Unsubscribe, and one-click by POST to it.
    const raw = dropMail()[0]!
      .raw.replace(/=\r?\n/g, "")
      .replace(/\r?\n[ \t]+/g, " ");
    const listUnsubscribe = /^List-Unsubscribe: <([^>]+)>/im.exec(raw)?.[1];
    expect(listUnsubscribe).toMatch(
      /^http:\/\/coastal-kia\.localhost:\d+\/my-garage\/unsubscribe\?token=[A-Za-z0-9_-]{20,64}$/,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const path = new URL(listUnsubscribe!).pathname + new URL(listUnsubscribe!).search;
    const oneClick = await fetchWithHost(server, `${SITE}.localhost`, path, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toContain("You are unsubscribed");
  });

  it("saves a search and sends a digest of the cars added since", async () => {
    const w = await signIn(SITE, "0488 000 001", "+61488000001");
    await call(
      SITE,
      "POST",
      "/api/auth/profile",
      { email: "digest@example.com" },
      { cookie: w.cookie },
    );
    const bad = await call(
      SITE,
      "POST",
      "/api/garage/saved-searches",
      { search: "/not-a-search" },
      { cookie: w.cookie },
    );
    expect(bad.status).toBe(400);
    const signedOut = await call(SITE, "POST", "/api/garage/saved-searches", {
      search: "/search/new-cars",
    });
    expect(signedOut.status).toBe(401);
    const saved = await call(
      SITE,
      "POST",
      "/api/garage/saved-searches",
      { search: "/search/new-cars" },
      { cookie: w.cookie },
    );
    expect(saved.status).toBe(201);

    // A new car arrives; the search was last digested two days ago.
    const [template] = await db()
      .select()
      .from(vehicles)
      .where(
        and(
          eq(vehicles.siteId, siteId(SITE)),
          eq(vehicles.carType, "new"),
          eq(vehicles.status, "in_stock"),
        ),
      )
      .limit(1);
    const { id: _id, ...fields } = template!;
    await saveVehicle(db(), server.bus, {
      ...(fields as VehicleInsert),
      slug: `${template!.slug}-digest`,
      stocknum: "DIGEST1",
      createdAt: new Date(),
      createdAtTimestamp: Date.now(),
    });
    await db()
      .update(garageSavedSearches)
      .set({ lastDigestAt: new Date(Date.now() - 2 * 24 * 60 * 60_000) });
    const digests = () => smtp.messages.filter((m) => m.subject?.includes("your saved search"));
    await smtp.waitFor(() => digests().length >= 1);
    expect(digests()[0]!.to).toEqual(["digest@example.com"]);
    expect(digests()[0]!.raw).toContain("-digest");
    // One digest a day per saved search (its key in the outbox): once nothing is pending, no
    // second one can follow.
    await alertsSettled();
    expect(digests()).toHaveLength(1);
  });
});
