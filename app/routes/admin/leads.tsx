/** The leads inbox: filters, search, counts per status, a page of leads, CSV export. */
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/leads";
import { buttonClass, secondaryButtonClass } from "~/app/components/admin/form";
import { LEAD_STATUS_LABELS, LEAD_STATUSES } from "~/domain/staff";
import {
  LEAD_CATEGORY_NAMES,
  leadFiltersQuery,
  listLeads,
  parseLeadFilters,
  scopeLocations,
} from "~/server/admin/leads-inbox";
import { requireStaff } from "~/server/admin/staff-scope";
import { StaffTime } from "~/app/components/admin/staff-time";
import { DepositsOffNotice } from "~/app/components/admin/payment-notices";
import { depositsOffSites } from "~/server/reservations/deposits-off";

export function meta() {
  return [{ title: "Leads · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { scope, ctx } = await requireStaff(args, "leads:read");
  const { filters, errors } = parseLeadFilters(new URL(args.request.url).searchParams);
  const [result, locationOptions] = await Promise.all([
    listLeads(ctx.db, scope, filters),
    scopeLocations(ctx.db, scope),
  ]);
  const sites = scope.sites();
  const siteNames = new Map(sites.map((s) => [s.id, s.name]));
  const dealerships = sites.flatMap((s) =>
    s.dealerships
      .filter((d) => scope.hasDealership(d.id))
      .map((d) => ({ id: d.id, name: d.name, siteId: s.id })),
  );
  const dealershipNames = new Map(dealerships.map((d) => [d.id, d.name]));
  return {
    depositsOff: depositsOffSites(args.context, sites),
    canRoute: scope.can("routing:write"),
    filters,
    errors,
    total: result.total,
    pages: result.pages,
    counts: result.counts,
    query: leadFiltersQuery(filters),
    statusLinks: Object.fromEntries(
      LEAD_STATUSES.map((s) => [s, leadFiltersQuery(filters, { status: s, page: 1 })]),
    ),
    pageLinks: {
      previous: filters.page > 1 ? leadFiltersQuery(filters, { page: filters.page - 1 }) : null,
      next:
        filters.page < result.pages ? leadFiltersQuery(filters, { page: filters.page + 1 }) : null,
    },
    rows: result.rows.map((r) => ({
      id: r.id,
      received: r.createdAt.toISOString(),
      siteId: r.siteId,
      site: siteNames.get(r.siteId) ?? "",
      dealership: r.dealershipId ? (dealershipNames.get(r.dealershipId) ?? "") : "",
      location: r.location,
      category: r.category,
      name: [r.firstName, r.lastName].filter(Boolean).join(" ") || r.name || "(no name)",
      email: r.email,
      phone: r.phone,
      vehicle: r.vehicle,
      stockNumber: r.stockNumber,
      status: r.status,
      delivery: r.formCompleted ? r.deliveryStatus : "incomplete",
    })),
    options: {
      sites: sites.length > 1 ? sites.map((s) => ({ id: s.id, name: s.name })) : [],
      dealerships: dealerships.length > 1 ? dealerships : [],
      locations: locationOptions.map((l) => ({ id: l.id, name: l.name })),
      categories: LEAD_CATEGORY_NAMES,
    },
  };
}

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2 text-base text-slate-900";
const labelClass = "block text-sm font-medium text-slate-900";

function Select(props: {
  name: string;
  label: string;
  value: string | number | undefined;
  options: Array<{ value: string | number; label: string }>;
  error?: string;
}) {
  const id = `filter-${props.name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        defaultValue={props.value ?? ""}
        className={selectClass}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : undefined}
      >
        <option value="">Any</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {props.error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

const DELIVERY_LABELS: Record<string, string> = {
  pending: "Sending",
  delivered: "Delivered",
  failed: "Failed",
  none: "No recipient",
  incomplete: "Incomplete",
};

export default function Leads() {
  const d = useLoaderData<typeof loader>();
  const f = d.filters;
  const yesNo = [
    { value: "yes", label: "Yes" },
    { value: "no", label: "No" },
  ];
  const flag = (v: boolean | undefined) => (v === undefined ? undefined : v ? "yes" : "no");
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-bold">Leads</h1>
        {d.canRoute ? (
          <a href="/admin/routing" className="text-blue-800 underline">
            Lead routing
          </a>
        ) : null}
      </div>
      <DepositsOffNotice sites={d.depositsOff} />
      <nav aria-label="Leads by status" className="mt-4">
        <ul className="flex flex-wrap gap-2">
          {LEAD_STATUSES.map((s) => (
            <li key={s}>
              <Link
                to={`?${d.statusLinks[s]}`}
                aria-current={f.status === s ? "true" : undefined}
                className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-3 py-1 ${
                  f.status === s
                    ? "border-blue-800 bg-blue-800 text-white"
                    : "border-slate-400 bg-white text-slate-900"
                }`}
              >
                {LEAD_STATUS_LABELS[s]} <span className="font-semibold">{d.counts[s]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="mt-4 rounded-md border border-slate-300 bg-white p-4">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
          <div className="sm:col-span-2">
            <label htmlFor="filter-q" className={labelClass}>
              Search name, e-mail, phone or stock number
            </label>
            <input
              id="filter-q"
              name="q"
              type="search"
              defaultValue={f.q}
              className={selectClass}
              aria-invalid={d.errors.q ? true : undefined}
              aria-describedby={d.errors.q ? "filter-q-error" : undefined}
            />
            {d.errors.q ? (
              <p id="filter-q-error" className="mt-1 text-sm text-red-800">
                {d.errors.q}
              </p>
            ) : null}
          </div>
          {d.options.sites.length ? (
            <Select
              name="site"
              label="Site"
              value={f.site}
              error={d.errors.site}
              options={d.options.sites.map((s) => ({ value: s.id, label: s.name }))}
            />
          ) : null}
          {d.options.dealerships.length ? (
            <Select
              name="dealership"
              label="Dealership"
              value={f.dealership}
              error={d.errors.dealership}
              options={d.options.dealerships.map((s) => ({ value: s.id, label: s.name }))}
            />
          ) : null}
          <Select
            name="location"
            label="Location"
            value={f.location}
            error={d.errors.location}
            options={d.options.locations.map((s) => ({ value: s.id, label: s.name }))}
          />
          <Select
            name="category"
            label="Category"
            value={f.category}
            error={d.errors.category}
            options={d.options.categories.map((c) => ({ value: c, label: c }))}
          />
          <Select
            name="status"
            label="Status"
            value={f.status}
            error={d.errors.status}
            options={LEAD_STATUSES.map((s) => ({ value: s, label: LEAD_STATUS_LABELS[s] }))}
          />
          {(["from", "to"] as const).map((name) => (
            <div key={name}>
              <label htmlFor={`filter-${name}`} className={labelClass}>
                {name === "from" ? "Received from" : "Received to"}
              </label>
              <input
                id={`filter-${name}`}
                name={name}
                type="date"
                defaultValue={f[name]}
                className={selectClass}
                aria-invalid={d.errors[name] ? true : undefined}
                aria-describedby={d.errors[name] ? `filter-${name}-error` : undefined}
              />
              {d.errors[name] ? (
                <p id={`filter-${name}-error`} className="mt-1 text-sm text-red-800">
                  {d.errors[name]}
                </p>
              ) : null}
            </div>
          ))}
          <Select name="vehicle" label="Has a vehicle" value={flag(f.hasVehicle)} options={yesNo} />
          <Select
            name="failed"
            label="Delivery failed"
            value={flag(f.deliveryFailed)}
            options={yesNo}
          />
        </div>
        <div className="mt-4 flex flex-wrap gap-2">
          <button type="submit" className={buttonClass}>
            Show leads
          </button>
          <a href="/admin/leads" className={secondaryButtonClass}>
            Clear filters
          </a>
          <a href={`/admin/leads/export.csv?${d.query}`} className={secondaryButtonClass}>
            Export CSV
          </a>
        </div>
      </Form>
      <p className="mt-4" role="status">
        {d.total === 1 ? "1 lead" : `${d.total} leads`}
        {d.pages > 1 ? ` · page ${f.page} of ${d.pages}` : ""}
      </p>
      {d.rows.length ? (
        <div className="mt-2 overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <caption className="sr-only">Leads, newest first</caption>
            <thead>
              <tr className="border-b border-slate-400">
                <th scope="col" className="p-2">
                  Received
                </th>
                <th scope="col" className="p-2">
                  Name
                </th>
                <th scope="col" className="p-2">
                  Category
                </th>
                <th scope="col" className="p-2">
                  Where
                </th>
                <th scope="col" className="p-2">
                  Vehicle
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
                <th scope="col" className="p-2">
                  Delivery
                </th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 align-top">
                  <td className="p-2 whitespace-nowrap">
                    <StaffTime iso={r.received} siteId={r.siteId} />
                  </td>
                  <td className="p-2">
                    <Link
                      to={`/admin/leads/${r.id}`}
                      className="font-medium text-blue-800 underline"
                    >
                      {r.name}
                    </Link>
                    <div className="text-slate-700">{r.email ?? r.phone ?? ""}</div>
                  </td>
                  <td className="p-2">{r.category}</td>
                  <td className="p-2">
                    {[r.site, r.dealership, r.location].filter(Boolean).join(" · ")}
                  </td>
                  <td className="p-2">
                    {r.vehicle ?? ""}
                    {r.stockNumber ? (
                      <div className="text-slate-700">Stock {r.stockNumber}</div>
                    ) : null}
                  </td>
                  <td className="p-2">{LEAD_STATUS_LABELS[r.status]}</td>
                  <td
                    className={`p-2 ${r.delivery === "failed" ? "font-semibold text-red-800" : ""}`}
                  >
                    {DELIVERY_LABELS[r.delivery] ?? r.delivery}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-2">No leads match these filters.</p>
      )}
      {d.pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex gap-2">
          {d.pageLinks.previous !== null ? (
            <Link to={`?${d.pageLinks.previous}`} className={secondaryButtonClass}>
              Previous page
            </Link>
          ) : null}
          {d.pageLinks.next !== null ? (
            <Link to={`?${d.pageLinks.next}`} className={secondaryButtonClass}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
