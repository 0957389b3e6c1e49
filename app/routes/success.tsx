/**
 * /success?category={slug}&{extra pairs} (docs/product/leads-and-forms.md, "Success page"): shown
 * after a lead is sent, with what happens next; for a booking, its time and place. The form
 * submission is reported to analytics here (docs/product/analytics.md event ids).
 */
import { formatAmount } from "~/domain/vehicle-price";
import { KeepSavedUser } from "~/app/components/garage/saved-user-prefill";
import { useEffect } from "react";
import { data } from "react-router";
import type { Route } from "./+types/success";
import {
  ANALYTICS_EVENT_IDS,
  AD_PIXEL_LEAD_EVENT,
  TEST_DRIVE_EVENT_IDS,
} from "~/domain/analytics-events";
import { CAREER_SUBCATEGORY } from "~/domain/enquiry-form";
import { DEFAULT_NEXT_STEPS, findLeadCategory } from "~/domain/lead-categories";
import { localiseText } from "~/domain/locale";
import { leadIdOf, loadSuccessLead } from "~/server/leads/success-page";
import { cn } from "~/app/lib/cn";
import { useSite, useTemplate } from "~/app/lib/site";
import { APP_LINK } from "~/app/components/site/app-links";

function nextSteps(category: string): string {
  return findLeadCategory(category)?.nextSteps ?? DEFAULT_NEXT_STEPS;
}

function eventIdFor(category: string, subcategory: string | null): number {
  if (findLeadCategory(category)?.key === "testDrive") return TEST_DRIVE_EVENT_IDS[0]!;
  if (subcategory === CAREER_SUBCATEGORY) return ANALYTICS_EVENT_IDS.careersForm;
  return ANALYTICS_EVENT_IDS.defaultForm;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const category = (url.searchParams.get("category") ?? "")
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, "")
    .slice(0, 60);
  const leadId = leadIdOf(url.searchParams.get("lead_id"));
  const { booking, subcategory, valuation } = leadId
    ? await loadSuccessLead(context.scope, leadId)
    : { booking: null, subcategory: null, valuation: null };
  const carId = url.searchParams.get("car_id");
  return data(
    {
      category,
      leadId,
      booking,
      // The trade-in estimate the shopper was shown before sending, as the lead keeps it.
      estimate: valuation
        ? `${formatAmount(valuation.low, context.site.locale)} to ${formatAmount(valuation.high, context.site.locale)}`
        : null,
      eventId: eventIdFor(category, subcategory),
      carId: carId && /^\d+$/.test(carId) ? carId : null,
      siteName: context.site.name,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  return [
    { title: `Thank you | ${loaderData?.siteName ?? ""}` },
    { name: "robots", content: "noindex" },
  ];
}

type AnalyticsWindow = Window & { dataLayer?: unknown[] };

export default function Success({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const t = useTemplate();
  const { category, booking, leadId, eventId, carId, estimate } = loaderData;

  useEffect(() => {
    // docs/product/leads-and-forms.md, "Multi-step forms": success fires the form's analytics event
    // (a Lead for the ad pixel) and the car is kept in the browser.
    const detail = {
      event_id: eventId,
      category,
      lead_id: leadId,
      pixel_event: AD_PIXEL_LEAD_EVENT,
    };
    const w = window as AnalyticsWindow;
    w.dataLayer?.push({ event: "form_submission", ...detail });
    window.dispatchEvent(new CustomEvent("dealer:lead", { detail }));
    if (carId) {
      try {
        const key = `${site.slug}:enquired-cars`;
        const stored = JSON.parse(window.localStorage.getItem(key) ?? "[]") as string[];
        window.localStorage.setItem(
          key,
          JSON.stringify([...new Set([...stored, carId])].slice(-20)),
        );
      } catch {
        // Storage may be unavailable (private mode); nothing depends on it.
      }
    }
  }, [eventId, category, leadId, carId, site.slug]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <KeepSavedUser />
      <h1 className={cn("text-3xl md:text-4xl", t.heading)}>
        {localiseText("Thank you, we've received your enquiry", site.locale)}
      </h1>
      {booking && (
        <p className="mt-6 rounded-site border border-green-700 bg-green-50 px-4 py-3 text-lg text-green-900">
          {booking.kind === "service" ? "Your service drop-off" : "Your test drive"} is booked for{" "}
          <strong>{booking.label}</strong> at <strong>{booking.locationName}</strong>.
        </p>
      )}
      {estimate && (
        <p className="mt-6 rounded-site border border-slate-300 bg-slate-50 px-4 py-3 text-lg text-slate-900">
          Estimated trade-in value: <strong>{estimate}</strong>, subject to an inspection.
        </p>
      )}
      <h2 className="mt-10 text-xl font-semibold">What happens next</h2>
      <p className="mt-2 text-lg text-slate-700">
        {localiseText(nextSteps(category), site.locale)}
      </p>
      {leadId && (
        <p className="mt-4 text-sm text-slate-600">
          Your reference: {leadId.slice(0, 8).toUpperCase()}
        </p>
      )}
      <div className="mt-10 flex flex-wrap justify-center gap-3">
        <a
          {...APP_LINK}
          href={site.settings.defaultSearchPath}
          className={cn("px-5 py-3 font-semibold", t.button)}
        >
          Browse our stock
        </a>
        <a {...APP_LINK} href="/" className={cn("px-5 py-3 font-semibold", t.buttonOutline)}>
          Back to the home page
        </a>
      </div>
    </div>
  );
}
