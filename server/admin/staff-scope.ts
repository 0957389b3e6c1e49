/**
 * The one scope of the back office. Every loader and action starts with
 *
 *     const { staff, scope, form } = await requireStaff(args, "leads:write");
 *
 * which signs the request in from its session cookie (else redirects to the sign-in page),
 * checks the CSRF token of every POST (`form` is its parsed body), and refuses with 403 a role
 * without the permission. `scope` restricts every query to the sites and dealerships the role
 * reaches on this host: `scope.sites(table.siteId)`, `scope.leads()`, `scope.audit()` are SQL
 * conditions to AND into a where clause; `scope.hasSite(id)` / `scope.hasDealership(id)` check
 * an id a form or URL named before anything is read or written (answer 404 when false), and
 * `scope.ownsSite(id)` whether a site's own records (not one dealership's) are the scope's. Every
 * change is recorded with `recordAudit(db, staff, ...)`, in the change's transaction.
 * docs/product/back-office.md, "Roles and scope".
 */
import { timingSafeEqual } from "node:crypto";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import type { Database } from "../db/client";
import { auditLog, leads } from "../db/schema";
import type { StaffUserRow } from "../db/schema";
import type { Site } from "../sites/site";
import type { AdminContext } from "./admin-context";
import { readCookie } from "./cookies";
import { findSession, SESSION_COOKIE } from "./sessions";
import { CSRF_FIELD, ROLE_PERMISSIONS } from "~/domain/staff";
import type { Permission, StaffRole } from "~/domain/staff";
import { withoutNulCharacters } from "../leads/guard";

export type StaffMember = {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  dealershipGroupId: number | null;
  dealershipId: number | null;
  sessionId: number;
  csrfToken: string;
};

export type StaffScope = ReturnType<typeof buildScope>;

export const CSRF_MESSAGE = "This form has expired. Reload the page and send it again.";
export const NO_ACCESS_MESSAGE = "Your account does not give access to this page.";

const TRUE = sql`true`;
const FALSE = sql`false`;

/** The sites a role reaches on a host, and within them the dealerships (null: all of them). */
function reach(user: StaffUserRow, role: StaffRole, ctx: AdminContext) {
  const host = ctx.host;
  const hostGroupId = host.kind === "site" ? host.site.dealershipGroup?.id : undefined;
  const hostSites: Site[] | null =
    host.kind === "platform"
      ? null
      : hostGroupId !== undefined
        ? ctx.registry.all().filter((s) => s.dealershipGroup?.id === hostGroupId)
        : [host.site];
  const candidates = hostSites ?? ctx.registry.all();
  if (role === "platform_admin")
    return { sites: hostSites, dealershipIds: null as number[] | null };
  if (role === "group_admin")
    return {
      sites: candidates.filter((s) => s.dealershipGroup?.id === user.dealershipGroupId),
      dealershipIds: null,
    };
  return {
    sites: candidates.filter((s) => s.dealerships.some((d) => d.id === user.dealershipId)),
    dealershipIds: [user.dealershipId!],
  };
}

/** The scope of a staff member on this host. Exported for tests; routes use requireStaff. */
export function buildScope(staff: StaffMember, ctx: AdminContext, user: StaffUserRow) {
  const { sites, dealershipIds } = reach(user, staff.role, ctx);
  const siteIds = sites ? sites.map((s) => s.id) : null;
  const siteSet = siteIds ? new Set(siteIds) : null;
  // Sites whose leads without a dealership fall to the scope's dealership (its primary one).
  const primarySiteIds =
    dealershipIds && sites
      ? sites.filter((s) => s.dealershipId !== null && dealershipIds.includes(s.dealershipId))
      : [];
  const inSites = (column: PgColumn): SQL =>
    siteIds === null ? TRUE : siteIds.length ? inArray(column, siteIds) : FALSE;

  return {
    /** The site ids reached; null = every site (a platform admin on the platform host). */
    siteIds,
    /** The dealership ids reached within those sites; null = all of them. */
    dealershipIds,
    /** The sites reached, as the registry knows them (for pickers and labels). */
    sites: (): Site[] => sites ?? ctx.registry.all(),
    can: (permission: Permission) => ROLE_PERMISSIONS[staff.role].includes(permission),
    /** Condition on a `site_id` column. */
    onSites: inSites,
    hasSite: (siteId: number) => siteSet === null || siteSet.has(siteId),
    /**
     * Whether the whole of a reached site is within the scope: every dealership of it. What
     * belongs to a site rather than to one dealership (its settings, navigation and promo
     * popup, offers and content pages, site-wide lead routing, stock imports) is edited only
     * then: a dealership's staff do not change a site their dealership shares with others.
     */
    ownsSite(siteId: number): boolean {
      if (siteSet !== null && !siteSet.has(siteId)) return false;
      if (!dealershipIds) return true;
      const site = (sites ?? ctx.registry.all()).find((s) => s.id === siteId);
      return (
        !!site &&
        site.dealerships.length > 0 &&
        site.dealerships.every((d) => dealershipIds.includes(d.id))
      );
    },
    /** Whether a dealership (of a reached site) is within the scope. */
    hasDealership(dealershipId: number): boolean {
      if (dealershipIds) return dealershipIds.includes(dealershipId);
      return (sites ?? ctx.registry.all()).some((s) =>
        s.dealerships.some((d) => d.id === dealershipId),
      );
    },
    /** Condition on `leads`: the reached sites, and for dealership roles their dealership's leads. */
    leads(): SQL {
      const site = inSites(leads.siteId);
      if (!dealershipIds) return site;
      const own = inArray(leads.dealershipId, dealershipIds);
      const unassigned = primarySiteIds.length
        ? and(
            isNull(leads.dealershipId),
            inArray(
              leads.siteId,
              primarySiteIds.map((s) => s.id),
            ),
          )
        : undefined;
      return and(site, unassigned ? or(own, unassigned) : own) as SQL;
    },
    /** Condition on `audit_log`: entries of the reached sites (and of the group itself). */
    audit(): SQL {
      if (siteIds === null) return TRUE;
      const ofSites = siteIds.length ? inArray(auditLog.siteId, siteIds) : FALSE;
      const ofGroup = staff.dealershipGroupId
        ? and(isNull(auditLog.siteId), eq(auditLog.dealershipGroupId, staff.dealershipGroupId))
        : undefined;
      const own = dealershipIds ? inArray(auditLog.dealershipId, dealershipIds) : undefined;
      return and(ofGroup ? or(ofSites, ofGroup) : ofSites, own) as SQL;
    },
  };
}

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

