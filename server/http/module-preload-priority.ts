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
import { StringDecoder } from "node:string_decoder";

const TAG = '<link rel="modulepreload"';
const LOW = `${TAG} fetchpriority="low"`;

/** A pass-through stream of HTML that lowers the fetch priority of every module preload tag. */
export function lowerModulePreloadPriority(): Transform {
  const decoder = new StringDecoder("utf8");
  // The end of the previous chunk when it could be the start of a tag cut in two.
  let carry = "";
  const rewrite = (text: string) => text.replaceAll(TAG, LOW);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = carry + decoder.write(chunk);
      const cut = unfinishedTagStart(text);
      carry = text.slice(cut);
      done(null, rewrite(text.slice(0, cut)));
    },
    flush(done) {
      done(null, rewrite(carry + decoder.end()));
    },
  });
}

/** Where a prefix of TAG begins at the very end of `text` (text.length when none does). */
function unfinishedTagStart(text: string): number {
  const from = Math.max(0, text.length - TAG.length + 1);
  for (let i = text.indexOf("<", from); i !== -1; i = text.indexOf("<", i + 1)) {
    if (TAG.startsWith(text.slice(i))) return i;
  }
  return text.length;
}
