import { describe, expect, it } from 'vitest';

import type { ViewRequest } from '#domain/analytics/view';

import { aggregate, Numbering } from '../../workers/analytics/aggregate';
import { toColumns } from '../../workers/analytics/columns';
import { SessionDictionary } from '../../workers/analytics/sessions';

const now = new Date(Date.UTC(2026, 10, 21));
const req = (over: Partial<ViewRequest> = {}) => ({
  scope: 'all' as const,
  metric: 'consultation' as const,
  counting: 'total' as const,
  period: 'all_time' as const,
  year: 2025,
  month: 1,
  week: 1,
  ...over,
});
const ev = (
  ts: string | null,
  session: string,
  flags: Partial<Record<'consultation' | 'iframeInteraction' | 'ar_Try' | 'conversion', boolean>>,
  country = 'FR',
) => ({
  timestamp: ts,
  userSessionId: session,
  country,
  consultation: false,
  iframeInteraction: false,
  ar_Try: false,
  conversion: false,
  ...flags,
});

// Two products; session "a" sees both. Numbered by one dictionary, as the engine does.
const dictionary = new SessionDictionary();
const p1 = dictionary.store(
  toColumns(1, [
    ev('2025-01-06T10:00:00Z', 'a', { consultation: true, iframeInteraction: true }),
    ev('2025-01-06T11:00:00Z', 'a', { consultation: true, ar_Try: true }),
    ev('2025-01-08T09:00:00Z', 'b', { consultation: true, conversion: true }, 'BE'),
    ev('2024-05-01T09:00:00Z', 'c', { consultation: true }, 'Germany'),
    ev(null, 'd', { consultation: true }),
  ]),
);
const p2 = dictionary.store(
  toColumns(2, [
    ev('2025-01-12T22:00:00Z', 'a', { consultation: true, iframeInteraction: true, conversion: true }, 'fr'),
  ]),
);

