/**
 * Marketing consent (docs/product/leads-and-forms.md, "Marketing consent"): the opt-in box of
 * every lead form starts unticked on Australian and New Zealand sites and ticked on US sites, in
 * the site's words; a lead keeps whether consent was given, the words and the server's time, and
 * the dealer's e-mail, its ADF/XML and the back office's lead page say so. Only the ticked box
 * gives consent, on the forms and on the API.
 */
import { staffTimeText, staffZone } from "~/domain/staff-time";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_CONSENT_WORDING } from "~/domain/marketing-consent";
import { devMail, leads, sites } from "~/server/db/schema";
import { saveSiteSettings } from "~/server/admin/editors/site-editors";
import type { RunningServer } from "~/server/start";
import { signInAs } from "../support/staff";
import { fetchWithHost, startTestServer } from "../support/test-server";
import { adfProblems, xmllintAvailable } from "./support/adf";
import { sendJson, sendRaw, validLead } from "./support/lead-client";

let server: RunningServer;

beforeAll(async () => {
  server = await startTestServer({ LEAD_POLL_MS: "50", LEAD_RATE_LIMIT: "1000" });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const siteId = (slug: string) => server.registry.all().find((s) => s.slug === slug)!.id;

/** The pages of the demo sites whose forms carry the opt-in box. */
const FORM_PAGES = ["/contact", "/book-test-drive/", "/service", "/trade-in", "/fleet"];

/** The opt-in box of a page's form: whether it starts ticked, and the words beside it. */
function optInBox(html: string): { ticked: boolean; wording: string } | null {
  const input = /<input[^>]*\bname="opt_in"[^>]*>/.exec(html);
  if (!input) return null;
  const after = html.slice(input.index + input[0].length, input.index + input[0].length + 600);
  const words = /^\s*(?:<span>)?([^<]+)</.exec(after) ?? /<label[^>]*>([^<]+)</.exec(after);
  return { ticked: /\schecked(=""|\s|\/?>)/.test(input[0]), wording: words?.[1]?.trim() ?? "" };
}

function post(slug: string, path: string, fields: Record<string, string>) {
  return sendRaw(
    server,
    "POST",
    path,
    new URLSearchParams(fields).toString(),
    {
      "content-type": "application/x-www-form-urlencoded",
      origin: `http://${slug}.localhost:${server.port}`,
      accept: "text/html",
    },
    `${slug}.localhost`,
  );
}

async function latestLead(slug: string) {
  const [row] = await db()
    .select()
    .from(leads)
    .where(eq(leads.siteId, siteId(slug)))
    .orderBy(desc(leads.createdAt))
    .limit(1);
  return row!;
}

async function leadById(id: string) {
  const [row] = await db().select().from(leads).where(eq(leads.id, id));
  return row!;
}

/** The dealer's e-mail of a lead in the dev outbox: its text and its ADF/XML attachment. */
async function mailOf(leadId: string): Promise<{ text: string; html: string; adf: string }> {
  let found: { text: string; html: string; adf: string } | null = null;
  await expect
    .poll(
      async () => {
        const rows = await db()
          .select()
          .from(devMail)
          .where(sql`${devMail.text} like ${`%${leadId}%`}`);
        const row = rows[0];
        if (!row) return false;
        const adf = row.attachments.find((a) => a.filename === `lead-${leadId}.xml`);
        found = { text: row.text, html: row.html ?? "", adf: adf?.content ?? "" };
        return true;
      },
      { timeout: 20_000, interval: 100 },
    )
    .toBe(true);
  return found!;
}

async function setConsentSetting(slug: string, setting: Record<string, string>) {
  await db()
    .update(sites)
    .set({
      settings: sql`jsonb_set(${sites.settings}, '{marketingConsent}', ${JSON.stringify(setting)}::jsonb)`,
    })
    .where(eq(sites.id, siteId(slug)));
  await server.registry.reload(siteId(slug));
}

const person = {
  first_name: "Jo",
  last_name: "Consent",
  email: "jo.consent@example.com",
  phone: "0411 222 333",
};

describe("the opt-in box starts as the site's market allows", () => {
  it.each([
    ["coastal-kia", "an Australian", false],
    ["southern-motors", "a New Zealand", false],
    ["lone-star-autos", "a US", true],
  ])(
    "%s (%s site): ticked %s on every form, in the site's words",
    async (slug, _market, ticked) => {
      for (const path of FORM_PAGES) {
        const res = await fetchWithHost(server, `${slug}.localhost`, path);
        expect(res.status, path).toBe(200);
        expect(optInBox(res.body), `${slug}${path}`).toEqual({
          ticked,
          wording: DEFAULT_CONSENT_WORDING,
        });
      }
    },
  );

  it("'ticked' never ticks it on an Australian site; 'unticked' unticks it on a US site; the words are the site's", async () => {
    await setConsentSetting("coastal-kia", { default: "ticked" });
    await setConsentSetting("lone-star-autos", {
      default: "unticked",
      wording: "Email me Lone Star specials",
    });
    try {
      const au = await fetchWithHost(server, "coastal-kia.localhost", "/contact");
      expect(optInBox(au.body)).toEqual({ ticked: false, wording: DEFAULT_CONSENT_WORDING });
      const us = await fetchWithHost(server, "lone-star-autos.localhost", "/contact");
      expect(optInBox(us.body)).toEqual({
        ticked: false,
        wording: "Email me Lone Star specials",
      });

      // The lead keeps the words the form showed.
      const location = /<select[^>]*name="location"[\s\S]*?<option[^>]*value="([^"]+)"/.exec(
        us.body,
      )?.[1];
      const res = await post("lone-star-autos", "/contact", {
        ...(location ? { location } : {}),
        ...person,
        phone: "512 555 0134",
        postcode: "78701",
        first_name: "Wanda",
        category: "General Enquiry",
        message: "Send me your specials",
        opt_in: "on",
      });
      expect(res.status).toBe(303);
      const lead = await latestLead("lone-star-autos");
      expect(lead).toMatchObject({
        firstName: "Wanda",
        marketingConsent: true,
        marketingConsentWording: "Email me Lone Star specials",
      });
      const mail = await mailOf(lead.id);
      expect(mail.text).toMatch(
        /Marketing consent: given at .+ (CST|CDT) to 'Email me Lone Star specials'/,
      );
    } finally {
      await setConsentSetting("coastal-kia", { default: "market" });
      await setConsentSetting("lone-star-autos", { default: "market" });
    }
  });
});

