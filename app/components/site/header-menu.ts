/**
 * The header on one row (docs/product/sites-and-settings.md, "Navigation"): logo, menu, phone and
 * actions share the row; the menu items that fit stay in it, the rest move into the 'More'
 * dropdown. Which items fit is decided on the server from the lengths of the labels and of what
 * else is in the row, so the row is right in the first paint and without JavaScript; the
 * estimate errs wide (uppercase, letter-spaced labels of the bold template). In the browser the
 * header measures the row and moves a further item into 'More' if the estimate was short.
 */
import type { NavigationItem } from "~/domain/site-settings";

/**
 * The header row's narrowest width from each desktop breakpoint (app.css: lg 992 px, xl 1200 px):
 * the screen less the row's padding.
 */
export const HEADER_ROW_WIDTHS = { lg: 992 - 32, xl: 1200 - 32 } as const;

/** What shares the row with the menu (the logo, the phone number, the buttons, the garage link). */
export type HeaderRowParts = {
  /** The site's name when it shows as text; null for a logo image (at most 160 px wide). */
  logoText: string | null;
  /** The phone number when the row carries it (templates without a top bar). */
  phone: string | null;
  /** The action buttons' labels. */
  actions: readonly string[];
  garage: boolean;
  /** Uppercase, bold buttons (the bold template). */
  uppercase: boolean;
};

const GAP = 16;
const LOGO_IMAGE_WIDTH = 160;
/** A text logo wraps onto two lines past this width (max-w-48). */
const LOGO_TEXT_MAX = 192;
const BUTTON_PADDING = 32;

/** The width the row's other parts take from the menu at a breakpoint, gaps included. */
export function reservedWidth(parts: HeaderRowParts, breakpoint: "lg" | "xl"): number {
  const buttonChar = parts.uppercase ? 10 : 8.5;
  let width = parts.logoText
    ? Math.min(parts.logoText.length * 12, LOGO_TEXT_MAX)
    : LOGO_IMAGE_WIDTH;
  width += GAP;
  // 'Call ' shows before the number from xl.
  if (parts.phone) width += (parts.phone.length + (breakpoint === "xl" ? 5 : 0)) * 8.5 + GAP;
  for (const label of parts.actions) width += label.length * buttonChar + BUTTON_PADDING + 8;
  // The garage link: heart and count, and 'My garage' from xl.
  if (parts.garage) width += GAP + (breakpoint === "xl" ? 130 : 60);
  return Math.ceil(width + GAP);
}

/** The item that collects what does not fit; the product's header ends with it. */
export const MORE_ITEM_NAME = "More";

/** A label's letters: the classic template's menu font, the bold template's letter-spaced capitals. */
const CHAR_WIDTH = { plain: 8.5, uppercase: 11.5 } as const;
const ITEM_PADDING = 24;
const DROPDOWN_ARROW = 24;

export function estimatedItemWidth(item: NavigationItem, uppercase = false): number {
  const char = uppercase ? CHAR_WIDTH.uppercase : CHAR_WIDTH.plain;
  return item.name.length * char + ITEM_PADDING + (item.dropdownItems?.length ? DROPDOWN_ARROW : 0);
}

/**
 * How many of `items` fit in a row `width` wide, with room for 'More' when some do not (or when
 * the row always ends with it).
 */
export function itemsThatFit(
  items: readonly NavigationItem[],
  width: number,
  endsWithMore: boolean,
  uppercase = false,
): number {
  const moreWidth = estimatedItemWidth(
    { name: MORE_ITEM_NAME, url: "", dropdownItems: items.slice(0, 1) },
    uppercase,
  );
  const total = items.reduce((sum, item) => sum + estimatedItemWidth(item, uppercase), 0);
  if (total <= width - (endsWithMore ? moreWidth : 0)) return items.length;
  let used = moreWidth;
  let count = 0;
  for (const item of items) {
    used += estimatedItemWidth(item, uppercase);
    if (used > width) break;
    count++;
  }
  return count;
}

export type HeaderMenu = {
  /** The items before 'More', in order. */
  items: readonly NavigationItem[];
  /** How many of `items` the row holds from the lg and from the xl breakpoint. */
  fit: { lg: number; xl: number };
  /** The site's own 'More' dropdown items, after whatever overflows. */
  more: readonly NavigationItem[];
  /** Where the 'More' item itself leads (the site's own, else none). */
  moreUrl: string | null;
};

/** The menu's width at each desktop breakpoint: the row less what else it holds. */
export function menuWidths(parts: HeaderRowParts): { lg: number; xl: number } {
  return {
    lg: HEADER_ROW_WIDTHS.lg - reservedWidth(parts, "lg"),
    xl: HEADER_ROW_WIDTHS.xl - reservedWidth(parts, "xl"),
  };
}

/** The menu's items and where they fit; `row`: what shares the row with it (else nothing). */
export function headerMenu(header: readonly NavigationItem[], row?: HeaderRowParts): HeaderMenu {
  const widths = row ? menuWidths(row) : HEADER_ROW_WIDTHS;
  const uppercase = row?.uppercase ?? false;
  const moreIndex = header.findIndex(
    (item) => item.name === MORE_ITEM_NAME && (item.dropdownItems?.length ?? 0) > 0,
  );
  const more = moreIndex === -1 ? null : header[moreIndex]!;
  const items = header.filter((_, i) => i !== moreIndex);
  return {
    items,
    fit: {
      lg: itemsThatFit(items, widths.lg, more !== null, uppercase),
      xl: itemsThatFit(items, widths.xl, more !== null, uppercase),
    },
    more: more?.dropdownItems ?? [],
    moreUrl: more?.url ?? null,
  };
}

/** The links of a group that lead somewhere its name does not already lead (no twice-listed page). */
export function groupNameIsLink(item: NavigationItem): boolean {
  return !(item.dropdownItems ?? []).some((child) => child.url === item.url);
}
