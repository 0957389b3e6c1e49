/** Reservations within reach, per site and status, newest first (docs/product/back-office.md). */
import { Form, Link, useLoaderData } from "react-router";
import type { Route } from "./+types/reservations";
import { buttonClass, secondaryButtonClass } from "~/app/components/admin/form";
import {
  RESERVATION_STATUS_LABELS,
  RESERVATION_STATUSES,
  isReservationStatus,
} from "~/domain/reservation-status";
import { listReservations } from "~/server/admin/reservations-desk";
import { idParam } from "~/server/admin/editors/editor-access";
import { requireStaff } from "~/server/admin/staff-scope";
import { moneyText } from "~/server/reservations/receipt-email";
import { depositsOffSites } from "~/server/reservations/deposits-off";
import { StaffTime } from "~/app/components/admin/staff-time";
import { DepositsOffNotice, TestPaymentBadge } from "~/app/components/admin/payment-notices";

export function meta() {
  return [{ title: "Reservations · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { scope, ctx } = await requireStaff(args, "reservations:read");
  const params = new URL(args.request.url).searchParams;
  const errors: Record<string, string> = {};
  const siteParam = params.get("site") ?? "";
  const statusParam = params.get("status") ?? "";
  let siteId = idParam(siteParam);
  if (siteParam && (siteId === null || !scope.hasSite(siteId))) {
    errors.site = "Choose one of the sites in the list.";
    siteId = null;
  }
  const status = isReservationStatus(statusParam) ? statusParam : null;
  if (statusParam && !status) errors.status = "Choose one of the statuses in the list.";
  const page = Math.max(1, Math.min(1000, Number(params.get("page")) || 1));
  const sites = scope.sites();
  const siteNames = new Map(sites.map((s) => [s.id, s.name]));
  const { rows, hasMore } = await listReservations(ctx.db, scope, { siteId, status, page });
  const query = (p: number) =>
    new URLSearchParams({
      ...(siteId ? { site: String(siteId) } : {}),
      ...(status ? { status } : {}),
      page: String(p),
    }).toString();
  return {
    depositsOff: depositsOffSites(args.context, sites),
    siteId,
    status,
    errors,
    page,
    previous: page > 1 ? query(page - 1) : null,
    next: hasMore ? query(page + 1) : null,
    sites: sites.map((s) => ({ id: s.id, name: s.name })),
    rows: rows.map((r) => ({
      id: r.id,
      siteId: r.siteId,
      site: siteNames.get(r.siteId) ?? "",
      status: isReservationStatus(r.status) ? RESERVATION_STATUS_LABELS[r.status] : r.status,
      shopper: `${r.shopper.firstName} ${r.shopper.lastName}`.trim(),
      email: r.shopper.email,
      vehicle: r.vehicle.name,
      stockNumber: r.vehicle.stockNumber,
      deposit: moneyText(r.amountCents, r.currency),
      paymentReference: r.paymentReference,
      testPayment: r.testPayment,
      createdAt: r.createdAt,
    })),
  };
}

const selectClass =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-2 py-2 text-base text-slate-900";

export default function Reservations() {
  const d = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-2xl font-bold">Reservations</h1>
      <DepositsOffNotice sites={d.depositsOff} />
      <Form method="get" className="mt-4 grid gap-4 sm:grid-cols-3 sm:items-end">
        {d.sites.length > 1 ? (
          <div>
            <label htmlFor="filter-site" className="block text-sm font-medium">
              Site
            </label>
            <select
              id="filter-site"
              name="site"
              defaultValue={d.siteId ?? ""}
              className={selectClass}
              aria-invalid={d.errors.site ? true : undefined}
              aria-describedby={d.errors.site ? "filter-site-error" : undefined}
            >
              <option value="">Every site</option>
              {d.sites.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </select>
            {d.errors.site ? (
              <p id="filter-site-error" className="mt-1 text-sm text-red-800">
                {d.errors.site}
              </p>
            ) : null}
          </div>
        ) : null}
        <div>
          <label htmlFor="filter-status" className="block text-sm font-medium">
            Status
          </label>
          <select
            id="filter-status"
            name="status"
            defaultValue={d.status ?? ""}
            className={selectClass}
            aria-invalid={d.errors.status ? true : undefined}
            aria-describedby={d.errors.status ? "filter-status-error" : undefined}
          >
            <option value="">Any</option>
            {RESERVATION_STATUSES.map((s) => (
              <option key={s} value={s}>
                {RESERVATION_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
          {d.errors.status ? (
            <p id="filter-status-error" className="mt-1 text-sm text-red-800">
              {d.errors.status}
            </p>
          ) : null}
        </div>
        <div>
          <button type="submit" className={buttonClass}>
            Show reservations
          </button>
        </div>
      </Form>
      {d.rows.length ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full border-collapse bg-white text-left text-sm">
            <caption className="sr-only">Reservations, newest first</caption>
            <thead>
              <tr className="border-b border-slate-400">
                <th scope="col" className="p-2">
                  When
                </th>
                <th scope="col" className="p-2">
                  Shopper
                </th>
                <th scope="col" className="p-2">
                  Vehicle
                </th>
                <th scope="col" className="p-2">
                  Deposit
                </th>
                <th scope="col" className="p-2">
                  Payment reference
                </th>
                <th scope="col" className="p-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody>
              {d.rows.map((r) => (
                <tr key={r.id} className="border-b border-slate-200 align-top">
                  <td className="p-2 whitespace-nowrap">
                    <StaffTime iso={r.createdAt} siteId={r.siteId} />
                  </td>
                  <td className="p-2">
                    <Link
                      to={`/admin/reservations/${r.id}`}
                      className="font-medium text-blue-800 underline"
                    >
                      {r.shopper || "(no name)"}
                    </Link>
                    <div className="text-slate-700">{r.email}</div>
                  </td>
                  <td className="p-2">
                    {r.vehicle}
                    <div className="text-slate-700">
                      {[r.stockNumber ? `Stock ${r.stockNumber}` : null, r.site]
                        .filter(Boolean)
                        .join(" · ")}
                    </div>
                  </td>
                  <td className="p-2">
                    {r.deposit}
                    {r.testPayment ? <TestPaymentBadge /> : null}
                  </td>
                  <td className="p-2 break-all">{r.paymentReference ?? "None yet"}</td>
                  <td className="p-2">{r.status}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="mt-4">No reservations match these filters.</p>
      )}
      {d.previous || d.next ? (
        <nav aria-label="Pages" className="mt-4 flex gap-2">
          {d.previous ? (
            <Link to={`?${d.previous}`} className={secondaryButtonClass}>
              Previous page
            </Link>
          ) : null}
          {d.next ? (
            <Link to={`?${d.next}`} className={secondaryButtonClass}>
              Next page
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
