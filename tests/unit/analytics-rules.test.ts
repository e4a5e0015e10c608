import { describe, expect, it } from 'vitest';

import { bucketLabels, dayNumber, isoOf, periodDays, periodPlan, previousPlan } from '#domain/analytics/buckets';
import { countryLabel, KNOWN_COUNTRY_CODES } from '#domain/analytics/countries';
import {
  eventArTry,
  eventCountry,
  eventSession,
  eventTime,
  readGeo,
  readJourney,
  readProduct,
  readSummary,
} from '#domain/analytics/fields';
import { conversionRate, funnelOf, mergeGeo } from '#domain/analytics/rules';
import {
  clampSelection,
  defaultSelection,
  monthOptions,
  QUICK_RANGES,
  quickRange,
  selectionFromParams,
  selectionToParams,
  weekChoices,
  weekOptions,
  yearOptions,
} from '#domain/analytics/selection';

describe('event fields (docs/product.md §1.3)', () => {
  it('reads the session under every spelling, "unknown" otherwise', () => {
    expect(eventSession({ userSessionId: 'a' })).toBe('a');
    expect(eventSession({ userSessionID: 'b' })).toBe('b');
    expect(eventSession({ sessionId: 'c' })).toBe('c');
    expect(eventSession({ userId: 4 })).toBe('4');
    expect(eventSession({ userID: 'e' })).toBe('e');
    expect(eventSession({})).toBe('unknown');
  });

  it('reads the AR flag under every spelling, true for true, 1, "true" and "1"', () => {
    for (const k of ['ar_Try', 'arTry', 'ar_try', 'ar', 'arUsage', 'ar_usage', 'hasARView'])
      for (const v of [true, 1, 'true', '1']) expect(eventArTry({ [k]: v }), `${k}=${v}`).toBe(true);
    for (const v of [false, 0, 'false', '0', null, 'yes']) expect(eventArTry({ ar_Try: v })).toBe(false);
    expect(eventArTry({ consultation: true })).toBe(false);
  });

  it('reads the country under every spelling, "Unknown" otherwise; the timestamp or NaN', () => {
    expect(eventCountry({ country: 'FR' })).toBe('FR');
    expect(eventCountry({ Country: 'BE' })).toBe('BE');
    expect(eventCountry({ countryCode: 'CH' })).toBe('CH');
    expect(eventCountry({ CountryCode: 'DE' })).toBe('DE');
    expect(eventCountry({ country: null })).toBe('Unknown');
    expect(eventTime({ timestamp: '2024-03-01T10:00:00Z' })).toBe(Date.UTC(2024, 2, 1, 10));
    expect(eventTime({})).toBeNaN();
  });

  it('reads products, summaries, geo and journey answers in every accepted shape', () => {
    expect(readProduct({ produitId: 3, nomProduit: 'Lampe' })).toEqual({ id: 3, name: 'Lampe' });
    expect(readProduct({ modelId: 4, nomModel: 'M' })).toEqual({ id: 4, name: 'M' });
    expect(readProduct({ id: 5 })).toEqual({ id: 5, name: 'Produit 5' });
    expect(
      readSummary({ totalEvents: 10, totalConsultations: 8, totalIframes: 5, totalARTries: 2, totalConversions: 1 }),
    ).toEqual({
      total: 10,
      consultations: 8,
      iframes: 5,
      arTries: 2,
      conversions: 1,
    });
    expect(readSummary({ total: 3, consultations: 2, iframeInteractions: 1, arTries: 1, conversions: 0 }).iframes).toBe(
      1,
    );
    expect(readGeo({ byCountry: [{ country: 'FR', count: 3 }] })).toEqual([{ label: 'FR', value: 3 }]);
    expect(readGeo({ byCity: [{ city: 'Lyon', visitorCount: 2 }] })).toEqual([{ label: 'Lyon', value: 2 }]);
    expect(
      readGeo([
        { name: 'Suisse', value: 1 },
        { key: 'BE', count: 4 },
      ]),
    ).toEqual([
      { label: 'Suisse', value: 1 },
      { label: 'BE', value: 4 },
    ]);
    expect(readJourney({ $values: [{ stepName: 'consultation', count: 4 }] })).toEqual([
      { name: 'consultation', count: 4 },
    ]);
    expect(readJourney([{ name: 'conversion', total: 1 }])).toEqual([{ name: 'conversion', count: 1 }]);
  });
});

