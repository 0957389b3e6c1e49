/**
 * /checkout-journey?car_id={slug} (docs/product/payments.md, "The checkout journey"): buying a
 * vehicle online in steps, on the finance form's multi-step machinery. Every step before the
 * deposit is saved as the dealership's incomplete lead; the deposit step takes the hold and sends
 * the shopper to the card provider, and the paid reservation completes that same lead.
 * Server-only.
 */
import { data, redirect, redirectDocument } from "react-router";
import { depositTermsView } from "~/app/components/vehicle-page/deposit-terms";
import { checkoutJourneySteps } from "~/domain/checkout-journey";
import { vehicleEnquiryCategory } from "~/domain/lead-forms";
import { RESERVATION_SUBCATEGORY } from "~/domain/reservations";
import {
  goBack,
  goForward,
  startMultiStepForm,
  type MultiStepState,
  isLastStep,
  needsStepSave,
  stepErrorStyle,
  stepSaved,
  stepSaveFailed,
  stepSaveRequest,
  submitFailed,
} from "~/domain/multi-step-form";
import { canReserveOnline, depositText, isUnavailable } from "~/domain/vehicle-actions";
import { buyOnlinePath, vehiclePagePath } from "~/domain/vehicle-paths";
import { vehicleHeading } from "~/domain/vehicle-page";
import type { RequestContext } from "~/server/http/load-context";
import {
  checkFormRequest,
  failure,
  formValues,
  isFailure,
  leadFieldsOf,
  readPostedForm,
  respond,
  submitToIntake,
  validateForm,
} from "~/server/leads/form-action";
import { parseFormState } from "~/server/leads/finance-page";
import { visibleLocations } from "~/server/leads/form-context";
import type { LeadFields } from "~/server/leads/lead-fields";
import { vehicleDriveAway } from "~/app/components/vehicle-page/vehicle-page-model";
import { incompleteJourneyLead } from "~/server/reservations/journey-resume";
import {
  lookupNotice,
  normaliseRego,
  registrationErrors,
  registryState,
} from "~/domain/registration";
import { formatAmount, isPriceShown } from "~/domain/vehicle-price";
import { selectProvider } from "~/server/providers/vehicle-lookup/vehicle-lookup";
import { CLIENT_IP_HEADER, RATE_LIMITED_MESSAGE, clientKey } from "~/server/leads/guard";
import { LOOKUP_NOT_FOUND_MESSAGE, LOOKUP_UNAVAILABLE_MESSAGE } from "~/server/leads/router";
import type { FormValuesData } from "~/app/components/forms/form-types";
import { findVehicle } from "./vehicle.server";

/**
 * Resuming from the same browser: the incomplete lead's id is kept in an HttpOnly cookie per
 * vehicle (the same id the form already carries to save its steps), so reopening the journey
 * continues at the step after the last one saved, with the answers filled in.
 */
const RESUME_DAYS = 30;
const resumeCookieName = (vehicleId: number) => `checkout_journey_${vehicleId}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function resumeCookie(vehicleId: number, leadId: string | null, origin: string): string {
  const secure = origin.startsWith("https:") ? "; Secure" : "";
  return leadId
    ? `${resumeCookieName(vehicleId)}=${leadId}; Path=/checkout-journey; Max-Age=${RESUME_DAYS * 86_400}; HttpOnly; SameSite=Lax${secure}`
    : `${resumeCookieName(vehicleId)}=; Path=/checkout-journey; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

function resumeLeadId(request: Request, vehicleId: number): string | null {
  const name = resumeCookieName(vehicleId);
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) {
      const value = rest.join("=");
      return UUID.test(value) ? value : null;
    }
  }
  return null;
}

