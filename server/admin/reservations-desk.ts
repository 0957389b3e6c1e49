/**
 * Reservations in the back office (docs/product/back-office.md, "Reservations"): the list of a
 * scope's reservations with their vehicle, shopper, deposit and payment reference, one
 * reservation's detail, and "Cancel and refund" through the reservation service (which refunds
 * a paid deposit through its provider and makes the vehicle reservable again, announced on the
 * change bus), audited with the reservation before and after.
 */
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Database } from "../db/client";
import { reservations, vehicles } from "../db/schema";
import type { ReservationRow, ReservationService } from "../reservations/reservation-service";
import { isCancellable, type ReservationStatus } from "~/domain/reservation-status";
import { recordAudit, type StaffMember, type StaffScope } from "./staff-scope";

/** A reservation id as the URL names it (a UUID), or null: nothing else is looked up. */
export function reservationIdParam(value: unknown): string | null {
  return typeof value === "string" &&
    /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
    ? value.toLowerCase()
    : null;
}

/** The reservations a scope reaches: its sites, and for a dealership's staff its dealership's. */
function inScope(scope: StaffScope): SQL {
  const onSites = scope.onSites(reservations.siteId);
  if (!scope.dealershipIds) return onSites;
  return and(onSites, inArray(reservations.dealershipId, scope.dealershipIds)) as SQL;
}

type ReservationView = {
  id: string;
  siteId: number;
  dealershipId: number | null;
  status: string;
  kind: string;
  shopper: ReservationRow["shopper"];
  amountCents: number;
  currency: string;
  provider: string;
  paymentReference: string | null;
  refundReference: string | null;
  failureMessage: string | null;
  lateDecision: string | null;
  /** Paid through the built-in test card provider: no money moved. */
  testPayment: boolean;
  leadId: string | null;
  createdAt: string;
  expiresAt: string;
  paidAt: string | null;
  endedAt: string | null;
  vehicle: { id: number; name: string; stockNumber: string | null; slug: string };
};

const columns = {
  reservation: reservations,
  vehicle: {
    id: vehicles.id,
    name: vehicles.name,
    stockNumber: vehicles.stocknum,
    slug: vehicles.slug,
  },
};

function view(row: {
  reservation: ReservationRow;
  vehicle: ReservationView["vehicle"];
}): ReservationView {
  const r = row.reservation;
  return {
    id: r.id,
    siteId: r.siteId,
    dealershipId: r.dealershipId,
    status: r.status,
    kind: r.kind,
    shopper: r.shopper,
    amountCents: r.amountCents,
    currency: r.currency,
    provider: r.provider,
    paymentReference: r.paymentId,
    refundReference: r.refundId,
    failureMessage: r.failureMessage,
    lateDecision: r.lateDecision,
    testPayment: r.testPayment,
    leadId: r.leadId,
    createdAt: r.createdAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    paidAt: r.paidAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    vehicle: row.vehicle,
  };
}

const RESERVATIONS_PAGE_SIZE = 50;

/** The scope's reservations, newest first, of one site and status when given. */
export async function listReservations(
  db: Database,
  scope: StaffScope,
  filters: { siteId?: number | null; status?: ReservationStatus | null; page?: number },
): Promise<{ rows: ReservationView[]; hasMore: boolean }> {
  const page = Math.max(1, filters.page ?? 1);
  const rows = await db
    .select(columns)
    .from(reservations)
    .innerJoin(vehicles, eq(vehicles.id, reservations.vehicleId))
    .where(
      and(
        inScope(scope),
        filters.siteId != null ? eq(reservations.siteId, filters.siteId) : undefined,
        filters.status ? eq(reservations.status, filters.status) : undefined,
      ),
    )
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(RESERVATIONS_PAGE_SIZE + 1)
    .offset((page - 1) * RESERVATIONS_PAGE_SIZE);
  return {
    rows: rows.slice(0, RESERVATIONS_PAGE_SIZE).map(view),
    hasMore: rows.length > RESERVATIONS_PAGE_SIZE,
  };
}

/** One reservation within the scope, or null (another group's or dealership's: not found). */
export async function findReservation(
  db: Database,
  scope: StaffScope,
  id: string,
): Promise<ReservationView | null> {
  const [row] = await db
    .select(columns)
    .from(reservations)
    .innerJoin(vehicles, eq(vehicles.id, reservations.vehicleId))
    .where(and(inScope(scope), eq(reservations.id, id)));
  return row ? view(row) : null;
}

const auditView = (r: ReservationView | ReservationRow) => ({
  status: r.status,
  refundId: "refundId" in r ? r.refundId : r.refundReference,
  endedAt: r.endedAt instanceof Date ? r.endedAt.toISOString() : r.endedAt,
});

/**
 * Cancels (and refunds a paid deposit of) a reservation within the scope, through the
 * reservation service; audited with before and after once the provider has answered.
 */
export async function cancelReservation(
  deps: { db: Database; service: ReservationService; requestId?: string | null },
  scope: StaffScope,
  staff: Pick<StaffMember, "id" | "email">,
  id: string,
): Promise<
  { ok: true; reservation: ReservationRow } | { ok: false; status: number; message: string }
> {
  const before = await findReservation(deps.db, scope, id);
  if (!before) return { ok: false, status: 404, message: NOT_FOUND };
  if (!isCancellable(before.status))
    return {
      ok: false,
      status: 409,
      message: `This reservation is ${before.status} already: there is nothing to cancel.`,
    };
  const result = await deps.service.cancel(before.siteId, id);
  if (!result.ok) return result;
  await recordAudit(deps.db, staff, {
    action: before.status === "paid" ? "reservations.refund" : "reservations.cancel",
    subject: `reservation ${id}`,
    siteId: before.siteId,
    dealershipId: before.dealershipId,
    before: auditView(before),
    after: auditView(result.reservation),
    requestId: deps.requestId ?? null,
  });
  return result;
}

const NOT_FOUND = "There is nothing at this address, or it is not within your account's reach.";
