/**
 * The signed-in back office shell: a header with the account and sign-out, the section
 * navigation (wraps on a phone), and the page. Every page under it is signed in by this loader
 * and again by its own (loaders run in parallel: each calls requireStaff).
 */
import {
  Form,
  isRouteErrorResponse,
  NavLink,
  Outlet,
  useLoaderData,
  useRouteError,
} from "react-router";
import type { Route } from "./+types/layout";
import { CsrfField, secondaryButtonClass } from "~/app/components/admin/form";
import type { StaffView } from "~/app/components/admin/form";
import { ROLE_LABELS, ROLE_PERMISSIONS } from "~/domain/staff";
import { staffZone } from "~/domain/staff-time";
import { requireStaff } from "~/server/admin/staff-scope";

export function meta() {
  return [{ title: "Back office" }, { name: "robots", content: "noindex" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { staff, scope, ctx } = await requireStaff(args);
  const sites = scope.sites();
  const reach =
    staff.role === "platform_admin" && ctx.host.kind === "platform"
      ? "Every group"
      : staff.dealershipId
        ? (sites.flatMap((s) => s.dealerships).find((d) => d.id === staff.dealershipId)?.name ??
          "Your dealership")
        : (sites[0]?.dealershipGroup?.name ?? sites[0]?.name ?? "");
  const view: StaffView = {
    id: staff.id,
    name: staff.name,
    email: staff.email,
    role: staff.role,
    roleLabel: ROLE_LABELS[staff.role],
    reach,
    csrfToken: staff.csrfToken,
    can: [...ROLE_PERMISSIONS[staff.role]],
  };
  // Times on every screen read in the zone of the site they belong to.
  const zones = Object.fromEntries(
    sites.map((s) => [s.id, staffZone(s.settings.bookingTimeZone, s.locale)]),
  );
  return { staff: view, zones };
}

const SECTIONS = [
  { to: "/admin/leads", label: "Leads", permission: "leads:read" },
  { to: "/admin/reservations", label: "Reservations", permission: "reservations:read" },
  { to: "/admin/stock", label: "Stock", permission: "stock:read" },
  { to: "/admin/feeds", label: "Feeds", permission: "stock:read" },
  { to: "/admin/settings", label: "Settings", permission: "settings:write" },
  { to: "/admin/content", label: "Content", permission: "content:write" },
  { to: "/admin/audit", label: "Audit log", permission: "audit:read" },
] as const;

function Shell({ staff, children }: { staff: StaffView | null; children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-900">
      <header className="border-b border-slate-300 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-2">
          <p className="font-semibold">
            <a href="/admin/leads" className="text-slate-900">
              Dealer back office
            </a>
          </p>
          {staff ? (
            <div className="flex flex-wrap items-center gap-3 text-sm">
              <a href="/admin/account" className="text-blue-800 underline">
                {staff.name}
              </a>
              <span className="text-slate-700">
                {staff.roleLabel} · {staff.reach}
              </span>
              <Form method="post" action="/admin/sign-out">
                <CsrfField />
                <button type="submit" className={`${secondaryButtonClass} min-h-9 py-1 text-sm`}>
                  Sign out
                </button>
              </Form>
            </div>
          ) : null}
        </div>
        {staff ? (
          <nav aria-label="Back office" className="mx-auto max-w-6xl px-2">
            <ul className="flex flex-wrap gap-1">
              {SECTIONS.filter((s) => staff.can.includes(s.permission)).map((section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    prefetch="none"
                    className={({ isActive }) =>
                      `inline-block min-h-11 border-b-4 px-3 py-2 font-medium ${
                        isActive
                          ? "border-blue-800 text-blue-900"
                          : "border-transparent text-slate-800 hover:border-slate-400"
                      }`
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </header>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6">
        {children}
      </main>
    </div>
  );
}

export default function AdminLayout() {
  const { staff } = useLoaderData<typeof loader>();
  return (
    <Shell staff={staff}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const text =
    isRouteErrorResponse(error) && typeof error.data === "string" && status < 500
      ? error.data
      : null;
  const title =
    status === 404 ? "Not found" : status === 403 ? "Not allowed" : "Something went wrong";
  return (
    <Shell staff={null}>
      <title>{`${title} · Back office`}</title>
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-3">
        {text ??
          (status === 404
            ? "There is nothing at this address, or it is not within your account's reach."
            : "This page could not be shown just now. Please try again in a moment.")}
      </p>
      <p className="mt-6">
        <a href="/admin/leads" className="text-blue-800 underline">
          Back to the leads
        </a>
      </p>
    </Shell>
  );
}
