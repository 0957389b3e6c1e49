/**
 * Reserve and buy online (docs/product/payments.md: /cars/{slug}/checkout and
 * /cars/{slug}/buy-online): the vehicle, whether the rules allow it, and the request the shopper
 * sends. Server-only.
 *
 * Sending the form takes a hold on the vehicle and starts the deposit payment with the site's
 * card provider (server/reservations): the shopper goes on to the provider's card page; the
 * card never reaches this action.
 */
import { redirect, redirectDocument } from "react-router";
import {
  canReserveNow,
  canReserveOnline,
  depositText,
  isUnavailable,
} from "~/domain/vehicle-actions";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import { vehicleHeading } from "~/domain/vehicle-page";
import { isPriceShown, priceDisplay } from "~/domain/vehicle-price";
import type { Vehicle } from "~/domain/vehicle";
import type { RequestContext } from "~/server/http/load-context";
import {
  checkFormRequest,
  failure,
  formValues,
  isFailure,
  readPostedForm,
  respond,
  validateForm,
  withoutFiles,
} from "~/server/leads/form-action";
import type { VehicleSummary } from "~/server/leads/form-context";
import { checkoutFields } from "~/app/components/vehicle-page/checkout-fields";
import { vehicleDriveAway } from "~/app/components/vehicle-page/vehicle-page-model";
import { depositTermsView } from "~/app/components/vehicle-page/deposit-terms";
import { requireListedVehicle } from "./vehicle.server";

export type CheckoutKind = "reserve" | "buy-online";

/** Card payment providers as shoppers know them (the adapters' own names, when one is configured). */
const PROVIDER_NAMES: Record<string, string> = {
  stripe: "Card payment by Stripe",
  windcave: "Windcave",
  "pin-payments": "Pin Payments",
};

function kindOf(request: Request): CheckoutKind {
  return new URL(request.url).pathname.endsWith("/buy-online") ? "buy-online" : "reserve";
}

/** The vehicle when the rules let this shopper reserve or buy it online; the vehicle page otherwise. */
function requireCheckoutVehicle(
  context: RequestContext,
  request: Request,
  slug: string | undefined,
) {
  const kind = kindOf(request);
  const vehicle = requireListedVehicle(
    context,
    request,
    slug,
    kind === "reserve" ? "/checkout" : "/buy-online",
  );
  const { settings } = context.site;
  const allowed =
    kind === "reserve"
      ? canReserveNow(vehicle, settings)
      : canReserveOnline(vehicle, settings) && !isUnavailable(vehicle);
  if (!allowed) throw redirect(vehiclePagePath(vehicle.slug, settings), 303);
  return { kind, vehicle };
}

function summaryOf(vehicle: Vehicle): VehicleSummary {
  return {
    id: vehicle.id,
    slug: vehicle.slug,
    name: vehicleHeading(vehicle),
    year: vehicle.year,
    make: vehicle.make,
    model: vehicle.model,
    badge: vehicle.badge,
    price: isPriceShown(vehicle.price) ? vehicle.price : 0,
    carType: vehicle.car_type,
    status: vehicle.status,
    stocknum: vehicle.stocknum,
    vin: vehicle.vin,
    image: vehicle.images[0]?.thumb ?? vehicle.images[0]?.url ?? null,
    dealershipId: vehicle.dealership_id,
    locationId: vehicle.location_id,
  };
}

export function loadCheckout(context: RequestContext, request: Request, slug: string | undefined) {
  const { kind, vehicle } = requireCheckoutVehicle(context, request, slug);
  const { settings } = context.site;
  const provider = context.reservations.providerFor(context.site);
  return {
    kind,
    vehicle: summaryOf(vehicle),
    heading: vehicleHeading(vehicle),
    price: priceDisplay(vehicle, context.site.locale).text,
    deposit: depositText(vehicle),
    driveAway: vehicleDriveAway(vehicle, context.site),
    provider:
      provider?.displayName ??
      PROVIDER_NAMES[settings.paymentProvider ?? ""] ??
      "our card payment provider",
    /** The built-in test provider takes this deposit: no card is charged. */
    testPayment: provider?.name === "test",
    terms: depositTermsView(settings),
    vehiclePagePath: vehiclePagePath(vehicle.slug, settings),
    siteName: context.site.name,
  };
}

export async function checkoutAction(
  context: RequestContext,
  request: Request,
  slug: string | undefined,
) {
  const { kind, vehicle } = requireCheckoutVehicle(context, request, slug);
  const fields = checkoutFields(context.site.settings, depositText(vehicle));
  const blocked = await checkFormRequest(request, context);
  if (blocked) return respond(blocked);
  const posted = await readPostedForm(request, context);
  if (isFailure(posted)) return respond(posted);
  await context.leads.files.discard(posted.files);
  const values = withoutFiles(formValues(fields, posted), fields);
  const errors = validateForm(fields, values, context);
  if (Object.keys(errors).length > 0) return respond(failure(422, { values, errors }));
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const extra: Record<string, string> = {};
  for (const name of ["message", "source", "postcode"])
    if (text(name).trim() !== "") extra[name] = text(name).trim();
  // The same drive-away figures as the page, for the dealer's lead.
  const driveAway = vehicleDriveAway(vehicle, context.site);
  if (driveAway) {
    extra.drive_away_estimate = driveAway.total;
    for (const line of driveAway.lines) extra[`drive_away_${line.key}`] = line.amount;
  }
  const result = await context.reservations.start({
    site: context.site,
    carId: vehicle.id,
    kind,
    shopper: {
      firstName: text("first_name").trim(),
      lastName: text("last_name").trim(),
      email: text("email").trim(),
      phone: text("phone").trim(),
    },
    extra,
    origin: context.origin,
    siteHost: new URL(context.origin).host,
  });
  if (!result.ok)
    return respond(
      failure(result.status, { values, errors: result.errors ?? {}, formError: result.message }),
    );
  // The card page is the provider's, not one of this app's routes: a whole-document navigation.
  // The card page is the provider's; the cookie keeps the reservation page personal to this browser.
  return redirectDocument(result.paymentPageUrl, {
    status: 303,
    headers: { "Set-Cookie": result.accessCookie },
  });
}
