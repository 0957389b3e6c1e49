/**
 * Similar vehicles under the vehicle page (docs/product/vehicle-card-and-page.md, "Similar
 * vehicles"): cars a shopper would weigh against this one, near in price and age as well as in
 * model. One multi-search fetches a bounded set of candidates; the ranking is done here, in memory.
 */
import { and, compare, isIn, toFilterString, type FilterNode } from "./filter-expression";
import { carsQuery, type SearchQuery } from "./search-query";
import type { Vehicle } from "./vehicle";

/** Similar vehicles shown under the page. */
export const SIMILAR_VEHICLES_LIMIT = 4;
/** Near in price: within 25% of this vehicle's price. */
export const SIMILAR_PRICE_BAND = 0.25;
/** Near in age: within 3 model years. */
export const SIMILAR_YEAR_BAND = 3;
/** Candidates asked of the search per query: enough to rank, few enough for the page's budget. */
export const SIMILAR_CANDIDATES_LIMIT = 40;

/** A price is shown (and compared) only above 10. */
const SHOWN_PRICE = 10;

export type SimilarCandidate = Pick<
  Vehicle,
  "id" | "make" | "model" | "body" | "price" | "year" | "car_type"
>;

function notThisOneAndAvailable(vehicle: Pick<Vehicle, "id">): FilterNode[] {
  return [compare("id", "!=", vehicle.id), compare("status", "!=", "sold")];
}

function nearFilters(vehicle: Pick<Vehicle, "price" | "year">): FilterNode[] {
  const filters: FilterNode[] = [];
  if (vehicle.price > SHOWN_PRICE) {
    filters.push(
      compare("price", ">=", Math.floor(vehicle.price * (1 - SIMILAR_PRICE_BAND))),
      compare("price", "<=", Math.ceil(vehicle.price * (1 + SIMILAR_PRICE_BAND))),
    );
  }
  if (vehicle.year > 0) {
    filters.push(
      compare("year", ">=", vehicle.year - SIMILAR_YEAR_BAND),
      compare("year", "<=", vehicle.year + SIMILAR_YEAR_BAND),
    );
  }
  return filters;
}

/**
 * The price and year ranges of the 'Find Me Something Similar' search, as the search URL writes
 * range facets ('min:max'): the same bands as the similar vehicles. No price range when the price
 * is not shown, no year range without a year.
 */
export function similarSearchRanges(vehicle: Partial<Pick<Vehicle, "price" | "year">>): {
  price?: string[];
  year?: string[];
} {
  const ranges: { price?: string[]; year?: string[] } = {};
  const { price, year } = vehicle;
  if (price !== undefined && Number.isFinite(price) && price > SHOWN_PRICE) {
    const min = Math.floor(price * (1 - SIMILAR_PRICE_BAND));
    const max = Math.ceil(price * (1 + SIMILAR_PRICE_BAND));
    ranges.price = [`${min}:${max}`];
  }
  if (year !== undefined && Number.isInteger(year) && year > 0) {
    ranges.year = [`${year - SIMILAR_YEAR_BAND}:${year + SIMILAR_YEAR_BAND}`];
  }
  return ranges;
}

function candidatesQuery(filter: FilterNode): SearchQuery {
  return carsQuery(toFilterString(filter), {
    limit: SIMILAR_CANDIDATES_LIMIT,
    sort: ["custom_rank:desc"],
  });
}

/**
 * The candidates' multi-search (one round trip), each query bounded: the same make near in price
 * and year; the same body near in price and year (when the vehicle has a body); and the same make
 * and model at any price or year, the fallback when too few near ones exist. Never this vehicle or
 * a sold one; the site's search adds the site's stock rules.
 */
export function similarVehiclesQueries(
  vehicle: Pick<Vehicle, "id" | "make" | "model" | "body" | "price" | "year">,
): SearchQuery[] {
  const base = notThisOneAndAvailable(vehicle);
  const near = nearFilters(vehicle);
  const queries = [candidatesQuery(and(compare("make", "=", vehicle.make), ...near, ...base))];
  const body = vehicle.body?.trim();
  if (body) queries.push(candidatesQuery(and(isIn("body", [body]), ...near, ...base)));
  queries.push(
    candidatesQuery(
      and(compare("make", "=", vehicle.make), compare("model", "=", vehicle.model), ...base),
    ),
  );
  return queries;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  Boolean(a && b && a.trim().toLowerCase() === b.trim().toLowerCase());

/** 0 the same model, 1 the same make and body, 2 the same body, 3 the same make, 4 anything else. */
function family(vehicle: SimilarCandidate, candidate: SimilarCandidate): number {
  const sameMake = same(vehicle.make, candidate.make);
  const sameBody = same(vehicle.body, candidate.body);
  if (sameMake && same(vehicle.model, candidate.model)) return 0;
  if (sameMake && sameBody) return 1;
  if (sameBody) return 2;
  if (sameMake) return 3;
  return 4;
}

const isNew = (vehicle: Pick<Vehicle, "car_type">) => vehicle.car_type === "new";

function priceDifference(vehicle: SimilarCandidate, candidate: SimilarCandidate): number | null {
  if (vehicle.price <= SHOWN_PRICE || candidate.price <= SHOWN_PRICE) return null;
  return Math.abs(candidate.price - vehicle.price) / vehicle.price;
}

/** Within the price band (when both prices are shown) and the year band. */
export function isNearVehicle(vehicle: SimilarCandidate, candidate: SimilarCandidate): boolean {
  const price = priceDifference(vehicle, candidate);
  return (
    (price === null || price <= SIMILAR_PRICE_BAND + 1e-9) &&
    Math.abs(candidate.year - vehicle.year) <= SIMILAR_YEAR_BAND
  );
}

/**
 * Closeness: the relative price difference and the year difference, each measured against its
 * band, so 25% dearer weighs as much as 3 years older. A price not shown counts as a band away.
 */
export function similarityDistance(vehicle: SimilarCandidate, candidate: SimilarCandidate): number {
  const price = priceDifference(vehicle, candidate);
  return (
    (price === null ? 1 : price / SIMILAR_PRICE_BAND) +
    Math.abs(candidate.year - vehicle.year) / SIMILAR_YEAR_BAND
  );
}

/**
 * The similar vehicles, best first, each once, never this one: first those near in price and year
 * and of the same condition (new, or used and demo), then the rest with the same condition first
 * (new and used mix only when nothing closer exists); within each, the same model, then the same
 * make and body, the same body, the same make; then the closest.
 */
export function rankSimilarVehicles<V extends SimilarCandidate>(
  vehicle: SimilarCandidate,
  answers: ReadonlyArray<readonly V[]>,
  limit: number = SIMILAR_VEHICLES_LIMIT,
): V[] {
  const seen = new Set<number>([vehicle.id]);
  const ranked: Array<{ hit: V; key: number[] }> = [];
  for (const hits of answers) {
    for (const hit of hits) {
      if (seen.has(hit.id)) continue;
      seen.add(hit.id);
      const sameCondition = isNew(hit) === isNew(vehicle);
      ranked.push({
        hit,
        key: [
          sameCondition && isNearVehicle(vehicle, hit) ? 0 : 1,
          sameCondition ? 0 : 1,
          family(vehicle, hit),
          similarityDistance(vehicle, hit),
          hit.id,
        ],
      });
    }
  }
  ranked.sort((a, b) => {
    for (let i = 0; i < a.key.length; i++) {
      const d = a.key[i]! - b.key[i]!;
      if (d !== 0) return d;
    }
    return 0;
  });
  return ranked.slice(0, limit).map((entry) => entry.hit);
}
