import { useEffect, useRef, useState } from "react";
import { ANALYTICS_EVENT_IDS } from "~/domain/analytics-events";
import { phoneHref, phoneRevealRecord } from "~/domain/phone-reveal";
import { cn } from "~/app/lib/cn";
import { useSite } from "~/app/lib/site";

/** Where phone reveals are recorded (server/events/phone-reveal.ts). */
export const PHONE_REVEAL_ENDPOINT = "/api/events/phone-reveal";

type DataLayerWindow = Window & { dataLayer?: Array<Record<string, unknown>> };

function pushAnalytics(event: Record<string, unknown>) {
  (window as DataLayerWindow).dataLayer?.push(event);
}

/**
 * The dealer's number, masked after its first 5 characters until the shopper clicks it
 * (docs/product/vehicle-card-and-page.md, "Phone reveal"); sites may start it revealed. The reveal
 * is recorded with car_id, dealership_id and website_id; focus moves to the revealed number, which
 * dials.
 */
export function PhoneReveal({
  phone,
  vehicle,
  className,
}: {
  phone: { number: string; masked: string; startsRevealed: boolean };
  vehicle: { id: number; dealership_id: number };
  className?: string;
}) {
  const site = useSite();
  const [revealed, setRevealed] = useState(phone.startsRevealed);
  const [justRevealed, setJustRevealed] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (justRevealed) link.current?.focus();
  }, [justRevealed]);

  const reveal = () => {
    setRevealed(true);
    setJustRevealed(true);
    const record = phoneRevealRecord(vehicle, site.id);
    pushAnalytics({ event: "phone_reveal", ...record });
    // Recording must never get in the shopper's way: fire and forget.
    void fetch(PHONE_REVEAL_ENDPOINT, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(record),
      keepalive: true,
    }).catch(() => undefined);
  };

  const base = cn(
    "flex w-full items-center justify-center gap-2 rounded-site border-2 border-slate-900 px-4 py-3 font-semibold text-slate-900 hover:bg-slate-900 hover:text-white",
    className,
  );
  const icon = (
    <svg viewBox="0 0 24 24" className="size-5 shrink-0" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z"
      />
    </svg>
  );

  if (revealed) {
    return (
      <a
        ref={link}
        href={phoneHref(phone.number, true) ?? undefined}
        className={base}
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
        <span>
          Call <span className="tabular-nums">{phone.number}</span>
        </span>
      </a>
    );
  }
  return (
    <button type="button" onClick={reveal} className={base} data-testid="dealer-phone">
      {icon}
      <span>
        Call <span className="tabular-nums">{phone.masked}</span>
      </span>
      <span className="text-sm font-normal underline">Show number</span>
    </button>
  );
}
