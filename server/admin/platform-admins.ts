/**
 * Platform administrators made from the command line (`npm run admin:create`, cli/admin-create.ts):
 * the first account of a new installation, or a new password for an existing platform admin who
 * cannot sign in. The password follows the rules of every other password (passwords.ts).
 */
import { eq } from "drizzle-orm";
import { ROLE_LABELS, isStaffRole } from "~/domain/staff";
import type { Database } from "../db/client";
import { staffUsers } from "../db/schema";
import { hashPassword, passwordProblem } from "./passwords";
import { deleteAllSessions } from "./sessions";
import { isStaffEmail } from "./staff-accounts";
import { recordAudit } from "./staff-scope";

const NAME_MAX_LENGTH = 120;
const DEFAULT_NAME = "Platform admin";

export type PlatformAdminInput = { email: string; name?: string; password: string };

/** What is wrong with the address or the name, before any I/O (null: nothing). */
export function platformAdminProblem(input: { email: string; name?: string }): string | null {
  const email = input.email.trim().toLowerCase();
  if (!isStaffEmail(email)) return "Give an e-mail address like name@example.com (--email).";
  if (input.name !== undefined) {
    const name = input.name.trim();
    if (!name) return "The name (--name) is empty.";
    if (name.length > NAME_MAX_LENGTH) return `Keep the name to ${NAME_MAX_LENGTH} characters.`;
  }
  return null;
}

/** What is wrong with the password (the rules of every staff password), or null. */
export function platformAdminPasswordProblem(password: string): string | null {
  const problem = passwordProblem(password);
  return problem ? `Password: ${problem}` : null;
}

export type PlatformAdminResult =
  { ok: true; created: boolean; email: string; enabled: boolean } | { ok: false; message: string };

/**
 * Creates a platform admin with this password, or gives an existing platform admin's account
 * this password (enabling it again, and ending its sessions). Any other account at the address
 * is left as it is.
 */
export async function setPlatformAdmin(
  db: Database,
  input: PlatformAdminInput,
): Promise<PlatformAdminResult> {
  const problem = platformAdminProblem(input) ?? platformAdminPasswordProblem(input.password);
  if (problem) return { ok: false, message: problem };
  const email = input.email.trim().toLowerCase();
  const name = input.name?.trim();
  const passwordHash = await hashPassword(input.password);
  const [existing] = await db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1);
  if (existing && existing.role !== "platform_admin") {
    const role = isStaffRole(existing.role) ? ROLE_LABELS[existing.role] : existing.role;
    return {
      ok: false,
      message: `${email} is a ${role} account, not a platform admin: nothing was changed. Use another address.`,
    };
  }
  const now = new Date();
  return db.transaction(async (tx): Promise<PlatformAdminResult> => {
    if (existing) {
      await tx
        .update(staffUsers)
        .set({ passwordHash, disabledAt: null, updatedAt: now, ...(name ? { name } : {}) })
        .where(eq(staffUsers.id, existing.id));
      await deleteAllSessions(tx as unknown as Database, existing.id);
      await recordAudit(tx, existing, {
        action: "staff.reset_password",
        subject: `staff:${existing.id}`,
        after: { by: "admin:create", enabled: existing.disabledAt !== null },
      });
      return { ok: true, created: false, email, enabled: existing.disabledAt !== null };
    }
    const [user] = await tx
      .insert(staffUsers)
      .values({ email, name: name ?? DEFAULT_NAME, role: "platform_admin", passwordHash })
      .returning({ id: staffUsers.id, email: staffUsers.email });
    await recordAudit(tx, user!, {
      action: "staff.create",
      subject: `staff:${user!.id}`,
      after: { email, role: "platform_admin", by: "admin:create" },
    });
    return { ok: true, created: true, email, enabled: false };
  });
}