/** The saved journey of this browser for this vehicle: its answers and where to continue. */
async function savedJourney(
  context: RequestContext,
  request: Request,
  vehicleId: number,
  steps: Array<{ fields: Array<{ name: string }> }>,
): Promise<{ values: Record<string, string | string[]>; step: MultiStepState } | null> {
  const leadId = resumeLeadId(request, vehicleId);
  if (!leadId) return null;
  const lead = await incompleteJourneyLead(context.scope, leadId, vehicleId);
  if (!lead) return null;
  const payload = lead.payload;
  const values: Record<string, string | string[]> = {};
  for (const field of steps.flatMap((s) => s.fields)) {
    const value = payload[field.name];
    if (typeof value === "string" || typeof value === "number" || typeof value === "boolean")
      values[field.name] = String(value);
    else if (Array.isArray(value)) values[field.name] = value.map(String);
  }
  // The saved step was step_number (1-based): continue at the one after it, on the same path.
  const saved = Math.min(Math.max(lead.stepNumber ?? 1, 1), steps.length - 1);
  const skipped = Array.isArray(payload.skipped_steps)
    ? payload.skipped_steps.map(Number).filter((n) => Number.isInteger(n) && n > 1 && n <= saved)
    : [];
  const visited = Array.from({ length: saved }, (_, i) => i).filter(
    (i) => !skipped.includes(i + 1),
  );
  const step: MultiStepState = {
    ...startMultiStepForm(steps.length),
    current: saved,
    history: visited,
    skippedSteps: skipped,
    savedSteps: visited,
    leadId,
  };
  return { values, step };
}

async function journeyOf(context: RequestContext, request: Request) {
  const carId = new URL(request.url).searchParams.get("car_id")?.trim() ?? "";
  const vehicle = carId ? findVehicle(context, carId) : null;
  if (!vehicle) throw data("Not Found", { status: 404 });
  const { settings } = context.site;
  if (!canReserveOnline(vehicle, settings) || isUnavailable(vehicle))
    throw redirect(vehiclePagePath(vehicle.slug, settings), 303);
  const deposit = depositText(vehicle);
  const locations = (await visibleLocations(context)).map((l) => ({
    value: l.value,
    label: l.label,
  }));
  const steps = checkoutJourneySteps({
    deposit,
    locations,
    tradeInAllowed: settings.tradeInAllowed && vehicle.trade_in_allowed !== false,
  });
  return { vehicle, deposit, steps };
}

/**
 * The trade-in step's registration lookup (the site's lookup provider, as on the trade-in page):
 * fills the trade-in's year, make and model and shows the valuation when there is one; the
 * step stays where it is.
 */
async function tradeInLookup(
  context: RequestContext,
  request: Request,
  values: FormValuesData,
  state: MultiStepState,
) {
  const hit = await context.leads.lookupLimiter.hit(
    clientKey(context.site.id, request.headers.get(CLIENT_IP_HEADER)),
  );
  if (!hit.allowed) return failure(429, { values, formError: RATE_LIMITED_MESSAGE, step: state });
  const rego = normaliseRego(String(values.trade_in_rego ?? ""));
  const regoState = String(values.trade_in_state ?? "");
  const problems = registrationErrors(rego, regoState, context.site.locale);
  if (Object.keys(problems).length > 0)
    return failure(422, {
      values,
      step: state,
      errors: {
        ...(problems.rego ? { trade_in_rego: problems.rego } : {}),
        ...(problems.regoState ? { trade_in_state: problems.regoState } : {}),
      },
    });
  const provider = selectProvider(context.leads.lookups, context.site, "rego");
  let found;
  try {
    found = await provider.lookup(
      {
        rego,
        state: registryState(regoState, context.site.locale),
        km: Number(String(values.trade_in_km ?? "").replace(/\D/g, "")) || null,
      },
      context.site,
    );
  } catch {
    return failure(502, {
      values,
      step: state,
      errors: { trade_in_rego: LOOKUP_UNAVAILABLE_MESSAGE },
    });
  }
  if (!found)
    return failure(404, {
      values,
      step: state,
      errors: { trade_in_rego: LOOKUP_NOT_FOUND_MESSAGE },
    });
  const v = found.vehicle;
  return failure(200, {
    values: {
      ...values,
      trade_in_rego: rego,
      trade_in_year: String(v.year),
      trade_in_make: v.make,
      trade_in_model: [v.model, v.badge].filter(Boolean).join(" "),
    },
    step: state,
    notice: lookupNotice(v, found.valuation, (amount) => formatAmount(amount, context.site.locale)),
  });
}

export async function loadCheckoutJourney(context: RequestContext, request: Request) {
  const { vehicle, deposit, steps } = await journeyOf(context, request);
  const resumed = await savedJourney(context, request, vehicle.id, steps);
  return {
    steps,
    resumed,
    heading: vehicleHeading(vehicle),
    price: isPriceShown(vehicle.price) ? vehicle.price : 0,
    deposit,
    terms: depositTermsView(context.site.settings),
    driveAway: vehicleDriveAway(vehicle, context.site),
    vehiclePagePath: vehiclePagePath(vehicle.slug, context.site.settings),
    buyOnlinePath: buyOnlinePath(vehicle.slug, context.site.settings),
    hidden: { car_id: vehicle.slug },
    siteName: context.site.name,
  };
}

