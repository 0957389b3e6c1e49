/**
 * Builds the hits of a response: `attributesToRetrieve` projection and the `_formatted` copy with
 * highlight tags around matched query words (and cropping), as Meilisearch does. Numbers in
 * highlighted attributes become strings there, so they can carry tags.
 */
import type { Document } from "./collection";
import { MATCH_PREFIX, NO_MATCH, matchCode, type TextIndex } from "./text-index";
import { maxTyposFor, tokenizeWithOffsets, type QueryTerm } from "./text";

export type Hit = Record<string, unknown>;

/** Given a normalized word: 0 if it does not match, -1 to tag it whole, n to tag n characters. */
export type WordMatcher = (word: string) => number;

/** A matcher for the query's terms; call while the terms are marked on the text index. */
export function createWordMatcher(terms: readonly QueryTerm[], text: TextIndex): WordMatcher {
  const phraseWords = new Set(terms.filter((t) => t.phrase).flatMap((t) => t.words));
  const plain = terms.filter((t) => !t.phrase);
  const plainIndex = terms.map((t, i) => (t.phrase ? -1 : i)).filter((i) => i >= 0);
  const memo = new Map<string, number>();
  return (word) => {
    const known = memo.get(word);
    if (known !== undefined) return known;
    let result = 0;
    if (phraseWords.has(word)) result = -1;
    else {
      const id = text.wordId(word);
      let bestCode = NO_MATCH;
      let bestTerm = -1;
      if (id >= 0) {
        const mark = text.markOf(id);
        plainIndex.forEach((t) => {
          const code = (mark >>> (3 * t)) & 7;
          if (code !== 0 && code < bestCode) {
            bestCode = code;
            bestTerm = t;
          }
        });
      } else {
        plain.forEach((term) => {
          const q = term.words[0]!;
          const code = matchCode(q, word, maxTyposFor(q), term.prefix);
          if (code < bestCode) {
            bestCode = code;
            bestTerm = terms.indexOf(term);
          }
        });
      }
      if (bestCode === MATCH_PREFIX && bestTerm >= 0) result = terms[bestTerm]!.words[0]!.length;
      else if (bestCode !== NO_MATCH) result = -1;
    }
    memo.set(word, result);
    return result;
  };
}

export type FormatOptions = {
  /** null: every attribute. */
  retrieve: readonly string[] | null;
  /** null: no highlighting; "*" or names: attributes to highlight. */
  highlight: readonly string[] | null;
  crop: readonly string[] | null;
  cropLength: number;
  cropMarker: string;
  preTag: string;
  postTag: string;
  matcher: WordMatcher | null;
  /** Identifies what the matcher matches (the query's terms), for the shared hit cache. */
  matcherKey?: string;
};

/** Hits without query words to tag are the same for every query: kept, oldest dropped first. */
export class FormattedHitCache {
  private readonly entries = new Map<Document, { signature: string; hit: Hit }>();

  constructor(private readonly limit = 4096) {}

  get(doc: Document, signature: string): Hit | undefined {
    const entry = this.entries.get(doc);
    return entry && entry.signature === signature ? entry.hit : undefined;
  }

