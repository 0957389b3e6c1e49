/**
 * What a lead form's action answers when it does not redirect to the success page: the values to
 * show again, one message per field, and a form-level message (docs/product/leads-and-forms.md,
 * "Lead errors").
 */
import type { MultiStepState } from "~/domain/multi-step-form";
import type { SlotDay } from "~/domain/booking-slots";

export type FormValue = string | string[] | boolean;
export type FormValuesData = Record<string, FormValue>;

export type LeadFormActionData = {
  values: FormValuesData;
  errors: Record<string, string>;
  /** A failure that is not about one field: shown under 'An error occurred when submitting this form'. */
  formError: string | null;
  /** A notice that is not an error (e.g. a registration lookup's result). */
  notice?: string | null;
  /** Booking forms: the slots of the location chosen without JavaScript. */
  slots?: { locationId: number; days: SlotDay[] } | null;
  /** Multi-step forms: where the form is. */
  step?: MultiStepState;
  /** Multi-step forms: a step save's error, shown in success style on 'User Details'. */
  stepError?: { message: string; style: "success" | "error" } | null;
};
