/**
 * Fuzz: whatever a client sends (random JSON, near-valid queries, broken filter text, broken
 * HTTP bodies), the answer is a 2xx or a 4xx in Meilisearch's error shape, never a 500.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CAR_COLLECTION } from "./collections";
import { multiSearch } from "./service";
import {
  MASTER_KEY,
  createSearchFixture,
  startSearchServer,
  type TestServer,
} from "./testing/fixture";

const fixture = createSearchFixture({ vehicles: 600, cacheLimit: 50 });
const siteKey = fixture.sites[0]!.key;
let server: TestServer;

beforeAll(async () => {
  server = await startSearchServer(fixture, 64 * 1024);
});
afterAll(async () => {
  await server.close();
});

const TOKENS = [
  "make",
  "price",
  "site_id",
  '"make"',
  "'model'",
  "=",
  "!=",
  ">",
  ">=",
  "<",
  "<=",
  "TO",
  "IN",
  "NOT",
  "AND",
  "OR",
  "EXISTS",
  "IS",
  "NULL",
  "EMPTY",
  "(",
  ")",
  "[",
  "]",
  ",",
  "Toyota",
  "10",
  "-1.5",
  "1e400",
  '"un\\"closed',
  "'",
  "\\",
  "_geoRadius(1,2,3)",
  "_geoPoint(1,2)",
  "🐻",
  "é",
  "\n",
  "",
];
const filterString = fc
  .array(fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 6 })), { maxLength: 12 })
  .chain((parts) => fc.constantFrom(" ", "", "  ").map((sep) => parts.join(sep)));

const FIELDS = [
  "indexUid",
  "q",
  "filter",
  "sort",
  "facets",
  "limit",
  "offset",
  "page",
  "hitsPerPage",
  "attributesToRetrieve",
  "attributesToHighlight",
  "attributesToCrop",
  "cropLength",
  "cropMarker",
  "highlightPreTag",
  "highlightPostTag",
  "matchingStrategy",
  "attributesToSearchOn",
  "showRankingScore",
  "showMatchesPosition",
  "distinct",
  "vector",
  "federationOptions",
  "unknownField",
];
const anyValue = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  filterString,
  fc.array(fc.oneof(filterString, fc.array(filterString, { maxLength: 3 })), { maxLength: 4 }),
  fc.constantFrom(
    CAR_COLLECTION,
    "Nope",
    "",
    -1,
    1e12,
    0.5,
    "*",
    ["*"],
    ["price:asc"],
    ["make:up"],
    ["make"],
    "last",
    "all",
  ),
);
const nearValidQuery = fc
  .tuple(fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 6 }), fc.nat({ max: 4 }))
  .map(([q, roll]) => (roll > 0 ? { indexUid: CAR_COLLECTION, ...q } : q));
const body = fc.oneof(
  { arbitrary: fc.record({ queries: fc.array(nearValidQuery, { maxLength: 4 }) }), weight: 6 },
  { arbitrary: fc.jsonValue({ maxDepth: 4 }), weight: 1 },
  { arbitrary: fc.record({ queries: anyValue }), weight: 1 },
);

function expectMeilisearchError(status: number, payload: unknown): void {
  expect(status).toBeGreaterThanOrEqual(400);
  expect(status).toBeLessThan(500);
  expect(payload).toEqual({
    message: expect.any(String),
    code: expect.any(String),
    type: expect.stringMatching(/^(invalid_request|auth)$/),
    link: expect.stringMatching(/^https:\/\/docs\.meilisearch\.com\/errors#/),
  });
}

describe("no client input gives a 500", () => {
  it("in-process: random and near-valid multi-search bodies", () => {
    fc.assert(
      fc.property(body, fc.constantFrom(siteKey, MASTER_KEY), (payload, apiKey) => {
        const outcome = multiSearch(fixture.engine, fixture.keys, { apiKey }, payload);
        if (!outcome.ok) expectMeilisearchError(outcome.status, outcome.body);
      }),
      { numRuns: 1500 },
    );
  });

  it("over HTTP: random bodies on every search route", async () => {
    await fc.assert(
      fc.asyncProperty(
        body,
        fc.constantFrom(
          "/multi-search",
          `/indexes/${CAR_COLLECTION}/search`,
          `/indexes/${CAR_COLLECTION}/facet-search`,
          "/indexes/x y/search",
        ),
        fc.constantFrom(siteKey, MASTER_KEY, "wrong-key"),
        async (payload, path, apiKey) => {
          const sent =
            path === "/multi-search"
              ? payload
              : ((payload as { queries?: unknown[] })?.queries?.[0] ?? payload);
          const response = await fetch(`${server.url}${path}`, {
            method: "POST",
            headers: { Authorization: `Bearer ${apiKey}`, "Content-Type": "application/json" },
            body: JSON.stringify(sent),
          });
          const json: unknown = await response.json();
          if (response.status !== 200) expectMeilisearchError(response.status, json);
        },
      ),
      { numRuns: 250 },
    );
  });

  it("over HTTP: broken payloads, content types and sizes", async () => {
    const post = async (payload: string, contentType: string | null, path = "/multi-search") => {
      const headers: Record<string, string> = { Authorization: `Bearer ${siteKey}` };
      if (contentType) headers["Content-Type"] = contentType;
      // A string body would get a text/plain type from fetch: send bytes when there is none.
      const sent = contentType ? payload : new TextEncoder().encode(payload);
      const response = await fetch(`${server.url}${path}`, { method: "POST", headers, body: sent });
      return { status: response.status, json: (await response.json()) as { code: string } };
    };
    const cases: [string, string | null, number, string][] = [
      ["{", "application/json", 400, "malformed_payload"],
      ["", "application/json", 400, "missing_payload"],
      ["{}", "text/plain", 415, "invalid_content_type"],
      ["{}", null, 415, "missing_content_type"],
      [
        `{"queries": ${"[".repeat(20000)}${"]".repeat(20000)}}`,
        "application/json",
        400,
        "bad_request",
      ],
      [
        `{"queries": [{"indexUid": "Car_production", "filter": ${"[".repeat(20000)}${"]".repeat(20000)}}]}`,
        "application/json",
        400,
        "invalid_search_filter",
      ],
      [
        `{"queries": [{"indexUid": "Car_production", "filter": "${"(".repeat(5000)}"}]}`,
        "application/json",
        400,
        "invalid_search_filter",
      ],
      [
        JSON.stringify({ queries: [{ indexUid: CAR_COLLECTION, q: "x".repeat(70 * 1024) }] }),
        "application/json",
        413,
        "payload_too_large",
      ],
      [
        JSON.stringify({
          queries: Array.from({ length: 101 }, () => ({ indexUid: CAR_COLLECTION })),
        }),
        "application/json",
        400,
        "bad_request",
      ],
      [
        '{"queries": [{"indexUid": "Car_production", "limit": 1e9}]}',
        "application/json;charset=utf-8",
        200,
        "",
      ],
    ];
    for (const [payload, type, status, code] of cases) {
      const result = await post(payload, type);
      expect(result.status, `${type} ${payload.slice(0, 40)}`).toBe(status);
      if (status !== 200) expectMeilisearchError(result.status, result.json);
      if (code) expect(result.json.code).toBe(code);
    }
    // Any other route under the API is a JSON 404, not a page.
    const missing = await fetch(`${server.url}/dumps`, { method: "POST" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: "not_found" });
  });

  it("caps `limit`: a huge limit is served as at most 1,000 hits", () => {
    const outcome = multiSearch(
      fixture.engine,
      fixture.keys,
      { apiKey: MASTER_KEY },
      {
        queries: [{ indexUid: CAR_COLLECTION, limit: 1_000_000 }],
      },
    );
    if (!outcome.ok) throw new Error(outcome.body.message);
    expect(outcome.body.results[0]!.hits.length).toBeLessThanOrEqual(1000);
  });
});
