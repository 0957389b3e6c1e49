/**
 * Staff accounts by e-mail link (docs/product/back-office.md, "Invitations and password
 * reset"): an invitation creates the account without a password and sends a link to choose
 * one (valid 7 days); "Forgot your password?" sends a link to choose a new one (valid 1 hour)
 * without saying whether the address has an account. Links carry a random token stored hashed,
 * used once. Choosing a password ends every session of the account.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import { ACCOUNT_MESSAGES, invitableRoles, isStaffRole, ROLE_LABELS } from "~/domain/staff";
import type { StaffRole } from "~/domain/staff";
import type { Database } from "../db/client";
import { staffTokens, staffUsers } from "../db/schema";
import type { AdminContext } from "./admin-context";
import { hashPassword, passwordProblem } from "./passwords";
import { deleteAllSessions, hashToken, randomToken } from "./sessions";
import { recordAudit } from "./staff-scope";
import type { StaffMember, StaffScope } from "./staff-scope";

export const INVITATION_DAYS = 7;
export const RESET_MINUTES = 60;
const EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** A staff account's address: the rule of the invitation form (and `npm run admin:create`). */
export const isStaffEmail = (email: string) => email.length <= 254 && EMAIL.test(email);

async function sendMail(ctx: AdminContext, to: string, subject: string, lines: string[]) {
  const text = lines.join("\n\n");
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif">${lines
    .map((l) =>
      /^https?:\/\//.test(l)
        ? `<p><a href="${l.replace(/"/g, "&quot;")}">${l.replace(/</g, "&lt;")}</a></p>`
        : `<p>${l.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</p>`,
    )
    .join("")}</body></html>`;
  const domain = ctx.mail.from.split("@")[1] ?? "localhost";
  await ctx.mail.transport.send({
    messageId: `<staff-${randomUUID()}@${domain}>`,
    from: { name: "Dealer back office", address: ctx.mail.from },
    to,
    subject,
    text,
    html,
    headers: {},
    attachments: [],
    siteId: ctx.host.kind === "site" ? ctx.host.site.id : null,
  });
}

async function issueToken(
  db: Pick<Database, "insert">,
  staffUserId: number,
  purpose: "invitation" | "password_reset",
  ttlMs: number,
): Promise<string> {
  const token = randomToken();
  await db.insert(staffTokens).values({
    tokenHash: hashToken(token),
    staffUserId,
    purpose,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return token;
}

export type InviteErrors = Partial<Record<"email" | "name" | "role" | "reach", string>>;

/** What the invitation form may offer this staff member. */
export function invitationChoices(staff: StaffMember, scope: StaffScope) {
  const roles = invitableRoles(staff.role);
  const sites = scope.sites();
  const dealerships = sites.flatMap((s) =>
    s.dealerships.filter((d) => scope.hasDealership(d.id)).map((d) => ({ id: d.id, name: d.name })),
  );
  const groups = [
    ...new Map(
      sites
        .filter((s) => s.dealershipGroup)
        .map((s) => [s.dealershipGroup!.id, s.dealershipGroup!]),
    ).values(),
  ].filter((g) => staff.role === "platform_admin" || g.id === staff.dealershipGroupId);
  return {
    roles: roles.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
    dealerships,
    groups: groups.map((g) => ({ id: g.id, name: g.name })),
  };
}

/** Checks and carries out an invitation; the new account gets its link by e-mail. */
export async function inviteStaff(
  ctx: AdminContext,
  staff: StaffMember,
  scope: StaffScope,
  form: FormData,
): Promise<
  | { ok: true; email: string }
  | { ok: false; status: number; errors: InviteErrors; message?: string }
> {
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  const name = String(form.get("name") ?? "").trim();
  const role = form.get("role");
  const reach = String(form.get("reach") ?? "");
  const errors: InviteErrors = {};
  if (!email || email.length > 254 || !EMAIL.test(email))
    errors.email = "Enter an e-mail address like name@example.com.";
  if (!name) errors.name = "Enter the person's name.";
  else if (name.length > 120) errors.name = "Keep the name to 120 characters.";
  if (!isStaffRole(role) || !invitableRoles(staff.role).includes(role))
    errors.role = "Choose one of the roles listed.";
  let groupId: number | null = null;
  let dealershipId: number | null = null;
  if (isStaffRole(role) && !errors.role && role !== "platform_admin") {
    const match = /^(group|dealership):(\d{1,9})$/.exec(reach);
    const choices = invitationChoices(staff, scope);
    if (role === "group_admin") {
      const id = match?.[1] === "group" ? Number(match[2]) : NaN;
      if (!choices.groups.some((g) => g.id === id))
        errors.reach = "Choose the group from the list.";
      else groupId = id;
    } else {
      const id = match?.[1] === "dealership" ? Number(match[2]) : NaN;
      if (!choices.dealerships.some((d) => d.id === id))
        errors.reach = "Choose the dealership from the list.";
      else {
        dealershipId = id;
        groupId =
          scope.sites().find((s) => s.dealerships.some((d) => d.id === id))?.dealershipGroup?.id ??
          null;
      }
    }
  }
  if (Object.keys(errors).length) return { ok: false, status: 400, errors };
  const [existing] = await ctx.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(eq(staffUsers.email, email))
    .limit(1);
  if (existing)
    return { ok: false, status: 409, errors: { email: "This address already has an account." } };
  const token = await ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(staffUsers)
      .values({
        email,
        name,
        role: role as StaffRole,
        dealershipGroupId: groupId,
        dealershipId,
      })
      .returning({ id: staffUsers.id });
    await recordAudit(tx, staff, {
      action: "staff.invite",
      subject: `staff:${user!.id}`,
      dealershipGroupId: groupId,
      siteId: dealershipId
        ? (scope.sites().find((s) => s.dealerships.some((d) => d.id === dealershipId))?.id ?? null)
        : null,
      dealershipId,
      after: { email, name, role },
      requestId: ctx.requestId,
    });
    return issueToken(tx, user!.id, "invitation", INVITATION_DAYS * 86_400_000);
  });
  try {
    await sendMail(ctx, email, "You are invited to the dealer back office", [
      `${staff.name} invited you to the dealer back office as ${ROLE_LABELS[role as StaffRole]}.`,
      `Choose your password here (the link works for ${INVITATION_DAYS} days):`,
      `${ctx.origin}/admin/set-password?token=${token}`,
    ]);
  } catch {
    return { ok: false, status: 503, errors: {}, message: ACCOUNT_MESSAGES.mailFailed };
  }
  return { ok: true, email };
}

/**
 * "Forgot your password?": a link by e-mail if the address has an account (never said). The
 * answer does the same work for every address (check the form, count the request): looking the
 * account up, making the link and sending it happen after the answer has been sent, so neither
 * its content nor its timing tells whether the address has an account, and a slow mail server
 * never holds it up. Over its limits (per address, per client) a request sends nothing; reset
 * requests never count against signing in.
 */
export async function requestPasswordReset(ctx: AdminContext, form: FormData) {
  const email = String(form.get("email") ?? "")
    .trim()
    .toLowerCase();
  if (!email || email.length > 254 || !EMAIL.test(email))
    return {
      ok: false as const,
      errors: { email: "Enter an e-mail address like name@example.com." },
    };
  if (await ctx.throttle.resetRequest(email, ctx.clientIp))
    ctx.afterResponse(() => sendResetLink(ctx, email));
  return { ok: true as const };
}

async function sendResetLink(ctx: AdminContext, email: string): Promise<void> {
  const [user] = await ctx.db
    .select({ id: staffUsers.id })
    .from(staffUsers)
    .where(and(eq(staffUsers.email, email), isNull(staffUsers.disabledAt)))
    .limit(1);
  if (!user) return;
  const token = await issueToken(ctx.db, user.id, "password_reset", RESET_MINUTES * 60_000);
  await sendMail(ctx, email, "Choose a new password for the dealer back office", [
    "Someone (we hope you) asked to choose a new password for the dealer back office.",
    "Choose it here (the link works for one hour; if it was not you, ignore this e-mail):",
    `${ctx.origin}/admin/set-password?token=${token}`,
  ]);
}

/** The account a link's token opens, if it is unused and in time. */
export async function tokenAccount(db: Database, token: string | null) {
  if (!token || token.length > 100) return null;
  const [row] = await db
    .select({ id: staffTokens.id, purpose: staffTokens.purpose, user: staffUsers })
    .from(staffTokens)
    .innerJoin(staffUsers, eq(staffUsers.id, staffTokens.staffUserId))
    .where(
      and(
        eq(staffTokens.tokenHash, hashToken(token)),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, new Date()),
        isNull(staffUsers.disabledAt),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Sets the password of a link's account; the link is then used up and every session ends. */
export async function setPasswordWithToken(
  ctx: AdminContext,
  token: string | null,
  form: FormData,
) {
  const password = String(form.get("password") ?? "");
  const confirm = String(form.get("confirm") ?? "");
  const errors: Partial<Record<"password" | "confirm", string>> = {};
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  else if (password !== confirm) errors.confirm = ACCOUNT_MESSAGES.passwordsDiffer;
  if (errors.password || errors.confirm) return { ok: false as const, status: 400, errors };
  const account = await tokenAccount(ctx.db, token);
  if (!account)
    return { ok: false as const, status: 410, errors, message: ACCOUNT_MESSAGES.linkInvalid };
  const passwordHash = await hashPassword(password);
  const used = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(staffTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(staffTokens.id, account.id), isNull(staffTokens.usedAt)))
      .returning({ id: staffTokens.id });
    if (!claimed) return false;
    await tx
      .update(staffUsers)
      .set({ passwordHash, updatedAt: new Date() })
      .where(eq(staffUsers.id, account.user.id));
    await recordAudit(tx, account.user, {
      action: account.purpose === "invitation" ? "staff.accept_invitation" : "staff.reset_password",
      subject: `staff:${account.user.id}`,
      dealershipGroupId: account.user.dealershipGroupId,
      dealershipId: account.user.dealershipId,
      requestId: ctx.requestId,
    });
    return true;
  });
  if (!used)
    return { ok: false as const, status: 410, errors, message: ACCOUNT_MESSAGES.linkInvalid };
  await deleteAllSessions(ctx.db, account.user.id);
  await ctx.throttle.clearAccount(account.user.email, ctx.clientIp);
  return { ok: true as const };
}

/** The accounts within a staff member's reach: of its dealerships, and of its groups' admins. */
export async function listStaff(db: Database, scope: StaffScope) {
  const sites = scope.sites();
  const dealershipIds = sites.flatMap((s) =>
    s.dealerships.filter((d) => scope.hasDealership(d.id)).map((d) => d.id),
  );
  const groupIds = scope.dealershipIds
    ? []
    : [...new Set(sites.map((s) => s.dealershipGroup?.id).filter((id): id is number => !!id))];
  const rows = await db
    .select({
      id: staffUsers.id,
      email: staffUsers.email,
      name: staffUsers.name,
      role: staffUsers.role,
      dealershipId: staffUsers.dealershipId,
      dealershipGroupId: staffUsers.dealershipGroupId,
      active: staffUsers.passwordHash,
      disabledAt: staffUsers.disabledAt,
    })
    .from(staffUsers)
    .where(
      scope.siteIds === null
        ? undefined
        : or(
            dealershipIds.length ? inArray(staffUsers.dealershipId, dealershipIds) : undefined,
            groupIds.length
              ? and(
                  eq(staffUsers.role, "group_admin"),
                  inArray(staffUsers.dealershipGroupId, groupIds),
                )
              : undefined,
            sql`false`,
          ),
    )
    .orderBy(asc(staffUsers.email))
    .limit(500);
  return rows.map((r) => ({ ...r, active: r.active !== null }));
}

/**
 * Disables an account within reach (its sessions end at once, it cannot sign in or use an
 * e-mail link), or enables it again; audited with before and after. Only an account of a role
 * at most as high as one's own, and never one's own.
 */
export async function setStaffDisabled(
  ctx: AdminContext,
  staff: StaffMember,
  scope: StaffScope,
  form: FormData,
): Promise<
  { ok: true; email: string; disabled: boolean } | { ok: false; status: number; message: string }
> {
  const intent = form.get("intent");
  const account = String(form.get("account") ?? "");
  if ((intent !== "disable" && intent !== "enable") || !/^\d{1,9}$/.test(account))
    return {
      ok: false,
      status: 400,
      message: "Choose an account in the list, then Disable or Enable.",
    };
  const target = (await listStaff(ctx.db, scope)).find((a) => a.id === Number(account));
  if (!target)
    return {
      ok: false,
      status: 404,
      message: "There is nothing at this address, or it is not within your account's reach.",
    };
  if (target.id === staff.id)
    return { ok: false, status: 409, message: "You cannot disable your own account." };
  if (!isStaffRole(target.role) || !invitableRoles(staff.role).includes(target.role))
    return {
      ok: false,
      status: 403,
      message: "Only a colleague of your role or below can be disabled or enabled by you.",
    };
  const disabled = intent === "disable";
  const now = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(staffUsers)
      .set({ disabledAt: disabled ? now : null })
      .where(eq(staffUsers.id, target.id));
    if (disabled) await deleteAllSessions(tx as unknown as Database, target.id);
    await recordAudit(tx, staff, {
      action: disabled ? "staff.disable" : "staff.enable",
      subject: `staff ${target.id} ${target.email}`,
      dealershipGroupId:
        target.dealershipGroupId ??
        scope.sites().find((site) => site.dealerships.some((d) => d.id === target.dealershipId))
          ?.dealershipGroup?.id ??
        null,
      dealershipId: target.dealershipId,
      siteId: null,
      before: { disabledAt: target.disabledAt?.toISOString() ?? null },
      after: { disabledAt: disabled ? now.toISOString() : null },
      requestId: ctx.requestId,
    });
  });
  return { ok: true, email: target.email, disabled };
}
