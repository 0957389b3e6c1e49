/**
 * Back office accounts that still open with the demo's published password
 * (server/admin/passwords.ts). A production server that is not a demo refuses to start while any
 * is enabled (server/start.ts); `npm run admin:create -- --disable-demo-accounts` disables them.
 */
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { staffUsers } from "../db/schema";
import { demoStaffAccounts } from "../db/seed/seed-staff";
import { DEMO_STAFF_PASSWORD, demoPasswordHash, verifyPassword } from "./passwords";
import { deleteAllSessions } from "./sessions";
import { recordAudit } from "./staff-scope";

/** What the operator runs to make the first platform administrator. */
export const ADMIN_CREATE_COMMAND = "npm run admin:create -- --email you@your-company.example";
export const DISABLE_DEMO_ACCOUNTS_COMMAND = "npm run admin:create -- --disable-demo-accounts";

type Exposed = { id: number; email: string };

/** The enabled accounts whose password is the demo's, by e-mail address. */
async function exposedAccounts(db: Database): Promise<Exposed[]> {
  const hash = await demoPasswordHash();
  const enabled = isNull(staffUsers.disabledAt);
  const columns = { id: staffUsers.id, email: staffUsers.email };
  // Every account given the demo password has its one hash: one query, however many accounts.
  const same = await db
    .select(columns)
    .from(staffUsers)
    .where(and(enabled, eq(staffUsers.passwordHash, hash)));
  // The demo's own addresses may hold the password under another salt (seeded by an earlier
  // version): those few are checked one by one.
  const demoEmails = demoStaffAccounts().map((account) => account.email);
  const others = await db
    .select({ ...columns, passwordHash: staffUsers.passwordHash })
    .from(staffUsers)
    .where(and(enabled, inArray(staffUsers.email, demoEmails), ne(staffUsers.passwordHash, hash)));
  const verified = await Promise.all(
    others.map(async (row) =>
      (await verifyPassword(DEMO_STAFF_PASSWORD, row.passwordHash)) ? [row] : [],
    ),
  );
  return [...same, ...verified.flat().map(({ id, email }) => ({ id, email }))].sort((a, b) =>
    a.email.localeCompare(b.email),
  );
}

/** The e-mail addresses of the enabled accounts whose password is the demo's. */
export async function demoPasswordAccounts(db: Database): Promise<string[]> {
  return (await exposedAccounts(db)).map((account) => account.email);
}

/** Disables every account whose password is the demo's (their sessions end); their addresses. */
export async function disableDemoPasswordAccounts(db: Database): Promise<string[]> {
  const accounts = await exposedAccounts(db);
  const now = new Date();
  for (const account of accounts) {
    await db.transaction(async (tx) => {
      await tx
        .update(staffUsers)
        .set({ disabledAt: now, updatedAt: now })
        .where(eq(staffUsers.id, account.id));
      await deleteAllSessions(tx as unknown as Database, account.id);
      await recordAudit(tx, account, {
        action: "staff.disable",
        subject: `staff ${account.id} ${account.email}`,
        before: { disabledAt: null },
        after: { disabledAt: now.toISOString(), reason: "demo password", by: "admin:create" },
      });
    });
  }
  return accounts.map((account) => account.email);
}

/** Whether the database has any back office account at all. */
export async function hasAnyStaffAccount(db: Database): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(staffUsers)
    .limit(1);
  return rows.length > 0;
}

/** A production start on a database where accounts still have the demo's published password. */
export class DemoPasswordAccountsError extends Error {
  constructor(readonly emails: string[]) {
    const shown = emails.slice(0, 20).map((email) => `  ${email}`);
    if (emails.length > shown.length) shown.push(`  and ${emails.length - shown.length} more`);
    super(
      [
        `Not starting: ${emails.length === 1 ? "this back office account still has" : `these ${emails.length} back office accounts still have`} the demo's published password, which anyone can sign in with:`,
        ...shown,
        "Make your own platform administrator (or give a platform admin above a new password):",
        `  ${ADMIN_CREATE_COMMAND}`,
        "then disable every account that has the demo password:",
        `  ${DISABLE_DEMO_ACCOUNTS_COMMAND}`,
        "and start again. Only a demo (DEMO=true, as npm start) runs with these accounts.",
      ].join("\n"),
    );
    this.name = "DemoPasswordAccountsError";
  }
}
