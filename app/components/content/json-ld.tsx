/** A JSON-LD block; `json` is already serialised safely by the loader (server/content/json-ld.ts). */
export function JsonLd({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
