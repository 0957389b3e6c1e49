import { describe, expect, it } from "vitest";
import { FIELD_MESSAGES, validateFields, type FormValues } from "~/domain/form-fields";
import type { LeadFormField } from "~/domain/lead-forms";
import {
  firstErrors,
  hashValues,
  parseLeadSubmission,
  readFormValues,
  submissionResultOf,
} from "./lead-form-schema";

const rules = { phoneVariant: "au" as const, testPhoneNumber: "", locale: "en-AU" as const };

const fields: LeadFormField[] = [
  { name: "first_name", kind: "name", label: "First Name" },
  { name: "email", kind: "email", label: "Email" },
  { name: "postcode", kind: "postcode", label: "Postcode", required: false },
  { name: "Vehicle.Make", kind: "text", label: "Make" },
  { name: "phone", kind: "phone", label: "Phone", required: false },
  { name: "phone_confirm", kind: "checkbox", label: "Call me", showWhen: "phone" },
  {
    name: "additional_services",
    kind: "checkbox",
    control: "checkbox-group",
    required: false,
    options: [
      { value: "Wheel alignment", label: "Wheel alignment" },
      { value: "Car wash", label: "Car wash" },
    ],
  },
];

function data(entries: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(entries)) form.append(name, value);
  return form;
}

describe("a lead form's submission checked in the browser", () => {
  it("gives each field in error the domain's own message, at the field's name", () => {
    const submission = parseLeadSubmission(
      data({ first_name: "R2D2", email: "nope", postcode: "12", "Vehicle.Make": "" }),
      fields,
      rules,
    );
    expect(submission.status).toBe("error");
    const errors = firstErrors(submission.status === "error" ? submission.error : {});
    expect(errors).toEqual({
      first_name: FIELD_MESSAGES.name,
      email: FIELD_MESSAGES.email,
      postcode: FIELD_MESSAGES.postcode,
      "Vehicle.Make": FIELD_MESSAGES.required,
    });
  });

  it("finds exactly the errors the domain's rules find, conditional fields included", () => {
    const entries = { first_name: "Ana", email: "ana@example.com", phone: "0412 345 678" };
    const values = readFormValues(data(entries), fields);
    const submission = parseLeadSubmission(data(entries), fields, rules);
    const errors = firstErrors(submission.status === "error" ? submission.error : {});
    expect(errors).toEqual(validateFields(fields, values as FormValues, rules));
    expect(errors.phone_confirm).toBe(FIELD_MESSAGES.required);
  });

  it("passes a form whose fields meet every rule", () => {
    const submission = parseLeadSubmission(
      data({ first_name: "Ana", email: "ana@example.com", "Vehicle.Make": "Mazda" }),
      fields,
      rules,
    );
    expect(submission.status).toBe("success");
  });

  it("checks nothing when no fields are given (Back, a lookup)", () => {
    expect(parseLeadSubmission(data({}), [], rules).status).toBe("success");
  });

  it("reads a checkbox group's options and a checkbox as the domain does", () => {
    const values = readFormValues(
      data({ "Car wash": "on", phone_confirm: "on", first_name: "Ana" }),
      fields,
    );
    expect(values.additional_services).toEqual(["Car wash"]);
    expect(values.phone_confirm).toBe(true);
    expect(values.email).toBe("");
  });
});

describe("an action's answer as the form's last result", () => {
  it("carries each field's message", () => {
    const result = submissionResultOf({ email: FIELD_MESSAGES.email });
    expect(result.error).toEqual({ email: [FIELD_MESSAGES.email] });
    expect(firstErrors(result.error)).toEqual({ email: FIELD_MESSAGES.email });
  });
});

describe("the idempotency key of a submission", () => {
  it("is the same for the same values and differs for edited ones", () => {
    expect(hashValues({ a: "1", b: "2" })).toBe(hashValues({ b: "2", a: "1" }));
    expect(hashValues({ a: "1" })).not.toBe(hashValues({ a: "2" }));
  });
});
