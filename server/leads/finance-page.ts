/**
 * The finance application (/finance, /finance-enquiry, /apply-for-finance): a multi-step form
 * driven by the domain's state machine (docs/product/leads-and-forms.md, "Multi-step forms"). The
 * first step creates an incomplete lead, later steps update it by lead_id, the last step completes
 * it. The state travels with the form, so it works the same with and without JavaScript.
 */
import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { z } from "zod";
import { LEAD_FORM_CATEGORIES } from "~/domain/lead-categories";
import { isPriceShown } from "~/domain/vehicle-price";
import { financeFormSteps, LEAD_FORM_SUBCATEGORIES, type FormStep } from "~/domain/lead-forms";
import {
  finalSubmitRequest,
  goBack,
  goForward,
  isLastStep,
  needsStepSave,
  startMultiStepForm,
  stepErrorStyle,
  stepSaved,
  stepSaveFailed,
  stepSaveRequest,
  submitFailed,
  type MultiStepState,
} from "~/domain/multi-step-form";
import { dealershipOptions, vehicleSummary, type VehicleSummary } from "./form-context";
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
  withParams,
} from "./form-action";
import type { LeadFields } from "./lead-fields";

export type FinancePageData = {
  steps: FormStep[];
  vehicle: VehicleSummary | null;
  defaults: Record<string, string>;
  /** Context sent with every step (the finance pages' query parameters car_id, car_type, vin). */
  hidden: Record<string, string>;
};

export async function loadFinancePage(context: AppLoadContext, url: URL): Promise<FinancePageData> {
  const steps = financeFormSteps({ dealerships: dealershipOptions(context) });
  const vehicle = await vehicleSummary(context, url.searchParams.get("car_id"));
  const defaults: Record<string, string> = {};
  const preferred = url.searchParams.get("preferredDealership");
  if (preferred && context.site.dealerships.some((d) => d.slug === preferred))
    defaults.dealership_slug = preferred;
  const budget =
    url.searchParams.get("vehiclePriceBudget") ??
    (vehicle && isPriceShown(vehicle.price) ? String(vehicle.price) : null);
  if (budget && /^\d+(\.\d+)?$/.test(budget))
    defaults.vehiclePriceBudget = String(Math.round(Number(budget)));
  defaults.loan_term_months = "60";
  const hidden: Record<string, string> = {};
  if (vehicle) hidden.car_id = String(vehicle.id);
  const carType = url.searchParams.get("car_type") ?? vehicle?.carType;
  if (carType && /^(new|used|demo)$/.test(carType)) hidden.car_type = carType;
  const vin = url.searchParams.get("vin") ?? vehicle?.vin;
  if (vin && /^[A-HJ-NPR-Z0-9]{11,17}$/i.test(vin)) hidden.vin = vin.toUpperCase();
  return { steps, vehicle, defaults, hidden };
}

const StateSchema = z.object({
  current: z.number().int().min(0),
  history: z.array(z.number().int().min(0)).max(20),
  skippedSteps: z.array(z.number().int().min(1)).max(20),
  savedSteps: z.array(z.number().int().min(0)).max(20),
  leadId: z.string().uuid().nullable(),
});

/** The state posted with the form; a missing or tampered one starts over. */
export function parseFormState(raw: string | undefined, stepCount: number): MultiStepState {
  const start = startMultiStepForm(stepCount);
  if (!raw) return start;
  try {
    const parsed = StateSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return start;
    const s = parsed.data;
    const inRange = (n: number) => n < stepCount;
    if (!inRange(s.current) || !s.history.every(inRange) || !s.savedSteps.every(inRange))
      return start;
    return { ...start, ...s, status: "idle", error: null, completed: false };
  } catch {
    return start;
  }
}

export async function financeAction(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const page = await loadFinancePage(context, url);
  const blocked = await checkFormRequest(request, context);
  if (blocked) return respond(blocked);
  const posted = await readPostedForm(request, context);
  if (isFailure(posted)) return respond(posted);

  const allFields = page.steps.flatMap((s) => s.fields);
  const values = formValues(allFields, posted);
  const stateField = posted.fields.form_state;
  let state = parseFormState(
    Array.isArray(stateField) ? stateField[0] : stateField,
    page.steps.length,
  );
  const intent = Array.isArray(posted.fields.intent)
    ? posted.fields.intent[0]
    : posted.fields.intent;

  if (intent === "back") return respond(failure(200, { values, step: goBack(state) }));

  const step = page.steps[state.current]!;
  const errors = validateForm(step.fields, values, context);
  if (Object.keys(errors).length > 0) return respond(failure(422, { values, errors, step: state }));

  const fixed = {
    category: LEAD_FORM_CATEGORIES.finance,
    subcategory: LEAD_FORM_SUBCATEGORIES.financeApplication,
    car_id: page.hidden.car_id ?? null,
    car_type: page.hidden.car_type ?? null,
    vin: page.hidden.vin ?? null,
  };
  // Every step sends everything answered so far: a visitor may go back and change a step.
  const answered = leadFieldsOf(allFields, values, posted, fixed, context);

  if (!isLastStep(state)) {
    if (!needsStepSave(state)) return respond(failure(200, { values, step: goForward(state) }));
    const save = stepSaveRequest(state, answered);
    const outcome = await submitToIntake(
      request,
      context,
      values,
      save.body.lead as LeadFields,
      posted,
      {
        leadId: save.method === "PUT" ? String(state.leadId) : undefined,
      },
    );
    if (isFailure(outcome)) {
      return respond(
        failure(outcome.status, {
          ...outcome.body,
          step: stepSaveFailed(state, outcome.body.formError ?? ""),
          stepError: { message: outcome.body.formError ?? "", style: stepErrorStyle(step.title) },
        }),
      );
    }
    const { result } = outcome;
    if (!result.ok) {
      state = stepSaveFailed(state, result.error);
      return respond(
        failure(result.status, {
          values,
          errors: result.errors,
          step: state,
          stepError: { message: result.error, style: stepErrorStyle(step.title) },
        }),
      );
    }
    return respond(failure(200, { values, step: stepSaved(state, result.id) }));
  }

  const submit = finalSubmitRequest(state, answered);
  const outcome = await submitToIntake(
    request,
    context,
    values,
    submit.body.lead as LeadFields,
    posted,
    {
      leadId: submit.method === "PUT" ? String(state.leadId) : undefined,
    },
  );
  if (isFailure(outcome))
    return respond(
      failure(outcome.status, {
        ...outcome.body,
        step: submitFailed(state, outcome.body.formError ?? ""),
      }),
    );
  const { result } = outcome;
  if (!result.ok) {
    const message = Object.keys(result.errors).length > 0 ? null : result.error;
    return data(
      {
        values,
        errors: result.errors,
        formError: message,
        step: submitFailed(state, result.error),
      },
      { status: result.status },
    );
  }
  return redirect(
    withParams(
      result.successPath ?? "/success",
      page.vehicle ? { car_id: String(page.vehicle.id) } : undefined,
    ),
    303,
  );
}
