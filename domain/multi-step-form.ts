/**
 * The multi-step form state machine (docs/product/leads-and-forms.md, "Multi-step forms"), as pure
 * functions: each takes a state and returns the next one, so the browser store and tests drive it
 * alike.
 */

export const INCOMPLETE_LEAD_STATUS = "Incomplete";

/** A step whose save error is shown in success style. */
export const USER_DETAILS_STEP_TITLE = "User Details";

export const MULTI_STEP_BUTTON_TEXT = { submit: "Submit", continue: "Continue" } as const;

export type SubmitStatus = "idle" | "saving" | "submitting" | "success" | "failure";

export type MultiStepState = {
  stepCount: number;
  /** 0-based index of the step shown. */
  current: number;
  /** Steps to go back to, most recent last (the previous step, or the step that skipped ahead). */
  history: readonly number[];
  /** 1-based numbers of the steps skipped over. */
  skippedSteps: readonly number[];
  /** 0-based indexes of the steps already saved as the incomplete lead. */
  savedSteps: readonly number[];
  leadId: number | string | null;
  completed: boolean;
  status: SubmitStatus;
  error: string | null;
};

export function startMultiStepForm(stepCount: number): MultiStepState {
  if (!Number.isInteger(stepCount) || stepCount < 1) {
    throw new RangeError(`A multi-step form needs at least one step, got ${stepCount}`);
  }
  return {
    stepCount,
    current: 0,
    history: [],
    skippedSteps: [],
    savedSteps: [],
    leadId: null,
    completed: false,
    status: "idle",
    error: null,
  };
}

export function isLastStep(state: MultiStepState): boolean {
  return state.current === state.stepCount - 1;
}

/**
 * Forward to the next step, or ahead to `target` (0-based) skipping the steps between. Movement
 * stays within the step count: a target beyond the last step, or not ahead, changes nothing.
 */
export function goForward(
  state: MultiStepState,
  target: number = state.current + 1,
): MultiStepState {
  if (!Number.isInteger(target) || target <= state.current || target >= state.stepCount)
    return state;
  const skipped: number[] = [];
  for (let step = state.current + 1; step < target; step += 1) skipped.push(step + 1);
  return {
    ...state,
    current: target,
    history: [...state.history, state.current],
    skippedSteps: [...new Set([...state.skippedSteps, ...skipped])].sort((a, b) => a - b),
    error: null,
  };
}

/** Back to the step this one was reached from; the first step has nowhere to go. */
export function goBack(state: MultiStepState): MultiStepState {
  const previous = state.history.at(-1);
  if (previous === undefined) return state;
  // Steps skipped on the way here are no longer skipped once the visitor is back before them.
  const skippedSteps = state.skippedSteps.filter(
    (step) => step - 1 <= previous || step - 1 >= state.current,
  );
  return {
    ...state,
    current: previous,
    history: state.history.slice(0, -1),
    skippedSteps,
    error: null,
  };
}

/** The rounded share of completed steps, 100 when complete. */
export function progressPercent(state: MultiStepState): number {
  if (state.completed) return 100;
  return Math.round((state.current / state.stepCount) * 100);
}

export function stepLabel(state: MultiStepState): string {
  return `Step ${state.current + 1} of ${state.stepCount}`;
}

export function showBackButton(state: MultiStepState): boolean {
  return state.current > 0;
}

export function submitButtonText(state: MultiStepState): string {
  return isLastStep(state) ? MULTI_STEP_BUTTON_TEXT.submit : MULTI_STEP_BUTTON_TEXT.continue;
}

export function isLoading(state: MultiStepState): boolean {
  return state.status === "saving" || state.status === "submitting";
}

export type LeadRequest = {
  method: "POST" | "PUT";
  path: string;
  body: { lead: Record<string, unknown> };
};

/** Whether the current step still has to be saved (each step is saved once). */
export function needsStepSave(state: MultiStepState): boolean {
  return !isLastStep(state) && !state.savedSteps.includes(state.current);
}

/**
 * The request that saves the current step: the first creates the incomplete lead (POST), later
 * ones update it by lead_id (PUT). `basePath` is '/api', or '/mock' on mock builds.
 */
export function stepSaveRequest(
  state: MultiStepState,
  values: Readonly<Record<string, unknown>>,
  basePath = "/api",
): LeadRequest {
  return leadRequest(
    state,
    { ...values, lead_status: INCOMPLETE_LEAD_STATUS, form_completed: false },
    basePath,
  );
}

/** The final submission: the completed lead, updating the incomplete one when there is one. */
export function finalSubmitRequest(
  state: MultiStepState,
  values: Readonly<Record<string, unknown>>,
  basePath = "/api",
): LeadRequest {
  return leadRequest(state, { ...values, form_completed: true }, basePath);
}

/** POST creates the lead; once it has an id, PUT updates it. Both carry the step and skips. */
function leadRequest(
  state: MultiStepState,
  fields: Record<string, unknown>,
  basePath: string,
): LeadRequest {
  const lead = {
    ...fields,
    step_number: state.current + 1,
    skipped_steps: [...state.skippedSteps],
    ...(state.leadId === null ? {} : { lead_id: state.leadId }),
  };
  return state.leadId === null
    ? { method: "POST", path: `${basePath}/leads`, body: { lead } }
    : {
        method: "PUT",
        path: `${basePath}/leads/${encodeURIComponent(String(state.leadId))}`,
        body: { lead },
      };
}

export function stepSaveStarted(state: MultiStepState): MultiStepState {
  return { ...state, status: "saving", error: null };
}

/** A step saved: the lead id is kept for later steps and the form moves on. */
export function stepSaved(state: MultiStepState, leadId: number | string): MultiStepState {
  const saved = {
    ...state,
    leadId: state.leadId ?? leadId,
    savedSteps: [...new Set([...state.savedSteps, state.current])],
    status: "idle" as const,
  };
  return goForward(saved);
}

/** A failed step save shows the returned error; the form stays. */
export function stepSaveFailed(state: MultiStepState, error: string): MultiStepState {
  return { ...state, status: "idle", error };
}

/** 'User Details' shows its save error in success style. */
export function stepErrorStyle(stepTitle: string): "success" | "error" {
  return stepTitle === USER_DETAILS_STEP_TITLE ? "success" : "error";
}

/** A form submit moves through submitting, then success or failure. */
export function submitStarted(state: MultiStepState): MultiStepState {
  return { ...state, status: "submitting", error: null };
}

export function submitSucceeded(state: MultiStepState, leadId: number | string): MultiStepState {
  return {
    ...state,
    status: "success",
    completed: true,
    leadId: state.leadId ?? leadId,
    error: null,
  };
}

export function submitFailed(state: MultiStepState, error: string): MultiStepState {
  return { ...state, status: "failure", error };
}
