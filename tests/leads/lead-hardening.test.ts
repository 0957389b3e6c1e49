/**
 * Leads that can never be stored are refused by validation with a field message (422), on the
 * API and on the forms, and nothing is stored; upload errors on the form pages are the form's
 * 4xx; the client address is the proxy's word only; the links in a lead's e-mail point at the
 * site's configured origin, whatever host headers the request carried.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { devMail, leads } from "~/server/db/schema";
import { MAX_STORED_INTEGER } from "~/server/leads/lead-fields";
import type { RunningServer } from "~/server/start";
import { SEARCH_COLLECTIONS } from "~/domain/search-query";
import type { Vehicle } from "~/domain/vehicle";
import { createSiteSearch } from "~/server/stock/site-search";
import { startTestServer } from "../support/test-server";
import {
  HOST,
  multipartBody,
  sendJson,
  sendRaw,
  siteOrigin,
  validLead,
} from "./support/lead-client";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({
    LEAD_POLL_MS: "50",
    LEAD_RATE_LIMIT: "1000",
    LEAD_FILES_DIR: mkdtempSync(join(tmpdir(), "lead-hardening-files-")),
  });
});
afterAll(async () => {
  await server?.close();
});

const db = () => server.database.db;
const leadCount = async () =>
  (
    await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(leads)
  )[0]!.n;

/** Values that can never be stored, each under the field it belongs to. */
const NEVER_STORABLE: Array<[string, Record<string, unknown>]> = [
  ["message", { message: "hello\u0000world" }],
  ["message", { message: "broken \ud800 surrogate" }],
  ["last_name", { last_name: "Tail\udc00" }],
  ["car_id", { car_id: 2 ** 31 }],
  ["car_id", { car_id: String(2 ** 40) }],
  ["step_number", { step_number: 2 ** 31, form_completed: false }],
  ["name", { name: 12345 }],
  ["name", { name: { first: "Jane" } }],
  ["category", { category: "Anything I like" }],
];

describe("input that can never succeed is a 422 for its field, stored nowhere", () => {
  it.each(NEVER_STORABLE)("the API: %s", async (field, patch) => {
    const before = await leadCount();
    // Lone surrogates survive only as JSON escapes: JSON.stringify writes them so.
    const res = await sendJson(server, "POST", "/api/leads", { lead: validLead(patch) });
    expect(res.status).toBe(422);
    expect((res.json.errors as Record<string, string>)[field]).toEqual(expect.any(String));
    expect(await leadCount()).toBe(before);
  });

  it("the API's later steps too", async () => {
    const first = await sendJson(server, "POST", "/api/leads", {
      lead: validLead({ form_completed: false, step_number: 1 }),
    });
    expect(first.status).toBe(201);
    const put = await sendJson(server, "PUT", `/api/leads/${String(first.json.id)}`, {
      lead: { step_number: MAX_STORED_INTEGER + 1, message: "a\u0000" },
    });
    expect(put.status).toBe(422);
    expect(Object.keys(put.json.errors as object).sort()).toEqual(["message", "step_number"]);
  });

  // (A form post cannot carry a lone surrogate: form decoding makes it U+FFFD.)
  it("the forms: NUL characters in what a person typed", async () => {
    const before = await leadCount();
    for (const message of ["hello\u0000world", "\u0000"]) {
      const body = new URLSearchParams({
        first_name: "Jo",
        last_name: "Bloggs",
        email: "jo@example.com",
        phone: "0411 222 333",
        location: "coastal-kia-southport",
        category: "General Enquiry",
        message,
      }).toString();
      const res = await sendRaw(server, "POST", "/contact", body, {
        "content-type": "application/x-www-form-urlencoded",
        origin: siteOrigin(server),
        accept: "text/html",
      });
      expect(res.status, JSON.stringify(message)).toBe(422);
      expect(res.body).toContain("This text contains characters we cannot accept");
    }
    expect(await leadCount()).toBe(before);
  });
});

