/**
 * What lead intake answers: success (the lead's id, whether it repeated an earlier submission,
 * where the visitor goes next) or a failure with a status, a message and one message per field.
 */
import { successPagePath } from "~/domain/lead";

export type IntakeSuccess = {
  ok: true;
  status: 200 | 201;
  id: string;
  replayed: boolean;
  completed: boolean;
  category: string;
  successPath: string | null;
};
export type IntakeFailure = {
  ok: false;
  status: 400 | 404 | 409 | 422;
  error: string;
  errors: Record<string, string>;
};
export type IntakeResult = IntakeSuccess | IntakeFailure;

export const CHECK_FIELDS_MESSAGE = "Please check the highlighted fields.";
export const LEAD_NOT_FOUND_MESSAGE = "We could not find that form. Please start again.";
export const LEAD_ALREADY_SENT_MESSAGE =
  "This form has already been sent. Please start a new one to change it.";

export function fail(
  status: IntakeFailure["status"],
  error: string,
  errors: Record<string, string> = {},
): IntakeFailure {
  return { ok: false, status, error, errors };
}

export function success(
  status: 200 | 201,
  id: string,
  replayed: boolean,
  completed: boolean,
  category: string,
): IntakeSuccess {
  return {
    ok: true,
    status,
    id,
    replayed,
    completed,
    category,
    successPath: completed ? successPagePath(category, { lead_id: id }) : null,
  };
}
