// "Classement des produits": the tally's per-product counts as columns (same pass as the figures), with
// the previous period's consultations when comparing. Fresh arrays: the view may transfer them to the page
// while the tally that holds its own stays kept (tallies.ts).
import { RANKING_FIELDS, type RankingColumns } from '#domain/analytics/ranking';

import { RANK_FIELDS, type Tally } from './aggregate';

export function rankingOf(t: Tally, previous: Tally | null): RankingColumns {
  // Only the all-products scope ranks (perProduct is empty otherwise).
  const n = t.perProduct.length / RANK_FIELDS;
  const counts = new Float64Array(n * RANKING_FIELDS);
  for (let i = 0; i < n; i++)
    for (let k = 0; k < RANKING_FIELDS; k++) counts[i * RANKING_FIELDS + k] = t.perProduct[i * RANK_FIELDS + k];
  let before: Float64Array | null = null;
  if (previous) {
    before = new Float64Array(n);
    const at = new Map<number, number>();
    previous.productIds.forEach((id, i) => at.set(id, i));
    for (let i = 0; i < n; i++) {
      const j = at.get(t.productIds[i]);
      before[i] = j === undefined ? 0 : (previous.perProduct[j * RANK_FIELDS + 1] ?? 0);
    }
  }
  return { productIds: Int32Array.from(t.productIds.slice(0, n)), counts, previous: before };
}