type Args = { request: Request; context: AppLoadContext };

function staffOf(session: NonNullable<Awaited<ReturnType<typeof findSession>>>): StaffMember {
  const user = session.user;
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role as StaffRole,
    dealershipGroupId: user.dealershipGroupId,
    dealershipId: user.dealershipId,
    sessionId: session.id,
    csrfToken: session.csrfToken,
  };
}

/**
 * Whether the live session of a request (its Cookie header) reaches a site on this host: for
 * what is decided before the route runs, such as the image sources of a page's policy.
 */
export async function sessionReachesSite(
  ctx: AdminContext,
  cookieHeader: string | undefined,
  siteId: number,
): Promise<boolean> {
  if (!cookieHeader) return false;
  const token = readCookie(
    new Request(ctx.origin, { headers: { cookie: cookieHeader } }),
    SESSION_COOKIE,
  );
  const session = await findSession(ctx.db, token);
  if (!session) return false;
  return buildScope(staffOf(session), ctx, session.user).hasSite(siteId);
}

/** The admin context of a back office request (404 outside /admin). */
export function adminContextOf(context: AppLoadContext): AdminContext {
  if (!context.admin) throw data("Not Found", { status: 404 });
  return context.admin;
}

/**
 * The signed-in staff member and their scope; redirects to sign-in when there is none, answers
 * 403 for a POST without this session's CSRF token or a role without `permission`.
 */
export async function requireStaff({ request, context }: Args, permission?: Permission) {
  const ctx = adminContextOf(context);
  const session = await findSession(ctx.db, readCookie(request, SESSION_COOKIE));
  const url = new URL(request.url);
  if (!session) {
    const next = url.pathname + url.search;
    throw redirect(`/admin/sign-in?next=${encodeURIComponent(next)}`);
  }
  const user = session.user;
  const staff = staffOf(session);
  let form: FormData | null = null;
  if (request.method !== "GET" && request.method !== "HEAD") {
    const header = request.headers.get("x-csrf-token");
    const type = request.headers.get("content-type") ?? "";
    if (
      header === null ||
      /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(type)
    ) {
      try {
        form = withoutNulCharacters(await request.formData());
      } catch {
        throw data("The form could not be read. Reload the page and try again.", { status: 400 });
      }
    }
    const sent = header ?? form?.get(CSRF_FIELD);
    if (typeof sent !== "string" || !sameToken(sent, session.csrfToken))
      throw data(CSRF_MESSAGE, { status: 403 });
  }
  const scope = buildScope(staff, ctx, user);
  // A host this account reaches nothing on (another group's site): not theirs to use.
  if (scope.siteIds !== null && scope.siteIds.length === 0)
    throw data(NO_ACCESS_MESSAGE, { status: 403 });
  if (permission && !scope.can(permission)) throw data(NO_ACCESS_MESSAGE, { status: 403 });
  return { staff, scope, form, ctx };
}

export type AuditEntry = {
  action: string;
  subject?: string | null;
  siteId?: number | null;
  dealershipId?: number | null;
  /** For changes not tied to a site (a group's staff): the group. */
  dealershipGroupId?: number | null;
  before?: unknown;
  after?: unknown;
  requestId?: string | null;
};

/** Writes one audit entry; pass the transaction of the change it records. */
export async function recordAudit(
  db: Pick<Database, "insert">,
  staff: Pick<StaffMember, "id" | "email">,
  entry: AuditEntry,
): Promise<void> {
  const groupOfSite =
    entry.siteId != null
      ? sql`(SELECT dealership_group_id FROM sites WHERE id = ${entry.siteId})`
      : (entry.dealershipGroupId ?? null);
  await db.insert(auditLog).values({
    staffUserId: staff.id,
    staffEmail: staff.email,
    dealershipGroupId: groupOfSite,
    siteId: entry.siteId ?? null,
    dealershipId: entry.dealershipId ?? null,
    action: entry.action,
    subject: entry.subject ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
    requestId: entry.requestId ?? null,
  });
}
