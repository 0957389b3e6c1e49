/**
 * What a lead names, checked against the site's own records through the site scope: its
 * dealership, location, vehicle (a vehicle since removed does not lose the lead), booking slot
 * and trade-in; and its category. The result is what the payload, the lead row and the delivery
 * routing read.
 */
import { eq } from "drizzle-orm";
import { BOOKING_KINDS, describeSlot, type BookingKind } from "~/domain/booking-slots";
import { DEFAULT_ENQUIRY_CATEGORY, prepareEnquirySubmission } from "~/domain/enquiry-form";
import type { LeadFormValues } from "~/domain/lead";
import { phoneE164 } from "~/domain/phone-e164";
import { normaliseRego, registryState } from "~/domain/registration";
import type { Valuation } from "../providers/vehicle-lookup/vehicle-lookup";
import { locations, vehicles } from "../db/schema";
import type { SiteScope } from "../sites/scope";
import { memoForSiteVersion } from "../sites/site-memo";
import type { Site } from "../sites/site";
import { HONEYPOT_FIELD } from "./guard";
import { isSiteLeadCategory, UNKNOWN_CATEGORY_MESSAGE } from "./lead-categories";
import type { LeadDetails, LeadVehicleSnapshot } from "./lead-document";
import { positiveIntegerOf, textOf, type LeadFields, type LeadValue } from "./lead-fields";
import type { SlotService } from "./slots";

export const SLOT_TAKEN_MESSAGE = "That time has just been booked. Please choose another time.";
export const SLOT_UNAVAILABLE_MESSAGE =
  "We can't take a booking at that time. Please choose one of the times shown.";

export type ResolvedLead = {
  values: LeadFormValues;
  details: LeadDetails;
  dealershipId: number | null;
  locationId: number | null;
  vehicleId: number | null;
  booking: { kind: BookingKind; locationId: number; start: string } | null;
  category: string;
  subcategory: string | null;
  /** For push-to-primary sites. */
  primaryLocationId: number | null;
  primaryDealershipSlug: string | null;
};

/**
 * Checks the dealership, location, vehicle and booking a lead names against the site's own
 * (a record of another site is an error, never a match); adds field errors to `errors`.
 */