  set(doc: Document, signature: string, hit: Hit): void {
    if (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(doc, { signature, hit });
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Builds the hits of one search. */
export class HitBuilder {
  private readonly highlightAll: boolean;
  private readonly highlightSet: ReadonlySet<string>;
  private readonly cropLengths: ReadonlyMap<string, number>;
  private readonly cropAll: number;
  private readonly formatting: boolean;
  private readonly signature: string | null;
  /** Highlighted texts of this search: the same values recur across hits (makes, colours...). */
  private readonly highlighted = new Map<string, string>();

  constructor(
    private readonly options: FormatOptions,
    private readonly cache: FormattedHitCache | null,
  ) {
    const highlight = options.highlight ?? [];
    this.highlightAll = highlight.includes("*");
    this.highlightSet = new Set(highlight);
    const crops = new Map<string, number>();
    let cropAll = 0;
    for (const entry of options.crop ?? []) {
      const [name = "", length] = entry.split(":");
      const value =
        length !== undefined && /^\d+$/.test(length) ? Number(length) : options.cropLength;
      if (name === "*") cropAll = value;
      else crops.set(name, value);
    }
    this.cropLengths = crops;
    this.cropAll = cropAll;
    this.formatting = highlight.length > 0 || (options.crop?.length ?? 0) > 0;
    // Hits depend only on the document and these options: kept in the shared cache.
    this.signature =
      this.formatting && options.retrieve === null
        ? JSON.stringify([
            options.highlight,
            options.crop,
            options.cropLength,
            options.cropMarker,
            options.matcher === null ? null : [options.matcherKey, options.preTag, options.postTag],
          ])
        : null;
  }

  build(doc: Document, rankingScore?: number): Hit {
    const cacheable = this.cache !== null && this.signature !== null && rankingScore === undefined;
    if (cacheable) {
      const cached = this.cache!.get(doc, this.signature!);
      if (cached) return cached;
    }
    const retrieved = project(doc, this.options.retrieve);
    let hit: Hit = retrieved;
    if (this.formatting) hit = { ...retrieved, _formatted: this.formatted(retrieved) };
    if (rankingScore !== undefined) {
      if (hit === retrieved) hit = { ...retrieved };
      hit._rankingScore = rankingScore;
    }
    if (cacheable) this.cache!.set(doc, this.signature!, hit);
    return hit;
  }

  private formatted(retrieved: Hit): Hit {
    const out: Hit = {};
    for (const name in retrieved) {
      const value = retrieved[name];
      const highlight = this.highlightAll || this.highlightSet.has(name);
      const cropLength = this.cropLengths.get(name) ?? this.cropAll;
      out[name] =
        highlight || cropLength > 0 ? this.formatValue(value, highlight, cropLength) : value;
    }
    return out;
  }

  private formatValue(value: unknown, highlight: boolean, cropLength: number): unknown {
    if (typeof value === "string") return this.formatTextOnce(value, highlight, cropLength);
    if (typeof value === "number") return this.formatTextOnce(String(value), highlight, cropLength);
    if (Array.isArray(value)) return value.map((v) => this.formatValue(v, highlight, cropLength));
    if (value !== null && typeof value === "object") {
      const out: Record<string, unknown> = {};
      for (const key in value) {
        out[key] = this.formatValue((value as Record<string, unknown>)[key], highlight, cropLength);
      }
      return out;
    }
    return value;
  }

  private formatTextOnce(text: string, highlight: boolean, cropLength: number): string {
    if (!highlight || cropLength > 0 || this.options.matcher === null || text.length > 200) {
      return this.formatText(text, highlight, cropLength);
    }
    let out = this.highlighted.get(text);
    if (out === undefined) {
      out = this.formatText(text, highlight, cropLength);
      this.highlighted.set(text, out);
    }
    return out;
  }

  private formatText(text: string, highlight: boolean, cropLength: number): string {
    const options = this.options;
    const matcher = options.matcher;
    if ((matcher === null || !highlight) && cropLength === 0) return text;
    const tokens = tokenizeWithOffsets(text);
    // Matches place the crop window even where they are not tagged.
    const found = tokens.map((t) => (matcher ? matcher(t.word) : 0));
    let from = 0;
    let to = text.length;
    let prefix = "";
    let suffix = "";
    if (cropLength > 0 && tokens.length > cropLength) {
      const firstMatch = Math.max(
        0,
        found.findIndex((m) => m !== 0),
      );
      const start = Math.max(
        0,
        Math.min(firstMatch - Math.floor(cropLength / 2), tokens.length - cropLength),
      );
      const end = start + cropLength - 1;
      from = start === 0 ? 0 : tokens[start]!.start;
      to = end === tokens.length - 1 ? text.length : tokens[end]!.end;
      if (start > 0) prefix = options.cropMarker;
      if (end < tokens.length - 1) suffix = options.cropMarker;
    }
    const matches = highlight ? found : [];
    if (!matches.some((m) => m !== 0)) return prefix + text.slice(from, to) + suffix;
    let out = prefix;
    let cursor = from;
    tokens.forEach((token, i) => {
      const m = matches[i]!;
      if (m === 0 || token.start < from || token.end > to) return;
      const originalLength = token.end - token.start;
      const tagged =
        m > 0 && token.word.length === originalLength
          ? Math.min(m, originalLength)
          : originalLength;
      out += text.slice(cursor, token.start);
      out += options.preTag + text.slice(token.start, token.start + tagged) + options.postTag;
      cursor = token.start + tagged;
    });
    out += text.slice(cursor, to) + suffix;
    return out;
  }
}

function project(doc: Document, retrieve: readonly string[] | null): Hit {
  if (retrieve === null || retrieve.includes("*")) return doc;
  const out: Hit = {};
  for (const name of retrieve) {
    if (Object.prototype.hasOwnProperty.call(doc, name)) {
      out[name] = doc[name];
      continue;
    }
    const path = name.split(".");
    if (path.length < 2) continue;
    const value = pick(doc, path);
    if (value === undefined) continue;
    let target = out;
    for (let i = 0; i < path.length - 1; i++) {
      const key = path[i]!;
      const next = target[key];
      if (next === null || typeof next !== "object" || Array.isArray(next)) target[key] = {};
      target = target[key] as Hit;
    }
    target[path[path.length - 1]!] = value;
  }
  return out;
}

function pick(value: unknown, path: readonly string[]): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== "object" || Array.isArray(current)) return undefined;
    if (!Object.prototype.hasOwnProperty.call(current, key)) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}
