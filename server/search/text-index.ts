/**
 * The keyword side of a collection: a vocabulary of every indexed word and, per document, its
 * words in order (with the searchable attribute each came from). A query word is expanded once
 * into the vocabulary words it matches (exactly, as a prefix, or with typos); documents are then
 * scanned against those marks.
 */
import { propertyReader } from "./columns";
import { maxTyposFor, tokenize, typoCost, type QueryTerm } from "./text";

/** Match codes, best first: exact word, prefix of a word, one typo, two typos. */
export const MATCH_EXACT = 1;
export const MATCH_PREFIX = 2;
export const NO_MATCH = 7;

export function typosOf(code: number): number {
  return code <= MATCH_PREFIX ? 0 : code - MATCH_PREFIX;
}

type Derivation = { scannedTo: number; matches: number[] /* pairs: wordId, code */ };

const DERIVATION_CACHE_LIMIT = 4096;
const TEXT_CACHE_LIMIT = 100_000;
/** Ends an identifier text: a marker character, then the attribute's index as a character. */
export const IDENTIFIER_END: readonly string[] = Array.from(
  { length: 32 },
  (_, i) => `\u0000${String.fromCharCode(i)}`,
);

/**
 * A token is `wordId << ATTR_BITS | attributeIndex`, with TEXT_START set on the first word of
 * each text (a phrase never spans two texts). The word id is `(token >>> ATTR_BITS) & WORD_ID`.
 */
export const ATTR_BITS = 5;
export const MAX_SEARCHABLE_ATTRIBUTES = 1 << ATTR_BITS;
export const TEXT_START = 1 << 31;
export const WORD_ID = (1 << (31 - ATTR_BITS)) - 1;

export class TextIndex {
  private readonly vocab = new Map<string, number>();
  readonly words: string[] = [];
  private readonly byFirst = new Map<number, number[]>();
  /**
   * Every document's tokens in one array (see TEXT_START): document `slot` owns
   * `pool[start[slot] .. start[slot] + length[slot]]`. Replaced documents leave garbage that is
   * compacted when it outweighs the live tokens.
   */
  pool = new Int32Array(1 << 16);
  start = new Int32Array(1024);
  length = new Int32Array(1024);
  private used = 0;
  private garbage = 0;
  private scratch = new Int32Array(256);
  private scratchUsed = 0;
  /** Per vocabulary word: which query terms it matches, 3 bits per term (see `mark`). */
  marks = new Uint32Array(1024);
  /**
   * Per attribute, text -> word ids, for the many repeated values (makes, models, colours...);
   * turned off for attributes whose texts are mostly unique (VINs, stock numbers).
   */
  private readonly textCaches: (Map<string, Int32Array> | null)[];
  private readonly cacheLookups: Int32Array;
  private readonly numberWords = new Map<number, Int32Array>();
  private readonly readers: ((doc: Record<string, unknown>) => unknown)[];
  private readonly paths: (readonly string[])[];
  private readonly textScratch: string[] = [];
  private readonly identifierScratch: string[] = [];
  private readonly cacheMisses: Int32Array;
  private readonly derivations = new Map<string, Derivation>();

  /**
   * Identifier attributes (typos off: stock numbers, VINs) skip the vocabulary: their words are
   * nearly all unique, would make up most of it, and only ever match exactly or as a prefix. Each
   * document keeps them as strings, texts ended by a marker naming the attribute, in one array
   * for all documents as the tokens are (an array per document cost 140 bytes for 4 words):
   * document `slot` owns `identifiers[identifierStart[slot] .. + identifierLength[slot]]`.
   */
  private identifiers: (string | undefined)[] = [];
  private identifierStart = new Int32Array(1024);
  private identifierLength = new Int32Array(1024);
  private identifierGarbage = 0;
  private readonly isIdentifier: Uint8Array;

