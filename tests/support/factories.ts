/**
 * Small factories: a test makes the site and vehicles it asserts on, instead of counting
 * on what the demo data happens to hold. Rows go into the server's database; the change is
 * published on its bus, as an admin edit or a stock import would, so the registry and the search
 * index see it (`published` waits until they do).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { SiteSettingsInput } from "~/domain/site-settings";
import { dealerships, sites, vehicles } from "~/server/db/schema";
import type { Site } from "~/server/sites/site";
import type { RunningServer } from "~/server/start";
import { randomClientIp, sendJson, validLead } from "../leads/support/lead-client";

type Platform = Pick<RunningServer, "database" | "bus" | "registry">;
type VehicleRow = typeof vehicles.$inferInsert;

const unique = () => randomBytes(4).toString("hex");

/** A site with one dealership, no stock and the default settings (plus `settings`). */
export async function aSite(
  platform: Platform,
  options: { slug?: string; name?: string; settings?: SiteSettingsInput } = {},
): Promise<Site> {
  const slug = options.slug ?? `test-site-${unique()}`;
  const name = options.name ?? `Test Motors ${slug.slice(-8)}`;
  const { db } = platform.database;
  const site = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(sites)
      .values({
        slug,
        name,
        searchKey: `test-${unique()}${unique()}`,
        navigation: { header: [], footer: [], social: [] },
        contactDetails: { phone: null, email: null, address: null },
        settings: options.settings ?? {},
      })
      .returning({ id: sites.id });
    const [dealership] = await tx
      .insert(dealerships)
      .values({ siteId: row!.id, name, slug })
      .returning({ id: dealerships.id });
    await tx.update(sites).set({ dealershipId: dealership!.id }).where(eq(sites.id, row!.id));
    return row!;
  });
  await platform.bus.publish({ kind: "settings", siteId: site.id });
  return published(() => platform.registry.byId(site.id) ?? null);
}

/** An in-stock used car on the site (its first dealership), or what `overrides` say. */
export async function aVehicle(
  platform: Platform,
  site: Site,
  overrides: Partial<VehicleRow> = {},
): Promise<VehicleRow & { id: number }> {
  const { db } = platform.database;
  const dealershipId = site.dealerships[0]?.id;
  if (dealershipId === undefined) throw new Error(`${site.slug} has no dealership`);
  const id = unique();
  const [row] = await db
    .insert(vehicles)
    .values({
      siteId: site.id,
      dealershipId,
      slug: `2022-toyota-corolla-${id}`,
      name: "2022 Toyota Corolla",
      make: "Toyota",
      model: "Corolla",
      year: 2022,
      price: 25_000,
      carType: "used",
      images: [],
      createdAtTimestamp: Date.now(),
      ...overrides,
    })
    .returning();
  await platform.bus.publish({ kind: "vehicle", siteId: site.id, ids: [row!.id] });
  return row!;
}

/**
 * A lead sent the way a shopper's browser sends one (the public lead API of the site at `host`,
 * from a client address of its own, so per-client limits never join two tests), with a valid
 * enquiry unless `fields` say otherwise. Answers the stored lead's id and the fields sent.
 */
export async function aLead(
  server: RunningServer,
  options: { host?: string; fields?: Record<string, unknown> } = {},
): Promise<{ id: string; fields: Record<string, unknown> }> {
  const host = options.host ?? "coastal-kia.localhost";
  const fields = validLead(options.fields);
  const res = await sendJson(
    server,
    "POST",
    "/api/leads",
    { lead: fields },
    {
      host,
      headers: { origin: `http://${host}:${server.port}`, "x-forwarded-for": randomClientIp() },
    },
  );
  if (res.status !== 201) throw new Error(`lead refused (${res.status}): ${res.body}`);
  return { id: res.json.id as string, fields };
}

/** Waits (a bounded while) until `read` sees what was published. */
export async function published<T>(read: () => T | null | Promise<T | null>): Promise<T> {
  for (let attempt = 0; attempt < 200; attempt++) {
    const value = await read();
    if (value !== null) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error("the change never reached the registry or the search index");
}
