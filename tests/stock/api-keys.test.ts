import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/server/db/client";
import { siteApiKeys, sites } from "~/server/db/schema";
import {
  authenticateSiteRequest,
  createSiteApiKey,
  revokeSiteApiKey,
} from "~/server/sites/api-keys";
import { createTestDatabase } from "../support/test-database";

let database: DatabaseHandle;
let siteA: number;
let siteB: number;
let keyA: string;

async function makeSite(slug: string): Promise<number> {
  const [row] = await database.db
    .insert(sites)
    .values({
      slug,
      name: slug,
      searchKey: `search-${slug}`,
      navigation: { header: [], footer: [], social: [] },
      contactDetails: { phone: null, email: null, address: null },
    })
    .returning({ id: sites.id });
  return row!.id;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

beforeAll(async () => {
  database = await createTestDatabase();
  siteA = await makeSite("site-a");
  siteB = await makeSite("site-b");
  ({ key: keyA } = await createSiteApiKey(database.db, {
    siteId: siteA,
    label: "DMS",
    scopes: ["stock:write"],
  }));
});
afterAll(async () => {
  await database?.close();
});

describe("per-site API keys", () => {
  it("let the key's own site in, as a bearer token or Basic auth by slug or id", async () => {
    for (const header of [`Bearer ${keyA}`, basic("site-a", keyA), basic(String(siteA), keyA)]) {
      const auth = await authenticateSiteRequest(database.db, header, siteA, "stock:write");
      expect(auth).toMatchObject({ ok: true, key: { siteId: siteA, scopes: ["stock:write"] } });
    }
    const [row] = await database.db.select().from(siteApiKeys).where(eq(siteApiKeys.siteId, siteA));
    expect(row!.lastUsedAt).not.toBeNull();
    // The secret is what follows `dsk_{prefix}_` (it may itself hold an underscore).
    const secret = keyA.replace(/^dsk_[^_]+_/, "");
    expect(secret.length).toBeGreaterThan(40);
    expect(row!.keyHash).not.toContain(secret);
  });

  it("answer 401 without a key or with a wrong one", async () => {
    const tampered = keyA.slice(0, -1) + (keyA.endsWith("A") ? "B" : "A");
    for (const header of [
      undefined,
      "Bearer ",
      `Bearer ${tampered}`,
      "Bearer not-a-key",
      basic("site-a", tampered),
      basic("someone-else", keyA),
    ]) {
      const auth = await authenticateSiteRequest(database.db, header, siteA, "stock:write");
      expect(auth).toMatchObject({ ok: false, status: 401 });
    }
  });

  it("answer 403 to a key of another site or without the scope", async () => {
    const other = await authenticateSiteRequest(
      database.db,
      `Bearer ${keyA}`,
      siteB,
      "stock:write",
    );
    expect(other).toMatchObject({ ok: false, status: 403, message: /another site/ });
    const otherBasic = await authenticateSiteRequest(
      database.db,
      basic("site-b", keyA),
      siteB,
      "stock:write",
    );
    expect(otherBasic).toMatchObject({ ok: false, status: 403 });
    const scope = await authenticateSiteRequest(
      database.db,
      `Bearer ${keyA}`,
      siteA,
      "dashboard:read",
    );
    expect(scope).toMatchObject({ ok: false, status: 403, message: /dashboard:read/ });
  });

  it("stop a revoked key", async () => {
    const { id, key } = await createSiteApiKey(database.db, {
      siteId: siteB,
      label: "old",
      scopes: ["dashboard:read"],
    });
    expect(
      (await authenticateSiteRequest(database.db, `Bearer ${key}`, siteB, "dashboard:read")).ok,
    ).toBe(true);
    // Another site cannot revoke it; revoking twice says there was nothing left to revoke.
    expect(await revokeSiteApiKey(database.db, siteB + 1000, id)).toBe(false);
    expect(await revokeSiteApiKey(database.db, siteB, id)).toBe(true);
    expect(await revokeSiteApiKey(database.db, siteB, id)).toBe(false);
    const auth = await authenticateSiteRequest(
      database.db,
      `Bearer ${key}`,
      siteB,
      "dashboard:read",
    );
    expect(auth).toMatchObject({ ok: false, status: 401 });
  });
});
