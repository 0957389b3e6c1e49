import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowerModulePreloadPriority } from "./module-preload-priority";

const html =
  '<head><link rel="stylesheet" href="/a.css"/></head><body><p>Café ✓</p>' +
  '<link rel="modulepreload" href="/assets/entry.js"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '<script type="module">import "/assets/entry.js";</script></body>';

async function throughTransform(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowerModulePreloadPriority()));
}

describe("module preloads at low priority", () => {
  it("adds fetchpriority=low to every module preload and changes nothing else", async () => {
    const out = await throughTransform([Buffer.from(html)]);
    expect(out).toBe(
      html.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'),
    );
  });

  it("finds tags and characters cut across chunks at any byte", async () => {
    const bytes = Buffer.from(html);
    const expected = await throughTransform([bytes]);
    for (let size = 1; size <= 40; size++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await throughTransform(chunks), `chunks of ${size} bytes`).toBe(expected);
    }
    expect(expected.match(/fetchpriority="low"/g)).toHaveLength(2);
  });
});
