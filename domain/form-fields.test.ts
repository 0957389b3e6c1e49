import { describe, expect, it } from "vitest";
import {
  FIELD_MESSAGES,
  fieldError,
  hasSelectOptions,
  isFieldShown,
  nameFields,
  orderSelectOptions,
  validateFields,
  type FieldDefinition,
} from "./form-fields";
import { PHONE_MESSAGES } from "./phone-validation";
import { defaultSiteSettings } from "./site-settings";

const settings = defaultSiteSettings();

describe("Form field toolkit (leads-and-forms.md): required by default", () => {
  const text: FieldDefinition = { name: "x", kind: "text" };
  it.each([[""], ["   "], [null], [undefined], [false]])(
    "%j is missing: '*This is a required field.'",
    (value) => {
      expect(fieldError(text, value, settings)).toBe("*This is a required field.");
    },
  );
  it("a field may opt out", () => {
    expect(fieldError({ ...text, required: false }, "", settings)).toBeNull();
  });
  it("a field may carry a custom message", () => {
    expect(fieldError({ ...text, requiredMessage: "Tell us!" }, "", settings)).toBe("Tell us!");
  });
  it("a required checkbox must be ticked", () => {
    const terms: FieldDefinition = { name: "terms_conditions", kind: "checkbox" };
    expect(fieldError(terms, false, settings)).toBe(FIELD_MESSAGES.required);
    expect(fieldError(terms, true, settings)).toBeNull();
  });
});

describe("Form field toolkit (leads-and-forms.md): email, names, postcode", () => {
  it.each([
    ["email", "jane@example.com", null],
    ["email", "jane.o'hara+cars@mail.example.com.au", null],
    ["email", "jane@example", "invalid email address"],
    ["email", "jane example.com", "invalid email address"],
    ["email", "@example.com", "invalid email address"],
    ["name", "Mary Jane", null],
    ["name", "José", null],
    ["name", "R2D2", "Please use alphabetical characters only."],
    ["name", "O'Brien", "Please use alphabetical characters only."],
    ["name", "Jean-Luc", "Please use alphabetical characters only."],
    ["postcode", "2000", null],
    ["postcode", "200", "Invalid postcode. Please enter a 4-digit number."],
    ["postcode", "20000", "Invalid postcode. Please enter a 4-digit number."],
    ["postcode", "20a0", "Invalid postcode. Please enter a 4-digit number."],
    ["phone", "0411 222 333", null],
    ["phone", "12345", PHONE_MESSAGES.australian],
  ] as const)("%s %j -> %s", (kind, value, expected) => {
    expect(fieldError({ name: kind, kind }, value, settings)).toBe(expected);
  });

  it("a phone field follows the site's variant unless it names its own", () => {
    const phone: FieldDefinition = { name: "phone", kind: "phone" };
    expect(fieldError(phone, "(212) 555-0123", { ...settings, phoneVariant: "us" })).toBeNull();
    expect(fieldError({ ...phone, phoneVariant: "au-mobile" }, "0298765432", settings)).toBe(
      PHONE_MESSAGES.australianMobile,
    );
  });

  it("middle name is optional and only there when requested", () => {
    expect(nameFields().map((f) => f.name)).toEqual(["first_name", "last_name"]);
    const withMiddle = nameFields({ middleName: true });
    expect(withMiddle.map((f) => f.name)).toEqual(["first_name", "middle_name", "last_name"]);
    expect(validateFields(withMiddle, { first_name: "Ann", last_name: "Lee" }, settings)).toEqual(
      {},
    );
    expect(
      validateFields(
        withMiddle,
        { first_name: "Ann", middle_name: "B2", last_name: "Lee" },
        settings,
      ),
    ).toEqual({
      middle_name: FIELD_MESSAGES.name,
    });
  });
});

describe("Form field toolkit (leads-and-forms.md): conditional fields and selects", () => {
  const fields: FieldDefinition[] = [
    { name: "email", kind: "email" },
    {
      name: "newsletter_frequency",
      kind: "select",
      showWhen: "email",
      options: [{ value: "w", label: "Weekly" }],
    },
  ];

  it("a conditional field shows only while the other field's value has no error", () => {
    const field = fields[1] as FieldDefinition;
    expect(isFieldShown(field, fields, { email: "" }, settings)).toBe(false);
    expect(isFieldShown(field, fields, { email: "not-an-email" }, settings)).toBe(false);
    expect(isFieldShown(field, fields, { email: "a@b.co" }, settings)).toBe(true);
  });

  it("a hidden conditional field is not validated", () => {
    expect(validateFields(fields, { email: "bad" }, settings)).toEqual({
      email: FIELD_MESSAGES.email,
    });
    expect(validateFields(fields, { email: "a@b.co" }, settings)).toEqual({
      newsletter_frequency: FIELD_MESSAGES.required,
    });
  });

  it("a select without options renders nothing and asks nothing", () => {
    expect(hasSelectOptions([])).toBe(false);
    expect(hasSelectOptions(undefined)).toBe(false);
    expect(
      validateFields([{ name: "location", kind: "select", options: [] }], {}, settings),
    ).toEqual({});
  });

  it("highlighted options are listed first, otherwise in their order", () => {
    const ordered = orderSelectOptions([
      { value: "a", label: "A" },
      { value: "b", label: "B", highlighted: true },
      { value: "c", label: "C" },
      { value: "d", label: "D", highlighted: true },
    ]);
    expect(ordered.map((o) => o.value)).toEqual(["b", "d", "a", "c"]);
  });
});

describe("Form field toolkit (leads-and-forms.md): a US ZIP code has 5 digits and its own message", () => {
  const zip: FieldDefinition = { name: "postcode", kind: "postcode" };
  const us = { ...settings, locale: "en-US" } as const;
  it("accepts 5 digits and names the ZIP code when wrong", () => {
    expect(fieldError(zip, "78701", us)).toBeNull();
    expect(fieldError(zip, "7870", us)).toBe("Invalid ZIP code. Please enter a 5-digit ZIP code.");
    expect(fieldError(zip, "2000", { ...us, locale: "en-AU" })).toBeNull();
  });
});
