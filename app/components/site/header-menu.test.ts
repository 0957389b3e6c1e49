import { describe, expect, it } from "vitest";
import { groupNameIsLink, headerMenu, itemsThatFit, MENU_ROW_WIDTHS } from "./header-menu";

const link = (name: string, url = `/${name.toLowerCase().replace(/ /g, "-")}`) => ({ name, url });
const more = {
  name: "More",
  url: "/about-us",
  dropdownItems: [link("About Us"), link("Contact Us", "/contact")],
};

describe("header menu on one row (sites-and-settings.md, Navigation)", () => {
  it("keeps every item in the row when they fit, and 'More' last", () => {
    const menu = headerMenu([link("Brands"), link("Finance"), more]);
    expect(menu.items.map((i) => i.name)).toEqual(["Brands", "Finance"]);
    expect(menu.fit).toEqual({ lg: 2, xl: 2 });
    expect(menu.more.map((i) => i.name)).toEqual(["About Us", "Contact Us"]);
  });

  it("moves what does not fit into 'More', fewer at the narrower breakpoint", () => {
    const many = Array.from({ length: 14 }, (_, i) => link(`Menu item ${i}`));
    const menu = headerMenu([...many, more]);
    expect(menu.fit.lg).toBeLessThan(menu.fit.xl);
    expect(menu.fit.xl).toBeLessThan(many.length);
    expect(itemsThatFit(many, MENU_ROW_WIDTHS.xl, false)).toBeGreaterThanOrEqual(menu.fit.xl);
  });

  it("a group's name is a link only when it leads somewhere its items do not", () => {
    expect(groupNameIsLink(more)).toBe(false);
    expect(groupNameIsLink({ ...more, url: "/company" })).toBe(true);
  });
});
