/**
 * What the foot of a phone screen may hide (decision 060): every control of the page, scrolled
 * to as the browser scrolls to it (its bottom edge at the bottom of what the page shows, as a
 * swipe down to it or Tab does), must be the element found at its centre, never the chat launcher
 * or the vehicle page's action bar.
 */
import type { Page } from "@playwright/test";

/** Controls that something fixed at the screen's foot covers, with what covers them. */
export async function controlsCoveredAtFoot(
  page: Page,
  /** The fixed things at the foot: their own controls are not checked against themselves. */
  footSelector = ".chat-launcher, .vehicle-action-bar",
): Promise<{ checked: number; covered: string[] }> {
  return page.evaluate((foot) => {
    const feet = [...document.querySelectorAll<HTMLElement>(foot)];
    const controls = [
      ...document.querySelectorAll<HTMLElement>(
        "a[href], button, input:not([type=hidden]), select, textarea, summary",
      ),
    ].filter(
      (el) =>
        !feet.some((f) => f.contains(el)) &&
        !el.closest("dialog, header") &&
        el.checkVisibility({ visibilityProperty: true, opacityProperty: true }),
    );
    const describe = (el: Element) =>
      `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || el.getAttribute("name") || "").trim().slice(0, 40)}"`;
    const covered: string[] = [];
    let checked = 0;
    for (const el of controls) {
      el.scrollIntoView({ block: "end", inline: "nearest", behavior: "instant" });
      const box = el.getBoundingClientRect();
      // Too small to tap (a skip link's 1 px box), or off to the side in a carousel's track.
      if (box.width < 8 || box.height < 8) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || x > window.innerWidth || y < 0 || y > window.innerHeight) continue;
      checked += 1;
      const hit = document.elementFromPoint(x, y);
      const overlaps = (part: Element) => {
        const r = part.getBoundingClientRect();
        // Scrolling lands on whole device pixels: a quarter pixel's touch is rounding, not cover.
        return (
          r.width > 0 &&
          r.height > 0 &&
          r.left < box.right - 1 &&
          r.right > box.left + 1 &&
          r.top < box.bottom - 1 &&
          r.bottom > box.top + 1
        );
      };
      const coveredBy = feet.find(
        (f) =>
          (hit && f.contains(hit)) || overlaps(f) || [...f.querySelectorAll("*")].some(overlaps),
      );
      if (coveredBy) covered.push(`${describe(el)} under ${coveredBy.className.split(" ")[0]}`);
    }
    return { checked, covered };
  }, footSelector);
}
