/**
 * A reservation's status as staff see it in the back office (docs/product/back-office.md,
 * "Reservations"; the life of a reservation: docs/product/payments.md).
 */
export const RESERVATION_STATUSES = [
  "held",
  "paid",
  "expired",
  "declined",
  "cancelled",
  "refunded",
] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

export const RESERVATION_STATUS_LABELS: Record<ReservationStatus, string> = {
  held: "Held",
  paid: "Paid",
  expired: "Expired",
  declined: "Declined",
  cancelled: "Cancelled",
  refunded: "Refunded",
};

export const isReservationStatus = (value: unknown): value is ReservationStatus =>
  typeof value === "string" && (RESERVATION_STATUSES as readonly string[]).includes(value);

/** Staff may cancel a hold still in place, or a paid reservation (its deposit is refunded). */
export const isCancellable = (status: string) => status === "held" || status === "paid";