export async function resolveLead(
  context: {
    site: Site;
    scope: SiteScope;
    slots: SlotService;
    origin: string;
    /**
     * The id of the vehicle a reference names if the site lists it (the vehicle page's read), or
     * null to take any vehicle of the site (a paid reservation's).
     */
    listedVehicleId: ((ref: string) => number | null) | null;
    /** The estimate a registration lookup just showed for a plate and its registry state. */
    tradeInValuation?: (rego: string, state: string) => Valuation | null;
  },
  fields: LeadFields,
  completed: boolean,
  errors: Record<string, string>,
): Promise<ResolvedLead> {
  const { site, scope } = context;
  const details: LeadDetails = { origin: context.origin };
  details.fields = Object.fromEntries(
    Object.entries(fields).filter(
      ([key]) => key !== HONEYPOT_FIELD && key !== "idempotency_key" && key !== "client_key",
    ),
  );
  const values: LeadFormValues = {};
  for (const [key, value] of Object.entries(fields)) {
    if (key === HONEYPOT_FIELD || key === "idempotency_key" || key === "client_key") continue;
    values[key] = typeof value === "string" ? value.trim() : value;
  }

  // The phone as typed, and in E.164 by the site's phone rules (set here only, never taken from
  // the client).
  delete values.phone_e164;
  const phoneE164Value = phoneE164(textOf(fields.phone), site.settings.phoneVariant);
  if (phoneE164Value) values.phone_e164 = phoneE164Value;

  // Dealership: one of this site's (preferredDealership in finance links).
  const chosenDealership = textOf(fields.dealership_slug) || textOf(fields.preferredDealership);
  let dealership = site.dealerships.find((d) => d.slug === chosenDealership) ?? null;
  if (chosenDealership && !dealership) {
    errors.dealership_slug = "Please choose one of our dealerships.";
  }
  if (chosenDealership && dealership) values.dealership_slug = dealership.slug;

  // Location: by id, or by name or slug (the 'location' field of the enquiry form). Read once
  // per site version, not once per lead: a burst of leads would otherwise queue as many reads.
  const siteLocations = await memoForSiteVersion(site, "lead-locations", () =>
    scope.findMany(locations),
  );
  const locationRef =
    positiveIntegerOf(fields.location_id) ??
    (textOf(fields.location_id) || textOf(fields.location) || null);
  let location =
    locationRef === null
      ? null
      : (siteLocations.find(
          (l) =>
            l.visible && (l.id === locationRef || l.slug === locationRef || l.name === locationRef),
        ) ?? null);
  if (locationRef !== null && !location) {
    errors[
      fields.location !== undefined && fields.location_id === undefined ? "location" : "location_id"
    ] = "Please choose one of our locations.";
  }

  // Vehicle: one the site shows (a hidden or long-sold one is left out, and the lead is kept
  // without it, as the form showed it); a vehicle since removed does not lose the lead.
  let vehicle: LeadVehicleSnapshot | null = null;
  let vehicleRow: { dealershipId: number; locationId: number | null } | null = null;
  const carRef = textOf(fields.car_id);
  if (carRef !== "") {
    const byId = context.listedVehicleId
      ? context.listedVehicleId(carRef)
      : positiveIntegerOf(fields.car_id);
    const row =
      context.listedVehicleId && byId === null
        ? undefined
        : await scope.findFirst(
            vehicles,
            byId !== null ? eq(vehicles.id, byId) : eq(vehicles.slug, carRef),
          );
    if (row) {
      vehicleRow = row;
      vehicle = {
        id: row.id,
        name: row.name,
        year: row.year,
        make: row.make,
        model: row.model,
        badge: row.badge,
        vin: row.vin,
        stocknum: row.stocknum,
        carType: row.carType,
        status: row.status,
        price: row.price,
        km: row.km,
        colour: row.colour,
        url: `${context.origin}/${site.settings.vehiclePath}/${row.slug}`,
      };
      // The vehicle fields of a lead (docs/product/leads-and-forms.md), from the vehicle itself.
      values.car_id = row.id;
      values.stock_number = row.stocknum;
      values["Vehicle Make"] = row.make;
      values["Vehicle Model"] = row.model;
      values.car_type = row.carType;
      values.vehicle_status = row.status;
    }
  }
  details.vehicle = vehicle;

  if (!location && vehicleRow?.locationId)
    location = siteLocations.find((l) => l.id === vehicleRow!.locationId) ?? null;
  if (!dealership && location)
    dealership = site.dealerships.find((d) => d.id === location!.dealershipId) ?? null;
  if (!dealership && vehicleRow)
    dealership = site.dealerships.find((d) => d.id === vehicleRow!.dealershipId) ?? null;
  if (location) values.location_id = location.id;

  // Booking: a free slot of the chosen location.
  let booking: ResolvedLead["booking"] = null;
  const bookingTime = textOf(fields.booking_time);
  if (bookingTime !== "" && completed) {
    const kind = (textOf(fields.booking_type) || "test_drive") as BookingKind;
    if (!BOOKING_KINDS.includes(kind)) {
      errors.booking_type = "Choose a test drive or a service booking.";
    } else if (!location) {
      errors.location_id ??= "Please choose a location for your booking.";
    } else {
      const checked = await context.slots.check(site, location.id, kind, bookingTime);
      if (checked.status !== "free") {
        errors.booking_time =
          checked.status === "taken" ? SLOT_TAKEN_MESSAGE : SLOT_UNAVAILABLE_MESSAGE;
      } else {
        const { slot } = checked;
        booking = { kind, locationId: location.id, start: slot.start };
        values.booking_time = slot.start;
        values.booking_type = kind;
        details.booking = {
          kind,
          start: slot.start,
          label: describeSlot(slot.start, site.settings.bookingTimeZone, site.locale),
          timeZone: site.settings.bookingTimeZone,
          locationName: location.name,
        };
      }
    }
  }

  const rego = textOf(fields.Rego) || textOf(fields.rego);
  const tradeMake = textOf(fields.trade_in_make);
  if (rego || tradeMake) {
    const regoState = textOf(fields.regoState) || textOf(fields.trade_in_state) || null;
    // The estimate the shopper was shown, as the server's lookup found it (never as sent).
    const valuation =
      rego && context.tradeInValuation
        ? context.tradeInValuation(normaliseRego(rego), registryState(regoState ?? "", site.locale))
        : null;
    details.tradeIn = {
      rego: rego ? rego.toUpperCase() : null,
      state: regoState,
      year: textOf(fields.trade_in_year) || null,
      make: tradeMake || null,
      model: textOf(fields.trade_in_model) || null,
      km: textOf(fields.trade_in_km) || null,
      ...(valuation ? { valuation } : {}),
    };
  }
  details.dealership = dealership
    ? { id: dealership.id, name: dealership.name, slug: dealership.slug }
    : null;
  details.location = location
    ? {
        id: location.id,
        name: location.name,
        slug: location.slug,
        phone: location.contactDetail.phone,
        email: location.contactDetail.email,
        address: location.address.full,
      }
    : null;

  // Careers mapping, yes/no fields, opt-in default (docs/product/leads-and-forms.md).
  const category = textOf(fields.category) || DEFAULT_ENQUIRY_CATEGORY;
  if (!isSiteLeadCategory(category, site)) errors.category = UNKNOWN_CATEGORY_MESSAGE;
  values.category = category;
  const prepared: LeadFormValues = prepareEnquirySubmission(values, site.settings);
  // The opt-in box starts ticked on the forms that show it; a lead whose form had no such box
  // has given no consent, so none is recorded.
  if (fields.opt_in === undefined) delete prepared.opt_in;
  Object.assign(values, prepared);

  const primaryLocation = siteLocations.find((l) => l.primary && l.visible) ?? null;
  const primaryDealership =
    site.dealerships.find((d) => d.id === site.dealershipId) ?? site.dealerships[0] ?? null;
  const finalCategory = textOf(values.category as LeadValue) || DEFAULT_ENQUIRY_CATEGORY;
  return {
    values,
    details,
    dealershipId: dealership?.id ?? null,
    locationId: location?.id ?? null,
    vehicleId: vehicle?.id ?? null,
    booking,
    category: finalCategory,
    subcategory: textOf(values.subcategory as LeadValue) || null,
    primaryLocationId: primaryLocation?.id ?? null,
    primaryDealershipSlug: primaryDealership?.slug ?? null,
  };
}