describe('country names (docs/product.md §1.5)', () => {
  it('maps codes and English names to French names, capitalises the others', () => {
    expect(countryLabel('FR')).toBe('France');
    expect(countryLabel('US')).toBe('États-Unis');
    expect(countryLabel('UK')).toBe('Royaume-Uni');
    expect(countryLabel('Germany')).toBe('Allemagne');
    expect(countryLabel('ES')).toBe('Espagne');
    expect(countryLabel('IT')).toBe('Italie');
    expect(countryLabel('BE')).toBe('Belgique');
    expect(countryLabel('CH')).toBe('Suisse');
    expect(countryLabel('CA')).toBe('Canada');
    expect(countryLabel('fr')).toBe('France');
    expect(countryLabel('atlantide')).toBe('Atlantide');
    expect(countryLabel(null)).toBe('Unknown');
    expect(KNOWN_COUNTRY_CODES).toBeGreaterThanOrEqual(40);
  });
});

describe('counting rules (docs/product.md §1.7)', () => {
  it('rounds the conversion rate and gives 0 without events', () => {
    expect(conversionRate(1, 3)).toBe(33);
    expect(conversionRate(2, 3)).toBe(67);
    expect(conversionRate(5, 0)).toBe(0);
  });

  it('merges geo items by French name and sorts them by descending value', () => {
    expect(
      mergeGeo([
        { label: 'FR', value: 2 },
        { label: 'BE', value: 5 },
        { label: 'France', value: 4 },
        { label: 'germany', value: 1 },
      ]),
    ).toEqual([
      { label: 'France', value: 6 },
      { label: 'Belgique', value: 5 },
      { label: 'Allemagne', value: 1 },
    ]);
  });

  it('gives each funnel step its percent of the first step and the drop from the step before', () => {
    const f = funnelOf([
      { name: 'a', count: 80 },
      { name: 'b', count: 30 },
      { name: 'c', count: 15 },
      { name: 'd', count: 5 },
    ]);
    expect(f.map((s) => s.percent)).toEqual([100, 38, 19, 6]);
    // 50 of 80 lost (62.5 %), 15 of 30, 10 of 15 (66.7 %).
    expect(f.map((s) => s.drop)).toEqual([null, 63, 50, 67]);
    expect(
      funnelOf([
        { name: 'a', count: 3 },
        { name: 'b', count: 0 },
        { name: 'c', count: 0 },
      ]).map((s) => [s.percent, s.drop]),
    ).toEqual([
      [100, null],
      [0, 100],
      [0, 0],
    ]);
    expect(funnelOf([{ name: 'a', count: 0 }]).map((s) => s.percent)).toEqual([0]);
  });
});

