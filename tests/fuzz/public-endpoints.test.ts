/**
 * Generated input against every public endpoint and route parameter of a site, over HTTP to a
 * real server: whatever arrives, the answer is never a 5xx, and a request that is refused
 * stores nothing (no lead, test lead, file or booking).
 *
 * `npm test` runs a bounded number of cases; `npm run fuzz` runs many more (FUZZ_SCALE). A
 * failure prints fast-check's seed and the shrunk request: re-run it with FUZZ_SEED.
 */
import { request } from "node:http";
import { gzipSync } from "node:zlib";
import { count } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "~/app/routes";
import { bookings, leadFiles, leads, testLeads } from "~/server/db/schema";
import type { RunningServer } from "~/server/start";
import { multipartBody, randomClientIp } from "../leads/support/lead-client";
import { startTestServer } from "../support/test-server";

const SCALE = Math.max(1, Number(process.env.FUZZ_SCALE ?? 1));
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const runs = (base: number) => ({ numRuns: base * SCALE, seed: SEED, endOnFailure: true });
const TIMEOUT = 120_000 * SCALE;

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ LEAD_RATE_LIMIT: "1000000", LEAD_POLL_MS: "60000" });
});
afterAll(async () => {
  await server?.close();
});

const SITES = ["coastal-kia", "outback-campers", "harbour-auto-group", "lone-star-autos"];

type Answer = { status: number; body: string };

/** One request, as raw as Node lets a client send it. */
function send(
  host: string,
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: Buffer | null = null,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: server.port,
        path,
        method,
        headers: {
          host,
          "x-forwarded-for": randomClientIp(),
          ...(body ? { "content-length": String(body.length) } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8") }),
        );
      },
    );
    // The server may answer (413, 400) and close before reading a large body.
    req.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNRESET" || error.code === "EPIPE"
        ? resolve({ status: 0, body: "" })
        : reject(error),
    );
    if (body) req.write(body);
    req.end();
  });
}

/** What a refused request must not have written. */
async function storedRows(): Promise<string> {
  const db = server.database.db;
  const counts = [];
  for (const table of [leads, testLeads, leadFiles, bookings])
    counts.push((await db.select({ n: count() }).from(table))[0]!.n);
  return counts.join(":");
}

function hostOf(slug: string): string {
  return `${slug}.localhost:${server.port}`;
}

/** Every path template of the route table (`cars/:slug/checkout`, `search/*`). */
function routeTemplates(): string[] {
  const out: string[] = [];
  const walk = (entries: ReadonlyArray<{ path?: string; index?: boolean; children?: unknown }>) => {
    for (const entry of entries) {
      if (entry.index) out.push("");
      else if (entry.path !== undefined) out.push(entry.path);
      if (Array.isArray(entry.children)) walk(entry.children as typeof entries);
    }
  };
  walk(routes as ReadonlyArray<{ path?: string; index?: boolean }>);
  return [...new Set(out)];
}

/** Bytes as a path segment: unreserved characters kept, everything else percent-encoded. */
const encodeBytes = (bytes: Uint8Array) =>
  [...bytes]
    .map((b) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(b))
        ? String.fromCharCode(b)
        : `%${b.toString(16).padStart(2, "0").toUpperCase()}`,
    )
    .join("");

