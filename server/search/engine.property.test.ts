/**
 * Property tests: on random documents, random filters (in varied spellings), sorts, facets,
 * pagination and keyword queries, the engine must give exactly what a brute-force scan gives.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { CollectionConfig } from "./collections";
import { SearchEngine } from "./engine";
import {
  PROPERTY_ATTRIBUTES,
  docArbitrary,
  docsArbitrary,
  docsWithFilter,
  renderFilter,
  renderFilterParam,
} from "./testing/filter-arbitraries";
import * as ref from "./testing/reference";

const UID = "props";
const CONFIG: CollectionConfig = {
  uid: UID,
  primaryKey: "id",
  filterableAttributes: [...PROPERTY_ATTRIBUTES],
  sortableAttributes: ["a", "b", "c", "e", "g"],
  searchableAttributes: ["title", "tags"],
  typoDisabledAttributes: ["tags"],
  defaultSort: [],
  synonyms: { ev: ["electric"] },
  indexedAttributes: ["g"],
  // Numbers at or below 0 sort as missing (an unpriced vehicle's price): on a plain number
  // column and on a list column.
  unsetAtOrBelow: { a: 0, c: 0 },
};

function engineWith(docs: readonly ref.Doc[]): SearchEngine {
  const engine = new SearchEngine({ collections: [CONFIG], resultsCacheLimit: 0 });
  engine.replaceAll(UID, docs);
  return engine;
}

/** The same documents with every list frozen, one list per distinct content. */
function withSharedLists(docs: readonly ref.Doc[]): ref.Doc[] {
  const lists = new Map<string, readonly unknown[]>();
  const share = (list: unknown[]) => {
    const key = JSON.stringify(list);
    let shared = lists.get(key);
    if (!shared) lists.set(key, (shared = Object.freeze([...list])));
    return shared;
  };
  return docs.map(
    (doc) =>
      Object.fromEntries(
        Object.entries(doc).map(([k, v]) => [k, Array.isArray(v) ? share(v) : v]),
      ) as ref.Doc,
  );
}

const ids = (docs: readonly ref.Doc[]) => docs.map((d) => d.id);
const hitIds = (hits: readonly Record<string, unknown>[]) => hits.map((h) => h.id);

/** A sort rule, with the floor the collection gives its attribute (the reference's rule too). */
const sortRuleArbitrary = fc
  .record({ attr: fc.constantFrom("a", "b", "c", "e", "g"), desc: fc.boolean() })
  .map((rule): ref.RefSort => ({ ...rule, unsetAtOrBelow: CONFIG.unsetAtOrBelow?.[rule.attr] }));
const sortArbitrary = fc.array(sortRuleArbitrary, { maxLength: 2 });

