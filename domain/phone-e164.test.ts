import { describe, expect, it } from "vitest";
import { phoneE164 } from "./phone-e164";

describe("Phone numbers (leads-and-forms.md): the E.164 form of a lead's phone", () => {
  it.each<[string, Parameters<typeof phoneE164>[1], string | null]>([
    ["0411 222 333", "au", "+61411222333"],
    ["+61 411 222 333", "au", "+61411222333"],
    ["0061 411 222 333", "au", "+61411222333"],
    ["+61 (0)411 222 333", "au", "+61411222333"],
    ["(02) 9876 5432", "au", "+61298765432"],
    ["0411 222 333", "au-mobile", "+61411222333"],
    ["021 123 4567", "nz", "+64211234567"],
    ["(212) 555-0123", "us", "+12125550123"],
    ["+44 20 7946 0958", "au-nz-uk", "+442079460958"],
    // A number without its country code is read as Australian first on the combined variant.
    ["02 1123 4567", "au-nz-uk", "+61211234567"],
    ["+64 21 123 4567", "au-nz-uk", "+64211234567"],
    ["0411 222 333", "nz", null],
    ["+64 21 123 4567", "au", null],
    ["000", "au", null],
    ["call me", "au", null],
  ])("%s (%s) -> %s", (typed, variant, e164) => {
    expect(phoneE164(typed, variant)).toBe(e164);
  });
});
