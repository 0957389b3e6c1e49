import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { holdRouteCodeUntilPainted } from "./route-code-after-paint";

const html =
  '<head><link rel="stylesheet" href="/a.css"/><link rel="modulepreload" href="/assets/entry.js" nonce="n0"/>' +
  '<link rel="modulepreload" href="/assets/root.js" nonce="n0"/></head><body><p>Café ✓ </p>' +
  '<script nonce="n0">window.__context = {"a":"</head>"};</script>' +
  '<script nonce="n0" type="module" async="">import "/assets/entry.js";</script></body>';

async function throughTransform(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(holdRouteCodeUntilPainted("n0")));
}

/** Writes the chunks as React does when each is all it has ready: a write, then `flush()`. */
async function flushedOneByOne(chunks: Buffer[]): Promise<string> {
  const stream = holdRouteCodeUntilPainted("n0");
  const out = text(stream);
  for (const chunk of chunks) {
    stream.write(chunk);
    stream.flush();
  }
  stream.end();
  return out;
}

describe("route code held until the page is painted", () => {
  it("holds the preloads and the module script and starts them from the head", async () => {
    const out = await throughTransform([Buffer.from(html)]);
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out.match(/<link data-held-rel="modulepreload" href="\/assets\/\w+\.js"/g)).toHaveLength(
      2,
    );
    expect(out).toContain(
      '<script nonce="n0" type="text/x-held-module" async="">import "/assets/entry.js";</script>',
    );
    expect(out).not.toContain(' type="module" async=""');
    // One starting script, with the render's nonce, just before the head ends; later text that
    // looks like the end of the head is left alone.
    expect(out.match(/<script nonce="n0">\(\(\)=>/g)).toHaveLength(1);
    expect(out).toMatch(/<script nonce="n0">\(\(\)=>[^<]*<\/script><\/head><body>/);
    expect(out).toContain('{"a":"</head>"}');
    expect(out).toContain("<p>Café ✓ </p>");
  });

  it("finds tags and characters cut across chunks at any byte", async () => {
    const bytes = Buffer.from(html);
    const expected = await throughTransform([bytes]);
    for (let size = 1; size <= 48; size++) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      expect(await throughTransform(chunks), `chunks of ${size} bytes`).toBe(expected);
      expect(await flushedOneByOne(chunks), `flushes of ${size} bytes`).toBe(expected);
    }
  });

  it("sends what was written as one chunk when the writer flushes, and keeps nothing back", () => {
    const stream = holdRouteCodeUntilPainted("n0");
    const sent: string[] = [];
    stream.on("data", (chunk: Buffer) => sent.push(chunk.toString()));
    stream.write(Buffer.from("<body><p>One</p>"));
    stream.write(Buffer.from('<link rel="modulepreload" href="/a.js"/>'));
    expect(sent).toEqual([]);
    stream.flush();
    expect(sent).toEqual(['<body><p>One</p><link data-held-rel="modulepreload" href="/a.js"/>']);
    stream.write(Buffer.from("<p>Two</p><"));
    stream.flush();
    // A "<" at the end could start a tag: it waits for the next flush.
    expect(sent.slice(1)).toEqual(["<p>Two</p>"]);
  });

  it("passes a document without route code through unchanged", async () => {
    const plain = "<html><body><p>No head, no scripts.</p></body></html>";
    expect(await throughTransform([Buffer.from(plain)])).toBe(plain);
  });
});