  /**
   * `identifierWord`: the copy of an identifier word to keep (the collection hands back the
   * equal string its filter column already holds, so a VIN is kept once, not twice).
   */
  constructor(
    readonly attributes: readonly string[],
    private readonly synonyms: Readonly<Record<string, readonly string[]>>,
    identifierAttributes: readonly string[] = [],
    private readonly identifierWord: (attribute: string, word: string) => string = (_, w) => w,
  ) {
    if (attributes.length > MAX_SEARCHABLE_ATTRIBUTES) {
      throw new Error(`At most ${MAX_SEARCHABLE_ATTRIBUTES} searchable attributes are supported.`);
    }
    this.isIdentifier = Uint8Array.from(attributes, (a) =>
      identifierAttributes.includes(a) ? 1 : 0,
    );
    this.textCaches = attributes.map(() => new Map());
    this.readers = attributes.map(propertyReader);
    this.paths = attributes.map((a) => a.split("."));
    this.cacheLookups = new Int32Array(attributes.length);
    this.cacheMisses = new Int32Array(attributes.length);
  }

  wordId(word: string): number {
    return this.vocab.get(word) ?? -1;
  }

  private intern(word: string): number {
    let id = this.vocab.get(word);
    if (id === undefined) {
      id = this.words.length;
      if (id > WORD_ID) throw new Error(`At most ${WORD_ID + 1} distinct words are supported.`);
      this.vocab.set(word, id);
      this.words.push(word);
      const first = word.charCodeAt(0);
      let bucket = this.byFirst.get(first);
      if (!bucket) {
        bucket = [];
        this.byFirst.set(first, bucket);
      }
      bucket.push(id);
    }
    return id;
  }

  /** The word ids of a text, cached for attributes whose texts repeat. */
  private wordsOf(text: string, attrIndex: number): Int32Array | null {
    const cache = this.textCaches[attrIndex]!;
    if (cache === null) return null;
    let ids = cache.get(text);
    if (this.cacheLookups[attrIndex]! < 4096) this.cacheLookups[attrIndex]!++;
    if (ids === undefined) {
      const misses = ++this.cacheMisses[attrIndex]!;
      if (this.cacheLookups[attrIndex]! >= 4096 && misses * 2 > this.cacheLookups[attrIndex]!) {
        this.textCaches[attrIndex] = null;
        return null;
      }
      ids = Int32Array.from(tokenize(text), (w) => this.intern(w));
      if (cache.size >= TEXT_CACHE_LIMIT) cache.clear();
      cache.set(text, ids);
    }
    return ids;
  }

  private ensurePool(extra: number): void {
    if (this.used + extra <= this.pool.length) return;
    if (this.garbage * 2 > this.used) this.compact();
    if (this.used + extra <= this.pool.length) return;
    this.resizePool(Math.max(this.pool.length * 2, this.used + extra));
  }

  private resizePool(size: number): void {
    const pool = new Int32Array(size);
    pool.set(this.pool.subarray(0, this.used));
    this.pool = pool;
  }

  /** Tokens held by live and replaced documents. */
  get tokensUsed(): number {
    return this.used;
  }

  private compact(): void {
    const pool = new Int32Array(this.pool.length);
    let used = 0;
    for (let slot = 0; slot < this.start.length; slot++) {
      const n = this.length[slot]!;
      if (n === 0) continue;
      pool.set(this.pool.subarray(this.start[slot]!, this.start[slot]! + n), used);
      this.start[slot] = used;
      used += n;
    }
    this.pool = pool;
    this.used = used;
    this.garbage = 0;
  }

  private growSlots(slot: number): void {
    if (slot < this.start.length) return;
    const size = Math.max(this.start.length * 2, slot + 1);
    const start = new Int32Array(size);
    start.set(this.start);
    this.start = start;
    const length = new Int32Array(size);
    length.set(this.length);
    this.length = length;
    const identifierStart = new Int32Array(size);
    identifierStart.set(this.identifierStart);
    this.identifierStart = identifierStart;
    const identifierLength = new Int32Array(size);
    identifierLength.set(this.identifierLength);
    this.identifierLength = identifierLength;
  }

  /**
   * Preallocates slots for `documents` documents and token room for `documents` more documents
   * of about `tokensEach` tokens.
   */
  reserve(documents: number, tokensEach = 48): void {
    this.growSlots(documents);
    const size = this.used + documents * tokensEach;
    if (size > this.pool.length) this.resizePool(size);
  }

  /** Gives back the room a bulk load reserved beyond its tokens (keeping some for changes). */
  fit(): void {
    const room = Math.max(1 << 16, this.used >>> 5);
    // Copying leaves the old pool to the garbage collector: only worth it for real slack.
    if (this.pool.length > this.used + 4 * room) this.resizePool(this.used + room);
  }

