// The main figures' switch with a filter on at bench/insights.ts's size: what
// workers/analytics/engine.ts's composeFiltered does, timed in Node. A filter switch narrows every record
// (filtered.ts, through the visit index) and counts one pass; a period switch under the same filter counts
// one pass over the narrowed records. Beside them, the same pass over the whole records without filter
// (a selection whose tally was not prepared ahead), and the narrowing through the per-product Sets of
// session numbers the engine used before the index.
import { type InsightFilters, NO_FILTERS } from '../domain/analytics/insightsView';
import type { ViewRequest } from '../domain/analytics/view';
import type { VisitColumns } from '../domain/analytics/visitColumns';
import { Numbering } from '../workers/analytics/aggregate';
import type { CachedProduct, StoredColumns } from '../workers/analytics/columns';
import { composeView } from '../workers/analytics/compose';
import { filteredRecord, visitMatches } from '../workers/analytics/filtered';
import { Tallies } from '../workers/analytics/tallies';
import { visitIndexOf } from '../workers/analytics/visitIndex';
import { median } from './stats';

const NOW = new Date('2026-06-30T12:00:00Z');
const STATE = { complete: true, offline: false, failed: [] };

export function measureFigures(
  visits: VisitColumns,
  records: ReadonlyMap<number, StoredColumns>,
  productIds: number[],
  runs: number,
): Array<{ label: string; median: number; longest: number }> {
  const numbering = new Numbering('Europe/Paris');
  const cached = new Map<number, CachedProduct>();
  for (const [id, r] of records) {
    numbering.daysOf(r); // in day order first, as composeFiltered does
    cached.set(id, { ...r, etag: null, fetchedAt: 0 });
  }
  const ix = visitIndexOf(visits);
  ix.join(records, productIds);
  const request = (period: ViewRequest['period']): ViewRequest => ({
    generation: 1,
    productIds,
    scope: 'all',
    metric: 'consultation',
    counting: 'total',
    period,
    year: 2026,
    month: 3,
    week: 13,
    compare: true,
    timeZone: 'Europe/Paris',
  });
  const narrow = (f: InsightFilters) => {
    const matches = visitMatches(ix, f);
    const memory = new Map<number, CachedProduct>();
    for (const [id, r] of cached)
      memory.set(id, { ...filteredRecord(r, id, ix, matches, f.country), etag: null, fetchedAt: 0 });
    return memory;
  };
  const compose = (memory: Map<number, CachedProduct>, period: ViewRequest['period']) =>
    composeView(request(period), productIds, NOW, STATE, { memory, tallies: new Tallies(), numbering });
  const phone: InsightFilters = { ...NO_FILTERS, device: 'telephone' };
  const phoneRecords = narrow(phone);
  const cases: Array<{ label: string; run: () => unknown }> = [
    { label: 'no filter, "all the data", one pass', run: () => compose(cached, 'all_time') },
    { label: 'no filter, year 2026, one pass', run: () => compose(cached, 'year') },
    {
      label: 'filter switch to device = téléphone: every record narrowed, then "all the data"',
      run: () => compose(narrow(phone), 'all_time'),
    },
    {
      label: "filter switch to country = Belgique (each event's own country)",
      run: () => compose(narrow({ ...NO_FILTERS, country: 'Belgique' }), 'all_time'),
    },
    { label: 'period switch under device = téléphone: year 2026', run: () => compose(phoneRecords, 'year') },
    { label: 'period switch under device = téléphone: "all the data"', run: () => compose(phoneRecords, 'all_time') },
    { label: 'of which the narrowing alone (device = téléphone)', run: () => narrow(phone) },
  ];
  cases.forEach((c) => c.run()); // warm-up
  const times = cases.map(() => [] as number[]);
  for (let r = 0; r < runs; r++)
    cases.forEach((c, k) => {
      const t = performance.now();
      c.run();
      times[k].push(performance.now() - t);
    });
  return cases.map((c, k) => ({ label: c.label, median: median(times[k]), longest: Math.max(...times[k]) }));
}
