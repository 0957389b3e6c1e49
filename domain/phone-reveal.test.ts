import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maskPhone, phoneHref, phoneRevealRecord } from "./phone-reveal";

describe("Phone reveal (vehicle-card-and-page.md): masked after the first 5 characters, revealed on click", () => {
  it.each([
    ["0298765432", "02987XXXXX"],
    ["02 9876 5432", "02 98XX XXXX"],
    ["+61 2 9876 5432", "+61 2 XXXX XXXX"],
    ["1300", "1300"],
  ])("%s -> %s", (phone, masked) => {
    expect(maskPhone(phone)).toBe(masked);
  });

  it("keeps the first 5 characters and the length, and hides every later digit", () => {
    fc.assert(
      fc.property(fc.string(), (phone) => {
        const masked = maskPhone(phone);
        expect(masked.length).toBe(phone.length);
        expect(masked.slice(0, 5)).toBe(phone.slice(0, 5));
        expect(/\d/.test(masked.slice(5))).toBe(false);
      }),
    );
  });

  it("a masked number has no tel: link", () => {
    expect(phoneHref("02 9876 5432", false)).toBeNull();
    expect(phoneHref("02 9876 5432", true)).toBe("tel:0298765432");
  });

  it("the reveal record carries car_id, dealership_id and website_id", () => {
    expect(phoneRevealRecord({ id: 1, dealership_id: 2 }, 3)).toEqual({
      car_id: 1,
      dealership_id: 2,
      website_id: 3,
    });
  });
});
