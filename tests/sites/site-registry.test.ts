/**
 * The registry after many saves in a row: whatever order its reads finish in (on PostgreSQL
 * they run on several pooled connections), the site it holds is the one last saved.
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client";
import { sites } from "~/server/db/schema";
import { SiteRegistry } from "~/server/sites/site-registry";
import { createTestDatabase } from "../support/test-database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(async () => {
  await handle?.close();
});

it("holds the settings last saved when reloads overlap", async () => {
  const slug = `reloads-${randomBytes(4).toString("hex")}`;
  const [site] = await handle.db
    .insert(sites)
    .values({
      slug,
      name: slug,
      searchKey: `search-${slug}-${randomBytes(8).toString("hex")}`,
      navigation: { header: [], footer: [], social: [] },
      contactDetails: { phone: null, email: null, address: null },
    })
    .returning({ id: sites.id });
  if (!site) throw new Error("no site");
  const registry = new SiteRegistry(handle.db);
  await registry.load();
  const reloads: Array<Promise<unknown>> = [];
  for (let i = 1; i <= 30; i++) {
    await handle.db
      .update(sites)
      .set({ name: `Saved ${i}` })
      .where(eq(sites.id, site.id));
    reloads.push(registry.reload(site.id));
  }
  await Promise.all(reloads);
  expect(registry.byId(site.id)?.name).toBe("Saved 30");
  const versions = await Promise.all([registry.reload(site.id), registry.reload(site.id)]);
  expect(versions[1]!.version).toBeGreaterThan(versions[0]!.version);
});
