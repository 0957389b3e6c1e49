/**
 * Test drive and service booking pages: the locations that take the booking, the free slots of
 * the chosen one, and the action that books (or, without JavaScript, shows another location's
 * times).
 */
import type { AppLoadContext } from "react-router";
import type { BookingKind, SlotDay } from "~/domain/booking-slots";
import { LEAD_FORM_CATEGORIES } from "~/domain/lead-categories";
import {
  LEAD_FORM_SUBCATEGORIES,
  bookingFormFields,
  type LeadFormField,
} from "~/domain/lead-forms";
import {
  bookingLocations,
  vehicleSummary,
  type LocationOption,
  type VehicleSummary,
} from "./form-context";
import {
  checkFormRequest,
  failure,
  formValues,
  handleLeadForm,
  isFailure,
  readPostedForm,
  respond,
} from "./form-action";

export type BookingPageData = {
  kind: BookingKind;
  locations: Array<
    Pick<LocationOption, "value" | "label" | "id" | "address" | "phone" | "dealershipId">
  >;
  selectedLocationId: number | null;
  days: SlotDay[];
  vehicle: VehicleSummary | null;
  timeZone: string;
};

export async function loadBookingPage(
  context: AppLoadContext,
  kind: BookingKind,
  url: URL,
): Promise<BookingPageData> {
  const locations = await bookingLocations(context, kind);
  const vehicle =
    kind === "test_drive" ? await vehicleSummary(context, url.searchParams.get("car_id")) : null;
  const asked = Number(url.searchParams.get("location_id"));
  const selected =
    locations.find((l) => l.id === asked) ??
    locations.find((l) => vehicle && l.id === vehicle.locationId) ??
    locations[0] ??
    null;
  const days = selected
    ? await context.leads.slots.daysForLocationId(context.site, selected.id, kind)
    : [];
  return {
    kind,
    locations: locations.map(({ value, label, id, address, phone, dealershipId }) => ({
      value,
      label,
      id,
      address,
      phone,
      dealershipId,
    })),
    selectedLocationId: selected?.id ?? null,
    days,
    vehicle,
    timeZone: context.leads.slots.rules(context.site, kind).timeZone,
  };
}

export function bookingFields(
  page: Pick<BookingPageData, "kind" | "locations">,
  context: Pick<AppLoadContext, "site">,
): LeadFormField[] {
  return bookingFormFields(
    page.kind,
    page.locations.map(({ value, label }) => ({ value, label })),
    context.site.settings,
  );
}

export async function bookingAction(request: Request, context: AppLoadContext, kind: BookingKind) {
  const url = new URL(request.url);
  const page = await loadBookingPage(context, kind, url);
  const fields = bookingFields(page, context);
  const intent = request.headers.get("content-type")?.includes("multipart")
    ? null
    : await peekIntent(request);
  if (intent === "slots") {
    // Without JavaScript: show the times of the location chosen in the select.
    const blocked = await checkFormRequest(request, context);
    if (blocked) return respond(blocked);
    const posted = await readPostedForm(request, context);
    if (isFailure(posted)) return respond(posted);
    const values = formValues(fields, posted);
    const locationId = Number(values.location_id);
    const location = page.locations.find((l) => l.id === locationId);
    const days = location
      ? await context.leads.slots.daysForLocationId(context.site, location.id, kind)
      : page.days;
    return respond(
      failure(200, {
        values: { ...values, booking_time: "" },
        slots: location ? { locationId: location.id, days } : null,
      }),
    );
  }
  const single = page.locations.length === 1 ? page.locations[0]!.id : null;
  return handleLeadForm(request, context, {
    fields,
    fixed: {
      booking_type: kind,
      category: kind === "service" ? LEAD_FORM_CATEGORIES.service : LEAD_FORM_CATEGORIES.testDrive,
      subcategory: kind === "service" ? LEAD_FORM_SUBCATEGORIES.serviceBooking : null,
      car_id: page.vehicle?.id ?? null,
      ...(single !== null ? { location_id: single } : {}),
    },
    successParams: page.vehicle ? { car_id: String(page.vehicle.id) } : undefined,
  });
}

/** The intent of a url-encoded post, read from a clone (the body stays readable). */
async function peekIntent(request: Request): Promise<string | null> {
  try {
    const form = await request.clone().formData();
    const intent = form.get("intent");
    return typeof intent === "string" ? intent : null;
  } catch {
    return null;
  }
}
