/** What a browser would post from a page's forms, read from the rendered HTML. */
const decode = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, "&");
const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

/** The fields a page's forms send as rendered (as a browser would post them, first form wins). */
export function formFields(html: string): Map<string, string> {
  const fields = new Map<string, string>();
  const put = (name: string | null, value: string) => {
    if (name && !fields.has(name)) fields.set(name, decode(value));
  };
  for (const m of html.matchAll(
    /<input\b[^>]*>|<select\b[^>]*>[\s\S]*?<\/select>|<textarea\b[^>]*>([\s\S]*?)<\/textarea>/g,
  )) {
    const tag = m[0];
    if (tag.startsWith("<input")) {
      const type = attr(tag, "type") ?? "text";
      if (type === "submit" || type === "button" || type === "file") continue;
      if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|>|\/)/.test(tag)) continue;
      put(attr(tag, "name"), attr(tag, "value") ?? (type === "checkbox" ? "on" : ""));
    } else if (tag.startsWith("<select")) {
      const options = [...tag.matchAll(/<option\b[^>]*>/g)].map((o) => o[0]);
      const chosen = options.find((o) => /\sselected(=|\s|>)/.test(o)) ?? options[0];
      put(attr(tag, "name"), chosen ? (attr(chosen, "value") ?? "") : "");
    } else {
      put(attr(tag, "name"), m[1] ?? "");
    }
  }
  return fields;
}
