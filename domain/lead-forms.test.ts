import { describe, expect, it } from "vitest";
import { ENQUIRY_CATEGORIES, LEAD_FORM_CATEGORIES } from "./lead-categories";
import { FIELD_MESSAGES, isFieldShown, validateFields } from "./form-fields";
import {
  bookingFormFields,
  checkboxFieldNames,
  contactFormFields,
  fieldsForValues,
  financeFormSteps,
  fleetFormFields,
  optionKeysOf,
  tradeInFormFields,
  vehicleEnquiryCategory,
  vehicleEnquiryFields,
} from "./lead-forms";
import { USER_DETAILS_STEP_TITLE } from "./multi-step-form";
import { defaultSiteSettings } from "./site-settings";

const settings = defaultSiteSettings();
const rules = { phoneVariant: settings.phoneVariant, testPhoneNumber: settings.testPhoneNumber };
const names = (fields: ReadonlyArray<{ name: string }>) => fields.map((f) => f.name);
const two = [
  { value: "a", label: "A" },
  { value: "b", label: "B" },
];

describe("Enquiry form rules (leads-and-forms.md), as the contact page asks them", () => {
  it("offers the nine enquiry types, and a location select only when there are locations", () => {
    const fields = contactFormFields(
      { showCategory: true, locations: two, dealerships: [] },
      settings,
    );
    expect(fields.find((f) => f.name === "category")!.options!.map((o) => o.value)).toEqual([
      ...ENQUIRY_CATEGORIES,
    ]);
    expect(names(fields)).toContain("location");
    expect(
      names(contactFormFields({ showCategory: true, locations: [], dealerships: [] }, settings)),
    ).not.toContain("location");
  });

  it("requires a preferred dealership only when the group has more than one", () => {
    expect(
      names(contactFormFields({ showCategory: false, locations: [], dealerships: two }, settings)),
    ).toContain("dealership_slug");
    expect(
      names(
        contactFormFields(
          { showCategory: false, locations: [], dealerships: two.slice(0, 1) },
          settings,
        ),
      ),
    ).not.toContain("dealership_slug");
  });

  it("asks for a CV only with a careers enquiry", () => {
    const fields = contactFormFields(
      { showCategory: true, locations: [], dealerships: [] },
      settings,
    );
    expect(names(fieldsForValues(fields, { category: "General Enquiry" }))).not.toContain("cv");
    expect(names(fieldsForValues(fields, { category: LEAD_FORM_CATEGORIES.careers }))).toContain(
      "cv",
    );
    const errors = validateFields(
      fieldsForValues(fields, { category: LEAD_FORM_CATEGORIES.careers }),
      { category: LEAD_FORM_CATEGORIES.careers },
      rules,
    );
    expect(errors.cv).toBe(FIELD_MESSAGES.required);
  });

  it("makes the message optional where the site says so", () => {
    const required = vehicleEnquiryFields(settings).find((f) => f.name === "message")!;
    const optional = vehicleEnquiryFields({ ...settings, enquiryMessageOptional: true }).find(
      (f) => f.name === "message",
    )!;
    expect(required.required).toBe(true);
    expect(optional.required).toBe(false);
  });
});

describe("vehicle enquiries", () => {
  it.each([
    ["new", "New Vehicle Enquiry"],
    ["demo", "New Vehicle Enquiry"],
    ["used", "Used Vehicle Enquiry"],
    [null, "New Vehicle Enquiry"],
  ])("a %s vehicle is a %s", (carType, category) => {
    expect(vehicleEnquiryCategory(carType)).toBe(category);
  });
});

describe("bookings", () => {
  it("ask for a location only when there is a choice, and always for a time", () => {
    expect(names(bookingFormFields("test_drive", two, settings))).toContain("location_id");
    expect(names(bookingFormFields("test_drive", two.slice(0, 1), settings))).not.toContain(
      "location_id",
    );
    const errors = validateFields(bookingFormFields("test_drive", [], settings), {}, rules);
    expect(errors.booking_time).toBe("Please choose a time.");
  });

  it("offer the site's additional services as checkboxes whose options are the keys gathered", () => {
    const fields = bookingFormFields("service", [], {
      ...settings,
      serviceAdditionalServices: ["Oil change", "Car wash"],
    });
    expect(optionKeysOf(fields)).toEqual(["Oil change", "Car wash"]);
    expect(checkboxFieldNames(fields)).toEqual(["opt_in"]);
    expect(
      names(bookingFormFields("service", [], { ...settings, serviceAdditionalServices: [] })),
    ).not.toContain("additional_services");
  });
});

describe("Multi-step forms (leads-and-forms.md): the finance application", () => {
  it("has three steps, 'User Details' first (its save error shows in success style)", () => {
    const steps = financeFormSteps({ dealerships: [] });
    expect(steps.map((s) => s.title)).toEqual([
      USER_DETAILS_STEP_TITLE,
      "Your Vehicle and Loan",
      "Employment and Income",
    ]);
    expect(names(steps[0]!.fields)).toEqual([
      "first_name",
      "last_name",
      "email",
      "phone",
      "postcode",
    ]);
  });

  it("asks for the preferred dealership (the finance pages' preferredDealership) when the group has more than one", () => {
    expect(names(financeFormSteps({ dealerships: two })[1]!.fields)).toContain("dealership_slug");
    expect(names(financeFormSteps({ dealerships: [] })[1]!.fields)).not.toContain(
      "dealership_slug",
    );
  });

  it("requires agreeing to be contacted, with its own message", () => {
    const last = financeFormSteps({ dealerships: [] })[2]!;
    const errors = validateFields(last.fields, { terms_conditions: false }, rules);
    expect(errors.terms_conditions).toBe("Please agree so that we can contact you about finance.");
  });
});

describe("trade-in and fleet", () => {
  it("asks for the state once a plate is typed (a conditional field of the form field toolkit)", () => {
    const fields = tradeInFormFields({ states: ["NSW", "VIC"] }, settings);
    const state = fields.find((f) => f.name === "regoState")!;
    expect(isFieldShown(state, fields, { Rego: "" }, rules)).toBe(false);
    expect(isFieldShown(state, fields, { Rego: "ABC123" }, rules)).toBe(true);
    expect(names(tradeInFormFields({ states: [] }, settings))).not.toContain("regoState");
  });

  it("requires the company and fleet size of a fleet enquiry", () => {
    const errors = validateFields(fleetFormFields(settings), {}, rules);
    expect(errors.company).toBe(FIELD_MESSAGES.required);
    expect(errors.fleet_size).toBe(FIELD_MESSAGES.required);
  });
});
