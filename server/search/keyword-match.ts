/**
 * Keyword matching: which documents match the query's words, each word's best match (exact,
 * prefix, with typos), honouring the matching strategy, the attributes searched on and the
 * attributes without typos; and the relevance that ranks them.
 */
import { toIndexes, type Bitset } from "./bitset";
import type { CollectionConfig } from "./collections";
import {
  ATTR_BITS,
  MATCH_EXACT,
  MATCH_PREFIX,
  NO_MATCH,
  TEXT_START,
  WORD_ID,
  typosOf,
  type TextIndex,
} from "./text-index";
import type { QueryTerm } from "./text";
import type { Universe } from "./universe";

export type KeywordQuery = {
  terms: readonly QueryTerm[];
  matchingStrategy: "last" | "all" | "frequency";
  /** Restricts the keyword search to these searchable attributes. */
  searchOn: readonly string[] | null;
};

export type KeywordRanks = {
  positions: Int32Array;
  words: Int8Array;
  typos: Int8Array;
  exact: Int8Array;
  score: (i: number) => number;
};

export class KeywordMatcher {
  constructor(
    private readonly config: Pick<
      CollectionConfig,
      "searchableAttributes" | "typoDisabledAttributes"
    >,
  ) {}

  /**
   * The best match code of every query term in every document of the universe (NO_MATCH where a
   * term does not match), computed once per universe snapshot and query words: the queries of a
   * search page share their `q`.
   */
  private termCodes(text: TextIndex, query: KeywordQuery, universe: Universe): Uint8Array {
    const terms = query.terms;
    const key = JSON.stringify([terms, query.searchOn]);
    return universe.cachedKeyword(key, () => {
      const nTerms = terms.length;
      const allowed = this.allowedAttributes(query.searchOn);
      const exactOnly = this.exactOnly;
      const slots = universe.slots;
      const best = new Uint8Array(slots.length * nTerms).fill(NO_MATCH);
      const phraseIds = terms.map((t) => (t.phrase ? t.words.map((w) => text.wordId(w)) : null));
      const hasPhrase = phraseIds.some((ids) => ids !== null);
      const touched = text.mark(terms);
      try {
        const marks = text.marks;
        const pool = text.pool;
        const starts = text.start;
        const lengths = text.length;
        for (let c = 0; c < slots.length; c++) {
          const slot = slots[c]!;
          const from = starts[slot]!;
          const to = from + lengths[slot]!;
          const base = c * nTerms;
          for (let i = from; i < to; i++) {
            const token = pool[i]!;
            const mark = marks[(token >>> ATTR_BITS) & WORD_MASK]!;
            if (mark === 0) continue;
            const attr = token & ATTR_MASK;
            if (allowed !== null && allowed[attr] === 0) continue;
            const typos = exactOnly[attr] === 0;
            for (let t = 0; t < nTerms; t++) {
              const code = (mark >>> (3 * t)) & 7;
              if (code !== 0 && code < best[base + t]! && (typos || code <= MATCH_PREFIX))
                best[base + t] = code;
            }
          }
          if (hasPhrase) {
            for (let t = 0; t < nTerms; t++) {
              const ids = phraseIds[t];
              if (ids && containsPhrase(pool, from, to, ids, allowed)) best[base + t] = MATCH_EXACT;
            }
          }
          text.matchIdentifiers(slot, terms, allowed, best, base);
        }
      } finally {
        text.unmark(touched);
      }
      return best;
    });
  }

  /** The documents of `filtered` that match enough of the words, with what ranks them. */
  match(text: TextIndex, query: KeywordQuery, universe: Universe, filtered: Bitset): KeywordRanks {
    const terms = query.terms;
    const nTerms = terms.length;
    const codes = this.termCodes(text, query, universe);
    const candidates = toIndexes(filtered);
    const best = new Uint8Array(candidates.length * nTerms);
    for (let c = 0; c < candidates.length; c++) {
      const from = candidates[c]! * nTerms;
      for (let t = 0; t < nTerms; t++) best[c * nTerms + t] = codes[from + t]!;
    }

    // Which terms may be dropped, in which order (matchingStrategy).
    let order = terms.map((_, t) => t);
    if (query.matchingStrategy === "frequency") {
      const freq = order.map((t) => {
        let f = 0;
        for (let c = 0; c < candidates.length; c++) if (best[c * nTerms + t] !== NO_MATCH) f++;
        return f;
      });
      order = order.sort((a, b) => freq[a]! - freq[b]! || a - b);
    }
    const required = query.matchingStrategy === "all" ? nTerms : 1;
    const positions: number[] = [];
    const words: number[] = [];
    const typos: number[] = [];
    const exact: number[] = [];
    for (let c = 0; c < candidates.length; c++) {
      const base = c * nTerms;
      let k = 0;
      let typoSum = 0;
      let exactCount = 0;
      for (const t of order) {
        const code = best[base + t]!;
        if (code === NO_MATCH) break;
        k++;
        typoSum += typosOf(code);
        if (code === MATCH_EXACT) exactCount++;
      }
      if (k < required) continue;
      positions.push(candidates[c]!);
      words.push(k);
      typos.push(typoSum);
      exact.push(exactCount);
    }
    return {
      positions: Int32Array.from(positions),
      words: Int8Array.from(words),
      typos: Int8Array.from(typos),
      exact: Int8Array.from(exact),
      score: (i) => {
        const k = words[i]!;
        return (
          (k / nTerms) * (1 - typos[i]! / (2 * nTerms + 1)) * (0.9 + (0.1 * exact[i]!) / nTerms)
        );
      },
    };
  }

  /** Per searchable attribute: 1 if typos are off for it. */
  private get exactOnly(): Uint8Array {
    if (!this.exactOnlyCache) {
      this.exactOnlyCache = Uint8Array.from(this.config.searchableAttributes, (name) =>
        this.config.typoDisabledAttributes.includes(name) ? 1 : 0,
      );
    }
    return this.exactOnlyCache;
  }

  private exactOnlyCache: Uint8Array | null = null;

  private allowedAttributes(searchOn: readonly string[] | null): Uint8Array | null {
    if (!searchOn) return null;
    const allowed = new Uint8Array(this.config.searchableAttributes.length);
    this.config.searchableAttributes.forEach((name, i) => {
      if (searchOn.includes(name)) allowed[i] = 1;
    });
    return allowed;
  }
}

function containsPhrase(
  tokens: Int32Array,
  from: number,
  to: number,
  ids: readonly number[],
  allowed: Uint8Array | null,
): boolean {
  if (ids.some((id) => id < 0)) return false;
  const n = ids.length;
  outer: for (let i = from; i + n <= to; i++) {
    const token = tokens[i]!;
    if (((token >>> ATTR_BITS) & WORD_MASK) !== ids[0]) continue;
    if (allowed !== null && allowed[token & ATTR_MASK] === 0) continue;
    for (let j = 1; j < n; j++) {
      // The phrase's other words follow in the same text.
      const next = tokens[i + j]!;
      if ((next & TEXT_START_BIT) !== 0 || ((next >>> ATTR_BITS) & WORD_MASK) !== ids[j])
        continue outer;
    }
    return true;
  }
  return false;
}

const ATTR_MASK = (1 << ATTR_BITS) - 1;
// Local copies for the scan loops (imported constants are getters under the TS loader).
const WORD_MASK = WORD_ID;
const TEXT_START_BIT = TEXT_START;
