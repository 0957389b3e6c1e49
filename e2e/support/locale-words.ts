/**
 * The Australian words a US or New Zealand page must not show (domain/locale.ts), found in
 * everything a visitor reads or hears: text, the title, labels, placeholders, options and
 * accessible names. The word sweep (locale-words.spec.ts) and the accessibility sweep of the
 * content pages (content-a11y.spec.ts), which already visits those pages, both read pages with it.
 */
import type { Page } from "@playwright/test";
import { AU_ONLY_WORDS } from "~/domain/locale";
import type { Locale } from "~/domain/site-settings";

/** A market with its own list of words, or null for Australia's. */
export function marketWords(locale: Locale): RegExp | null {
  if (locale === "en-AU") return null;
  const words = AU_ONLY_WORDS[locale];
  return new RegExp(
    `\\b(${words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|")})(?![\\w])`,
    "gi",
  );
}

/** Everything a visitor reads or hears on the page. */
function visibleWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll(
      "[aria-label], [placeholder], [title], img[alt], option, [aria-description]",
    )) {
      for (const name of ["aria-label", "placeholder", "title", "alt", "aria-description"])
        parts.push(el.getAttribute(name) ?? "");
      if (el.tagName === "OPTION") parts.push(el.textContent ?? "");
    }
    return parts.join("\n");
  });
}

/** Each word of the list the page shows, as `where: 'word' in "line"`. */
export async function foreignWords(page: Page, pattern: RegExp, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const line of (await visibleWords(page)).split("\n")) {
    for (const match of line.matchAll(pattern))
      found.push(`${where}: '${match[0]}' in "${line.trim().slice(0, 80)}"`);
  }
  return found;
}
