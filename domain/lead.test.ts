import { describe, expect, it } from "vitest";
import {
  buildLeadPayload,
  leadBasePath,
  leadName,
  successPagePath,
  type LeadContext,
} from "./lead";
import { defaultSiteSettings } from "./site-settings";

const settings = defaultSiteSettings();
const context: LeadContext = {
  websiteSlug: "harbour-ford",
  dealershipSlug: "harbour-ford-sydney",
  url: "https://harbourford.example/cars/abc",
  userAgent: "Mozilla/5.0",
  visitedPages: ["/", "/search", "/cars/abc"],
  linkedQueryParams: { gclid: "g1", utm_source: "google" },
  primaryLocationId: 1,
  primaryDealershipSlug: "harbour-ford-primary",
};

describe("Lead payload (leads-and-forms.md): name fallback", () => {
  it.each([
    [{ name: "Ann Lee", first_name: "Ann" }, "Ann Lee"],
    [{ name: "", first_name: "Ann" }, "Ann"],
    [{ name: "   ", first_name: "Ann" }, "Ann"],
    [{ name: "undefined undefined", first_name: "Ann" }, "Ann"],
    [{ first_name: "Ann" }, "Ann"],
    [{ name: null, first_name: null }, ""],
  ])("%j -> %s", (values, name) => {
    expect(leadName(values)).toBe(name);
  });
});

describe("Lead extras (leads-and-forms.md) and overrides", () => {
  it("wraps the values in lead and adds the extras, source 'Website'", () => {
    const { lead } = buildLeadPayload(
      { name: "Ann", email: "a@b.co", category: "General Enquiry" },
      context,
      settings,
    );
    expect(lead).toEqual({
      name: "Ann",
      email: "a@b.co",
      category: "General Enquiry",
      location_id: null,
      dealership_slug: "harbour-ford-sydney",
      website_slug: "harbour-ford",
      url: "https://harbourford.example/cars/abc",
      source: "Website",
      user_agent: "Mozilla/5.0",
      visited_pages: ["/", "/search", "/cars/abc"],
      linked_query_params: { gclid: "g1", utm_source: "google" },
      lead_id: null,
    });
  });

  it("the form's dealership and location are kept when nothing overrides them", () => {
    const { lead } = buildLeadPayload(
      { dealership_slug: "chosen", location_id: 9 },
      context,
      settings,
    );
    expect([lead.dealership_slug, lead.location_id]).toEqual(["chosen", 9]);
  });

  it("push-to-primary overrides dealership_slug and location_id", () => {
    const { lead } = buildLeadPayload({ dealership_slug: "chosen", location_id: 9 }, context, {
      ...settings,
      pushLeadsToPrimaryDealership: true,
      pushLeadsToPrimaryLocation: true,
    });
    expect([lead.dealership_slug, lead.location_id]).toEqual(["harbour-ford-primary", 1]);
  });

  it("fixed slugs from settings win", () => {
    const { lead } = buildLeadPayload({ dealership_slug: "chosen" }, context, {
      ...settings,
      pushLeadsToPrimaryDealership: true,
      fixedLeadDealershipSlug: "fixed-dealer",
      fixedLeadWebsiteSlug: "fixed-site",
    });
    expect([lead.dealership_slug, lead.website_slug]).toEqual(["fixed-dealer", "fixed-site"]);
  });

  it("visited pages are capped at 50, the latest kept", () => {
    const pages = Array.from({ length: 60 }, (_, i) => `/p${i}`);
    const { lead } = buildLeadPayload({}, { ...context, visitedPages: pages }, settings);
    expect(lead.visited_pages).toEqual(pages.slice(10));
  });

  it("the lead base is /mock on mock builds", () => {
    expect(leadBasePath(false)).toBe("/api");
    expect(leadBasePath(true)).toBe("/mock");
  });

  it("Success page: carries the category slug and extra pairs", () => {
    expect(successPagePath("General Enquiry", { car_id: "7" })).toBe(
      "/success?category=general-enquiry&car_id=7",
    );
  });
});
