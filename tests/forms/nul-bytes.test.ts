/**
 * A NUL character (a zero byte) in anything a shopper or a member of staff types is refused with
 * the field's message or left out, never a failed write: a loop over every field of the lead
 * forms, every field of the lead API, and the back office's settings and content editors.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentPages, devSms, locations, offers, vehicles } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { sendJson, sendRaw, validLead } from "../leads/support/lead-client";
import { formFields } from "../support/forms";
import { signInAs, type StaffClient } from "../support/staff";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
let admin: StaffClient;
const SITE = "coastal-kia";
const HOST = `${SITE}.localhost`;
const NUL = "\u0000";

beforeAll(async () => {
  server = await startTestServer({ LEAD_RATE_LIMIT: "1000000", LEAD_POLL_MS: "60000" });
  admin = await signInAs(server, "platform_admin", { host: HOST });
});
afterAll(async () => {
  await server?.close();
});

const FORM_PAGES = ["/contact", "/finance", "/book-test-drive", "/service", "/trade-in", "/fleet"];

describe("a NUL character", () => {
  it.each(FORM_PAGES)("in any field of the form at %s is refused, never a 5xx", async (path) => {
    const page = await fetchWithHost(server, HOST, path);
    expect(page.status).toBe(200);
    const fields = formFields(page.body);
    expect(fields.size).toBeGreaterThan(3);
    const names = [...fields.keys(), "idempotency_key", "car_id", "intent", `na${NUL}me`];
    const answers: Record<string, number> = {};
    for (const name of names) {
      const form = new URLSearchParams({
        first_name: "Jo",
        last_name: "Bloggs",
        email: "jo@example.com",
        phone: "0411 222 333",
      });
      form.set(name, `a${NUL}b`);
      const response = await sendRaw(
        server,
        "POST",
        path,
        form.toString(),
        {
          "content-type": "application/x-www-form-urlencoded",
          origin: `http://${HOST}:${server.port}`,
          accept: "text/html",
        },
        HOST,
      );
      answers[name] = response.status;
    }
    const failed = Object.entries(answers).filter(([, status]) => status >= 500);
    expect(failed).toEqual([]);
  });

  it("in any value or key of the lead API is refused, never a 5xx", async () => {
    const lead = validLead();
    const answers: Record<string, number> = {};
    for (const name of [...Object.keys(lead), "car_id", "utm_source", "name"]) {
      const response = await sendJson(
        server,
        "POST",
        "/api/leads",
        { ...lead, [name]: `x${NUL}y` },
        { host: HOST },
      );
      answers[name] = response.status;
    }
    const key = await sendJson(
      server,
      "POST",
      "/api/leads",
      { ...lead, [`k${NUL}`]: "v" },
      { host: HOST },
    );
    answers.key = key.status;
    const idempotent = await sendJson(server, "POST", "/api/leads", validLead(), {
      host: HOST,
      headers: { "idempotency-key": `k${NUL}` },
    }).catch(() => ({ status: 400 }));
    answers.idempotencyHeader = idempotent.status;
    expect(Object.entries(answers).filter(([, status]) => status >= 500)).toEqual([]);
  });

  it("in a page's query, a lookup or a reservation is refused or ignored, never a 5xx", async () => {
    const answers: Record<string, number> = {};
    for (const path of [
      "/search?q=%00",
      "/search/used-cars?make=%00&sort=%00",
      "/contact?car_id=%00",
      "/book-test-drive?car_id=1%00",
      "/success?category=%00&lead_id=%00",
      "/my-garage?ids=1%00",
      "/pages/%00",
      "/cars/%00",
      "/dealerships/1/test-drive.json?date=%00",
    ])
      answers[path] = (await fetchWithHost(server, HOST, path)).status;
    for (const path of ["/api/rego-lookup", "/api/nevdis", "/api/simple-autograb-lookup"])
      answers[path] = (
        await sendJson(
          server,
          "POST",
          path,
          { rego: `AB${NUL}C`, state: `NS${NUL}W` },
          { host: HOST },
        )
      ).status;
    answers.reservation = (
      await sendJson(
        server,
        "POST",
        "/api/reservations",
        {
          car_id: `x${NUL}`,
          first_name: `A${NUL}`,
          last_name: "B",
          email: "a@example.com",
          phone: "0412345678",
        },
        { host: HOST },
      )
    ).status;
    answers.phoneReveal = (
      await sendJson(
        server,
        "POST",
        "/api/events/phone-reveal",
        { car_id: `1${NUL}` },
        { host: HOST },
      )
    ).status;
    expect(Object.entries(answers).filter(([, status]) => status >= 500)).toEqual([]);
  });

  it("in what the garage's API takes is refused, never a 5xx", async () => {
    const json = (path: string, body: unknown, cookie = "") =>
      sendJson(server, "POST", path, body, { host: HOST, headers: cookie ? { cookie } : {} });
    const phone = "0412 345 679";
    // A number is read from its digits: the NUL is left out like the spaces.
    expect((await json("/api/auth/code", { phone: `${phone}${NUL}` })).status).toBe(202);
    const [sms] = await server.database.db
      .select({ body: devSms.body })
      .from(devSms)
      .where(eq(devSms.to, "+61412345679"))
      .orderBy(desc(devSms.id))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(sms!.body)![1]!;
    expect((await json("/api/auth/verify", { phone, code: `${code}${NUL}` })).status).toBe(400);
    const verified = await json("/api/auth/verify", { phone, code });
    expect(verified.status).toBe(200);
    const cookie = String(verified.headers["set-cookie"]).split(";")[0]!;
    const answers = {
      name: (await json("/api/auth/profile", { name: `Jo${NUL}`, email: "" }, cookie)).status,
      email: (await json("/api/auth/profile", { name: "", email: `jo${NUL}@example.com` }, cookie))
        .status,
      search: (await json("/api/garage/saved-searches", { search: `/search${NUL}` }, cookie))
        .status,
    };
    expect(answers).toEqual({ name: 400, email: 400, search: 400 });
  });

  it.each([
    "/admin/settings/{site}",
    "/admin/settings/{site}/promo-popup",
    "/admin/settings/{site}/navigation",
    "/admin/content/{site}/pages/{page}",
    "/admin/content/{site}/offers/{offer}",
    "/admin/content/{site}/locations/{location}",
    "/admin/stock/{site}/vehicles/{vehicle}",
  ])(
    "in any field of the back office's %s is refused or left out, never a 5xx",
    async (template) => {
      const siteId = server.registry.all().find((s) => s.slug === SITE)!.id;
      const { db } = server.database;
      const first = async (
        table: typeof contentPages | typeof offers | typeof locations | typeof vehicles,
      ) =>
        String(
          (
            await db.select({ id: table.id }).from(table).where(eq(table.siteId, siteId)).limit(1)
          )[0]?.id,
        );
      const path = template
        .replace("{site}", String(siteId))
        .replace("{page}", await first(contentPages))
        .replace("{offer}", await first(offers))
        .replace("{location}", await first(locations))
        .replace("{vehicle}", await first(vehicles));
      const page = await admin.get(path);
      expect(page.status).toBe(200);
      const fields = formFields(page.body);
      const answers: Record<string, number> = {};
      // The form as the page shows it saves.
      const clean = await admin.post(path, Object.fromEntries(fields));
      expect(clean.status).toBeLessThan(500);
      expect(clean.body).not.toMatch(/need fixing|Invalid input/);
      for (const name of fields.keys()) {
        if (name === "_csrf") continue;
        const form = Object.fromEntries(fields);
        form[name] = `${form[name] ?? ""}x${NUL}`;
        const response = await admin.post(path, form);
        answers[name] = response.status;
      }
      expect(Object.entries(answers).filter(([, status]) => status >= 500)).toEqual([]);
    },
  );
});
