/**
 * The page's route code, held until what the shopper sees first has been painted (decision 046).
 *
 * React Router's `<Scripts />` lists some thirty route modules as `<link rel="modulepreload">`
 * tags in the head and starts them with an inline module script at the end of the body. On a
 * slow connection those scripts (about 150 KB gzip) share the first round trips with the
 * stylesheet and the page's main photo, and Lighthouse's estimate of the largest paint counts
 * every request that finished before it, whatever its priority. The page does not need its code
 * to be read or used (links navigate, forms post), so the code comes after the paint:
 *
 * - the preload tags go out as `data-held-rel="modulepreload"`, which a browser does not fetch;
 * - the module script goes out with a type a browser does not run;
 * - a small script at the end of the head turns both back once the page's priority photos (the
 *   first view's: `fetchpriority="high"`) are decoded and the next frame is painted, at the
 *   shopper's first touch, click, key press or focus if that comes sooner, and at most
 *   HOLD_LIMIT_MS after the document was read. Photos further down do not hold it.
 *
 * React Router renders these tags itself and takes no attribute for them, so the document stream
 * rewrites them as it passes. Hydration finds the same tags as the server rendered them: the
 * script puts a running module script where the held one was, and the head may hold a script
 * React did not render (React skips those in the head).
 */
import { Transform } from "node:stream";

/** The longest the route code waits for the first view's photos, after the document was read. */
export const HOLD_LIMIT_MS = 3_000;
const HELD_REL = "data-held-rel";
const HELD_TYPE = "text/x-held-module";

/** Starts the held route code; plain ES2017, run before any of the page's own code. */
function startScript(nonce: string): string {
  return `<script nonce="${nonce}">(()=>{let s=0;const go=()=>{if(s)return;if(document.readyState==="loading"){document.addEventListener("DOMContentLoaded",go);return}s=1;for(const l of document.querySelectorAll("link[${HELD_REL}]")){l.rel=l.getAttribute("${HELD_REL}");l.removeAttribute("${HELD_REL}")}for(const h of document.querySelectorAll('script[type="${HELD_TYPE}"]')){const m=document.createElement("script");m.type="module";m.async=true;m.nonce=h.nonce;m.textContent=h.textContent;h.replaceWith(m)}};const painted=()=>requestAnimationFrame(()=>setTimeout(go));document.addEventListener("DOMContentLoaded",()=>{Promise.all([...document.querySelectorAll("img[fetchpriority=high]")].map(i=>i.decode().catch(()=>0))).then(painted);setTimeout(go,${HOLD_LIMIT_MS})});for(const t of ["pointerdown","keydown","focusin","touchstart"])addEventListener(t,go,{capture:true,passive:true,once:true})})()</script>`;
}

type Replacement = { from: Buffer; to: Buffer; once: boolean };

/** The rewrites of one document: the nonce is the render's (decision 018). */
function replacements(nonce: string): Replacement[] {
  const rewrite = (from: string, to: string, once = false) => ({
    from: Buffer.from(from),
    to: Buffer.from(to),
    once,
  });
  return [
    rewrite('<link rel="modulepreload"', `<link ${HELD_REL}="modulepreload"`),
    rewrite(' type="module" async=""', ` type="${HELD_TYPE}" async=""`),
    rewrite("</head>", `${startScript(nonce)}</head>`, true),
  ];
}

/**
 * A pass-through stream of HTML that holds the route code until after the first paint.
 *
 * React writes a document in 4 KB pieces, some forty for a results page, and calls the stream's
 * `flush()` when it has written all it has ready (the shell, then each boundary that resolves
 * later). The pieces are kept until then and sent on as one chunk (decision 045): the response
 * sees one write per flush instead of one per piece, every flush still leaves at once, and tags
 * are searched in one buffer. A writer that never calls `flush()` gets the whole document at its
 * end.
 */
export function holdRouteCodeUntilPainted(nonce: string): Transform & { flush(): void } {
  const searched = replacements(nonce);
  // The end of the previous flush when it could be the start of a tag cut in two. The tags are
  // ASCII, so bytes are cut and searched without decoding them: a multi-byte character's bytes
  // are never ASCII.
  let carry: Buffer | null = null;
  let pending: Buffer[] = [];
  /** The pieces written since the last flush, with the carry before them, as one buffer. */
  const take = (): Buffer | null => {
    const pieces = carry ? [carry, ...pending] : pending;
    pending = [];
    carry = null;
    if (pieces.length === 0) return null;
    return pieces.length === 1 ? pieces[0]! : Buffer.concat(pieces);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      pending.push(chunk);
      done();
    },
    flush(done) {
      const bytes = take();
      done(null, bytes && rewritten(bytes, searched));
    },
  });
  return Object.assign(stream, {
    flush() {
      if (pending.length === 0) return;
      const bytes = take()!;
      const cut = unfinishedMatchStart(bytes, searched);
      carry = cut < bytes.length ? bytes.subarray(cut) : null;
      if (cut > 0) stream.push(rewritten(bytes.subarray(0, cut), searched));
    },
  });
}

/**
 * The bytes with every replacement made (the same buffer when none applies). Each tag's next
 * place is searched once and again only after that tag was replaced: the buffer is read about
 * once per tag, however many tags it holds.
 */
function rewritten(bytes: Buffer, pending: Replacement[]): Buffer {
  const parts: Buffer[] = [];
  const next = pending.map((r) => bytes.indexOf(r.from));
  let from = 0;
  for (;;) {
    let k = -1;
    for (let i = 0; i < next.length; i++) {
      if (next[i] !== -1 && (k === -1 || next[i]! < next[k]!)) k = i;
    }
    if (k === -1) break;
    const found = pending[k]!;
    const at = next[k]!;
    parts.push(bytes.subarray(from, at), found.to);
    from = at + found.from.length;
    if (found.once) {
      pending.splice(k, 1);
      next.splice(k, 1);
    } else {
      next[k] = bytes.indexOf(found.from, from);
    }
    // A tag found inside the one just replaced (none of these overlap, but stay exact).
    for (let i = 0; i < next.length; i++) {
      if (next[i] !== -1 && next[i]! < from) next[i] = bytes.indexOf(pending[i]!.from, from);
    }
  }
  if (from === 0) return bytes;
  parts.push(bytes.subarray(from));
  return Buffer.concat(parts);
}

/** Where a proper prefix of a searched tag begins at the very end of `bytes` (else its length). */
function unfinishedMatchStart(bytes: Buffer, pending: Replacement[]): number {
  let earliest = bytes.length;
  for (const { from } of pending) {
    for (let i = Math.max(0, bytes.length - from.length + 1); i < earliest; i++) {
      if (endsWithStartOf(bytes, i, from)) {
        earliest = i;
        break;
      }
    }
  }
  return earliest;
}

/** Whether `bytes` from `at` to its end are the first bytes of `tag` (compared in place). */
function endsWithStartOf(bytes: Buffer, at: number, tag: Buffer): boolean {
  for (let i = at; i < bytes.length; i++) if (bytes[i] !== tag[i - at]) return false;
  return true;
}
