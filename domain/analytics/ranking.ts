// "Classement des produits" as columns: the worker sends one typed array per figure, never an object per
// product, so a company of 10 000 products costs the page a few arrays per switch; the page makes row
// objects only for the rows it shows, and finds the first ten without sorting them all.
import { changePercent, conversionRate } from './rules';

/** Per product: the rate's base (events, or distinct sessions), consultations, interactions, AR tries, conversions. */
export const RANKING_FIELDS = 5;

export interface RankingColumns {
  /** The selection's products, in the request's order. */
  productIds: Int32Array;
  /** RANKING_FIELDS numbers per product. */
  counts: Float64Array;
  /** The previous period's consultations per product when comparing, else null. */
  previous: Float64Array | null;
}

export const EMPTY_RANKING: RankingColumns = {
  productIds: new Int32Array(0),
  counts: new Float64Array(0),
  previous: null,
};

export interface RankingRow {
  productId: number;
  consultations: number;
  interactions: number;
  arTries: number;
  conversions: number;
  /** Integer percent, as the stat card. */
  conversionRate: number;
  /** What the rate divides by: the product's events, or its distinct sessions when counting unique users. */
  base: number;
  /** The previous period's consultations when comparing, else null. */
  previousConsultations: number | null;
}

/** Row `i` as an object (for the rows shown and the CSV). */
export function rankingRow(r: RankingColumns, i: number): RankingRow {
  const at = i * RANKING_FIELDS;
  const c = r.counts;
  return {
    productId: r.productIds[i],
    base: c[at],
    consultations: c[at + 1],
    interactions: c[at + 2],
    arTries: c[at + 3],
    conversions: c[at + 4],
    conversionRate: conversionRate(c[at + 4], c[at]),
    previousConsultations: r.previous ? r.previous[i] : null,
  };
}

export type RankingKey =
  'name' | 'consultations' | 'interactions' | 'arTries' | 'conversions' | 'conversionRate' | 'change';

/** A column's sort; null is the default order: consultations, most first, then name. */
export interface RankingSort {
  key: RankingKey;
  /** 1 ascending, -1 descending. */
  order: 1 | -1;
}

const FIELD_OF: Partial<Record<RankingKey, number>> = { consultations: 1, interactions: 2, arTries: 3, conversions: 4 };
const collator = new Intl.Collator('fr');

/** A number to sort row i by (a change without a previous value sorts below every change). */
function sortValue(r: RankingColumns, i: number, key: RankingKey): number {
  const field = FIELD_OF[key];
  if (field !== undefined) return r.counts[i * RANKING_FIELDS + field];
  const at = i * RANKING_FIELDS;
  if (key === 'conversionRate') return conversionRate(r.counts[at + 4], r.counts[at]);
  const change = r.previous ? changePercent(r.counts[at + 1], r.previous[i]) : null;
  return change ?? -Infinity;
}

/** Compares rows a and b in the order `sort` asks (ties by name, then id: the order is total). */
export function rankingComparator(
  r: RankingColumns,
  nameOf: (i: number) => string,
  sort: RankingSort | null,
): (a: number, b: number) => number {
  const key = sort?.key ?? 'consultations';
  const order = sort?.order ?? -1;
  const byName = (a: number, b: number) => collator.compare(nameOf(a), nameOf(b)) || a - b;
  if (key === 'name') return (a, b) => order * byName(a, b);
  return (a, b) => order * (sortValue(r, a, key) - sortValue(r, b, key)) || byName(a, b);
}

/**
 * The indexes of the rows that `keep` accepts, in the order of `compare`; with `limit`, only the first
 * `limit` of them, found in one pass (a short sorted list, not a sort of every row).
 */
export function rankingOrder(
  count: number,
  compare: (a: number, b: number) => number,
  keep: (i: number) => boolean = () => true,
  limit = Infinity,
): number[] {
  if (limit >= count) {
    const all: number[] = [];
    for (let i = 0; i < count; i++) if (keep(i)) all.push(i);
    return all.sort(compare);
  }
  const top: number[] = [];
  for (let i = 0; i < count; i++) {
    if (!keep(i)) continue;
    if (top.length === limit && compare(i, top[limit - 1]) >= 0) continue;
    let at = top.length === limit ? limit - 1 : top.length;
    while (at > 0 && compare(i, top[at - 1]) < 0) {
      top[at] = top[at - 1];
      at--;
    }
    top[at] = i;
  }
  return top;
}
