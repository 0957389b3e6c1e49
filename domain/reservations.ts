/**
 * Reserving a vehicle online (docs/product/payments.md, "Reserve and buy online" and
 * "Reservations and holds"): whether a vehicle may be reserved now, what the deposit is, and
 * the messages a shopper sees when it may not.
 */
import type { SiteSettings } from "./site-settings";
import { isSold, type Vehicle } from "./vehicle";
import { MIN_RESERVE_PRICE, depositPaymentProcessor, isReservable } from "./vehicle-actions";

export type ReservationKind = "reserve" | "buy-online";

/** The lead's subcategory of each kind. */
export const RESERVATION_SUBCATEGORY: Record<ReservationKind, string> = {
  reserve: "Reserve Now",
  "buy-online": "Buy Online",
};

/** The deposit when the processor names no amount: $200. */
export const DEFAULT_DEPOSIT_CENTS = 20_000;

export const RESERVATION_MESSAGES = {
  reservingNow:
    "Someone is reserving this car right now. Please try again in a few minutes, or call us.",
  vehicleNotFound: "We could not find that vehicle on this site.",
  sold: "This vehicle has been sold, so it can no longer be reserved.",
  reserved: "This vehicle is already reserved by another buyer.",
  priceTooLow: `This vehicle cannot be reserved online: online reservation is for vehicles priced above $${MIN_RESERVE_PRICE}.`,
  noDepositProcessor: "This vehicle cannot be reserved online. Please contact us about it.",
  notReservable: "This vehicle cannot be reserved online right now. Please contact us about it.",
  noProvider: "This site does not take card payments online. Please contact us to reserve.",
  providerUnavailable:
    "The card payment service could not be reached. No payment was taken; please try again in a moment.",
  wrongAmount: (cents: number) =>
    `The deposit for this vehicle is $${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}.`,
} as const;

/** The deposit in cents: the deposit processor's deposit_amount, else $200. */
export function depositCents(vehicle: Pick<Vehicle, "payment_processors">): number {
  const amount = depositPaymentProcessor(vehicle)?.deposit_amount;
  return amount === null || amount === undefined || !(amount > 0)
    ? DEFAULT_DEPOSIT_CENTS
    : Math.round(amount * 100);
}

/**
 * Why the vehicle may not be reserved (or bought online) now, as a status and a message; null
 * when it may. Reserve also needs the vehicle reservable; buy online does not.
 */
export function reservationRefusal(
  vehicle: Pick<Vehicle, "price" | "payment_processors" | "sold" | "status" | "reserved" | "tag">,
  settings: Pick<SiteSettings, "paymentProvider" | "comingSoonReservable">,
  kind: ReservationKind,
): { status: number; message: string } | null {
  if (settings.paymentProvider === null)
    return { status: 409, message: RESERVATION_MESSAGES.noProvider };
  if (isSold(vehicle)) return { status: 409, message: RESERVATION_MESSAGES.sold };
  if (vehicle.reserved) return { status: 409, message: RESERVATION_MESSAGES.reserved };
  if (!(vehicle.price > MIN_RESERVE_PRICE))
    return { status: 422, message: RESERVATION_MESSAGES.priceTooLow };
  if (depositPaymentProcessor(vehicle) === null)
    return { status: 422, message: RESERVATION_MESSAGES.noDepositProcessor };
  if (kind === "reserve" && !isReservable(vehicle, settings))
    return { status: 422, message: RESERVATION_MESSAGES.notReservable };
  return null;
}
