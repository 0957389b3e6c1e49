/**
 * The header menu on one row (docs/product/sites-and-settings.md, "Navigation"): the items that
 * fit stay in the row, the rest move into the 'More' dropdown. Which items fit is decided on the
 * server from the labels' lengths, so the row is right in the first paint and without
 * JavaScript; the estimate errs wide (uppercase, letter-spaced labels of the bold template).
 */
import type { NavigationItem } from "~/domain/site-settings";

/** The menu row's width at each desktop breakpoint: the screen (or the 80rem container) less padding. */
export const MENU_ROW_WIDTHS = { lg: 1024 - 32, xl: 1280 - 32 } as const;

/** The item that collects what does not fit; the product's header ends with it. */
export const MORE_ITEM_NAME = "More";

const CHAR_WIDTH = 10;
const ITEM_PADDING = 24;
const DROPDOWN_ARROW = 20;
const MORE_WIDTH = 4 * CHAR_WIDTH + ITEM_PADDING + DROPDOWN_ARROW;

export function estimatedItemWidth(item: NavigationItem): number {
  return (
    item.name.length * CHAR_WIDTH + ITEM_PADDING + (item.dropdownItems?.length ? DROPDOWN_ARROW : 0)
  );
}

/**
 * How many of `items` fit in a row `width` wide, with room for 'More' when some do not (or when
 * the row always ends with it).
 */
export function itemsThatFit(
  items: readonly NavigationItem[],
  width: number,
  endsWithMore: boolean,
): number {
  const total = items.reduce((sum, item) => sum + estimatedItemWidth(item), 0);
  if (total <= width - (endsWithMore ? MORE_WIDTH : 0)) return items.length;
  let used = MORE_WIDTH;
  let count = 0;
  for (const item of items) {
    used += estimatedItemWidth(item);
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

export function headerMenu(header: readonly NavigationItem[]): HeaderMenu {
  const moreIndex = header.findIndex(
    (item) => item.name === MORE_ITEM_NAME && (item.dropdownItems?.length ?? 0) > 0,
  );
  const more = moreIndex === -1 ? null : header[moreIndex]!;
  const items = header.filter((_, i) => i !== moreIndex);
  return {
    items,
    fit: {
      lg: itemsThatFit(items, MENU_ROW_WIDTHS.lg, more !== null),
      xl: itemsThatFit(items, MENU_ROW_WIDTHS.xl, more !== null),
    },
    more: more?.dropdownItems ?? [],
    moreUrl: more?.url ?? null,
  };
}

/** The links of a group that lead somewhere its name does not already lead (no twice-listed page). */
export function groupNameIsLink(item: NavigationItem): boolean {
  return !(item.dropdownItems ?? []).some((child) => child.url === item.url);
}
