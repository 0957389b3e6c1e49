/** Reading a search results page's HTML in HTTP tests (what a crawler or a no-JS visitor gets). */

export type PageOption = { facet: string; value: string; count: number; checked: boolean };

function decodeEntities(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");
}

/** The filter checkboxes (list facets, makes, models) with the count their label shows. */
export function filterOptions(html: string): PageOption[] {
  const options: PageOption[] = [];
  const input = /<input([^>]*type="checkbox"[^>]*)\/?>/g;
  for (let m = input.exec(html); m; m = input.exec(html)) {
    const attrs = m[1] ?? "";
    const facet = /name="([^"]+)"/.exec(attrs)?.[1];
    const value = /value="([^"]*)"/.exec(attrs)?.[1];
    if (!facet || value === undefined) continue;
    // The count is the first number followed by ' vehicles' (read, not shown) after the input.
    const after = html.slice(m.index, m.index + 1500);
    const count = /([\d,]+)<span> vehicles<\/span>/.exec(after)?.[1];
    if (count === undefined) continue;
    options.push({
      facet,
      value: decodeEntities(value),
      count: Number(count.replace(/,/g, "")),
      checked: /\schecked=""/.test(attrs),
    });
  }
  return options;
}

/** The result count of the page's results heading ('123 vehicles'). */
export function resultTotal(html: string): number {
  const heading = /<h2 id="results-heading"[^>]*>([\d,]+) vehicles?/.exec(html)?.[1];
  if (heading === undefined) throw new Error("no results heading");
  return Number(heading.replace(/,/g, ""));
}

export function cardCount(html: string): number {
  return (html.match(/<article /g) ?? []).length;
}

export function canonicalOf(html: string): string | null {
  return /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? null;
}

export function robotsOf(html: string): string | null {
  return /<meta name="robots" content="([^"]+)"/.exec(html)?.[1] ?? null;
}

export function titleOf(html: string): string | null {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  return title === undefined ? null : decodeEntities(title);
}

export function jsonLdBlocks(html: string): unknown[] {
  const blocks: unknown[] = [];
  const script = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;
  for (let m = script.exec(html); m; m = script.exec(html)) blocks.push(JSON.parse(m[1] ?? "null"));
  return blocks;
}

/** Visible text, tags removed (for 'the page says X'). */
export function textOf(html: string): string {
  return decodeEntities(
    html
      .replace(/<script[\s\S]*?<\/script>/g, " ")
      .replace(/<!-- -->/g, "")
      .replace(/<[^>]+>/g, " "),
  ).replace(/\s+/g, " ");
}
