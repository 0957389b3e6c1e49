/**
 * Text rules of the keyword search: tokenizing, normalizing, typo tolerance. They follow
 * Meilisearch's defaults: a word of 5 to 8 letters may have one typo, a word of 9 or more two,
 * a typo on the first letter counts as two, and the last query word also matches as a prefix.
 */

const WORD = /[\p{L}\p{N}]+/gu;
const COMBINING_MARKS = /\p{M}/gu;
/** Only words with characters outside ASCII need Unicode folding. */
function isAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Lowercase, without diacritics: the form words are indexed and compared in. */
export function normalizeWord(word: string): string {
  const lower = word.toLowerCase();
  if (isAscii(lower)) return lower;
  return lower.normalize("NFKD").replace(COMBINING_MARKS, "");
}

/** ASCII letters and digits; other ASCII characters separate words. */
function asciiWordChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** Calls `emit` with each word's span; a fast path for ASCII text, the regex otherwise. */
function eachWord(text: string, emit: (start: number, end: number) => void): void {
  if (!isAscii(text)) {
    for (const match of text.matchAll(WORD)) emit(match.index, match.index + match[0].length);
    return;
  }
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    if (asciiWordChar(text.charCodeAt(i))) {
      if (start < 0) start = i;
    } else if (start >= 0) {
      emit(start, i);
      start = -1;
    }
  }
  if (start >= 0) emit(start, text.length);
}

/** The normalized words of a text, in order. */
export function tokenize(text: string): string[] {
  const out: string[] = [];
  eachWord(text, (start, end) => out.push(normalizeWord(text.slice(start, end))));
  return out;
}

export type TextToken = { start: number; end: number; word: string };

/** Words with their positions in the original text (for highlighting). */
export function tokenizeWithOffsets(text: string): TextToken[] {
  const out: TextToken[] = [];
  eachWord(text, (start, end) =>
    out.push({ start, end, word: normalizeWord(text.slice(start, end)) }),
  );
  return out;
}

/** Typos a query word of this length may have (Meilisearch minWordSizeForTypos 5 / 9). */
export function maxTyposFor(word: string): number {
  const length = [...word].length;
  if (length >= 9) return 2;
  if (length >= 5) return 1;
  return 0;
}

/**
 * Cost of matching query word `q` against indexed word `w`: the restricted Damerau-Levenshtein
 * distance, plus one when the first letters differ (so a first-letter typo costs two). With
 * `prefix`, `w` only has to start with something within that cost of `q`. Returns `max + 1`
 * when the cost exceeds `max`.
 */
export function typoCost(q: string, w: string, max: number, prefix: boolean): number {
  if (q.length === 0) return 0;
  if (w.length === 0) return max + 1;
  if (q.charCodeAt(0) === w.charCodeAt(0)) {
    return editDistance(q, w, 1, max, prefix);
  }
  if (max < 2) return max + 1;
  const d = editDistance(q, w, 0, max - 1, prefix);
  return d > max - 1 ? max + 1 : d + 1;
}

// Reused DP rows (the engine is single-threaded).
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Restricted Damerau-Levenshtein distance between q[from..] and w[from..], capped at max + 1.
 * With `prefix`, the minimum over all prefixes of w[from..].
 */
function editDistance(q: string, w: string, from: number, max: number, prefix: boolean): number {
  const m = q.length - from;
  const n = w.length - from;
  if (!prefix && Math.abs(m - n) > max) return max + 1;
  if (m + 1 > rowA.length) {
    rowA = new Int32Array(m * 2 + 2);
    rowB = new Int32Array(m * 2 + 2);
    rowC = new Int32Array(m * 2 + 2);
  }
  // prev2 = row j-2, prev = row j-1, cur = row j; rows index i over q (0..m).
  let prev2 = rowA;
  let prev = rowB;
  let cur = rowC;
  for (let i = 0; i <= m; i++) prev[i] = i;
  let best = prefix ? prev[m]! : max + 1;
  const limit = prefix ? Math.min(n, m + max) : n;
  for (let j = 1; j <= limit; j++) {
    const wc = w.charCodeAt(from + j - 1);
    cur[0] = j;
    let rowMin = j;
    for (let i = 1; i <= m; i++) {
      const qc = q.charCodeAt(from + i - 1);
      const substitution = prev[i - 1]! + (qc === wc ? 0 : 1);
      const deletion = prev[i]! + 1;
      const insertion = cur[i - 1]! + 1;
      let value = substitution < deletion ? substitution : deletion;
      if (insertion < value) value = insertion;
      if (
        i > 1 &&
        j > 1 &&
        qc === w.charCodeAt(from + j - 2) &&
        q.charCodeAt(from + i - 2) === wc
      ) {
        const transposition = prev2[i - 2]! + 1;
        if (transposition < value) value = transposition;
      }
      cur[i] = value;
      if (value < rowMin) rowMin = value;
    }
    if (prefix && cur[m]! < best) best = cur[m]!;
    if (rowMin > max) return prefix ? Math.min(best, max + 1) : max + 1;
    const t = prev2;
    prev2 = prev;
    prev = cur;
    cur = t;
  }
  const result = prefix ? best : prev[m]!;
  return result > max ? max + 1 : result;
}

export type QueryTerm = {
  /** Normalized words; more than one only for a quoted phrase. */
  words: string[];
  /** A quoted phrase: exact words, in order, no typo, no prefix. */
  phrase: boolean;
  /** The last word of the query (not followed by a space): also matches as a prefix. */
  prefix: boolean;
};

/** Meilisearch searches at most this many query words. */
export const MAX_QUERY_TERMS = 10;

/**
 * Splits `q` into terms: quoted phrases and single words. The last word is a prefix unless the
 * query ends with a separator.
 */
export function parseQueryTerms(q: string): QueryTerm[] {
  const terms: QueryTerm[] = [];
  let i = 0;
  while (i < q.length && terms.length < MAX_QUERY_TERMS) {
    const quote = q.indexOf('"', i);
    const plainEnd = quote === -1 ? q.length : quote;
    for (const word of tokenize(q.slice(i, plainEnd))) {
      if (terms.length >= MAX_QUERY_TERMS) break;
      terms.push({ words: [word], phrase: false, prefix: false });
    }
    if (quote === -1) {
      i = q.length;
      break;
    }
    const close = q.indexOf('"', quote + 1);
    const phraseEnd = close === -1 ? q.length : close;
    const words = tokenize(q.slice(quote + 1, phraseEnd));
    if (words.length > 0 && terms.length < MAX_QUERY_TERMS) {
      terms.push({ words, phrase: true, prefix: false });
    }
    i = phraseEnd + 1;
  }
  const last = terms[terms.length - 1];
  if (last && !last.phrase) {
    const endsWithWordChar = /[\p{L}\p{N}]$/u.test(q);
    last.prefix = endsWithWordChar;
  }
  return terms;
}
