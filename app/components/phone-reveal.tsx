import { useEffect, useRef, useState, type ReactNode } from "react";
import { ANALYTICS_EVENT_IDS } from "~/domain/analytics-events";
import { maskPhone, PHONE_REVEAL_PATH, phoneHref, phoneRevealRecord } from "~/domain/phone-reveal";
import type { Vehicle } from "~/domain/vehicle";
import { cn } from "~/app/lib/cn";
import { useSite } from "~/app/lib/site";
import { useHydrated } from "~/app/lib/use-hydrated";

type DataLayerWindow = Window & { dataLayer?: Array<Record<string, unknown>> };

function pushAnalytics(event: Record<string, unknown>) {
  (window as DataLayerWindow).dataLayer?.push(event);
}

function recordReveal(vehicle: Pick<Vehicle, "id" | "dealership_id">, siteId: number) {
  const record = phoneRevealRecord(vehicle, siteId);
  pushAnalytics({ event: "phone_reveal", ...record });
  // Recording must never get in the shopper's way: fire and forget.
  void fetch(PHONE_REVEAL_PATH, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(record),
    keepalive: true,
  }).catch(() => undefined);
}

/**
 * The dealer's number on a vehicle card or page (docs/product/vehicle-card-and-page.md): masked
 * after its first 5 characters until the shopper asks for it; some sites start it revealed. The
 * reveal is recorded with car_id, dealership_id and website_id, and focus moves to the revealed
 * number, which dials. Before (or without) JavaScript a <details> element does the reveal.
 */
export function PhoneReveal({
  phone,
  label,
  vehicle,
  startsRevealed,
  className,
  icon,
  quietHint = false,
}: {
  phone: string;
  /** 'Call'. */
  label: string;
  vehicle: Pick<Vehicle, "id" | "dealership_id">;
  startsRevealed: boolean;
  className?: string;
  icon?: ReactNode;
  /** Where there is no room for 'Show number': the hint goes to screen readers only. */
  quietHint?: boolean;
}) {
  const site = useSite();
  const hydrated = useHydrated();
  const [revealed, setRevealed] = useState(startsRevealed);
  const focusNumber = useRef(false);
  const link = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!revealed || !focusNumber.current) return;
    focusNumber.current = false;
    link.current?.focus();
  }, [revealed]);

  const number = (
    <a
      ref={link}
      href={phoneHref(phone, true) ?? undefined}
      className={className}
      onClick={() =>
        pushAnalytics({
          event: "click_to_call",
          event_id: ANALYTICS_EVENT_IDS.phoneClick,
          car_id: vehicle.id,
        })
      }
      data-testid="dealer-phone"
    >
      {icon}
      {/* Tabular figures: the masked and the whole number take the same width. */}
      <span className="tabular-nums">{`${label} ${phone}`}</span>
    </a>
  );
  if (revealed) return number;

  const masked = (
    <>
      {icon}
      <span className="tabular-nums">{`${label} ${maskPhone(phone)}`}</span>
      {quietHint ? (
        <span className="sr-only"> (show the full number)</span>
      ) : (
        <span className="text-sm font-normal underline">Show number</span>
      )}
    </>
  );
  if (hydrated) {
    return (
      <button
        type="button"
        className={className}
        data-testid="dealer-phone"
        onClick={() => {
          focusNumber.current = true;
          setRevealed(true);
          recordReveal(vehicle, site.id);
        }}
      >
        {masked}
      </button>
    );
  }
  return (
    <details
      onToggle={(event) => {
        if (!event.currentTarget.open) return;
        recordReveal(vehicle, site.id);
        link.current?.focus();
      }}
    >
      {/* `phone-reveal` (app/app.css): no marker, hidden once open, whatever the caller's classes. */}
      <summary className={cn("phone-reveal", className)}>{masked}</summary>
      {number}
    </details>
  );
}
