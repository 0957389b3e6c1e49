/** The audit log: every change made by staff within the reader's reach, newest first. */
import { Link, useLoaderData } from "react-router";
import type { Route } from "./+types/audit";
import { secondaryButtonClass } from "~/app/components/admin/form";
import { requireStaff } from "~/server/admin/staff-scope";
import { listAudit } from "~/server/admin/audit-log";
import { StaffTime } from "~/app/components/admin/staff-time";

export function meta() {
  return [{ title: "Audit log · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { scope, ctx } = await requireStaff(args, "audit:read");
  const raw = new URL(args.request.url).searchParams.get("page") ?? "1";
  const page = /^\d{1,5}$/.test(raw) && Number(raw) >= 1 ? Number(raw) : 1;
  const { rows, more } = await listAudit(ctx.db, scope, page);
  const siteNames = new Map(scope.sites().map((s) => [s.id, s.name]));
  const show = (value: unknown) => (value == null ? "" : JSON.stringify(value, null, 1));
  return {
    page,
    more,
    entries: rows.map((r) => ({
      id: r.id,
      at: r.createdAt.toISOString(),
      who: r.staffEmail,
      siteId: r.siteId,
      site: r.siteId ? (siteNames.get(r.siteId) ?? `Site ${r.siteId}`) : "",
      action: r.action,
      subject: r.subject ?? "",
      before: show(r.before),
      after: show(r.after),
    })),
  };
}

export default function Audit() {
  const { entries, page, more } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-2xl font-bold">Audit log</h1>
      <p className="mt-2 text-slate-700">Every change made in the back office, newest first.</p>
      {entries.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <caption className="sr-only">Audit log entries</caption>
            <thead>
              <tr className="border-b border-slate-400">
                <th scope="col" className="p-2">
                  When
                </th>
                <th scope="col" className="p-2">
                  Who
                </th>
                <th scope="col" className="p-2">
                  Where
                </th>
                <th scope="col" className="p-2">
                  What
                </th>
                <th scope="col" className="p-2">
                  Before
                </th>
                <th scope="col" className="p-2">
                  After
                </th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.id} className="border-b border-slate-200 align-top">
                  <td className="p-2 whitespace-nowrap">
                    <StaffTime iso={e.at} siteId={e.siteId} precision="second" />
                  </td>
                  <td className="p-2">{e.who}</td>
                  <td className="p-2">{e.site}</td>
                  <td className="p-2">
                    {e.action}
                    <div className="text-slate-700">{e.subject}</div>
                  </td>
                  <td className="p-2">
                    <pre className="max-w-xs overflow-x-auto text-xs whitespace-pre-wrap">
                      {e.before}
                    </pre>
                  </td>
                  <td className="p-2">
                    <pre className="max-w-xs overflow-x-auto text-xs whitespace-pre-wrap">
                      {e.after}
                    </pre>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-4">No changes recorded yet.</p>
      )}
      <nav aria-label="Pages" className="mt-4 flex gap-2">
        {page > 1 ? (
          <Link to={`?page=${page - 1}`} className={secondaryButtonClass}>
            Newer
          </Link>
        ) : null}
        {more ? (
          <Link to={`?page=${page + 1}`} className={secondaryButtonClass}>
            Older
          </Link>
        ) : null}
      </nav>
    </>
  );
}
