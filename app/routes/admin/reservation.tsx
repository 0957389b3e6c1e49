/**
 * One reservation: vehicle, shopper, deposit, payment and refund references, its times, and
 * "Cancel and refund" behind a confirmation step (docs/product/back-office.md, "Reservations").
 */
import { Form, Link, data, redirect, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/reservation";
import {
  CsrfField,
  FormMessage,
  buttonClass,
  secondaryButtonClass,
} from "~/app/components/admin/form";
import { notFoundResponse, siteOriginFor } from "~/server/admin/editors/editor-access";
import {
  RESERVATION_STATUS_LABELS,
  isCancellable,
  isReservationStatus,
} from "~/domain/reservation-status";
import {
  cancelReservation,
  findReservation,
  reservationIdParam,
} from "~/server/admin/reservations-desk";
import { requireStaff } from "~/server/admin/staff-scope";
import { moneyText } from "~/server/reservations/receipt-email";
import { StaffTime } from "~/app/components/admin/staff-time";
import { TestPaymentBadge } from "~/app/components/admin/payment-notices";

export function meta() {
  return [{ title: "Reservation · Back office" }];
}

export async function loader(args: Route.LoaderArgs) {
  const { scope, ctx } = await requireStaff(args, "reservations:read");
  const id = reservationIdParam(args.params.reservationId);
  const r = id ? await findReservation(ctx.db, scope, id) : null;
  if (!r) throw notFoundResponse();
  const site = ctx.registry.byId(r.siteId);
  const search = new URL(args.request.url).searchParams;
  const canCancel = scope.can("reservations:write") && isCancellable(r.status);
  return {
    r: {
      ...r,
      deposit: moneyText(r.amountCents, r.currency),
      statusLabel: isReservationStatus(r.status) ? RESERVATION_STATUS_LABELS[r.status] : r.status,
    },
    site: site ? { name: site.name } : null,
    vehicleUrl: site
      ? `${siteOriginFor(site, ctx)}/${site.settings.vehiclePath}/${r.vehicle.slug}`
      : null,
    dealership: site?.dealerships.find((d) => d.id === r.dealershipId)?.name ?? null,
    canCancel,
    confirming: canCancel && search.has("confirm"),
    done: search.has("cancelled"),
  };
}

export async function action(args: Route.ActionArgs) {
  const { staff, scope, ctx, form } = await requireStaff(args, "reservations:write");
  const id = reservationIdParam(args.params.reservationId);
  if (!id) throw notFoundResponse();
  if (form?.get("intent") !== "cancel" || form.get("confirm") !== "yes")
    return data(
      { message: "Confirm the cancellation with the “Yes, cancel and refund” button." },
      { status: 400 },
    );
  const reservations = args.context.reservations;
  const result = await cancelReservation(
    { db: ctx.db, service: reservations, requestId: ctx.requestId },
    scope,
    staff,
    id,
  );
  if (!result.ok) {
    if (result.status === 404) throw notFoundResponse();
    return data({ message: result.message }, { status: result.status });
  }
  return redirect(`/admin/reservations/${id}?cancelled`);
}

function when(iso: string | null, siteId: number) {
  return iso ? <StaffTime iso={iso} siteId={siteId} /> : "—";
}

export default function Reservation() {
  const { r, site, vehicleUrl, dealership, canCancel, confirming, done } =
    useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>() as { message: string } | undefined;
  const shopperName = `${r.shopper.firstName} ${r.shopper.lastName}`.trim();
  const rows: Array<[string, React.ReactNode]> = [
    ["Status", r.statusLabel],
    [
      "Vehicle",
      vehicleUrl ? (
        <a href={vehicleUrl} className="text-blue-800 underline">
          {r.vehicle.name}
        </a>
      ) : (
        r.vehicle.name
      ),
    ],
    ["Stock number", r.vehicle.stockNumber ?? "—"],
    ["Site", [site?.name, dealership].filter(Boolean).join(" · ") || "—"],
    ["Shopper", shopperName || "—"],
    ["E-mail", r.shopper.email],
    ["Phone", r.shopper.phone],
    ["Deposit", r.testPayment ? `${r.deposit} (test payment: no money was taken)` : r.deposit],
    ["Payment provider", r.provider],
    ["Payment reference", r.paymentReference ?? "None yet"],
    ["Refund reference", r.refundReference ?? "—"],
    ["Reserved", when(r.createdAt, r.siteId)],
    ["Hold ends", when(r.expiresAt, r.siteId)],
    ["Paid", when(r.paidAt, r.siteId)],
    ["Ended", when(r.endedAt, r.siteId)],
  ];
  if (r.failureMessage) rows.push(["Payment answer", r.failureMessage]);
  if (r.lateDecision) rows.push(["Late payment", r.lateDecision === "kept" ? "Kept" : "Refunded"]);
  return (
    <>
      <p className="text-sm">
        <Link to="/admin/reservations" className="text-blue-800 underline">
          Reservations
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">Reservation of {r.vehicle.name}</h1>
      {r.testPayment ? <TestPaymentBadge /> : null}
      {done ? (
        <p role="status" className="mt-4 rounded-md border border-green-700 bg-green-50 p-3">
          {r.status === "refunded"
            ? "Cancelled and refunded. The vehicle can be reserved again."
            : "Cancelled. The vehicle can be reserved again."}
        </p>
      ) : null}
      <FormMessage message={failed?.message ?? null} />
      <dl className="mt-4 grid gap-x-4 gap-y-2 bg-white p-4 sm:grid-cols-[12rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium text-slate-800">{label}</dt>
            <dd className="break-all">{value}</dd>
          </div>
        ))}
      </dl>
      {r.leadId ? (
        <p className="mt-4">
          <Link to={`/admin/leads/${r.leadId}`} className="text-blue-800 underline">
            The lead of this reservation
          </Link>
        </p>
      ) : null}
      {canCancel && !confirming ? (
        <p className="mt-6">
          <Link to="?confirm" className={buttonClass}>
            {r.status === "paid" ? "Cancel and refund" : "Cancel the hold"}
          </Link>
        </p>
      ) : null}
      {confirming ? (
        <section
          aria-labelledby="confirm-heading"
          className="mt-6 rounded-md border border-amber-700 bg-amber-50 p-4"
        >
          <h2 id="confirm-heading" className="text-lg font-semibold">
            {r.status === "paid" ? "Cancel and refund this reservation?" : "Cancel this hold?"}
          </h2>
          <p className="mt-2">
            {r.status === "paid"
              ? `The ${r.deposit} deposit goes back to ${shopperName || "the shopper"}'s card through ${r.provider}, and the vehicle can be reserved again at once. This cannot be undone.`
              : "The hold ends now, its payment is cancelled, and the vehicle can be reserved again at once."}
          </p>
          <Form method="post" className="mt-4 flex flex-wrap gap-2">
            <CsrfField />
            <input type="hidden" name="intent" value="cancel" />
            <input type="hidden" name="confirm" value="yes" />
            <button type="submit" className={buttonClass}>
              {r.status === "paid" ? "Yes, cancel and refund" : "Yes, cancel the hold"}
            </button>
            <Link to="." className={secondaryButtonClass}>
              Keep it
            </Link>
          </Form>
        </section>
      ) : null}
    </>
  );
}