  private put(token: number): void {
    if (this.scratchUsed === this.scratch.length) {
      const bigger = new Int32Array(this.scratch.length * 2);
      bigger.set(this.scratch);
      this.scratch = bigger;
    }
    this.scratch[this.scratchUsed++] = token;
  }

  /**
   * Indexes one document. Runs for every document at start (200,000 on a large platform), so the
   * common cases (a string, a number, a list of strings) allocate nothing but what is kept.
   */
  index(slot: number, doc: Record<string, unknown>): void {
    this.clear(slot);
    this.growSlots(slot);
    this.scratchUsed = 0;
    this.identifierScratch.length = 0;
    for (let attrIndex = 0; attrIndex < this.attributes.length; attrIndex++) {
      const direct = this.readers[attrIndex]!(doc);
      if (typeof direct === "string") this.addText(direct, attrIndex);
      else if (typeof direct === "number") {
        if (!Number.isFinite(direct)) continue;
        if (this.isIdentifier[attrIndex] === 1) {
          this.addText(String(direct), attrIndex);
          continue;
        }
        // Numbers (years) repeat: their words are kept by value, without a string per document.
        let ids = this.numberWords.get(direct);
        if (ids === undefined) {
          ids = Int32Array.from(tokenize(String(direct)), (w) => this.intern(w));
          if (this.numberWords.size >= TEXT_CACHE_LIMIT) this.numberWords.clear();
          this.numberWords.set(direct, ids);
        }
        this.putText(ids, attrIndex);
      } else if (Array.isArray(direct) && this.paths[attrIndex]!.length === 1) {
        for (const item of direct as unknown[]) {
          if (typeof item === "string") this.addText(item, attrIndex);
          else this.addTexts(() => collectLeafTexts(item, this.textScratch), attrIndex);
        }
      } else if ((direct !== undefined && direct !== null) || this.paths[attrIndex]!.length > 1) {
        const path = this.paths[attrIndex]!;
        this.addTexts(
          () => collectTexts(doc, path, 0, this.textScratch, this.attributes[attrIndex]),
          attrIndex,
        );
      }
    }
    this.keepIdentifiers(slot);
    const n = this.scratchUsed;
    this.ensurePool(n);
    const pool = this.pool;
    const scratch = this.scratch;
    const at = this.used;
    for (let i = 0; i < n; i++) pool[at + i] = scratch[i]!;
    this.start[slot] = at;
    this.length[slot] = n;
    this.used = at + n;
  }

  /** Indexes the texts `collect` gathers into `textScratch` (nested values, dotted paths). */
  private addTexts(collect: () => void, attrIndex: number): void {
    const texts = this.textScratch;
    texts.length = 0;
    collect();
    // addText does not use textScratch: no copy needed.
    for (let i = 0; i < texts.length; i++) this.addText(texts[i]!, attrIndex);
    texts.length = 0;
  }

  /** One text of a searchable attribute: its words as tokens, or as identifier words. */
  private addText(text: string, attrIndex: number): void {
    if (this.isIdentifier[attrIndex] === 1) {
      const words = tokenize(text);
      if (words.length === 0) return;
      const attribute = this.attributes[attrIndex]!;
      for (const word of words) this.identifierScratch.push(this.identifierWord(attribute, word));
      this.identifierScratch.push(IDENTIFIER_END[attrIndex]!);
      return;
    }
    const cached = this.wordsOf(text, attrIndex);
    if (cached !== null) {
      this.putText(cached, attrIndex);
    } else {
      let start = TEXT_START;
      for (const word of tokenize(text)) {
        this.put(start | (this.intern(word) << ATTR_BITS) | attrIndex);
        start = 0;
      }
    }
  }

  /** The tokens of one text's words. */
  private putText(ids: Int32Array, attrIndex: number): void {
    for (let i = 0; i < ids.length; i++) {
      this.put((i === 0 ? TEXT_START : 0) | (ids[i]! << ATTR_BITS) | attrIndex);
    }
  }

  /** Appends the document's identifier words (gathered in `identifierScratch`) to the array. */
  private keepIdentifiers(slot: number): void {
    const words = this.identifierScratch;
    if (words.length === 0) return;
    if (this.identifierGarbage > 1024 && this.identifierGarbage * 2 > this.identifiers.length) {
      this.compactIdentifiers();
    }
    this.identifierStart[slot] = this.identifiers.length;
    this.identifierLength[slot] = words.length;
    for (const word of words) this.identifiers.push(word);
  }

