/**
 * The back office's signing key: what its signed-out forms' CSRF tokens and the known-device
 * cookie are signed with (HMAC-SHA256), so a value a browser holds counts only if this platform
 * made it. One key per database, made by whichever node needs it first; every node reads the
 * same one, so a form served by one node is accepted by another.
 */
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { staffSigningKeys } from "../db/schema";

const KEY_NAME = "back-office";
const keys = new WeakMap<Database, Promise<Buffer>>();

async function loadKey(db: Database): Promise<Buffer> {
  await db
    .insert(staffSigningKeys)
    .values({ name: KEY_NAME, secret: randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db
    .select({ secret: staffSigningKeys.secret })
    .from(staffSigningKeys)
    .where(eq(staffSigningKeys.name, KEY_NAME));
  if (!row) throw new Error("The back office signing key could not be read");
  return Buffer.from(row.secret, "base64url");
}

/** The key of this database (read once per process). */
export function signingKey(db: Database): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = loadKey(db);
    // A failed read is tried again at the next request.
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** HMAC-SHA256 of the parts (joined unambiguously), base64url. */
export function sign(key: Buffer, ...parts: string[]): string {
  const mac = createHmac("sha256", key);
  for (const part of parts) mac.update(`${part.length}:${part}|`);
  return mac.digest("base64url");
}

/** Whether `signature` is the signature of the parts, compared in constant time. */
export function verify(key: Buffer, signature: string, ...parts: string[]): boolean {
  const expected = Buffer.from(sign(key, ...parts));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
