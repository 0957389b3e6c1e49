/**
 * The site scope's writes: an insert gets the scope's site, and no write reaches, moves or
 * creates another site's rows.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client";
import { contentPages, sites } from "~/server/db/schema";
import { createSiteScope, SiteScopeViolation, type SiteScope } from "~/server/sites/scope";
import { createTestDatabase } from "../support/test-database";

let handle: DatabaseHandle;
let mine: SiteScope;
let theirs: SiteScope;

const aSiteRow = (slug: string) => ({
  slug,
  name: slug,
  searchKey: `key-${slug}`,
  navigation: { header: [], footer: [], social: [] },
  contactDetails: { phone: null, email: null, address: null },
});

beforeAll(async () => {
  handle = await createTestDatabase();
  const [a, b] = await handle.db
    .insert(sites)
    .values([aSiteRow("scope-a"), aSiteRow("scope-b")])
    .returning();
  mine = createSiteScope(handle.db, a!.id);
  theirs = createSiteScope(handle.db, b!.id);
});
afterAll(async () => {
  await handle?.close();
});

describe("site scope writes", () => {
  it("inserts with the scope's site and reads back only its own rows", async () => {
    const [page] = await mine.insert(contentPages, { slug: "about-us", title: "About" });
    await theirs.insert(contentPages, [{ slug: "about-us", title: "Theirs" }]);
    expect(page).toMatchObject({ siteId: mine.siteId, slug: "about-us" });
    expect((await mine.findMany(contentPages)).map((p) => p.title)).toEqual(["About"]);
    expect(await mine.insert(contentPages, [])).toEqual([]);
  });

  it("refuses a row or a change that names another site", async () => {
    // The types refuse both already; the scope refuses them at run time as well.
    await expect(
      // @ts-expect-error a row of another site
      mine.insert(contentPages, { slug: "x", title: "X", siteId: theirs.siteId }),
    ).rejects.toBeInstanceOf(SiteScopeViolation);
    await expect(
      mine.update(
        contentPages,
        // @ts-expect-error moving a row to another site
        { siteId: theirs.siteId },
        eq(contentPages.slug, "about-us"),
      ),
    ).rejects.toBeInstanceOf(SiteScopeViolation);
    expect(await theirs.count(contentPages)).toBe(1);
  });

  it("updates and deletes only the scope's rows, whatever the condition matches", async () => {
    const updated = await mine.update(
      contentPages,
      { title: "About us" },
      eq(contentPages.slug, "about-us"),
    );
    expect(updated.map((p) => [p.siteId, p.title])).toEqual([[mine.siteId, "About us"]]);
    expect((await theirs.findFirst(contentPages))?.title).toBe("Theirs");

    const deleted = await theirs.delete(contentPages, eq(contentPages.slug, "about-us"));
    expect(deleted.map((p) => p.siteId)).toEqual([theirs.siteId]);
    expect(await mine.count(contentPages)).toBe(1);
    expect(await theirs.count(contentPages)).toBe(0);
  });
});