describe("upload errors on the form pages are the form's 4xx, not a 500", () => {
  const person = {
    first_name: "Casey",
    last_name: "Jones",
    email: "casey@example.com",
    phone: "0411 222 333",
    category: "Careers Enquiry",
    location: "coastal-kia-southport",
    message: "I'd love to join the team.",
  };
  it.each([
    [
      "a file of the wrong type",
      "/contact",
      { cv: Buffer.from("MZ an executable") },
      422,
      "Please upload a PDF",
    ],
    [
      "a file over the limit",
      "/contact",
      { cv: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(10 * 1024 * 1024, 0x20)]) },
      413,
      "10 MB at most",
    ],
    [
      "a field over 10,000 bytes",
      "/contact",
      { message: "x".repeat(10_001) },
      413,
      "A field is too long",
    ],
    [
      "a file on the trade-in form",
      "/sell-my-car",
      { photo: Buffer.from("not an image") },
      422,
      "Please upload a PDF",
    ],
  ] as const)("%s (%s)", async (_label, path, extra, status, message) => {
    const before = await leadCount();
    const fields: Record<string, string> = { ...person };
    const files: Parameters<typeof multipartBody>[1] = [];
    for (const [name, value] of Object.entries(extra)) {
      if (typeof value === "string") fields[name] = value;
      else files.push({ field: name, name: "upload.pdf", type: "application/pdf", content: value });
    }
    const multipart = multipartBody(fields, files);
    const res = await sendRaw(server, "POST", path, multipart.body, {
      "content-type": multipart.contentType,
      origin: siteOrigin(server),
      accept: "text/html",
    });
    expect(res.status).toBe(status);
    expect(res.body).toContain(message);
    expect(await leadCount()).toBe(before);
  });

  it("broken multipart data", async () => {
    const res = await sendRaw(server, "POST", "/contact", "--nope\r\ngarbage", {
      "content-type": "multipart/form-data; boundary=nope",
      origin: siteOrigin(server),
      accept: "text/html",
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});

describe("who sent a lead, and where its e-mail links go", () => {
  it("stores the client address a trusted proxy names", async () => {
    const res = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: validLead() },
      { headers: { "x-forwarded-for": "203.0.113.50" } },
    );
    expect(res.status).toBe(201);
    const [row] = await db()
      .select({ clientIp: leads.clientIp })
      .from(leads)
      .where(eq(leads.id, String(res.json.id)));
    expect(row!.clientIp).toBe("203.0.113.50");
  });

  it("links a lead's e-mail to the site's configured origin, not to forwarded hosts", async () => {
    const site = server.registry.all().find((s) => s.slug === "coastal-kia")!;
    // A car the site shows: a lead names no other.
    const [vehicle] = createSiteSearch(server.search, site).multiSearch([
      { indexUid: SEARCH_COLLECTIONS.cars, limit: 1 },
    ]).results[0]!.hits as Vehicle[];
    const res = await sendJson(
      server,
      "POST",
      "/api/leads",
      { lead: validLead({ car_id: vehicle!.id, url: "https://evil.example/cars/x" }) },
      {
        headers: {
          "x-forwarded-host": "evil.example",
          "x-forwarded-proto": "https",
          referer: "https://evil.example/phish",
        },
      },
    );
    expect(res.status).toBe(201);
    const [row] = await db()
      .select({ details: leads.details, payload: leads.payload })
      .from(leads)
      .where(eq(leads.id, String(res.json.id)));
    const origin = `http://${HOST}:${server.port}`;
    expect(row!.details).toMatchObject({
      origin,
      vehicle: { url: `${origin}/${site.settings.vehiclePath}/${vehicle!.slug}` },
    });
    expect(row!.payload.url).toBe(`${origin}/cars/x`);

    // The e-mail the dealer gets (dev outbox).
    let mail: string | null = null;
    for (let i = 0; i < 100 && mail === null; i++) {
      const rows = await db().select().from(devMail);
      const found = rows.find((r) => JSON.stringify(r).includes(String(res.json.id)));
      if (found) mail = JSON.stringify(found);
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(mail).not.toBeNull();
    expect(mail).not.toContain("evil.example");
    expect(mail).toContain(`${origin}/${site.settings.vehiclePath}/${vehicle!.slug}`);
  });
});
