import { describe, expect, it } from "vitest";
import { classifyLink, cleanContactLinkName, resolveSiteLink } from "./links";

const defaults = {
  pagesPrefixInUse: true,
  newsReplacesBlog: false,
  financePreApprovalAvailable: true,
};

describe("Link rules (search-and-urls.md): the /pages/ prefix", () => {
  it.each([
    ["/pages/privacy-policy", "/privacy-policy"],
    ["/pages/terms-and-conditions", "/terms-and-conditions"],
    ["/pages/about-us", "/about-us"],
    ["/pages/vehicle-parts-and-accessories", "/vehicle-parts-and-accessories"],
    ["/pages/book-a-service", "/pages/book-a-service"],
    ["/pages/about-us?x=1#team", "/about-us?x=1#team"],
  ])("%s -> %s", (url, expected) => {
    expect(resolveSiteLink(url, defaults)).toBe(expected);
  });

  it("is removed from every page when the pages path is not in use", () => {
    expect(resolveSiteLink("/pages/book-a-service", { ...defaults, pagesPrefixInUse: false })).toBe(
      "/book-a-service",
    );
  });
});

describe("Link rules (search-and-urls.md): /news and finance pre-approval", () => {
  it("/news replaces /blog where the site says so", () => {
    expect(resolveSiteLink("/blog", { ...defaults, newsReplacesBlog: true })).toBe("/news");
    expect(resolveSiteLink("/blog/post-1", { ...defaults, newsReplacesBlog: true })).toBe(
      "/news/post-1",
    );
    expect(resolveSiteLink("/blog", defaults)).toBe("/blog");
  });
  it("pre-approval links go to /finance where that page is unavailable", () => {
    expect(
      resolveSiteLink("/finance-pre-approval", { ...defaults, financePreApprovalAvailable: false }),
    ).toBe("/finance");
    expect(resolveSiteLink("/finance-pre-approval", defaults)).toBe("/finance-pre-approval");
  });
});

describe("Link rules (search-and-urls.md): link kinds and contact names", () => {
  it.each([
    ["/search", "internal"],
    ["#vehicle-map", "internal"],
    ["tel:0291234567", "plain"],
    ["mailto:a@b.com", "plain"],
    ["https://www.google.com/maps/dir/?api=1&destination=x", "plain"],
    ["https://www.facebook.com/", "external"],
    ["//evil.example/x", "external"],
  ])("%s is %s", (url, kind) => {
    expect(classifyLink(url)).toBe(kind);
  });
  it.each([
    ["Contact Us - Sales", "Contact Us"],
    ["Harbour Ford - Service", "Harbour Ford"],
    ["Parts Desk - Parts", "Parts Desk"],
    ["Sales - Sales Team", "Sales - Sales Team"],
  ])("%s -> %s", (name, cleaned) => {
    expect(cleanContactLinkName(name)).toBe(cleaned);
  });
});