describe("the setting in the back office's settings editor", () => {
  it("refuses words that are empty or too long with a message, and changes nothing", async () => {
    const deps = { db: db(), bus: server.bus };
    const before = server.registry.byId(siteId("outback-campers"))!.settings.marketingConsent;
    for (const [wording, message] of [
      ["   ", "Write the words shown beside the box."],
      ["x".repeat(301), "Keep the words to 300 characters."],
    ]) {
      const result = await saveSiteSettings(deps, siteId("outback-campers"), {
        marketingConsent: { wording },
      } as never);
      expect(result).toMatchObject({ ok: false, status: 400 });
      expect(JSON.stringify(result)).toContain(message);
    }
    const [row] = await db()
      .select()
      .from(sites)
      .where(eq(sites.id, siteId("outback-campers")));
    expect(row!.settings).not.toHaveProperty("marketingConsent");
    expect(server.registry.byId(siteId("outback-campers"))!.settings.marketingConsent).toEqual(
      before,
    );
  });
});

describe("a lead keeps its consent, and the e-mail, ADF and back office show it", () => {
  it("a form sent without the box ticked stores no consent; the e-mail and ADF say not given", async () => {
    const res = await post("coastal-kia", "/contact", {
      ...person,
      first_name: "Una",
      category: "General Enquiry",
      location: "coastal-kia-southport",
      message: "Just the price, please",
    });
    expect(res.status).toBe(303);
    const lead = await latestLead("coastal-kia");
    expect(lead).toMatchObject({
      firstName: "Una",
      marketingConsent: false,
      marketingConsentAt: null,
    });
    const mail = await mailOf(lead.id);
    expect(mail.text).toContain("Marketing consent: not given");
    expect(mail.text).not.toContain("Happy to receive offers");
    expect(mail.html).toContain("not given");
    expect(mail.adf).toContain("Marketing consent: not given");
    if (xmllintAvailable) expect(adfProblems(mail.adf)).toBeNull();

    const staff = await signInAs(server, "platform_admin");
    const page = await staff.get(`/admin/leads/${lead.id}`);
    expect(page.status).toBe(200);
    expect(page.body).toMatch(/Marketing consent<\/dt><dd>not given<\/dd>/);
  });

  it("a form sent with the box ticked stores the words and the server's time; the e-mail, ADF and back office show them", async () => {
    const before = Date.now();
    const res = await post("coastal-kia", "/contact", {
      ...person,
      first_name: "Tick",
      category: "General Enquiry",
      location: "coastal-kia-southport",
      message: "Keep me posted",
      opt_in: "on",
    });
    expect(res.status).toBe(303);
    const after = Date.now();
    const lead = await latestLead("coastal-kia");
    expect(lead).toMatchObject({
      firstName: "Tick",
      marketingConsent: true,
      marketingConsentWording: DEFAULT_CONSENT_WORDING,
    });
    const at = lead.marketingConsentAt!.getTime();
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    expect(at).toBeLessThanOrEqual(after + 1000);

    // Shown in the site's zone.
    const zone = server.registry.byId(siteId("coastal-kia"))!.settings.bookingTimeZone;
    const expected = staffTimeText(lead.marketingConsentAt!, staffZone(zone, "en-AU"), "second");
    const line = `Marketing consent: given at ${expected} to '${DEFAULT_CONSENT_WORDING}'`;
    const mail = await mailOf(lead.id);
    expect(mail.text).toContain(line);
    expect(mail.adf).toContain(line.replace(/'/g, "&apos;"));
    if (xmllintAvailable) expect(adfProblems(mail.adf)).toBeNull();

    const staff = await signInAs(server, "platform_admin");
    const page = await staff.get(`/admin/leads/${lead.id}`);
    expect(page.body).toContain(`given at ${expected} to &#x27;${DEFAULT_CONSENT_WORDING}&#x27;`);
  });
});

describe("POST /api/leads", () => {
  it("records consent for opt_in ticked, with the site's words and the server's time", async () => {
    const res = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({ opt_in: true }),
    });
    expect(res.status).toBe(201);
    const lead = await leadById(String(res.json.id));
    expect(lead).toMatchObject({
      marketingConsent: true,
      marketingConsentWording: DEFAULT_CONSENT_WORDING,
    });
    expect(lead.marketingConsentAt).toBeInstanceOf(Date);
  });

  it("a client cannot claim consent without the box: other fields, its own words or time count for nothing", async () => {
    const res = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({
        marketing_consent: true,
        marketing_consent_wording: "I agreed to everything",
        marketing_consent_at: "2020-01-01T00:00:00Z",
        "Marketing consent": "given at 1 Jan 2020 to 'everything'",
      }),
    });
    expect(res.status).toBe(201);
    const lead = await leadById(String(res.json.id));
    expect(lead).toMatchObject({
      marketingConsent: null,
      marketingConsentWording: null,
      marketingConsentAt: null,
    });
    const mail = await mailOf(lead.id);
    expect(mail.text).toContain("Marketing consent: not given");
    expect(mail.text).not.toContain("given at");
    expect(mail.text).not.toContain("I agreed to everything");
    expect(mail.adf).not.toContain("given at");

    const unticked = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({ opt_in: "false", marketing_consent_at: "2020-01-01T00:00:00Z" }),
    });
    expect(unticked.status).toBe(201);
    expect(await leadById(String(unticked.json.id))).toMatchObject({
      marketingConsent: false,
      marketingConsentAt: null,
    });
  });
});

describe("PUT /api/leads/{id}: a multi-step form", () => {
  it("keeps the time the box was first sent ticked; a later step that unticks it withdraws consent", async () => {
    const step1 = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({
        lead_status: "Incomplete",
        form_completed: false,
        step_number: 1,
        opt_in: true,
      }),
    });
    expect(step1.status).toBe(201);
    const id = String(step1.json.id);
    const first = await leadById(id);
    expect(first.marketingConsent).toBe(true);

    const step2 = await sendJson(server, "PUT", `/api/leads/${id}`, {
      lead: { lead_status: "Incomplete", form_completed: false, step_number: 2, lead_id: id },
    });
    expect(step2.status).toBe(200);
    expect((await leadById(id)).marketingConsentAt).toEqual(first.marketingConsentAt);

    const final = await sendJson(server, "PUT", `/api/leads/${id}`, {
      lead: { form_completed: true, step_number: 3, lead_id: id, opt_in: false },
    });
    expect(final.status).toBe(200);
    expect(await leadById(id)).toMatchObject({
      marketingConsent: false,
      marketingConsentAt: null,
    });
  });
});
