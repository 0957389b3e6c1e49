import { describe, expect, it } from "vitest";
import {
  groupNameIsLink,
  HEADER_ROW_WIDTHS,
  headerMenu,
  itemsThatFit,
  menuWidths,
  reservedWidth,
} from "./header-menu";

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
    expect(itemsThatFit(many, HEADER_ROW_WIDTHS.xl, false)).toBeGreaterThanOrEqual(menu.fit.xl);
  });

  it("gives the menu what the logo, phone, buttons and garage link leave of the row", () => {
    const classic = {
      logoText: null,
      phone: null,
      actions: ["Value My Car", "Book a Service"],
      garage: true,
      uppercase: false,
    };
    const bold = { ...classic, phone: "07 5555 0100", uppercase: true };
    expect(reservedWidth(bold, "lg")).toBeGreaterThan(reservedWidth(classic, "lg"));
    expect(reservedWidth(classic, "xl")).toBeGreaterThan(reservedWidth(classic, "lg"));
    const widths = menuWidths(classic);
    expect(widths.lg).toBeLessThan(HEADER_ROW_WIDTHS.lg);
    const items = Array.from({ length: 8 }, (_, i) => link(`Menu item ${i}`));
    const alone = headerMenu([...items, more]);
    const shared = headerMenu([...items, more], classic);
    const capitals = headerMenu([...items, more], bold);
    expect(capitals.fit.xl).toBeLessThan(shared.fit.xl);
    expect(shared.fit.lg).toBeLessThan(alone.fit.lg);
    expect(shared.fit.xl).toBeLessThanOrEqual(alone.fit.xl);
  });

  it("a group's name is a link only when it leads somewhere its items do not", () => {
    expect(groupNameIsLink(more)).toBe(false);
    expect(groupNameIsLink({ ...more, url: "/company" })).toBe(true);
  });
});
