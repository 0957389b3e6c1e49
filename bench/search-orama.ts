/**
 * The same search pages on Orama 3 with the same documents: per page the hits search (with its
 * count) and one faceted search per facet with that facet's own refinement removed. Orama counts
 * numeric facets in ranges, so the numeric facets ask for price/km/year bands instead.
 */
import { create, insertMultiple, search, type AnyOrama } from "@orama/orama";
import type { Vehicle } from "~/domain/vehicle";
import { NUMERIC_BENCH_FACETS, type BenchPage, type Refinement } from "./search-pages";

const SCHEMA = {
  site_id: "number",
  make: "enum",
  model: "enum",
  make_model: "enum",
  car_type: "enum",
  status: "enum",
  price: "number",
  km: "number",
  year: "number",
  seats: "number",
  body: "enum",
  fuel: "enum",
  transmission: "enum",
  drive: "enum",
  colour: "enum",
  city: "enum",
  dealership_name: "enum",
  certified: "boolean",
  show_on_dealer_website: "boolean",
  sold_date_timestamp: "number",
  created_at_timestamp: "number",
  custom_rank: "number",
} as const;

export async function createOrama(vehicles: readonly Vehicle[]): Promise<AnyOrama> {
  const db = create({ schema: SCHEMA });
  // Orama wants string ids and no nulls in indexed number fields.
  const docs = vehicles.map((v) => ({
    ...v,
    id: String(v.id),
    sold_date_timestamp: v.sold_date_timestamp ?? 0,
  }));
  await insertMultiple(db, docs as never, 2000);
  return db;
}

const RANGES: Record<string, { from: number; to: number }[]> = {
  price: [0, 10000, 20000, 30000, 40000, 60000, 80000, 120000].map((from, i, all) => ({
    from,
    to: all[i + 1] ?? 1e9,
  })),
  km: [0, 10000, 50000, 100000, 150000, 200000].map((from, i, all) => ({
    from,
    to: all[i + 1] ?? 1e9,
  })),
  year: [2000, 2010, 2015, 2018, 2020, 2022, 2024].map((from, i, all) => ({
    from,
    to: all[i + 1] ?? 3000,
  })),
  seats: [0, 2, 4, 5, 6, 8].map((from, i, all) => ({ from, to: all[i + 1] ?? 100 })),
};

function refinementWhere(r: Refinement): Record<string, unknown> {
  if (r.kind === "range") {
    // Orama takes one operation per condition.
    if (r.min !== null && r.max !== null) return { [r.facet]: { between: [r.min, r.max] } };
    return { [r.facet]: r.min !== null ? { gte: r.min } : { lte: r.max } };
  }
  if (r.facet === "certified") return { certified: r.values[0] === true || r.values[0] === "true" };
  return { [r.facet]: { in: r.values } };
}

function where(page: BenchPage, siteId: number, soldSince: number, exclude: string | null) {
  return {
    and: [
      { site_id: { eq: siteId } },
      { show_on_dealer_website: true },
      {
        or: [
          { status: { in: ["in_stock", "coming_soon"] } },
          { and: [{ status: { eq: "sold" } }, { sold_date_timestamp: { gte: soldSince } }] },
        ],
      },
      ...page.refinements.filter((r) => r.facet !== exclude).map(refinementWhere),
    ],
  };
}

export async function runOramaPage(
  db: AnyOrama,
  page: BenchPage,
  options: { siteId: number; nowMs: number; soldDays: number },
): Promise<{ total: number }> {
  const soldSince = options.nowMs - options.soldDays * 86_400_000;
  const sortBy = {
    property: page.sort.attribute,
    order: page.sort.descending ? ("DESC" as const) : ("ASC" as const),
  };
  const hits = await search(db, {
    term: "",
    where: where(page, options.siteId, soldSince, null) as never,
    limit: page.limit,
    offset: page.offset,
    sortBy,
  });
  for (const facet of page.facets) {
    const definition = NUMERIC_BENCH_FACETS.has(facet)
      ? { ranges: RANGES[facet] ?? [{ from: 0, to: 1e12 }] }
      : {};
    await search(db, {
      term: "",
      where: where(page, options.siteId, soldSince, facet) as never,
      facets: { [facet]: definition } as never,
      limit: 1,
      sortBy,
    });
  }
  return { total: hits.count };
}

/** Just the total of a page's hits query (to check the peers agree). */
export async function oramaTotal(
  db: AnyOrama,
  page: BenchPage,
  options: { siteId: number; nowMs: number; soldDays: number },
): Promise<number> {
  const soldSince = options.nowMs - options.soldDays * 86_400_000;
  const result = await search(db, {
    term: "",
    where: where(page, options.siteId, soldSince, null) as never,
    limit: 0,
  });
  return result.count;
}
