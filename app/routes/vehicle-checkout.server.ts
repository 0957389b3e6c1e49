/**
 * Reserve and buy online (docs/product/payments.md: /cars/{slug}/checkout and
 * /cars/{slug}/buy-online): the vehicle, whether the rules allow it, and the request the shopper
 * sends. Server-only.
 *
 * The platform has no live card payment integration yet: the page runs in a clearly labelled
 * test mode in which no card is charged, and the reservation reaches the dealer as a lead with
 * `payment_status: "test"`. The vehicle is not marked reserved until a real payment is taken.
 */
import { redirect } from "react-router";
import { vehicleEnquiryCategory } from "~/domain/lead-forms";
import {
  canReserveNow,
  canReserveOnline,
  depositPaymentProcessor,
  depositText,
  isUnavailable,
} from "~/domain/vehicle-actions";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import { vehicleHeading } from "~/domain/vehicle-page";
import { priceDisplay } from "~/domain/vehicle-price";
import type { Vehicle } from "~/domain/vehicle";
import type { RequestContext } from "~/server/http/load-context";
import { handleLeadForm } from "~/server/leads/form-action";
import type { VehicleSummary } from "~/server/leads/form-context";
import { checkoutFields } from "~/app/components/vehicle-page/checkout-fields";
import { requireListedVehicle } from "./vehicle.server";

export type CheckoutKind = "reserve" | "buy-online";

export const CHECKOUT_SUBCATEGORY: Record<CheckoutKind, string> = {
  reserve: "Reserve Now",
  "buy-online": "Buy Online",
};

/** Card payment providers as shoppers know them. */
const PROVIDER_NAMES: Record<string, string> = {
  stripe: "Stripe",
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
    price: vehicle.price,
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
  return {
    kind,
    vehicle: summaryOf(vehicle),
    heading: vehicleHeading(vehicle),
    price: priceDisplay(vehicle, context.site.locale).text,
    deposit: depositText(vehicle),
    provider: PROVIDER_NAMES[settings.paymentProvider ?? ""] ?? "our card payment provider",
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
  const deposit = depositText(vehicle);
  return handleLeadForm(request, context, {
    fields: checkoutFields(context.site.settings, deposit),
    fixed: {
      car_id: vehicle.id,
      category: vehicleEnquiryCategory(vehicle.car_type),
      subcategory: CHECKOUT_SUBCATEGORY[kind],
      deposit_amount: depositPaymentProcessor(vehicle)?.deposit_amount ?? null,
      deposit_text: deposit,
      payment_provider: context.site.settings.paymentProvider,
      payment_status: "test",
    },
    successParams: { car_id: String(vehicle.id) },
  });
}
