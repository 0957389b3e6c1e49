import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  finalSubmitRequest,
  goBack,
  goForward,
  isLoading,
  needsStepSave,
  progressPercent,
  showBackButton,
  startMultiStepForm,
  stepErrorStyle,
  stepLabel,
  stepSaved,
  stepSaveFailed,
  stepSaveRequest,
  stepSaveStarted,
  submitButtonText,
  submitFailed,
  submitStarted,
  submitSucceeded,
  type MultiStepState,
} from "./multi-step-form";

describe("Multi-step forms (leads-and-forms.md): movement", () => {
  it("forward only within the step count", () => {
    let state = startMultiStepForm(3);
    state = goForward(goForward(state));
    expect(state.current).toBe(2);
    expect(goForward(state)).toBe(state);
    expect(goForward(state, 7)).toBe(state);
    expect(goForward(state, 1)).toBe(state);
  });

  it("back goes to the previous step, or to the step that skipped ahead; skipped steps recorded", () => {
    let state = startMultiStepForm(5);
    state = goForward(state, 3);
    expect(state.current).toBe(3);
    expect(state.skippedSteps).toEqual([2, 3]);
    state = goBack(state);
    expect(state.current).toBe(0);
    expect(state.skippedSteps).toEqual([]);
    state = goForward(goForward(state));
    expect(goBack(state).current).toBe(1);
  });

  it("the first step has no back", () => {
    const state = startMultiStepForm(2);
    expect(goBack(state)).toBe(state);
    expect(showBackButton(state)).toBe(false);
    expect(showBackButton(goForward(state))).toBe(true);
  });

  it("a form needs at least one step", () => {
    expect(() => startMultiStepForm(0)).toThrow(RangeError);
  });

  it("stays within 0..stepCount-1 and back undoes forward, whatever the visitor does", () => {
    const move = fc.oneof(
      fc.constant({ kind: "back" as const }),
      fc.record({ kind: fc.constant("forward" as const), to: fc.integer({ min: -1, max: 8 }) }),
    );
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }),
        fc.array(move, { maxLength: 20 }),
        (steps, moves) => {
          let state = startMultiStepForm(steps);
          for (const m of moves) {
            const before = state;
            state = m.kind === "back" ? goBack(state) : goForward(state, m.to);
            expect(state.current).toBeGreaterThanOrEqual(0);
            expect(state.current).toBeLessThan(steps);
            if (m.kind === "forward" && state !== before)
              expect(goBack(state).current).toBe(before.current);
            expect(state.skippedSteps.every((s) => s >= 1 && s <= steps)).toBe(true);
          }
        },
      ),
    );
  });
});

describe("Multi-step forms (leads-and-forms.md): progress and buttons", () => {
  it.each([
    [4, 0, false, 0, "Step 1 of 4"],
    [4, 1, false, 25, "Step 2 of 4"],
    [3, 1, false, 33, "Step 2 of 3"],
    [3, 2, false, 67, "Step 3 of 3"],
    [3, 2, true, 100, "Step 3 of 3"],
  ])(
    "%i steps at index %i (complete %s): %i%%, %s",
    (steps, current, completed, percent, label) => {
      const state: MultiStepState = { ...startMultiStepForm(steps), current, completed };
      expect(progressPercent(state)).toBe(percent);
      expect(stepLabel(state)).toBe(label);
    },
  );

  it("'Submit' on the last step and 'Continue' otherwise, with a loading state", () => {
    const state = startMultiStepForm(2);
    expect(submitButtonText(state)).toBe("Continue");
    expect(submitButtonText(goForward(state))).toBe("Submit");
    expect(isLoading(stepSaveStarted(state))).toBe(true);
    expect(isLoading(submitStarted(state))).toBe(true);
    expect(isLoading(state)).toBe(false);
  });
});

describe("Multi-step forms (leads-and-forms.md): incomplete lead saving", () => {
  it("the first step creates an incomplete lead, later steps update it by lead_id", () => {
    let state = startMultiStepForm(3);
    expect(needsStepSave(state)).toBe(true);
    expect(stepSaveRequest(state, { email: "a@b.co" })).toEqual({
      method: "POST",
      path: "/api/leads",
      body: {
        lead: {
          email: "a@b.co",
          lead_status: "Incomplete",
          form_completed: false,
          step_number: 1,
          skipped_steps: [],
        },
      },
    });
    state = stepSaved(stepSaveStarted(state), 42);
    expect(state.current).toBe(1);
    expect(state.leadId).toBe(42);
    expect(stepSaveRequest(state, {}, "/mock")).toMatchObject({
      method: "PUT",
      path: "/mock/leads/42",
      body: {
        lead: { lead_id: 42, lead_status: "Incomplete", form_completed: false, step_number: 2 },
      },
    });
  });

  it("each step is saved once", () => {
    let state = stepSaved(startMultiStepForm(3), 1);
    state = goBack(state);
    expect(state.current).toBe(0);
    expect(needsStepSave(state)).toBe(false);
    // A later save keeps the first lead id.
    expect(stepSaved(goForward(state), 99).leadId).toBe(1);
  });

  it("the final submit completes the same lead", () => {
    const state = goForward(stepSaved(startMultiStepForm(3), 7));
    expect(needsStepSave(state)).toBe(false);
    expect(finalSubmitRequest(state, { a: 1 })).toMatchObject({
      method: "PUT",
      path: "/api/leads/7",
      body: { lead: { a: 1, form_completed: true, lead_id: 7 } },
    });
  });

  it("a failed step save shows the returned error and the form stays; 'User Details' in success style", () => {
    const state = stepSaveFailed(stepSaveStarted(startMultiStepForm(3)), "Email taken");
    expect(state).toMatchObject({ current: 0, error: "Email taken", status: "idle" });
    expect(stepErrorStyle("User Details")).toBe("success");
    expect(stepErrorStyle("Vehicle")).toBe("error");
  });

  it("a submit moves through submitting, then success or failure", () => {
    const submitting = submitStarted(startMultiStepForm(1));
    expect(submitting.status).toBe("submitting");
    expect(submitSucceeded(submitting, 5)).toMatchObject({
      status: "success",
      completed: true,
      leadId: 5,
    });
    expect(progressPercent(submitSucceeded(submitting, 5))).toBe(100);
    expect(submitFailed(submitting, "boom")).toMatchObject({
      status: "failure",
      error: "boom",
      completed: false,
    });
  });
});