  private compactIdentifiers(): void {
    const kept: (string | undefined)[] = [];
    for (let slot = 0; slot < this.identifierLength.length; slot++) {
      const n = this.identifierLength[slot]!;
      if (n === 0) continue;
      const from = this.identifierStart[slot]!;
      this.identifierStart[slot] = kept.length;
      for (let i = from; i < from + n; i++) kept.push(this.identifiers[i]);
    }
    this.identifiers = kept;
    this.identifierGarbage = 0;
  }

  clear(slot: number): void {
    if (slot < this.identifierLength.length && this.identifierLength[slot]! > 0) {
      const from = this.identifierStart[slot]!;
      const n = this.identifierLength[slot]!;
      // The strings go now; their places when the array is compacted.
      for (let i = from; i < from + n; i++) this.identifiers[i] = undefined;
      this.identifierGarbage += n;
      this.identifierLength[slot] = 0;
    }
    if (slot < this.length.length && this.length[slot]! > 0) {
      this.garbage += this.length[slot]!;
      this.length[slot] = 0;
    }
  }

  /**
   * Marks, for every vocabulary word, which query terms it matches and how (3 bits per term).
   * Returns the marked word ids so `unmark` can reset them.
   */
  mark(terms: readonly QueryTerm[]): number[] {
    if (this.marks.length < this.words.length) {
      this.marks = new Uint32Array(Math.max(this.words.length, this.marks.length * 2));
    }
    const touched: number[] = [];
    terms.forEach((term, t) => {
      if (term.phrase) return;
      const word = term.words[0]!;
      const pairs = this.derive(word, term.prefix);
      const shift = 3 * t;
      for (let i = 0; i < pairs.length; i += 2) {
        const id = pairs[i]!;
        const code = pairs[i + 1]!;
        const current = (this.marks[id]! >>> shift) & 7;
        if (current !== 0 && current <= code) continue;
        if (this.marks[id] === 0) touched.push(id);
        this.marks[id] = (this.marks[id]! & ~(7 << shift)) | (code << shift);
      }
      for (const synonym of this.synonyms[word] ?? []) {
        const id = this.wordId(synonym);
        if (id < 0) continue;
        if (this.marks[id] === 0) touched.push(id);
        this.marks[id] = (this.marks[id]! & ~(7 << shift)) | (MATCH_EXACT << shift);
      }
    });
    return touched;
  }

  unmark(touched: readonly number[]): void {
    for (const id of touched) this.marks[id] = 0;
  }

  markOf(id: number): number {
    return this.marks[id]!;
  }

  /** Word id and match code pairs of the vocabulary words a query word matches. */
  private derive(word: string, prefix: boolean): number[] {
    const key = `${prefix ? 1 : 0}${word}`;
    let derivation = this.derivations.get(key);
    if (derivation && derivation.scannedTo === this.words.length) return derivation.matches;
    if (!derivation) {
      if (this.derivations.size >= DERIVATION_CACHE_LIMIT) this.derivations.clear();
      derivation = { scannedTo: 0, matches: [] };
      this.derivations.set(key, derivation);
    }
    const from = derivation.scannedTo;
    const maxTypos = maxTyposFor(word);
    if (maxTypos === 0 && !prefix) {
      // Only the word itself can match.
      const id = this.vocab.get(word);
      if (id !== undefined && id >= from) derivation.matches.push(id, MATCH_EXACT);
      derivation.scannedTo = this.words.length;
      return derivation.matches;
    }
    const first = word.charCodeAt(0);
    const bucket = this.byFirst.get(first) ?? [];
    for (let i = lowerBound(bucket, from); i < bucket.length; i++) {
      const id = bucket[i]!;
      const code = matchCode(word, this.words[id]!, maxTypos, prefix);
      if (code !== NO_MATCH) derivation.matches.push(id, code);
    }
    if (maxTypos >= 2) {
      // A first-letter typo costs two: words starting differently may still match.
      const length = word.length;
      for (let id = from; id < this.words.length; id++) {
        const candidate = this.words[id]!;
        if (candidate.charCodeAt(0) === first) continue;
        if (prefix ? candidate.length < length - 1 : Math.abs(candidate.length - length) > 1)
          continue;
        const code = matchCode(word, candidate, maxTypos, prefix);
        if (code !== NO_MATCH) derivation.matches.push(id, code);
      }
    }
    derivation.scannedTo = this.words.length;
    return derivation.matches;
  }

