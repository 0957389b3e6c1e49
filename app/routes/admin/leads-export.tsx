/** The CSV export of the leads inbox's current filters (docs/product/back-office.md). */
import { data } from "react-router";
import type { Route } from "./+types/leads-export";
import { exportLeads, leadsCsv, parseLeadFilters } from "~/server/admin/leads-inbox";
import { requireStaff } from "~/server/admin/staff-scope";

export async function loader(args: Route.LoaderArgs) {
  const { scope, ctx } = await requireStaff(args, "leads:read");
  const { filters, errors } = parseLeadFilters(new URL(args.request.url).searchParams);
  const problems = Object.values(errors);
  if (problems.length) throw data(problems.join(" "), { status: 400 });
  const rows = await exportLeads(ctx.db, scope, filters);
  const sites = scope.sites();
  const siteNames = new Map(sites.map((s) => [s.id, s.name]));
  const dealershipNames = new Map(sites.flatMap((s) => s.dealerships.map((d) => [d.id, d.name])));
  const csv = leadsCsv(rows, {
    site: (id) => siteNames.get(id) ?? "",
    dealership: (id) => dealershipNames.get(id) ?? "",
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="leads-${day}.csv"`,
    },
  });
}
