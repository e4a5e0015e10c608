// The selections the insight's bench times (bench/insights.ts in Node, bench/insightsWorkerEntry.ts in
// Chromium's worker): the same list in both, so that their figures compare row by row. Browser-safe.
import { type InsightFilters, NO_FILTERS } from '../domain/analytics/insightsView';
import type { InsightRequest } from '../workers/analytics/insights';
import type { InsightsData } from './insightsData';

/** One frame at 60 Hz: today's selection switch takes about that (bench/results.md). */
export const FRAME_MS = 16;

export interface Case {
  label: string;
  request: InsightRequest;
  filters: InsightFilters;
}

export function insightCases(data: Pick<InsightsData, 'productIds' | 'topHost'>): Case[] {
  const all: InsightRequest = {
    scope: 'all',
    productIds: data.productIds,
    period: 'all_time',
    year: 2026,
    month: 1,
    week: 1,
  };
  const one = data.productIds[data.productIds.length >> 1];
  const phone: InsightFilters = { ...NO_FILTERS, device: 'telephone' };
  return [
    { label: 'every product, all the data, no filter', request: all, filters: NO_FILTERS },
    { label: 'every product, all the data, device = téléphone', request: all, filters: phone },
    {
      label: `every product, all the data, device = téléphone and source = ${data.topHost}`,
      request: all,
      filters: { ...phone, source: data.topHost },
    },
    { label: 'every product, year 2026, device = téléphone', request: { ...all, period: 'year' }, filters: phone },
    { label: 'one product, all the data, no filter', request: { ...all, scope: one }, filters: NO_FILTERS },
    { label: 'one product, all the data, device = téléphone', request: { ...all, scope: one }, filters: phone },
  ];
}

/** Each case once (warm-up), then `runs` rounds of every case in turn; each case's times. */
export function timeCases(cases: Case[], runs: number, run: (c: Case) => unknown): number[][] {
  cases.forEach((c) => run(c));
  const times = cases.map(() => [] as number[]);
  for (let r = 0; r < runs; r++)
    cases.forEach((c, k) => {
      const t = performance.now();
      run(c);
      times[k].push(performance.now() - t);
    });
  return times;
}
