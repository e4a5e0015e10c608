// "Classement des produits": one row per product from the tally's per-product counts (same pass as the
// figures), with the previous period's consultations when comparing.
import { conversionRate } from '../../src/domain/analytics/rules';
import type { RankingRow } from '../../src/domain/analytics/view';
import { RANK_FIELDS, type Tally } from './aggregate';

export function rankingOf(t: Tally, previous: Tally | null): RankingRow[] {
  const rows: RankingRow[] = [];
  const before = new Map<number, number>();
  if (previous) previous.productIds.forEach((id, i) => before.set(id, previous.perProduct[i * RANK_FIELDS + 1]));
  t.productIds.forEach((productId, i) => {
    const at = i * RANK_FIELDS;
    const p = t.perProduct;
    rows.push({
      productId,
      consultations: p[at + 1],
      interactions: p[at + 2],
      arTries: p[at + 3],
      conversions: p[at + 4],
      conversionRate: conversionRate(p[at + 4], p[at]),
      base: p[at],
      previousConsultations: previous ? (before.get(productId) ?? 0) : null,
    });
  });
  return rows;
}
