/**
 * The route modules' `<link rel="modulepreload">` tags, asked for at low priority.
 *
 * A page lists some forty modules to preload. At the browser's default (high) priority they
 * compete with the stylesheet and the page's main photo on a slow connection, and Lighthouse
 * counts every high-priority script that finished before the first paint as blocking that paint,
 * although a module preload never blocks rendering. The page is usable before its code arrives
 * (links navigate, forms post), so the code comes after what the shopper sees first.
 * React Router renders these tags without a way to pass attributes, so the document stream adds
 * `fetchpriority="low"` to them as it passes (decision 042).
 */
import { Transform } from "node:stream";

const TAG = Buffer.from('<link rel="modulepreload"');
const LOW = Buffer.from(' fetchpriority="low"');
const TAG_START = TAG[0]!;

/** A pass-through stream of HTML that lowers the fetch priority of every module preload tag. */
export function lowerModulePreloadPriority(): Transform {
  // The end of the previous chunk when it could be the start of a tag cut in two. The tag is
  // ASCII and starts with "<", which is never part of a multi-byte character, so bytes are cut
  // and searched without decoding them.
  let carry: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const bytes = carry ? Buffer.concat([carry, chunk]) : chunk;
      const cut = unfinishedTagStart(bytes);
      carry = cut < bytes.length ? bytes.subarray(cut) : null;
      done(null, withLowPriority(bytes.subarray(0, cut)));
    },
    flush(done) {
      done(null, carry ? withLowPriority(carry) : null);
    },
  });
}

/** The bytes with the low-priority attribute after each tag (the same buffer when none). */
function withLowPriority(bytes: Buffer): Buffer {
  let at = bytes.indexOf(TAG);
  if (at === -1) return bytes;
  const parts: Buffer[] = [];
  let from = 0;
  for (; at !== -1; at = bytes.indexOf(TAG, at + TAG.length)) {
    parts.push(bytes.subarray(from, at + TAG.length), LOW);
    from = at + TAG.length;
  }
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/** Where a prefix of TAG begins at the very end of `bytes` (bytes.length when none does). */
function unfinishedTagStart(bytes: Buffer): number {
  const from = Math.max(0, bytes.length - TAG.length + 1);
  for (let i = bytes.indexOf(TAG_START, from); i !== -1; i = bytes.indexOf(TAG_START, i + 1)) {
    if (TAG.subarray(0, bytes.length - i).equals(bytes.subarray(i))) return i;
  }
  return bytes.length;
}