describe('time buckets', () => {
  it('labels all_time by year, year Jan..Déc, month Sem 1..Sem 4, week Lun..Dim', () => {
    expect(bucketLabels('all_time', 2024, 2026)).toEqual(['2024', '2025', '2026']);
    expect(bucketLabels('year', 0, 0)).toEqual([
      'Jan',
      'Fév',
      'Mar',
      'Avr',
      'Mai',
      'Juin',
      'Juil',
      'Août',
      'Sep',
      'Oct',
      'Nov',
      'Déc',
    ]);
    expect(bucketLabels('month', 0, 0)).toEqual(['Sem 1', 'Sem 2', 'Sem 3', 'Sem 4']);
    expect(bucketLabels('week', 0, 0)).toEqual(['Lun', 'Mar', 'Mer', 'Jeu', 'Ven', 'Sam', 'Dim']);
  });

  it('puts a day in block (day − 1) / 7 capped at the fourth, Monday first', () => {
    const b = (period: 'year' | 'month' | 'week' | 'all_time', y: number, m: number, d: number) =>
      periodPlan({ period, year: y, month: m, week: 1 }, 2024, 2026).bucketOfDay(dayNumber(y, m, d));
    expect(b('month', 2025, 1, 7)).toBe(0);
    expect(b('month', 2025, 1, 8)).toBe(1);
    expect(b('month', 2025, 1, 28)).toBe(3);
    expect(b('month', 2025, 1, 31)).toBe(3);
    expect(b('week', 2025, 1, 6)).toBe(0); // a Monday
    expect(b('week', 2025, 1, 5)).toBe(6); // a Sunday
    expect(b('year', 2025, 12, 31)).toBe(11);
    expect(b('all_time', 2025, 6, 1)).toBe(1);
  });

  it('keeps the days of a year, a month, a 7-day block, a custom range (inclusive)', () => {
    expect(periodDays({ period: 'year', year: 2025, month: 1, week: 1 })).toEqual({
      from: dayNumber(2025, 1, 1),
      to: dayNumber(2026, 1, 1),
    });
    expect(periodDays({ period: 'month', year: 2025, month: 2, week: 1 })).toEqual({
      from: dayNumber(2025, 2, 1),
      to: dayNumber(2025, 3, 1),
    });
    expect(periodDays({ period: 'week', year: 2025, month: 1, week: 5 })).toEqual({
      from: dayNumber(2025, 1, 29),
      to: dayNumber(2025, 2, 1),
    });
    expect(
      periodDays({ period: 'custom', year: 2025, month: 1, week: 1, from: '2025-03-30', to: '2025-04-02' }),
    ).toEqual({ from: dayNumber(2025, 3, 30), to: dayNumber(2025, 4, 3) });
    expect(periodDays({ period: 'all_time', year: 2025, month: 1, week: 1 }).from).toBe(-Infinity);
  });
});

describe('selections (docs/product.md §1.4)', () => {
  const now = new Date(Date.UTC(2026, 10, 21, 12));

  it('offers years from 2020, months up to the current one this year, weeks as "Semaine N (start-end)"', () => {
    expect(yearOptions(now)).toEqual([2020, 2021, 2022, 2023, 2024, 2025, 2026]);
    expect(monthOptions(2026, now)).toHaveLength(11);
    expect(monthOptions(2025, now)).toHaveLength(12);
    expect(weekOptions(2025, 2).map((w) => w.label)).toEqual([
      'Semaine 1 (1-7)',
      'Semaine 2 (8-14)',
      'Semaine 3 (15-21)',
      'Semaine 4 (22-28)',
    ]);
    expect(weekOptions(2026, 11).at(-1)!.label).toBe('Semaine 5 (29-30)');
  });

  it('defaults to consultation, total, the current month and the week block holding today', () => {
    expect(defaultSelection(now)).toEqual({
      companyId: null,
      scope: 'all',
      metric: 'consultation',
      counting: 'total',
      period: 'month',
      year: 2026,
      month: 11,
      week: 3,
      from: null,
      to: null,
      compare: false,
    });
    expect(defaultSelection(new Date(Date.UTC(2026, 10, 29))).week).toBe(5);
    expect(defaultSelection(new Date(Date.UTC(2026, 10, 1))).week).toBe(1);
  });

  it('offers only the week blocks already begun this month', () => {
    expect(weekChoices(2026, 11, now).map((w) => w.week)).toEqual([1, 2, 3]);
    expect(weekChoices(2026, 10, now)).toHaveLength(5);
  });

  it('keeps month and week within range and survives a round trip through the URL', () => {
    expect(clampSelection({ ...defaultSelection(now), year: 2026, month: 12, week: 9 }, now)).toMatchObject({
      month: 11,
      week: 3,
    });
    expect(clampSelection({ ...defaultSelection(now), year: 2026, month: 10, week: 9 }, now)).toMatchObject({
      month: 10,
      week: 5,
    });
    const s = {
      ...defaultSelection(now),
      companyId: 3,
      scope: 12 as const,
      metric: 'ar_usage' as const,
      counting: 'unique_users' as const,
      period: 'week' as const,
      year: 2025,
      month: 2,
      week: 4,
    };
    expect(selectionFromParams(selectionToParams(s), now)).toEqual(s);
    expect(selectionFromParams(new URLSearchParams('metrique=pirate&annee=1990'), now)).toMatchObject({
      metric: 'consultation',
      year: 2020,
    });
  });
});