export async function checkoutJourneyAction(context: RequestContext, request: Request) {
  const { vehicle, steps } = await journeyOf(context, request);
  const blocked = await checkFormRequest(request, context);
  if (blocked) return respond(blocked);
  const posted = await readPostedForm(request, context);
  if (isFailure(posted)) return respond(posted);
  await context.leads.files.discard(posted.files);
  const allFields = steps.flatMap((s) => s.fields);
  const values = formValues(allFields, posted);
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);
  const state = parseFormState(first(posted.fields.form_state), steps.length);
  if (first(posted.fields.intent) === "back")
    return respond(failure(200, { values, step: goBack(state) }));
  if (first(posted.fields.intent) === "lookup")
    return respond(await tradeInLookup(context, request, values, state));

  const step = steps[state.current]!;
  const errors = validateForm(step.fields, values, context);
  if (Object.keys(errors).length > 0) return respond(failure(422, { values, errors, step: state }));
  const answered = leadFieldsOf(
    allFields,
    values,
    posted,
    {
      car_id: vehicle.id,
      category: vehicleEnquiryCategory(vehicle.car_type),
      subcategory: RESERVATION_SUBCATEGORY["buy-online"],
    },
    context,
  );

  if (!isLastStep(state)) {
    if (!needsStepSave(state)) return respond(failure(200, { values, step: goForward(state) }));
    const save = stepSaveRequest(state, answered);
    const outcome = await submitToIntake(
      request,
      context,
      values,
      save.body.lead as LeadFields,
      posted,
      { leadId: save.method === "PUT" ? String(state.leadId) : undefined },
    );
    const message = isFailure(outcome)
      ? (outcome.body.formError ?? "")
      : outcome.result.ok
        ? null
        : outcome.result.error;
    if (message !== null || isFailure(outcome) || !outcome.result.ok)
      return respond(
        failure(isFailure(outcome) ? outcome.status : 422, {
          values,
          errors: !isFailure(outcome) && !outcome.result.ok ? outcome.result.errors : {},
          step: stepSaveFailed(state, message ?? ""),
          stepError: { message: message ?? "", style: stepErrorStyle(step.title) },
        }),
      );
    return data(failure(200, { values, step: stepSaved(state, outcome.result.id) }).body, {
      status: 200,
      headers: {
        "Set-Cookie": resumeCookie(vehicle.id, String(outcome.result.id), context.origin),
      },
    });
  }

  // The deposit: hold the car, then the card provider's page. The incomplete lead is completed
  // when the payment arrives (with the payment reference).
  const extra: Record<string, string> = {};
  for (const [key, value] of Object.entries(answered))
    if (typeof value === "string" && value.trim() !== "" && key !== "terms_conditions")
      extra[key] = value.trim().slice(0, 2000);
  for (const key of [
    "first_name",
    "last_name",
    "email",
    "phone",
    "car_id",
    "category",
    "subcategory",
  ])
    delete extra[key];
  if (state.leadId !== null) extra.journey_lead_id = String(state.leadId);
  const driveAway = vehicleDriveAway(vehicle, context.site);
  if (driveAway) {
    extra.drive_away_estimate = driveAway.total;
    for (const line of driveAway.lines) extra[`drive_away_${line.key}`] = line.amount;
  }
  const text = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : "");
  const result = await context.reservations.start({
    site: context.site,
    carId: vehicle.id,
    kind: "buy-online",
    shopper: {
      firstName: text("first_name").trim(),
      lastName: text("last_name").trim(),
      email: text("email").trim(),
      phone: text("phone").trim(),
    },
    extra,
    origin: context.origin,
    siteHost: new URL(context.origin).host,
  });
  if (!result.ok)
    return respond(
      failure(result.status, {
        values,
        formError: result.message,
        step: submitFailed(state, result.message),
      }),
    );
  // The card page is the provider's; the cookie keeps the reservation page personal to this browser.
  return redirectDocument(result.paymentPageUrl, {
    status: 303,
    headers: { "Set-Cookie": result.accessCookie },
  });
}