/** A route parameter as a client may write it: text, bytes (any encoding, valid or not), raw '%'. */
const segment = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 24 }).map(encodeURIComponent),
  fc.string({ unit: "binary", maxLength: 12 }).map((s) => {
    try {
      return encodeURIComponent(s);
    } catch {
      return encodeBytes(Buffer.from(s, "utf16le"));
    }
  }),
  fc.uint8Array({ maxLength: 12 }).map(encodeBytes),
  fc.stringMatching(/^[A-Za-z0-9%\-._~!$&'()*+,;=:@]{0,16}$/),
  fc.constantFrom("%", "%%", "%ff", "%00", "%0d%0a", "..", "%2e%2e", "%2F", "%5C", "1e309", "-1"),
);

const QUERY_KEYS = [
  "page",
  "query",
  "sortBy",
  "make",
  "model",
  "body",
  "location_id",
  "category",
  "lead_id",
  "url",
  "w",
  "q",
  "bg",
  "gclid",
  "utm_source",
];
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), segment), segment), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join("&")}` : ""));

const path = fc
  .tuple(
    fc.constantFrom(...routeTemplates()),
    fc.array(segment, { minLength: 1, maxLength: 4 }),
    query,
  )
  .map(([template, values, search]) => {
    let i = 0;
    const next = () => values[i++ % values.length]!;
    const filled = template
      .split("/")
      .map((part) =>
        part === "*" ? values.slice(0, 3).join("/") : part.startsWith(":") ? next() : part,
      )
      .join("/");
    return `/${filled}${search}`;
  });

/** Field names the lead API and forms know, and some they do not. */
const FIELD = fc.oneof(
  fc.constantFrom(
    "first_name",
    "last_name",
    "name",
    "email",
    "phone",
    "postcode",
    "message",
    "category",
    "subcategory",
    "car_id",
    "location_id",
    "location",
    "dealership_slug",
    "step_number",
    "form_completed",
    "lead_status",
    "booking_time",
    "booking_type",
    "url",
    "visited_pages",
    "linked_query_params",
    "idempotency_key",
    "company_website",
    "Rego",
    "regoState",
    "trade_in_km",
    "opt_in",
    "cv",
  ),
  fc.string({ maxLength: 12 }),
);
const VALUE: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom("", "Jane", "jane@example.com", "0411 222 333", "General Enquiry", "4215"),
  fc.integer(),
  fc.constantFrom(2 ** 31, 2 ** 53, -1, 0, 1.5, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);
const lead = fc.dictionary(FIELD, VALUE, { maxKeys: 10 });

/** A JSON endpoint's body: a lead in its envelope, any JSON, or any text. */
const jsonBody = fc.oneof(
  lead.map((l) => JSON.stringify({ lead: l })),
  lead.map((l) => JSON.stringify(l)),
  fc.json(),
  fc.string({ unit: "binary", maxLength: 60 }),
  fc.constantFrom("", "{", "null", "[]", "5", '{"lead":null}', '{"lead":[]}'),
);

const API_ENDPOINTS = [
  ["POST", "/api/leads"],
  ["POST", "/mock/leads"],
  ["PUT", "/api/leads/00000000-0000-4000-8000-000000000000"],
  ["PUT", "/api/leads/%ff"],
  ["POST", "/api/carClarityCustomer"],
  ["POST", "/api/nevdis"],
  ["POST", "/api/simple-autograb-lookup"],
  ["POST", "/api/rego-lookup"],
  ["POST", "/api/events/phone-reveal"],
  ["POST", "/api/events/car_phone_call"],
] as const;

describe("generated requests never get a 5xx, and refused ones store nothing", () => {
  it(
    "every route, with generated parameters and queries",
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...SITES), path, async (slug, target) => {
          const res = await send(hostOf(slug), "GET", target, { accept: "text/html" });
          expect(res.status, `${slug} ${target}`).toBeGreaterThan(0);
          expect(res.status, `${slug} ${target}`).toBeLessThan(500);
        }),
        runs(60),
      );
    },
    TIMEOUT,
  );

  it(
    "the JSON endpoints, with generated bodies, types and encodings",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...SITES),
          fc.constantFrom(...API_ENDPOINTS),
          jsonBody,
          fc.constantFrom(
            "application/json",
            "text/plain",
            "application/x-www-form-urlencoded",
            "",
          ),
          fc.constantFrom("none", "gzip", "not-gzip"),
          async (slug, [method, target], text, type, encoding) => {
            const before = await storedRows();
            const raw = Buffer.from(text);
            const body = encoding === "gzip" ? gzipSync(raw) : raw;
            const headers: Record<string, string> = type ? { "content-type": type } : {};
            if (encoding !== "none") headers["content-encoding"] = "gzip";
            const res = await send(hostOf(slug), method, target, headers, body);
            expect(res.status, `${method} ${target} ${text}`).toBeLessThan(500);
            if (res.status >= 400) expect(await storedRows(), `${method} ${target}`).toBe(before);
          },
        ),
        runs(100),
      );
    },
    TIMEOUT,
  );

  it(
    "the lead endpoint with files and the form pages, with generated multipart and form posts",
    async () => {
      const FORM_PAGES = ["/contact", "/sell-my-car", "/finance", "/fleet", "/book-test-drive"];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...SITES),
          fc.constantFrom("/api/leads/with-files", ...FORM_PAGES),
          fc.dictionary(FIELD, fc.string({ unit: "binary", maxLength: 30 }), { maxKeys: 8 }),
          fc.array(
            fc.record({
              field: FIELD,
              name: fc.string({ maxLength: 12 }),
              content: fc.oneof(
                fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b)),
                fc.constantFrom(Buffer.from("%PDF-1.4\n%%EOF"), Buffer.from([0xff, 0xd8, 0xff, 0])),
              ),
            }),
            { maxLength: 2 },
          ),
          fc.boolean(),
          async (slug, target, fields, files, asMultipart) => {
            const before = await storedRows();
            const origin = `http://${hostOf(slug)}`;
            let body: Buffer;
            let type: string;
            if (asMultipart || target.startsWith("/api")) {
              const safe = Object.fromEntries(
                Object.entries(fields).map(([k, v]) => [k.replace(/["\r\n]/g, ""), v]),
              );
              const multipart = multipartBody(
                safe,
                files.map((f) => ({
                  field: f.field.replace(/["\r\n]/g, ""),
                  name: f.name.replace(/["\r\n]/g, ""),
                  type: "application/octet-stream",
                  content: f.content,
                })),
              );
              body = multipart.body;
              type = multipart.contentType;
            } else {
              body = Buffer.from(new URLSearchParams(fields).toString());
              type = "application/x-www-form-urlencoded";
            }
            const res = await send(
              hostOf(slug),
              "POST",
              target,
              { "content-type": type, origin },
              body,
            );
            expect(res.status, `${target}`).toBeLessThan(500);
            if (res.status >= 400) expect(await storedRows(), target).toBe(before);
          },
        ),
        runs(40),
      );
    },
    TIMEOUT,
  );

  it(
    "any Host header",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.constantFrom(...SITES).map((s) => `${s}.localhost`),
            fc.stringMatching(/^[a-z0-9.\-:[\]_]{1,30}$/),
          ),
          fc.oneof(
            fc.constant(""),
            fc.integer({ min: -1, max: 200_000 }).map((p) => `:${p}`),
          ),
          async (host, port) => {
            const res = await send(`${host}${port}`, "GET", "/");
            expect(res.status, `${host}${port}`).toBeLessThan(500);
          },
        ),
        runs(30),
      );
    },
    TIMEOUT,
  );
});