  resetDerivations(): void {
    this.derivations.clear();
  }

  /**
   * The best match code per term among a document's identifier words (exact or prefix only),
   * folded into `best` (per term, lower is better).
   */
  matchIdentifiers(
    slot: number,
    terms: readonly QueryTerm[],
    allowed: Uint8Array | null,
    best: Uint8Array,
    base: number,
  ): void {
    if (slot >= this.identifierLength.length) return;
    const words = this.identifiers as readonly string[];
    let start = this.identifierStart[slot]!;
    const end = start + this.identifierLength[slot]!;
    for (let i = start; i < end; i++) {
      const word = words[i]!;
      if (word.charCodeAt(0) !== 0) continue;
      // words[start..i) is one text of attribute `attr`.
      const attr = word.charCodeAt(1);
      if (allowed === null || allowed[attr] === 1) {
        for (let t = 0; t < terms.length; t++) {
          const term = terms[t]!;
          const code = term.phrase
            ? phraseIn(words, start, i, term.words)
            : bestIdentifierMatch(words, start, i, term.words[0]!, term.prefix, this.synonyms);
          if (code < best[base + t]!) best[base + t] = code;
        }
      }
      start = i + 1;
    }
  }
}

/** How a query word matches an indexed word; NO_MATCH if it does not. */
export function matchCode(query: string, word: string, maxTypos: number, prefix: boolean): number {
  if (word === query) return MATCH_EXACT;
  if (prefix && word.startsWith(query)) return MATCH_PREFIX;
  if (maxTypos === 0) return NO_MATCH;
  const cost = typoCost(query, word, maxTypos, prefix);
  if (cost > maxTypos) return NO_MATCH;
  return cost === 0 ? MATCH_PREFIX : MATCH_PREFIX + cost;
}

function lowerBound(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The texts of a searchable attribute: strings and numbers, through arrays and objects. */
export function collectTexts(
  value: unknown,
  path: readonly string[],
  index: number,
  out: string[],
  fullName?: string,
): void {
  if (index === 0 && fullName !== undefined && path.length > 1 && isRecord(value)) {
    if (Object.prototype.hasOwnProperty.call(value, fullName)) {
      collectLeafTexts(value[fullName], out);
      return;
    }
  }
  if (index === path.length) {
    collectLeafTexts(value, out);
    return;
  }
  if (Array.isArray(value)) {
    for (const item of value) collectTexts(item, path, index, out);
    return;
  }
  if (isRecord(value) && Object.prototype.hasOwnProperty.call(value, path[index]!)) {
    collectTexts(value[path[index]!], path, index + 1, out);
  }
}

function collectLeafTexts(value: unknown, out: string[]): void {
  if (typeof value === "string") out.push(value);
  else if (typeof value === "number" && Number.isFinite(value)) out.push(String(value));
  else if (Array.isArray(value)) for (const item of value) collectLeafTexts(item, out);
  else if (isRecord(value)) for (const item of Object.values(value)) collectLeafTexts(item, out);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function bestIdentifierMatch(
  words: readonly string[],
  from: number,
  to: number,
  query: string,
  prefix: boolean,
  synonyms: Readonly<Record<string, readonly string[]>>,
): number {
  let best = NO_MATCH;
  const alternatives = synonyms[query];
  for (let i = from; i < to; i++) {
    const word = words[i]!;
    if (word === query || (alternatives !== undefined && alternatives.includes(word)))
      return MATCH_EXACT;
    if (prefix && word.startsWith(query)) best = MATCH_PREFIX;
  }
  return best;
}

function phraseIn(
  words: readonly string[],
  from: number,
  to: number,
  phrase: readonly string[],
): number {
  outer: for (let i = from; i + phrase.length <= to; i++) {
    for (let j = 0; j < phrase.length; j++) if (words[i + j] !== phrase[j]) continue outer;
    return MATCH_EXACT;
  }
  return NO_MATCH;
}
