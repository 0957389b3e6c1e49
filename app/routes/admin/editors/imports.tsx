/** A site's stock imports, newest first: what each did, and the rows it refused and why. */
import { useLoaderData } from "react-router";
import type { Route } from "./+types/imports";
import { SiteEditorNav } from "~/app/components/admin/editors/site-editor-nav";
import { requireSiteEditor } from "~/server/admin/editors/editor-access";
import { listImports } from "~/server/admin/editors/stock-editor";
import { feedPullStatus } from "~/server/stock/feed-pull";
import { StaffTime } from "~/app/components/admin/staff-time";

export function meta() {
  return [{ title: "Stock imports · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { site, db } = await requireSiteEditor(args, "stock:read", "site");
  const rows = await listImports(db, site.id);
  const pull = await feedPullStatus(db, site.id);
  return {
    site,
    feedPull: pull && {
      url: pull.feedUrl,
      at: pull.lastPulledAt!.toISOString(),
      outcome: pull.lastOutcome,
      error: pull.lastError,
    },
    imports: rows.map((r) => ({
      id: r.id,
      at: r.finishedAt.toISOString(),
      source: r.source,
      mode: r.mode,
      format: r.format,
      status: r.status,
      error: r.error,
      counts: {
        rows: r.rows,
        added: r.added,
        updated: r.updated,
        unchanged: r.unchanged,
        sold: r.sold,
        rejected: r.rejected,
      },
      rowErrors: r.rowErrors.slice(0, 200),
    })),
  };
}

export default function Imports() {
  const { site, imports, feedPull } = useLoaderData<typeof loader>();
  return (
    <>
      <SiteEditorNav site={site} title="Stock imports" />
      {feedPull ? (
        <section className="mb-4 rounded-md border border-slate-300 bg-white p-4">
          <h2 className="font-semibold">Feed URL</h2>
          <p className="mt-1 text-sm break-all">{feedPull.url}</p>
          <p className="mt-1">
            Last pulled <StaffTime iso={feedPull.at} siteId={site.id} />:{" "}
            <span className={feedPull.outcome === "failed" ? "text-red-800" : undefined}>
              {feedPull.outcome?.replace("_", " ")}
            </span>
          </p>
          {feedPull.error ? <p className="mt-1 text-red-800">{feedPull.error}</p> : null}
        </section>
      ) : null}
      {imports.length === 0 ? <p>No stock feed has been imported to this site yet.</p> : null}
      <ol className="space-y-4">
        {imports.map((imp) => (
          <li key={imp.id} className="rounded-md border border-slate-300 bg-white p-4">
            <h2 className="font-semibold">
              <StaffTime iso={imp.at} siteId={site.id} /> · {imp.mode} import by {imp.source}
              {imp.format ? ` (${imp.format})` : ""} ·{" "}
              <span className={imp.status === "applied" ? "text-green-800" : "text-red-800"}>
                {imp.status}
              </span>
            </h2>
            {imp.error ? <p className="mt-1 text-red-800">{imp.error}</p> : null}
            <p className="mt-1 text-sm">
              {imp.counts.rows} rows: {imp.counts.added} added, {imp.counts.updated} updated,{" "}
              {imp.counts.unchanged} unchanged, {imp.counts.sold} sold, {imp.counts.rejected}{" "}
              rejected.
            </p>
            {imp.rowErrors.length ? (
              <details className="mt-2">
                <summary className="min-h-11 cursor-pointer py-2 text-blue-800 underline">
                  Row errors ({imp.counts.rejected})
                </summary>
                <div className="overflow-x-auto">
                  <table className="w-full border-collapse text-left text-sm">
                    <caption className="sr-only">Rows refused by import {imp.id}</caption>
                    <thead>
                      <tr className="border-b border-slate-400">
                        <th scope="col" className="p-2">
                          Line
                        </th>
                        <th scope="col" className="p-2">
                          Field
                        </th>
                        <th scope="col" className="p-2">
                          What to fix
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {imp.rowErrors.map((e, i) => (
                        <tr key={i} className="border-b border-slate-200">
                          <td className="p-2">{e.line}</td>
                          <td className="p-2">{e.field ?? ""}</td>
                          <td className="p-2">{e.message}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              </details>
            ) : null}
          </li>
        ))}
      </ol>
    </>
  );
}
