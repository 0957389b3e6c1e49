import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LeadFieldsSchema, MAX_STORED_INTEGER, fieldErrorsOf } from "./lead-fields";

/** Whether text is whole characters (encodeURIComponent refuses a lone surrogate). */
function isWellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

const errorsOf = (lead: unknown) => {
  const parsed = LeadFieldsSchema.safeParse(lead);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
};

describe("lead fields the database could never store are refused by validation", () => {
  it("refuses NUL characters and lone surrogates in any text, nested or not", () => {
    expect(errorsOf({ message: "a\u0000b" })).toHaveProperty("message");
    expect(errorsOf({ comments: "x\ud800y" })).toHaveProperty("comments");
    expect(errorsOf({ extras: ["ok", "\udc00"] })).toHaveProperty("extras");
    expect(errorsOf({ params: { utm: "a\u0000" } })).toHaveProperty("params");
    expect(errorsOf({ message: "emoji 🚗 fine" })).toEqual({});
  });

  it("refuses ids and step numbers beyond the database's integers, as numbers or digits", () => {
    for (const field of ["car_id", "location_id", "step_number"]) {
      expect(errorsOf({ [field]: MAX_STORED_INTEGER })).toEqual({});
      expect(errorsOf({ [field]: MAX_STORED_INTEGER + 1 })[field]).toBe(
        "This number is too large.",
      );
      expect(errorsOf({ [field]: "99999999999" })[field]).toBe("This number is too large.");
    }
    expect(errorsOf({ car_id: "2024-toyota-corolla" })).toEqual({});
    expect(errorsOf({ step_number: "two" }).step_number).toBe("Please enter a whole number.");
  });

  it("takes names and contact details as text only", () => {
    expect(errorsOf({ name: 5 }).name).toBe("Please enter this as text.");
    expect(errorsOf({ name: { first: "A" } })).toHaveProperty("name");
    expect(errorsOf({ first_name: ["A"] })).toHaveProperty("first_name");
  });

  it("either accepts a value as storable text or names its field", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const parsed = LeadFieldsSchema.safeParse({ message: text });
        const storable = !text.includes("\u0000") && isWellFormed(text);
        expect(parsed.success).toBe(storable && text.length <= 5000);
      }),
    );
  });
});

describe("field names", () => {
  // Names an object inherits (valueOf, constructor...) are plain fields, never a field's rule.
  it("named like an object's own members are plain fields, not a lookup that throws", () => {
    for (const name of Object.getOwnPropertyNames(Object.prototype).filter((n) => /^\w+$/.test(n)))
      expect(() => LeadFieldsSchema.safeParse({ [name]: [] }), name).not.toThrow();
    expect(LeadFieldsSchema.safeParse({ valueOf: "x", toString: "y" }).success).toBe(true);
  });
});