describe('custom ranges, quick ranges and the URL', () => {
  const now = new Date(Date.UTC(2026, 10, 21));

  it('reads periode=custom&du&au&comparer=1 and writes it back', () => {
    const s = selectionFromParams(new URLSearchParams('periode=custom&du=2026-03-01&au=2026-03-31&comparer=1'), now);
    expect(s).toMatchObject({ period: 'custom', from: '2026-03-01', to: '2026-03-31', compare: true });
    expect(selectionToParams(s).toString()).toContain('periode=custom');
    expect(selectionToParams(s).get('du')).toBe('2026-03-01');
    expect(selectionToParams(s).get('au')).toBe('2026-03-31');
    expect(selectionToParams(s).get('comparer')).toBe('1');
    expect(selectionFromParams(selectionToParams(s), now)).toEqual(s);
  });

  it('orders the two dates, keeps them up to today, and defaults to the last 30 days', () => {
    expect(selectionFromParams(new URLSearchParams('periode=custom&du=2026-03-31&au=2026-03-01'), now)).toMatchObject({
      from: '2026-03-01',
      to: '2026-03-31',
    });
    expect(selectionFromParams(new URLSearchParams('periode=custom&du=2026-11-01&au=2027-01-01'), now)).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-21',
    });
    expect(selectionFromParams(new URLSearchParams('periode=custom&du=nope'), now)).toMatchObject({
      from: '2026-10-23',
      to: '2026-11-21',
    });
    expect(selectionFromParams(new URLSearchParams('periode=month&du=2026-01-01&au=2026-01-02'), now)).toMatchObject({
      from: null,
      to: null,
    });
  });

  it('quick ranges end today', () => {
    expect(QUICK_RANGES.map((q) => q.label)).toEqual([
      '7 derniers jours',
      '30 derniers jours',
      '90 derniers jours',
      '12 derniers mois',
    ]);
    expect(quickRange(QUICK_RANGES[0], now)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(quickRange(QUICK_RANGES[1], now)).toEqual({ from: '2026-10-23', to: '2026-11-21' });
    expect(quickRange(QUICK_RANGES[3], now)).toEqual({ from: '2025-11-22', to: '2026-11-21' });
  });

  it('buckets a range by day up to 31 days, by 7 days up to 186, by month beyond', () => {
    const plan = (from: string, to: string) =>
      periodPlan({ period: 'custom', year: 2026, month: 1, week: 1, from, to }, 0, 0);
    expect(plan('2026-01-01', '2026-01-31').labels).toHaveLength(31);
    expect(plan('2026-01-01', '2026-02-01').labels).toHaveLength(5);
    expect(plan('2026-01-01', '2026-07-05').labels).toHaveLength(27);
    expect(plan('2026-01-01', '2026-07-06').labels).toEqual([
      'Jan 2026',
      'Fév 2026',
      'Mar 2026',
      'Avr 2026',
      'Mai 2026',
      'Juin 2026',
      'Juil 2026',
    ]);
  });

  it('the previous period: month before a month, year before a year, the same number of days before a range', () => {
    const prev = (s: Parameters<typeof previousPlan>[0]) => {
      const p = previousPlan(s);
      return [isoOf(p.from), isoOf(p.to - 1)];
    };
    const base = { year: 2026, month: 3, week: 1, from: null, to: null };
    expect(prev({ ...base, period: 'month' })).toEqual(['2026-02-01', '2026-02-28']);
    expect(prev({ ...base, period: 'month', month: 1 })).toEqual(['2025-12-01', '2025-12-31']);
    expect(prev({ ...base, period: 'year' })).toEqual(['2025-01-01', '2025-12-31']);
    expect(prev({ ...base, period: 'week', week: 5 })).toEqual(['2026-03-26', '2026-03-28']);
    expect(prev({ ...base, period: 'custom', from: '2026-03-01', to: '2026-03-31' })).toEqual([
      '2026-01-29',
      '2026-02-28',
    ]);
  });
});
