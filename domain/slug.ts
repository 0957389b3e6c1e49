/**
 * How a name becomes part of an address: one rule for makes, models, vehicles, locations, lead
 * categories and offers, so the same name always gives the same slug wherever it is made.
 */

/**
 * Lower case, letters and digits joined by single hyphens; accents dropped and "&" read as
 * "and": 'Lynk & Co' -> 'lynk-and-co', 'Café Motors' -> 'cafe-motors'. Empty when nothing is left.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replaceAll("&", " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
