// The numbers the dashboard shows and exports: exact rationals rounded once, halves away from zero, the
// same rule on the page and in the CSV (domain/analytics/rules.ts roundRatio).
import { describe, expect, it } from 'vitest';

import { bucketTimeline, dayNumber, periodPlan } from '#domain/analytics/buckets';
import type { RankingColumns } from '#domain/analytics/ranking';
import { changeLabel, changePercent, funnelOf, percent, rateChange, roundRatio } from '#domain/analytics/rules';
import { EMPTY_STATS } from '#domain/analytics/view';

import { MONTH_LAST_BLOCK_HINT } from '../../src/features/dashboard/AnalysisCharts';
import { csvOf } from '../../workers/analytics/compose';
import { buildCsv, decimal } from '../../workers/analytics/csv';

describe('rounding', () => {
  it('rounds 23/40 (57.5 %) to 58, not to 57 as 23/40*100 = 57.4999… did', () => {
    expect((23 / 40) * 100).toBeLessThan(57.5);
    expect(percent(23, 40)).toBe(58);
    expect(percent(1, 8)).toBe(13);
    expect(percent(1, 3)).toBe(33);
    expect(percent(2, 3)).toBe(67);
    expect(percent(5, 0)).toBe(0);
  });

  it('rounds halves away from zero, the same way either side of zero', () => {
    expect(roundRatio(-625, 100, 1)).toBe(-6.3);
    expect(roundRatio(625, 100, 1)).toBe(6.3);
    expect(roundRatio(-5, 2)).toBe(-3);
    expect(roundRatio(5, -2)).toBe(-3);
    expect(roundRatio(0, 7)).toBe(0);
    expect(Object.is(roundRatio(-1, 7), 0)).toBe(true);
    expect(changePercent(75, 80, 1)).toBe(-6.3);
    expect(changePercent(85, 80, 1)).toBe(6.3);
    expect(changePercent(1, 8)).toBe(-88);
  });

  it('is exact on integers beyond what a double holds in a product', () => {
    const big = 2 ** 52 + 1;
    expect(roundRatio(big * 100, big * 2)).toBe(50);
    expect(roundRatio(3 * big, 2)).toBe(Math.round((3 * big) / 2));
  });

  it('the funnel rounds its drops by the same rule', () => {
    // 40 → 17: 57.5 % lost, 42.5 % kept.
    const f = funnelOf([
      { name: 'a', count: 40 },
      { name: 'b', count: 17 },
    ]);
    expect(f.map((s) => [s.percent, s.drop])).toEqual([
      [100, null],
      [43, 58],
    ]);
  });
});

describe('the conversion rate change in comparison', () => {
  it('compares the exact rates, rounded once', () => {
    // 4.2 % against 3.4 %: shown 4 % and 3 %, whose change would read +33 %; the rates' change is +23.5 %.
    expect(rateChange({ part: 42, whole: 1000 }, { part: 34, whole: 1000 })).toBe(24);
    // 4.2 % against 4.49 %: both shown 4 %, whose change would read 0 %; the rates' change is −6.5 %.
    expect(rateChange({ part: 420, whole: 10000 }, { part: 449, whole: 10000 })).toBe(-6);
    expect(changeLabel(rateChange({ part: 420, whole: 10000 }, { part: 449, whole: 10000 }))).toBe('−6\u00a0%');
    // Different bases: 1/3 against 1/4 is +33 %.
    expect(rateChange({ part: 1, whole: 3 }, { part: 1, whole: 4 })).toBe(33);
    expect(rateChange({ part: 1, whole: 3 }, { part: 0, whole: 4 })).toBeNull();
    expect(rateChange({ part: 0, whole: 0 }, { part: 1, whole: 4 })).toBe(-100);
    expect(EMPTY_STATS.conversion).toEqual({ part: 0, whole: 0 });
  });
});

