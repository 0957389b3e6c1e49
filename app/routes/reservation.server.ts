/**
 * /reservations/{id}: where the card provider sends the shopper back. The provider's word is
 * read again here (the webhook may not have arrived yet), then the page says where the
 * reservation stands. Server-only.
 */
import { data } from "react-router";
import { vehicleHeading } from "~/domain/vehicle-page";
import { vehiclePagePath, checkoutPath } from "~/domain/vehicle-paths";
import type { RequestContext } from "~/server/http/load-context";
import { moneyText } from "~/server/reservations/receipt-email";
import { loadVehicleDocuments } from "~/server/stock/vehicle-store";

export async function loadReservation(context: RequestContext, id: string | undefined) {
  const found = id ? await context.reservations.find(context.site.id, id) : null;
  if (!found) throw data("Not Found", { status: 404 });
  const row = await context.reservations.reconcile(found);
  const [vehicle] = await loadVehicleDocuments(context.db, { ids: [row.vehicleId] });
  const { settings } = context.site;
  return {
    id: row.id,
    status: row.status as "held" | "paid" | "expired" | "declined" | "cancelled" | "refunded",
    lateDecision: row.lateDecision,
    deposit: moneyText(row.amountCents, row.currency),
    paymentReference: row.paymentId,
    failureMessage: row.failureMessage,
    email: row.shopper.email,
    heading: vehicle ? vehicleHeading(vehicle) : "Your vehicle",
    vehiclePagePath: vehicle ? vehiclePagePath(vehicle.slug, settings) : "/",
    retryPath: vehicle ? checkoutPath(vehicle.slug, settings) : "/",
    siteName: context.site.name,
  };
}
