/**
 * Fixtures of the stock feed tests: a site of their own (no demo stock, so a full feed owns it),
 * an API key, and raw HTTP with an explicit Host header and a byte body.
 */
import { dealerships, locations, sites } from "~/server/db/schema";
import { createSiteApiKey, type ApiKeyScope } from "~/server/sites/api-keys";
import type { RunningServer } from "~/server/start";
import { fetchWithHost, type TestResponse } from "~/tests/support/test-server";

export type FeedSite = { id: number; slug: string; key: string };

/** A site with one dealership and one location, known to the registry and the search index. */
export async function createFeedSite(
  server: RunningServer,
  slug: string,
  scopes: ApiKeyScope[] = ["stock:write"],
): Promise<FeedSite> {
  const db = server.database.db;
  const [site] = await db
    .insert(sites)
    .values({
      slug,
      name: `${slug} Motors`,
      searchKey: `search-key-${slug}-0123456789`,
      navigation: { header: [], footer: [], social: [] },
      contactDetails: { phone: "02 9000 0000", email: null, address: null },
    })
    .returning({ id: sites.id });
  const [dealership] = await db
    .insert(dealerships)
    .values({ siteId: site!.id, name: `${slug} Motors`, slug: `${slug}-motors` })
    .returning({ id: dealerships.id });
  await db.insert(locations).values({
    siteId: site!.id,
    dealershipId: dealership!.id,
    name: `${slug} Sales`,
    slug: `${slug}-sales`,
    address: {
      street: "1 Main St",
      city: "Parramatta",
      state: "NSW",
      postcode: "2150",
      lat: null,
      long: null,
      place_id: null,
      place_url: null,
      full: "1 Main St, Parramatta NSW 2150",
      map_key: null,
      map_url: null,
    },
    contactDetail: {
      phone: "02 9000 0000",
      landline_phone: null,
      mobile: null,
      email: null,
      social: {},
    },
  });
  // As a new site would be announced: the registry and the search keys learn about it.
  await server.bus.publish({ kind: "settings", siteId: site!.id });
  for (let i = 0; i < 100 && !server.registry.byId(site!.id); i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  const { key } = await createSiteApiKey(db, { siteId: site!.id, label: "test feed", scopes });
  return { id: site!.id, slug, key };
}

export type RawResponse = TestResponse;

/** A request to the test server with the Host the site answers on (localhost by default). */
export function send(
  server: RunningServer,
  path: string,
  init: {
    method?: string;
    host?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
  } = {},
): Promise<RawResponse> {
  return fetchWithHost(server, init.host ?? "localhost", path, init);
}

/** POSTs a feed to the stock API and answers the status and the parsed JSON. */
export async function postFeed(
  server: RunningServer,
  site: { id: number },
  body: Buffer | string,
  options: { key: string; mode?: "full" | "partial"; contentType?: string },
): Promise<{ status: number; json: Record<string, unknown> & { error?: string } }> {
  const res = await send(
    server,
    `/api/v1/websites/${site.id}/stock?mode=${options.mode ?? "full"}`,
    {
      method: "POST",
      headers: {
        authorization: `Bearer ${options.key}`,
        "content-type": options.contentType ?? "text/csv",
      },
      body,
    },
  );
  return { status: res.status, json: JSON.parse(res.body) };
}

/** A CSV feed of the product's own columns. */
export function csvFeed(
  rows: Array<{
    stocknum: string;
    make: string;
    model: string;
    year: number;
    price: number;
    car_type?: string;
    images?: string;
  }>,
): string {
  const lines = ["stocknum,make,model,year,car_type,price,price_type,images"];
  for (const r of rows)
    lines.push(
      [
        r.stocknum,
        r.make,
        r.model,
        r.year,
        r.car_type ?? "used",
        r.price,
        "Drive Away",
        r.images ?? "",
      ].join(","),
    );
  return `${lines.join("\n")}\n`;
}