describe('the CSV numbers', () => {
  const row = {
    productId: 1,
    name: 'Banc',
    consultations: 75,
    interactions: 0,
    arTries: 0,
    conversions: 23,
    conversionRate: 58,
    base: 40,
    previousConsultations: 80,
  };

  it('rounds negative halves away from zero as the page does (−6.25 → −6,3)', () => {
    expect(decimal(-6.25)).toBe('-6,3');
    expect(decimal(6.25)).toBe('6,3');
    expect(decimal(-0.04)).toBe('0');
    const csv = buildCsv({ ranking: [row], series: { labels: [], values: [], previous: null }, metricLabel: 'm' });
    // 23/40 = 57,5 %; 75 against 80 = −6,25 % → −6,3.
    expect(csv.split('\r\n')[2]).toBe('"Banc";75;0;0;23;57,5;80;-6,3');
  });
});

describe('the CSV rows', () => {
  // Three products with the same consultations: ties go by name as French readers sort them.
  const names: Record<number, string> = { 1: 'Banc Bruges', 2: 'Banc Bâle', 3: 'Banc Zurich', 4: 'banc Berne' };
  const ranking: RankingColumns = {
    productIds: new Int32Array([1, 2, 3, 4]),
    // base, consultations, interactions, AR tries, conversions
    counts: new Float64Array([5, 5, 0, 0, 0, 5, 5, 0, 0, 0, 5, 5, 0, 0, 0, 9, 9, 0, 0, 0]),
    previous: null,
  };
  const view = {
    ...({} as Parameters<typeof csvOf>[0]),
    ranking,
    series: { labels: [], values: [], partial: -1 },
    previous: null,
  };
  const request = {
    ...({} as Parameters<typeof csvOf>[1]),
    scope: 'all' as const,
    period: 'month' as const,
    year: 2026,
    month: 11,
    week: 1,
  };
  const order = async (sort: Parameters<typeof csvOf>[5]) => {
    const { blob, fileName } = csvOf(view, request, names, 'Maison Lumière', 'm', sort);
    expect(fileName).toBe('classement_maison-lumiere_tous-les-produits_2026-11.csv');
    const lines = (await blob.text()).split('\r\n').slice(2, 6);
    return lines.map((l) => l.split(';')[0].replace(/"/g, ''));
  };

  it('follow the table: most consulted first, ties by French name ("Banc Bâle" before "Banc Bruges")', async () => {
    expect(await order(null)).toEqual(['banc Berne', 'Banc Bâle', 'Banc Bruges', 'Banc Zurich']);
  });

  it('follow the sort chosen on the table', async () => {
    expect(await order({ key: 'name', order: 1 })).toEqual(['Banc Bâle', 'banc Berne', 'Banc Bruges', 'Banc Zurich']);
    expect(await order({ key: 'name', order: -1 })).toEqual(['Banc Zurich', 'Banc Bruges', 'banc Berne', 'Banc Bâle']);
  });
});

describe('the week chart of a short block', () => {
  it('has no value for the weekdays outside "Semaine 5 (29-31)": not drawn as zeros', () => {
    // January 2026: the 29th is a Thursday, the 31st a Saturday.
    const plan = periodPlan({ period: 'week', year: 2026, month: 1, week: 5, from: null, to: null }, 2026, 2026);
    const later = dayNumber(2026, 3, 1);
    expect(plan.labels).toEqual(['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim']);
    expect(bucketTimeline(plan, later).future).toEqual([true, true, true, false, false, false, true]);
    // A full block keeps its seven days.
    const full = periodPlan({ period: 'week', year: 2026, month: 1, week: 2, from: null, to: null }, 2026, 2026);
    expect(bucketTimeline(full, later).future).toEqual(new Array(7).fill(false));
  });

  it('says in the month chart that "Sem 4" runs to the month\'s end', () => {
    expect(MONTH_LAST_BLOCK_HINT).toMatch(/Sem 4.*22.*fin du mois/);
  });
});
