import { describe, expect, it } from "vitest";
import {
  ENQUIRY_CATEGORIES,
  findLeadCategory,
  LEAD_CATEGORIES,
  LEAD_FORM_CATEGORIES,
  leadCategorySlug,
} from "./lead-categories";

describe("the lead category table", () => {
  it("offers the product's nine enquiry types, in order; a test drive is a booking, not a type", () => {
    expect(ENQUIRY_CATEGORIES).toEqual([
      "General Enquiry",
      "Service Enquiry",
      "Parts Enquiry",
      "New Vehicle Enquiry",
      "Used Vehicle Enquiry",
      "Fleet Enquiry",
      "Finance Enquiry",
      "Careers Enquiry",
      "Sell My Car",
    ]);
    expect(ENQUIRY_CATEGORIES).not.toContain(LEAD_FORM_CATEGORIES.testDrive);
  });

  it("finds a category by its name or by the slug it travels as, ignoring case", () => {
    expect(leadCategorySlug(" Test Drive Booking ")).toBe("test-drive-booking");
    expect(findLeadCategory("test-drive-booking")?.key).toBe("testDrive");
    expect(findLeadCategory("SELL MY CAR")?.adfInterest).toBe("sell");
    expect(findLeadCategory("finance-enquiry")?.nextSteps).toBe(LEAD_CATEGORIES.finance.nextSteps);
    expect(findLeadCategory("Trade-In")).toBeUndefined();
  });

  it("gives every category a different slug, so a success page names one category", () => {
    const slugs = Object.values(LEAD_CATEGORIES).map((c) => leadCategorySlug(c.name));
    expect(new Set(slugs).size).toBe(slugs.length);
  });
});