// About 1,250 generated cases in all.
describe("engine against a brute-force reference", () => {
  it("filters, sorts and paginates like the reference", () => {
    fc.assert(
      fc.property(
        docsWithFilter(3, 40),
        fc.boolean(),
        fc.nat(),
        sortArbitrary,
        fc.nat({ max: 45 }),
        fc.integer({ min: 0, max: 45 }),
        ({ docs, filter: generated }, unfiltered, seed, sort, offset, limit) => {
          const filter = unfiltered ? null : generated;
          const engine = engineWith(docs);
          const response = engine.search(UID, {
            filter: filter ? renderFilterParam(filter, seed) : null,
            sort: sort.map((s) => `${s.attr}:${s.desc ? "desc" : "asc"}`),
            offset,
            limit,
          });
          const expected = ref.search(docs, {
            filter,
            sort,
            searchable: CONFIG.searchableAttributes,
          });
          expect(response.estimatedTotalHits).toBe(expected.length);
          expect(hitIds(response.hits)).toEqual(ids(expected.slice(offset, offset + limit)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("gives a count query's single hit (limit 1, or none with limit 0 or an offset) like the reference", () => {
    fc.assert(
      fc.property(
        docsWithFilter(3, 40),
        fc.nat(),
        sortRuleArbitrary,
        fc.constantFrom(0, 0, 0, 1),
        fc.constantFrom(0, 1),
        ({ docs, filter }, seed, sort, offset, limit) => {
          const response = engineWith(docs).search(UID, {
            filter: filter ? renderFilterParam(filter, seed) : null,
            sort: [`${sort.attr}:${sort.desc ? "desc" : "asc"}`],
            facets: ["a"],
            offset,
            limit,
          });
          const expected = ref.search(docs, {
            filter,
            sort: [sort],
            searchable: CONFIG.searchableAttributes,
          });
          expect(response.estimatedTotalHits).toBe(expected.length);
          expect(hitIds(response.hits)).toEqual(ids(expected.slice(offset, offset + limit)));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("reports page-based totals like the reference", () => {
    fc.assert(
      fc.property(
        docsWithFilter(0, 30),
        fc.nat(),
        fc.nat({ max: 6 }),
        fc.nat({ max: 8 }),
        ({ docs, filter }, seed, page, hitsPerPage) => {
          const engine = engineWith(docs);
          const response = engine.search(UID, {
            filter: filter ? renderFilter(filter, seed) : undefined,
            page,
            hitsPerPage,
          });
          const expected = ref.search(docs, { filter, searchable: CONFIG.searchableAttributes });
          expect(response.totalHits).toBe(expected.length);
          expect(response.totalPages).toBe(
            hitsPerPage === 0 ? 0 : Math.ceil(expected.length / hitsPerPage),
          );
          const from = Math.max(0, page - 1) * hitsPerPage;
          expect(hitIds(response.hits)).toEqual(
            page === 0 ? [] : ids(expected.slice(from, from + hitsPerPage)),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("counts facets and numeric stats like the reference", () => {
    fc.assert(
      fc.property(
        docsWithFilter(3, 40),
        fc.boolean(),
        fc.nat(),
        fc.subarray([...PROPERTY_ATTRIBUTES], { minLength: 1 }),
        ({ docs, filter: generated }, unfiltered, seed, facets) => {
          const filter = unfiltered ? null : generated;
          const matched = docs.filter((d) => !filter || ref.matches(d, filter));
          const expected = ref.facets(docs, matched, facets);
          // Also with the documents' lists frozen and shared, as the stock loader builds them.
          for (const engine of [engineWith(docs), engineWith(withSharedLists(docs))]) {
            const response = engine.search(UID, {
              filter: filter ? renderFilter(filter, seed) : null,
              facets,
              limit: 1000,
            });
            expect(hitIds(response.hits)).toEqual(ids(matched));
            expect(response.facetDistribution).toEqual(expected.distribution);
            expect(response.facetStats).toEqual(expected.stats);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("ANDs a base filter that no query filter can widen", () => {
    fc.assert(
      fc.property(
        docsWithFilter(3, 40),
        fc.boolean(),
        fc.nat(),
        fc.integer({ min: 1, max: 3 }),
        ({ docs, filter: base, other }, unfiltered, seed, site) => {
          const filter = unfiltered ? null : other;
          const engine = engineWith(docs);
          const baseFilter = [`g = ${site}`, renderFilter(base, seed + 1)];
          const response = engine.search(
            UID,
            { filter: filter ? renderFilter(filter, seed) : null, limit: 100 },
            { baseFilter },
          );
          const scope: ref.RefFilter = {
            kind: "and",
            children: [
              { kind: "cmp", attr: "g", op: "=", value: String(site) },
              base,
              ...(filter ? [filter] : []),
            ],
          };
          const expected = ref.search(docs, {
            filter: scope,
            searchable: CONFIG.searchableAttributes,
          });
          expect(hitIds(response.hits)).toEqual(ids(expected));
        },
      ),
      { numRuns: 150 },
    );
  });

  it("keeps base sets exact through upserts and removals", () => {
    fc.assert(
      fc.property(
        docsWithFilter(0, 25),
        fc.array(
          fc.oneof(
            fc.record({
              op: fc.constant("upsert" as const),
              id: fc.integer({ min: 1, max: 35 }),
              doc: docArbitrary,
            }),
            fc.record({ op: fc.constant("remove" as const), id: fc.integer({ min: 1, max: 35 }) }),
          ),
          { maxLength: 15 },
        ),
        fc.nat(),
        ({ docs, filter: base }, changes, seed) => {
          const engine = engineWith(docs);
          const baseFilter = renderFilter(base, seed);
          // Build the base set first, so the changes must maintain it.
          engine.search(UID, { limit: 0 }, { baseFilter });
          const current = new Map(docs.map((d) => [d.id, d]));
          for (const change of changes) {
            if (change.op === "upsert") {
              const doc = { ...change.doc, id: change.id };
              engine.upsert(UID, doc);
              current.set(change.id, doc);
            } else {
              expect(engine.remove(UID, change.id)).toBe(current.delete(change.id));
            }
          }
          const response = engine.search(UID, { limit: 1000 }, { baseFilter });
          const expected = [...current.values()].filter((d) => ref.matches(d, base));
          expect(response.estimatedTotalHits).toBe(expected.length);
          expect(hitIds(response.hits).sort()).toEqual(ids(expected).sort());
          expect(engine.count(UID)).toBe(current.size);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("ranks keyword matches like the reference (words, typos, exactness, sort)", () => {
    const word = fc.constantFrom(
      "toyota",
      "toyot",
      "tayota",
      "otyota",
      "toyotta",
      "corola",
      "corolla",
      "landcruiser",
      "landcruzer",
      "andcruiser",
      "lancdruiser",
      "hilux",
      "hil",
      "ev",
      "electric",
      "electrik",
      "automatic",
      "auto",
      "whit",
      "vehicle",
      "vehicel",
      "cx",
      "5",
      "4x4",
      "2021",
      "focus",
    );
    const query = fc
      .tuple(
        fc.oneof(
          { arbitrary: word.map((w) => [w]), weight: 2 },
          fc.array(
            fc.oneof(
              word,
              word.map((w) => `"${w}"`),
              fc.constant('"toyota hilux"'),
            ),
            {
              minLength: 1,
              maxLength: 4,
            },
          ),
        ),
        fc.boolean(),
      )
      .map(([words, trailingSpace]) => words.join(" ") + (trailingSpace ? " " : ""));
    fc.assert(
      fc.property(
        docsArbitrary(0, 40),
        query,
        fc.constantFrom("last" as const, "all" as const, "frequency" as const),
        sortArbitrary,
        (docs, q, matchingStrategy, sort) => {
          const engine = engineWith(docs);
          const response = engine.search(UID, {
            q,
            matchingStrategy,
            sort: sort.map((s) => `${s.attr}:${s.desc ? "desc" : "asc"}`),
            limit: 1000,
          });
          const expected = ref.search(docs, {
            q,
            matchingStrategy,
            sort,
            searchable: CONFIG.searchableAttributes,
            exactOnly: CONFIG.typoDisabledAttributes,
            synonyms: CONFIG.synonyms,
          });
          expect(hitIds(response.hits)).toEqual(ids(expected));
        },
      ),
      { numRuns: 250 },
    );
  });
});
