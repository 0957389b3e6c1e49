/**
 * Server-side staff sessions (decision 027). The cookie holds a random 256-bit token; the
 * database holds only its SHA-256, so a copy of the table signs no one in. A session lasts
 * SESSION_IDLE_MS after its last use (renewed as it is used) and never more than
 * SESSION_MAX_MS after sign-in. Signing in always makes a new token (no session fixation);
 * signing out removes the session, or every session of the account.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { staffSessions, staffUsers } from "../db/schema";
import type { StaffUserRow } from "../db/schema";

export const SESSION_COOKIE = "staff_session";
/** Idle time after which a session ends: 12 hours. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
/** Longest a session lasts, however active: 7 days. */
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
/** Renew the expiry at most this often, so reads do not all write. */
const RENEW_AFTER_MS = 5 * 60 * 1000;

export const randomToken = () => randomBytes(32).toString("base64url");
export const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

export type StaffSession = {
  id: number;
  csrfToken: string;
  expiresAt: Date;
  user: StaffUserRow;
};

export async function createSession(
  db: Database,
  staffUserId: number,
  client: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<{ token: string; csrfToken: string; expiresAt: Date }> {
  const token = randomToken();
  const csrfToken = randomToken();
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await db.insert(staffSessions).values({
    tokenHash: hashToken(token),
    staffUserId,
    csrfToken,
    createdAt: now,
    lastSeenAt: now,
    expiresAt,
    clientIp: client.ip,
    userAgent: client.userAgent?.slice(0, 300) ?? null,
  });
  // Expired sessions of this account go at its next sign-in.
  await db
    .delete(staffSessions)
    .where(and(eq(staffSessions.staffUserId, staffUserId), lt(staffSessions.expiresAt, now)));
  return { token, csrfToken, expiresAt };
}

/** The live session of a cookie token and its (enabled) account, renewing its expiry. */
export async function findSession(
  db: Database,
  token: string | null,
  now = new Date(),
): Promise<StaffSession | null> {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ session: staffSessions, user: staffUsers })
    .from(staffSessions)
    .innerJoin(staffUsers, eq(staffUsers.id, staffSessions.staffUserId))
    .where(
      and(
        eq(staffSessions.tokenHash, hashToken(token)),
        gt(staffSessions.expiresAt, now),
        isNull(staffUsers.disabledAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { session, user } = row;
  let expiresAt = session.expiresAt;
  if (now.getTime() - session.lastSeenAt.getTime() > RENEW_AFTER_MS) {
    const cap = session.createdAt.getTime() + SESSION_MAX_MS;
    expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, cap));
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now, expiresAt })
      .where(eq(staffSessions.id, session.id));
  }
  return { id: session.id, csrfToken: session.csrfToken, expiresAt, user };
}

export async function deleteSession(db: Database, sessionId: number): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

/** Sign out everywhere: every session of the account ends. */
export async function deleteAllSessions(db: Database, staffUserId: number): Promise<number> {
  const removed = await db
    .delete(staffSessions)
    .where(eq(staffSessions.staffUserId, staffUserId))
    .returning({ id: staffSessions.id });
  return removed.length;
}

/** The number of live sessions of an account (shown next to "Sign out everywhere"). */
export async function countSessions(db: Database, staffUserId: number, now = new Date()) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(staffSessions)
    .where(and(eq(staffSessions.staffUserId, staffUserId), gt(staffSessions.expiresAt, now)));
  return row?.n ?? 0;
}
