import { describe, expect, it } from "vitest";
import { ENQUIRY_CATEGORIES } from "./lead-categories";
import {
  enquiryFormFields,
  prepareEnquirySubmission,
  type EnquiryFormContext,
} from "./enquiry-form";
import {
  FIELD_MESSAGES,
  isFieldRequired,
  validateFields,
  type FieldDefinition,
} from "./form-fields";
import { defaultSiteSettings } from "./site-settings";

const settings = defaultSiteSettings();
const context: EnquiryFormContext = { showCategory: false, locations: [], dealerships: [] };
const field = (fields: FieldDefinition[], name: string) => fields.find((f) => f.name === name);
const valid = {
  first_name: "Ann",
  last_name: "Lee",
  email: "ann@example.com",
  phone: "0411222333",
  message: "Is it available?",
};

describe("Enquiry form rules (leads-and-forms.md)", () => {
  it("the message is required unless the dealership setting relaxes it", () => {
    expect(
      isFieldRequired(field(enquiryFormFields(context, settings), "message") as FieldDefinition),
    ).toBe(true);
    expect(
      isFieldRequired(
        field(
          enquiryFormFields(context, { enquiryMessageOptional: true }),
          "message",
        ) as FieldDefinition,
      ),
    ).toBe(false);
    expect(
      validateFields(enquiryFormFields(context, settings), { ...valid, message: "" }, settings),
    ).toEqual({
      message: FIELD_MESSAGES.required,
    });
  });

  it("the test drive date and Rego are optional; opt-in is optional and defaults to true", () => {
    const fields = enquiryFormFields({ ...context, showTestDriveDate: true }, settings);
    expect(isFieldRequired(field(fields, "test_drive_date") as FieldDefinition)).toBe(false);
    expect(isFieldRequired(field(fields, "Rego") as FieldDefinition)).toBe(false);
    expect(isFieldRequired(field(fields, "opt_in") as FieldDefinition)).toBe(false);
    expect(validateFields(fields, valid, settings)).toEqual({});
  });

  it("a category select, default General Enquiry, is required when shown", () => {
    expect(field(enquiryFormFields(context, settings), "category")).toBeUndefined();
    const fields = enquiryFormFields({ ...context, showCategory: true }, settings);
    expect(field(fields, "category")?.options?.map((o) => o.value)).toEqual([
      ...ENQUIRY_CATEGORIES,
    ]);
    expect(validateFields(fields, valid, settings)).toEqual({ category: FIELD_MESSAGES.required });
  });

  it("a location select is required when shown", () => {
    const fields = enquiryFormFields(
      { ...context, locations: [{ value: "1", label: "Sydney" }] },
      settings,
    );
    expect(validateFields(fields, valid, settings)).toEqual({ location: FIELD_MESSAGES.required });
  });

  it("a preferred dealership is required only when the group has more than one dealership", () => {
    const one = [{ value: "a", label: "A" }];
    const two = [...one, { value: "b", label: "B" }];
    expect(
      field(enquiryFormFields({ ...context, dealerships: one }, settings), "dealership_slug"),
    ).toBeUndefined();
    const fields = enquiryFormFields({ ...context, dealerships: two }, settings);
    expect(validateFields(fields, valid, settings)).toEqual({
      dealership_slug: FIELD_MESSAGES.required,
    });
    expect(validateFields(fields, { ...valid, dealership_slug: "b" }, settings)).toEqual({});
  });
});

describe("Enquiry form rules (leads-and-forms.md): before submission", () => {
  it("a Careers Enquiry becomes a General Enquiry with subcategory Career Enquiry", () => {
    expect(prepareEnquirySubmission({ category: "Careers Enquiry" }, settings)).toMatchObject({
      category: "General Enquiry",
      subcategory: "Career Enquiry",
    });
    expect(prepareEnquirySubmission({ category: "Service Enquiry" }, settings)).not.toHaveProperty(
      "subcategory",
    );
  });

  it("radio option keys are removed and the checked options gathered into additional_services", () => {
    const prepared = prepareEnquirySubmission(
      { "Wheel Alignment": true, "Car Wash": "on", "Tyre Rotation": false, message: "hi" },
      settings,
      { serviceOptionKeys: ["Wheel Alignment", "Car Wash", "Tyre Rotation"] },
    );
    expect(prepared).toEqual({
      message: "hi",
      additional_services: ["Wheel Alignment", "Car Wash"],
    });
  });

  it("the yes/no fields the site lists are converted from booleans to 'Yes' or 'No'", () => {
    const yesNo = {
      yesNoFields: ["Ready to sell", "Valuation guide", "Best Finance", "Best Deal"],
    };
    expect(
      prepareEnquirySubmission(
        {
          "Ready to sell": true,
          "Valuation guide": false,
          "Best Finance": "on",
          "Best Deal": "No",
          other: true,
        },
        yesNo,
      ),
    ).toEqual({
      "Ready to sell": "Yes",
      "Valuation guide": "No",
      "Best Finance": "Yes",
      "Best Deal": "No",
      other: true,
    });
    // Sites that list none keep booleans.
    expect(prepareEnquirySubmission({ "Ready to sell": true }, settings)["Ready to sell"]).toBe(
      true,
    );
  });

  it("opt_in is never claimed for a form that did not send it, and keeps an explicit answer (Marketing consent)", () => {
    expect(prepareEnquirySubmission({}, settings)).not.toHaveProperty("opt_in");
    expect(prepareEnquirySubmission({ opt_in: false }, settings).opt_in).toBe(false);
    expect(prepareEnquirySubmission({ opt_in: "false" }, settings).opt_in).toBe(false);
    expect(prepareEnquirySubmission({ opt_in: "on" }, settings).opt_in).toBe(true);
  });
});
