/**
 * /reservations/{id}: where the card provider sends the shopper back. The provider's word is
 * read again here (the webhook may not have arrived yet), then the page says where the
 * reservation stands. The shopper's e-mail and the payment reference are shown only to the
 * browser that made the reservation or the e-mailed link (server/reservations/reservation-access.ts);
 * anyone else with the id sees the car and the status. Server-only.
 */
import { data } from "react-router";
import { dateTimeInWords, heldUntil } from "~/domain/deposit-terms";
import {
  canReserveNow,
  canReserveOnline,
  depositText,
  isUnavailable,
} from "~/domain/vehicle-actions";
import { vehicleHeading } from "~/domain/vehicle-page";
import { vehiclePagePath, checkoutPath, buyOnlinePath } from "~/domain/vehicle-paths";
import type { FormValuesData } from "~/server/leads/form-types";
import { depositTermsView } from "~/app/components/vehicle-page/deposit-terms";
import type { RequestContext } from "~/server/http/load-context";
import { moneyText } from "~/server/reservations/receipt-email";
import { hasReservationAccess } from "~/server/reservations/reservation-access";
import { loadVehicleDocuments } from "~/server/stock/vehicle-store";

export async function loadReservation(
  context: RequestContext,
  id: string | undefined,
  request: Request,
) {
  const found = id ? await context.reservations.find(context.site.id, id) : null;
  if (!found) throw data("Not Found", { status: 404 });
  const row = await context.reservations.reconcile(found);
  const [vehicle] = await loadVehicleDocuments(context.db, { ids: [row.vehicleId] });
  const { settings } = context.site;
  const mine = hasReservationAccess(row, {
    cookie: request.headers.get("cookie"),
    key: new URL(request.url).searchParams.get("key"),
  });
  const retryPath = vehicle
    ? (row.kind === "buy-online" ? buyOnlinePath : checkoutPath)(vehicle.slug, settings)
    : "/";
  // A declined card: the shopper's own browser gets the checkout form again, filled in as it was
  // sent (the card number never reaches us), while the car can still be reserved.
  const canRetry =
    vehicle !== undefined &&
    (row.kind === "buy-online"
      ? canReserveOnline(vehicle, settings) && !isUnavailable(vehicle)
      : canReserveNow(vehicle, settings));
  const retry =
    mine && row.status === "declined" && canRetry
      ? {
          action: retryPath,
          formId: row.kind === "buy-online" ? "buy-online-form" : "reserve-form",
          deposit: depositText(vehicle),
          terms: depositTermsView(settings),
          values: {
            first_name: row.shopper.firstName,
            last_name: row.shopper.lastName,
            email: row.shopper.email,
            phone: row.shopper.phone,
            ...Object.fromEntries(
              ["message", "source", "postcode"]
                .filter((name) => typeof row.extra[name] === "string")
                .map((name) => [name, row.extra[name]!]),
            ),
            terms_conditions: "on",
          } satisfies FormValuesData,
        }
      : null;
  return {
    id: row.id,
    status: row.status as "held" | "paid" | "expired" | "declined" | "cancelled" | "refunded",
    lateDecision: row.lateDecision,
    testPayment: row.testPayment,
    deposit: moneyText(row.amountCents, row.currency),
    /** Until when a paid deposit holds the car, in the site's time zone and words. */
    heldUntil:
      row.status === "paid" && row.paidAt
        ? dateTimeInWords(
            heldUntil(row.paidAt, settings.depositTerms),
            settings.bookingTimeZone,
            context.site.locale,
          )
        : null,
    retry,
    /** Personal: the shopper's browser or e-mailed link only. */
    personal: mine
      ? {
          paymentReference: row.paymentId,
          failureMessage: row.failureMessage,
          email: row.shopper.email,
        }
      : null,
    /** The shopper may (again) give the card on our card page: none is being charged. */
    payPath:
      mine && context.reservations.takesCardOnOurPage(row) ? `/reservations/${row.id}/pay` : null,
    heading: vehicle ? vehicleHeading(vehicle) : "Your vehicle",
    vehiclePagePath: vehicle ? vehiclePagePath(vehicle.slug, settings) : "/",
    retryPath,
    siteName: context.site.name,
  };
}
