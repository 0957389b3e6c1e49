/**
 * Garage sign-in sends its codes only to full-length mobile numbers of the countries the site
 * serves: satellite, premium and other countries' numbers, short numbers and landlines are
 * refused with the site's message before any code is made or any SMS sent. A site's
 * `garage.signInCountries` setting widens its market (an Australian site taking NZ numbers).
 */
import { count, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MOBILE_MESSAGES } from "~/domain/mobile-number";
import { devSms, garageCodes, sites } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { sendJson } from "../leads/support/lead-client";
import { startTestServer } from "../support/test-server";

let server: RunningServer;
const AU_SITE = "coastal-kia";
const US_SITE = "lone-star-autos";

beforeAll(async () => {
  server = await startTestServer({ GARAGE_CODE_CLIENT_LIMIT: "1000" });
  await setGarage(US_SITE, { signInWithMobile: true });
});
afterAll(async () => {
  await server?.close();
});

const siteOf = (slug: string) => server.registry.all().find((s) => s.slug === slug)!;

async function setGarage(slug: string, garage: Record<string, unknown>) {
  const site = siteOf(slug);
  await server.database.db
    .update(sites)
    .set({
      settings: sql`jsonb_set(${sites.settings}, '{garage}', coalesce(${sites.settings}->'garage', '{}'::jsonb) || ${JSON.stringify(garage)}::jsonb)`,
    })
    .where(eq(sites.id, site.id));
  await server.registry.reload(site.id);
}

const askCode = (slug: string, phone: string) =>
  sendJson(server, "POST", "/api/auth/code", { phone }, { host: `${slug}.localhost` });

const sent = async () =>
  (await server.database.db.select({ n: count() }).from(devSms))[0]!.n +
  (await server.database.db.select({ n: count() }).from(garageCodes))[0]!.n;

describe("garage sign-in numbers", () => {
  it.each([
    ["a satellite number (+882)", "+882 1234 5678 90"],
    ["a premium international number (+979)", "+979 1234 5678"],
    ["a US premium number (+1 900)", "+1 900 555 1234"],
    ["a short number (0412)", "0412"],
    ["a short number (0412 345)", "0412 345"],
    ["a landline", "02 9630 1000"],
    ["a New Zealand mobile", "+64 21 123 4567"],
    ["a UK mobile", "+44 7911 123456"],
  ])("an Australian site refuses %s", async (_what, phone) => {
    const before = await sent();
    const answer = await askCode(AU_SITE, phone);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: MOBILE_MESSAGES.australian });
    expect(await sent()).toBe(before);
  });

  it("an Australian site takes a full-length Australian mobile", async () => {
    expect((await askCode(AU_SITE, "0412 345 678")).status).toBe(202);
    const [sms] = await server.database.db
      .select({ to: devSms.to })
      .from(devSms)
      .where(eq(devSms.to, "+61412345678"));
    expect(sms).toBeDefined();
  });

  it.each([
    ["a US premium number (+1 900)", "+1 900 555 1234"],
    ["an Australian mobile", "+61 412 345 678"],
    ["a seven-digit number", "555-0123"],
  ])("a US site refuses %s", async (_what, phone) => {
    const answer = await askCode(US_SITE, phone);
    expect(answer.status).toBe(400);
    expect(answer.json).toEqual({ error: MOBILE_MESSAGES.us });
  });

  it("a US site takes a full US number", async () => {
    expect((await askCode(US_SITE, "(212) 555-0123")).status).toBe(202);
  });

  it("a site whose market also names New Zealand takes NZ mobiles, and still no others", async () => {
    await setGarage(AU_SITE, { signInCountries: ["AU", "NZ"] });
    try {
      expect((await askCode(AU_SITE, "+64 21 123 4567")).status).toBe(202);
      expect((await askCode(AU_SITE, "+44 7911 123456")).status).toBe(400);
    } finally {
      await setGarage(AU_SITE, { signInCountries: null });
    }
  });
});
