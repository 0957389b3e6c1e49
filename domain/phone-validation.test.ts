import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyPhoneMask,
  formatPhone,
  normalisePhonePrefix,
  PHONE_MESSAGES,
  phoneError,
  phoneMask,
} from "./phone-validation";
import type { PhoneVariant } from "./site-settings";

const settings = { testPhoneNumber: "0400000000" };

describe("Phone numbers (leads-and-forms.md): country prefix normalisation (+61, 0061, +64, 0064, +44)", () => {
  it.each([
    ["+61 411 222 333", "0411222333"],
    ["0061 2 9876 5432", "0298765432"],
    ["+61 (0)411 222 333", "0411222333"],
    ["+64 21 123 4567", "0211234567"],
    ["0064 9 123 4567", "091234567"],
    ["+44 7911 123456", "07911123456"],
    ["(02) 9876-5432", "0298765432"],
  ])("%s -> %s", (input, national) => {
    expect(normalisePhonePrefix(input)).toBe(national);
  });

  it("normalising twice changes nothing", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[+0-9 ()-]{0,16}$/), (input) => {
        const once = normalisePhonePrefix(input);
        expect(normalisePhonePrefix(once)).toBe(once);
      }),
    );
  });
});

type Case = [string, PhoneVariant, string | null];

describe("Phone numbers (leads-and-forms.md): variants", () => {
  it.each<Case>([
    // Australian by default: 02, 03, 05, 07, 08 landlines and 04 mobiles, 10 digits.
    ["0298765432", "au", null],
    ["03 9876 5432", "au", null],
    ["0598765432", "au", null],
    ["07 9876 5432", "au", null],
    ["08 9876 5432", "au", null],
    ["0411 222 333", "au", null],
    ["+61 411 222 333", "au", null],
    ["0061411222333", "au", null],
    ["0698765432", "au", PHONE_MESSAGES.australian],
    ["029876543", "au", PHONE_MESSAGES.australian],
    ["02987654321", "au", PHONE_MESSAGES.australian],
    ["1300 123 456", "au", PHONE_MESSAGES.australian],
    ["abc", "au", PHONE_MESSAGES.australian],
    // Mobile only: 04 or +614.
    ["0411222333", "au-mobile", null],
    ["+61411222333", "au-mobile", null],
    ["0298765432", "au-mobile", PHONE_MESSAGES.australianMobile],
    // New Zealand, with the 15-character limit.
    ["021 123 4567", "nz", null],
    ["+64211234567", "nz", null],
    ["+64 21 123 4567", "nz", PHONE_MESSAGES.tooManyCharacters],
    ["09 123 4567", "nz", null],
    ["0411222333", "nz", PHONE_MESSAGES.newZealand],
    ["+64 21 123 45678", "nz", PHONE_MESSAGES.tooManyCharacters],
    ["021 1234 567 890", "nz", PHONE_MESSAGES.tooManyCharacters],
    // US: 11 digits starting with 1, or 10 digits starting 2 to 9.
    ["(212) 555-0123", "us", null],
    ["1 212 555 0123", "us", null],
    ["+1 212 555 0123", "us", null],
    ["(123) 456-7890", "us", PHONE_MESSAGES.us],
    ["2125550123 9", "us", PHONE_MESSAGES.us],
    // Combined AU/NZ/UK.
    ["0411222333", "au-nz-uk", null],
    ["+64 21 123 4567", "au-nz-uk", null],
    ["+44 7911 123456", "au-nz-uk", null],
    ["(212) 555-0123", "au-nz-uk", PHONE_MESSAGES.australian],
  ])("%s as %s -> %s", (value, variant, expected) => {
    expect(phoneError(value, variant, settings)).toBe(expected);
  });

  it("the site's test number is always accepted, in every variant", () => {
    for (const variant of ["au", "au-mobile", "nz", "us", "au-nz-uk"] as const) {
      expect(phoneError("0400 000 000", variant, settings)).toBeNull();
      expect(phoneError("555", variant, { testPhoneNumber: "555" })).toBeNull();
      expect(phoneError("555", variant, settings)).not.toBeNull();
    }
  });
});

describe("Phone numbers (leads-and-forms.md): masks", () => {
  it.each<[string, PhoneVariant, string]>([
    ["0411222333", "au", "0411 222 333"],
    ["+61411222333", "au", "0411 222 333"],
    ["0298765432", "au", "02 9876 5432"],
    ["2125550123", "us", "(212) 555-0123"],
    ["12125550123", "us", "1 (212) 555-0123"],
    ["0211234567", "nz", "021 123 4567"],
    ["041122", "au-mobile", "0411 22"],
  ])("%s as %s -> %s", (value, variant, formatted) => {
    expect(formatPhone(value, variant)).toBe(formatted);
  });

  it("masking keeps every digit in order", () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^\d{0,14}$/),
        fc.constantFrom<PhoneVariant>("au", "au-mobile", "nz", "us"),
        (digits, variant) => {
          const masked = applyPhoneMask(digits, phoneMask(digits, variant));
          expect(masked.replace(/\D/g, "")).toBe(digits);
        },
      ),
    );
  });
});
