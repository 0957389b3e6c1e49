/**
 * The shopper's receipt for a paid deposit: what was paid, for which vehicle, the payment
 * reference, and what happens next.
 */
import { dateTimeInWords, heldUntil } from "~/domain/deposit-terms";
import type { Vehicle } from "~/domain/vehicle";
import { vehicleHeading } from "~/domain/vehicle-page";
import { vehiclePagePath } from "~/domain/vehicle-paths";
import { escapeXml as escapeHtml } from "../leads/adf";
import { TEST_PAYMENT_SUBJECT_PREFIX } from "../leads/lead-email";
import type { OutgoingMail } from "../providers/mail/mail-transport";
import type { Site } from "../sites/site";
import type { reservations } from "../db/schema";
import { reservationLink } from "./reservation-access";

type Row = typeof reservations.$inferSelect;

/** A reservation paid through the built-in test card provider says so to the shopper too. */
export const TEST_PAYMENT_RECEIPT_NOTE =
  "TEST PAYMENT: this deposit was paid through the built-in test card provider. No money was taken and the vehicle is not reserved for a paying customer.";

export function moneyText(cents: number, currency: string): string {
  const amount = cents / 100;
  return new Intl.NumberFormat("en-AU", {
    style: "currency",
    currency,
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}

export function receiptMail(options: {
  site: Site;
  reservation: Row;
  vehicle: Vehicle | null;
  origin: string;
  from: string;
}): OutgoingMail {
  const { site, reservation: r, vehicle, origin } = options;
  const heading = vehicle ? vehicleHeading(vehicle) : "your vehicle";
  const paid = moneyText(r.amountCents, r.currency);
  const link = vehicle ? `${origin}${vehiclePagePath(vehicle.slug, site.settings)}` : origin;
  const until = dateTimeInWords(
    heldUntil(r.paidAt ?? new Date(), site.settings.depositTerms),
    site.settings.bookingTimeZone,
    site.locale,
  );
  const lines = [
    `Hi ${r.shopper.firstName},`,
    "",
    `Thank you: we have received your ${paid} deposit and the ${heading} is reserved for you.`,
    "",
    `Held for you until ${until}.`,
    "",
    `Deposit paid: ${paid}`,
    `Vehicle: ${heading}${vehicle?.stocknum ? ` (stock number ${vehicle.stocknum})` : ""}`,
    `Vehicle price: ${moneyText(Math.round(r.vehiclePrice * 100), r.currency)}`,
    `Payment reference: ${r.paymentId ?? ""}`,
    `Reservation: ${r.id}`,
    `Your reservation: ${reservationLink(origin, r.id, r.accessToken)}`,
    "",
    `Our team will call you on ${r.shopper.phone} to arrange the rest.`,
    `See the vehicle: ${link}`,
    "",
    site.name,
    ...(site.contactDetails.phone ? [site.contactDetails.phone] : []),
  ];
  return shopperMail({
    ...options,
    kind: "receipt",
    subject: `Your deposit receipt: ${heading}`,
    lines,
  });
}

/**
 * The shopper's notice that their deposit was refunded in full: paid after its hold ended
 * (another shopper held the car, or it was sold or reserved meanwhile), or the reservation
 * cancelled and refunded by the dealership's staff.
 */
export function refundNoticeMail(options: {
  site: Site;
  reservation: Row;
  vehicle: Vehicle | null;
  origin: string;
  from: string;
}): OutgoingMail {
  const { site, reservation: r, vehicle } = options;
  const heading = vehicle ? vehicleHeading(vehicle) : "the vehicle";
  const paid = moneyText(r.amountCents, r.currency);
  const why =
    r.lateDecision === "refunded"
      ? `Your ${paid} deposit for the ${heading} arrived after your reservation time had ended, and the car is no longer available to reserve, so we have refunded the full ${paid} to your card.`
      : `Your reservation of the ${heading} has been cancelled, and we have refunded your full ${paid} deposit to your card.`;
  const lines = [
    `Hi ${r.shopper.firstName},`,
    "",
    why,
    "",
    `Refunded: ${paid}`,
    `Payment reference: ${r.paymentId ?? ""}`,
    `Refund reference: ${r.refundId ?? ""}`,
    "",
    "Refunds usually reach your account within 5 to 10 business days, depending on your bank.",
    `Our team will be in touch on ${r.shopper.phone} about this car or similar ones.`,
    "",
    site.name,
    ...(site.contactDetails.phone ? [site.contactDetails.phone] : []),
  ];
  return shopperMail({
    ...options,
    kind: "refund",
    subject: `Your deposit has been refunded: ${heading}`,
    lines,
  });
}

/** A plain message to the shopper of a reservation, one paragraph per line, from the site. */
function shopperMail(options: {
  site: Site;
  reservation: Row;
  origin: string;
  from: string;
  kind: "receipt" | "refund";
  subject: string;
  lines: readonly string[];
}): OutgoingMail {
  const { site, reservation: r } = options;
  const lines = r.testPayment ? [TEST_PAYMENT_RECEIPT_NOTE, "", ...options.lines] : options.lines;
  const html = `<!doctype html><html><body>${lines
    .map((l) => (l === "" ? "<br>" : `<p style="margin:0">${escapeHtml(l)}</p>`))
    .join("")}</body></html>`;
  return {
    messageId: `<reservation-${r.id}.${options.kind}@${new URL(options.origin).hostname}>`,
    from: { name: site.name, address: options.from },
    to: r.shopper.email,
    replyTo: site.contactDetails.email ?? undefined,
    subject: `${r.testPayment ? TEST_PAYMENT_SUBJECT_PREFIX : ""}${options.subject}`,
    text: lines.join("\n"),
    html,
    headers: {},
    attachments: [],
    siteId: site.id,
  };
}
