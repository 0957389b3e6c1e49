/**
 * A test drive or service booking: the location select (when there is a choice), its free
 * times, and the person. With JavaScript a new location's times are fetched from the slots
 * endpoint; without it, a 'Show times' button asks the page for them.
 */
import { useRef, useState } from "react";
import type { SlotDay } from "~/domain/booking-slots";
import type { LeadFormField } from "~/domain/lead-forms";
import type { BookingPageData } from "~/server/leads/booking-page";
import { LeadForm } from "./lead-form";
import type { FormValuesData, LeadFormActionData } from "./form-types";

const ENDPOINT = {
  test_drive: "available_appointment_bookings",
  service: "available_service_bookings",
} as const;

export function BookingForm({
  page,
  fields,
  actionData,
  submitLabel,
  defaults,
}: {
  page: BookingPageData;
  fields: LeadFormField[];
  actionData: LeadFormActionData | undefined;
  submitLabel: string;
  defaults?: FormValuesData;
}) {
  // The times shown: the page's (or the action's, after 'Show times'), unless the visitor chose
  // another location since, whose times were fetched.
  const source = actionData?.slots?.days ?? page.days;
  const [fetched, setFetched] = useState<{
    source: readonly SlotDay[];
    days: readonly SlotDay[];
  } | null>(null);
  const days = fetched && fetched.source === source ? fetched.days : source;
  const [loading, setLoading] = useState(false);
  const locationRef = useRef<string>(String(page.selectedLocationId ?? ""));
  const abort = useRef<AbortController | null>(null);

  async function onValuesChange(values: FormValuesData) {
    const chosen = typeof values.location_id === "string" ? values.location_id : "";
    if (chosen === "" || chosen === locationRef.current) return;
    locationRef.current = chosen;
    const location = page.locations.find((l) => String(l.id) === chosen);
    if (!location) return;
    abort.current?.abort();
    abort.current = new AbortController();
    setLoading(true);
    try {
      const response = await fetch(
        `/dealerships/${location.dealershipId}/${ENDPOINT[page.kind]}.json?location_id=${location.id}`,
        {
          headers: { Accept: "application/json" },
          signal: abort.current.signal,
        },
      );
      if (response.ok) {
        const body = (await response.json()) as {
          locations: Array<{ id: number; days: SlotDay[] }>;
        };
        setFetched({ source, days: body.locations.find((l) => l.id === location.id)?.days ?? [] });
      }
    } catch {
      // A newer choice replaced this request, or the network failed: the times shown stay.
    } finally {
      setLoading(false);
    }
  }

  const showSelect = page.locations.length > 1;
  return (
    <LeadForm
      id={page.kind === "service" ? "service-form" : "test-drive-form"}
      fields={fields}
      defaults={{ location_id: String(page.selectedLocationId ?? ""), ...defaults }}
      actionData={actionData}
      slots={days}
      onValuesChange={onValuesChange}
      submitLabel={submitLabel}
      actions={
        showSelect ? (
          <noscript>
            <button
              type="submit"
              name="intent"
              value="slots"
              formNoValidate
              className="rounded-site border border-slate-400 px-4 py-3 font-semibold"
            >
              Show times for the chosen location
            </button>
          </noscript>
        ) : null
      }
    >
      {loading && (
        <p role="status" className="text-sm text-slate-600">
          Loading the times of this location…
        </p>
      )}
    </LeadForm>
  );
}
