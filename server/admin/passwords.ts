/**
 * Staff passwords: Node's memory-hard scrypt with a random salt per account (the demo's published
 * password excepted: it always hashes to the same string, see below). The stored string
 * names its parameters (`scrypt$N$r$p$salt$hash`), so stronger parameters can be adopted later
 * and old hashes still verify (and are rehashed at the next sign-in: `needsRehash`).
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import type { ScryptOptions } from "node:crypto";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/staff";

/** N = 2^15, r = 8, p = 1: 32 MiB and ~50-100 ms per hash on one core (decision 027). */
export const SCRYPT_PARAMETERS = { N: 32_768, r: 8, p: 1 } as const;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

function derive(password: string, salt: Buffer, params: { N: number; r: number; p: number }) {
  const options: ScryptOptions = { ...params, maxmem: 128 * params.N * params.r * 2 };
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** The demo's back office password, published in the README: never a live account's. */
export const DEMO_STAFF_PASSWORD = "back-office-demo";
// Every account with the demo password has one and the same hash, so one query finds them all
// (a production start refuses to run while any does).
const DEMO_SALT = createHash("sha256").update("demo-staff-salt").digest().subarray(0, SALT_BYTES);

/** The stored form of a new password (the demo password's is always the same string). */
export async function hashPassword(password: string) {
  const { N, r, p } = SCRYPT_PARAMETERS;
  const salt = isDemoPassword(password) ? DEMO_SALT : randomBytes(SALT_BYTES);
  const key = await derive(password, salt, SCRYPT_PARAMETERS);
  return `scrypt$${N}$${r}$${p}$${salt.toString("base64")}$${key.toString("base64")}`;
}

const isDemoPassword = (password: string) => password.normalize("NFKC") === DEMO_STAFF_PASSWORD;

let demoHash: Promise<string> | null = null;
/** The stored form of the demo password (one hash, worked out once per process). */
export function demoPasswordHash(): Promise<string> {
  return (demoHash ??= hashPassword(DEMO_STAFF_PASSWORD));
}

function parse(stored: string) {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return null;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (![params.N, params.r, params.p].every((v) => Number.isInteger(v) && v > 0)) return null;
  return { params, salt: Buffer.from(salt, "base64"), hash: Buffer.from(hash, "base64") };
}

/** Whether `password` matches the stored hash (constant time). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored ? parse(stored) : null;
  if (!parsed) {
    // Same work as a real check, so a missing account takes as long as a wrong password.
    await derive(password, DUMMY_SALT, SCRYPT_PARAMETERS);
    return false;
  }
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash);
}

const DUMMY_SALT = randomBytes(SALT_BYTES);

/** A hash made with other parameters than today's: rehash it after a successful sign-in. */
export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  const { N, r, p } = SCRYPT_PARAMETERS;
  return !parsed || parsed.params.N !== N || parsed.params.r !== r || parsed.params.p !== p;
}

export const DEMO_PASSWORD_REFUSED =
  "This is the demo's published password: choose one of your own.";

/** The message for a new password that is not acceptable, or null. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH)
    return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (password.length > PASSWORD_MAX_LENGTH)
    return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (isDemoPassword(password)) return DEMO_PASSWORD_REFUSED;
  return null;
}
