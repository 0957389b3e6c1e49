/**
 * What the search results and vehicle pages send the browser: the site's client settings, once
 * per document in its site data, and as loader data (in the document's scripts for hydration,
 * and as `.data` when the search page updates its results in the app) a card's fields of each
 * vehicle; never server-only settings, the search key or whole search hits.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, startTestServer } from "../support/test-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startTestServer({ PAGE_CACHE: "false" });
});
afterAll(async () => {
  await server?.close();
});

const HOST = "harbour-auto-group.localhost";

/** The loader data React Router streams into the document. */
function hydrationData(html: string): string {
  return [...html.matchAll(/streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/g)]
    .map((m) => JSON.parse(m[1]!) as string)
    .join("");
}

/** The site's JSON the document holds for the browser. */
function siteData(html: string): string {
  const json = /<script type="application\/json" id="site-data">([^<]*)<\/script>/.exec(html)?.[1];
  expect(json).toBeTruthy();
  return json!;
}

/** Keys and values that stay on the server. */
const SERVER_ONLY = [
  // Settings: stock rules and feed, lead routing, booking capacity, the data source.
  '"stockFeed"',
  '"leadTarget"',
  '"testDriveSlotCapacity"',
  '"dataSource"',
  '"contentSecurityPolicyOrigins"',
  // The site's search key.
  '"searchKey"',
  // Whole search hits: what no card shows.
  '"filtered_features"',
  '"categories"',
  '"distribution_locations"',
  '"custom_rank"',
  '"engine"',
  // A location's hours tables (the vehicle page shows them grouped).
  '"specialHours"',
];

describe("loader data sent to the browser", () => {
  it("the search page's document and its .data updates carry card fields and client settings only", async () => {
    const page = await fetchWithHost(server, HOST, "/search");
    expect(page.status).toBe(200);
    const data = hydrationData(page.body);
    const site = siteData(page.body);
    // Not vacuous: the data is there, with what the cards and the site's chrome read.
    expect(data).toContain('"cards"');
    for (const present of ['"vehiclePath"', '"theme"']) expect(site).toContain(present);
    // The site goes once, in the document's site data, not again in the loader data.
    expect(data).not.toContain('"theme"');
    for (const absent of SERVER_ONLY) expect(site).not.toContain(absent);
    // Each card's values are there (packed: without their field names).
    const slug = /href="\/cars\/([A-Za-z0-9_-]+)"/.exec(page.body)?.[1];
    expect(data).toContain(`"${slug}"`);
    expect(data).not.toContain('"make_model"');
    for (const absent of SERVER_ONLY) expect(data).not.toContain(absent);

    const update = await fetchWithHost(server, HOST, "/search.data?page=2");
    expect(update.status).toBe(200);
    expect(update.body).toContain('"cards"');
    expect(update.body).not.toContain('"theme"');
    for (const absent of SERVER_ONLY) expect(update.body).not.toContain(absent);
  });

  it("the vehicle page's document carries no server-only settings, whole hits or hours tables", async () => {
    const search = await fetchWithHost(server, HOST, "/search");
    const slug = /href="\/cars\/([A-Za-z0-9_-]+)"/.exec(search.body)?.[1];
    expect(slug).toBeTruthy();
    const page = await fetchWithHost(server, HOST, `/cars/${slug}`);
    expect(page.status).toBe(200);
    const data = hydrationData(page.body);
    const site = siteData(page.body);
    for (const present of ['"similar"', '"address"']) expect(data).toContain(present);
    expect(site).toContain('"vehiclePath"');
    for (const absent of SERVER_ONLY) {
      expect(data).not.toContain(absent);
      expect(site).not.toContain(absent);
    }
    // The structured data is in the document once, built from the page model, not in the data.
    expect(data).not.toContain('"@type"');
    expect(data).not.toContain('"@context"');
    expect(page.body.match(/"@type":"Car"/g)).toHaveLength(1);
  });
});