describe('aggregate (one pass over the columns)', () => {
  it('total: counts events per flag and the conversion rate over all events', () => {
    const v = aggregate([p1, p2], req(), now);
    expect(v.stats).toEqual({
      consultations: 6,
      interactions: 2,
      arTries: 1,
      conversionRate: Math.round((2 / 6) * 100),
      conversion: { part: 2, whole: 6 },
    });
    expect(v.eventCount).toBe(6);
  });

  it('unique_users: distinct sessions over the union of products, rate over distinct sessions', () => {
    const v = aggregate([p1, p2], req({ counting: 'unique_users' }), now);
    // sessions a, b, c, d consulted; a interacted (on both products: once); a tried AR; a and b converted.
    expect(v.stats).toEqual({
      consultations: 4,
      interactions: 1,
      arTries: 1,
      conversionRate: 50,
      conversion: { part: 2, whole: 4 },
    });
  });

  it('all_time buckets by year from the first event; untimed events stay out of the chart', () => {
    const v = aggregate([p1, p2], req(), now);
    expect(v.series.labels).toEqual(['2024', '2025', '2026']);
    expect(v.series.values).toEqual([1, 4, 0]);
  });

  it('filters by UTC month and counts a session once per bucket with unique_users', () => {
    const total = aggregate([p1, p2], req({ period: 'month', year: 2025, month: 1 }), now);
    expect(total.series.labels).toEqual(['Sem 1', 'Sem 2', 'Sem 3', 'Sem 4']);
    expect(total.series.values).toEqual([2, 2, 0, 0]);
    expect(total.stats.consultations).toBe(4);
    const unique = aggregate([p1, p2], req({ period: 'month', year: 2025, month: 1, counting: 'unique_users' }), now);
    expect(unique.series.values).toEqual([1, 2, 0, 0]);
  });

  it('week period: the chosen 7-day block, Monday first; the metric picks the flag', () => {
    const v = aggregate([p1, p2], req({ period: 'week', year: 2025, month: 1, week: 2, metric: 'conversion' }), now);
    expect(v.series.labels[0]).toBe('Lun');
    // Block 8-14 January 2025: the 8th is a Wednesday, the 12th a Sunday.
    expect(v.series.values).toEqual([0, 0, 1, 0, 0, 0, 1]);
    expect(v.stats.consultations).toBe(2);
  });

  it('geo: French names merged, sorted, distinct sessions per country with unique_users', () => {
    expect(aggregate([p1, p2], req(), now).geo).toEqual([
      { label: 'France', value: 4 },
      { label: 'Allemagne', value: 1 },
      { label: 'Belgique', value: 1 },
    ]);
    expect(aggregate([p1, p2], req({ counting: 'unique_users' }), now).geo[0]).toEqual({ label: 'France', value: 2 });
  });

  it('funnel: sessions reaching each step and every step before it, for one product or all of them', () => {
    const one = aggregate([p1], req({ scope: 1 }), now).funnel;
    expect(one.map((s) => s.name)).toEqual(['consultation', 'interaction 3D', 'essai AR', 'conversion']);
    // a: consultation, 3D and AR on p1; b converted without touching the model in 3D: not in the 4th step.
    expect(one.map((s) => s.count)).toEqual([4, 1, 1, 0]);
    expect(one.map((s) => s.percent)).toEqual([100, 25, 25, 0]);
    expect(one.map((s) => s.drop)).toEqual([null, 75, 0, 100]);
    // All products: a converted on p2, after 3D and AR on p1 (a session is company-wide).
    const all = aggregate([p1, p2], req(), now).funnel;
    expect(all.map((s) => s.count)).toEqual([4, 1, 1, 1]);
    expect(all.map((s) => s.drop)).toEqual([null, 75, 0, 0]);
    // Only the period's events: in January 2025 session c (May 2024) and d (untimed) are out.
    expect(aggregate([p1, p2], req({ period: 'month', year: 2025, month: 1 }), now).funnel.map((s) => s.count)).toEqual(
      [2, 1, 1, 1],
    );
    // No consultation: no funnel (the empty message shows).
    expect(aggregate([p1], req({ period: 'year', year: 2023 }), now).funnel).toEqual([]);
  });

  it('puts a record written out of order in day order once, untimed first, each event whole', () => {
    const times = [
      '2025-03-02T10:00:00Z',
      undefined,
      '2025-01-05T10:00:00Z',
      '2025-03-02T08:00:00Z',
      '2024-12-31T23:30:00Z',
    ];
    const r = dictionary.store(
      toColumns(
        40,
        times.map((t, i) => ({ timestamp: t, userSessionId: `ordre-${i}`, consultation: i % 2 === 0, country: 'FR' })),
      ),
    );
    const pairs = (x: typeof r) => [...x.time].map((t, i) => [t, x.session[i], x.flags[i]]);
    const before = pairs(r);
    const numbering = new Numbering('Europe/Paris');
    const { day, sorted } = numbering.daysOf(r);
    expect(sorted).toBe(true);
    expect(Number.isNaN(r.time[0])).toBe(true);
    for (let i = 2; i < r.count; i++) expect(day[i]).toBeGreaterThanOrEqual(day[i - 1]);
    // 23:30 UTC on 31 December is 1 January in Paris: its day, not UTC's.
    expect(day[1]).toBe(Math.floor(Date.UTC(2025, 0, 1) / 86_400_000));
    expect(pairs(r).sort()).toEqual(before.sort());
    // Equal days keep their order; sorted once: a second Numbering finds it in order.
    expect(new Numbering('Europe/Paris').daysOf(r).sorted).toBe(true);
  });

  it('gives a zero series per label and zero figures without data', () => {
    const v = aggregate([dictionary.store(toColumns(9, []))], req({ period: 'year' }), now);
    expect(v.series.values).toEqual(new Array(12).fill(0));
    expect(v.stats).toEqual({
      consultations: 0,
      interactions: 0,
      arTries: 0,
      conversionRate: 0,
      conversion: { part: 0, whole: 0 },
    });
    expect(v.geo).toEqual([]);
    expect(v.eventCount).toBe(0);
  });

  it('stores events columnar: typed arrays, sessions as dictionary numbers, country names per product', () => {
    expect(p1.time).toBeInstanceOf(Float64Array);
    expect(p1.session).toBeInstanceOf(Uint32Array);
    expect(p1.flags).toBeInstanceOf(Uint8Array);
    expect(p1.country).toBeInstanceOf(Uint16Array);
    // The passes above put p1's events in day order, in place (Numbering.daysOf): the same events.
    expect([...p1.session].sort()).toEqual([0, 0, 1, 2, 3]);
    expect([...p2.session]).toEqual([0]);
    expect(p1.countries).toEqual(['France', 'Belgique', 'Allemagne']);
  });
});
