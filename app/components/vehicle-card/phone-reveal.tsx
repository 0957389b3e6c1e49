import { useRef } from "react";
import { displayedPhone, phoneHref, phoneRevealRecord } from "~/domain/phone-reveal";
import type { Vehicle } from "~/domain/vehicle";
import { cn } from "~/app/lib/cn";

/**
 * POST {api base}/api/events/car_phone_call (docs/product/vehicle-card-and-page.md,
 * "Phone reveal").
 */
const PHONE_CALL_EVENT_PATH = "/api/events/car_phone_call";

function recordReveal(vehicle: Pick<Vehicle, "id" | "dealership_id">, siteId: number) {
  const body = JSON.stringify(phoneRevealRecord(vehicle, siteId));
  try {
    const blob = new Blob([body], { type: "application/json" });
    if (!navigator.sendBeacon?.(PHONE_CALL_EVENT_PATH, blob)) {
      void fetch(PHONE_CALL_EVENT_PATH, {
        method: "POST",
        body,
        keepalive: true,
        headers: { "content-type": "application/json" },
      }).catch(() => {});
    }
  } catch {
    // Recording is best effort; the visitor still gets the number.
  }
}

/**
 * The dealer's number on a vehicle card (docs/product/vehicle-card-and-page.md, "Phone reveal"):
 * masked after the first 5 characters until the visitor asks for it, then a tel: link. A <details>
 * element does the reveal, so it works before (or without) JavaScript; with JavaScript the reveal
 * is recorded and focus moves to the number. Sites that start revealed show the link at once.
 */
export function PhoneReveal({
  phone,
  label,
  vehicle,
  siteId,
  startsRevealed,
  className,
}: {
  phone: string;
  label: string;
  vehicle: Pick<Vehicle, "id" | "dealership_id">;
  siteId: number;
  startsRevealed: boolean;
  className?: string;
}) {
  const link = useRef<HTMLAnchorElement>(null);
  const number = (
    <a ref={link} href={phoneHref(phone, true) ?? undefined} className={className}>
      {label} {displayedPhone(phone, true)}
    </a>
  );
  if (startsRevealed) return number;
  return (
    <details
      className="group"
      onToggle={(event) => {
        if (!event.currentTarget.open) return;
        recordReveal(vehicle, siteId);
        link.current?.focus();
      }}
    >
      <summary
        className={cn(
          "cursor-pointer list-none group-open:hidden [&::-webkit-details-marker]:hidden",
          className,
        )}
      >
        {label} {displayedPhone(phone, false)}
        <span className="sr-only"> (show the full number)</span>
      </summary>
      {number}
    </details>
  );
}
