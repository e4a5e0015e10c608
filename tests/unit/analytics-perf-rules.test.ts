// The engine's speed-ups must not change a figure: calendar parts without Date, and the session numbering
// kept across views and stored with the records.
import { describe, expect, it } from 'vitest';

import { civilOf, DAY_MS, dayNumber, dayOfIso, isoOf, periodPlan, yearOf } from '#domain/analytics/buckets';

import { aggregate, Numbering } from '../../workers/analytics/aggregate';
import { type ProductColumns, toColumns } from '../../workers/analytics/columns';
import { SessionDictionary } from '../../workers/analytics/sessions';

describe('civilOf (integer calendar arithmetic on day numbers)', () => {
  it('matches Date for every day from 1969 to 2101', () => {
    const wrong: number[] = [];
    for (let t = Date.UTC(1969, 0, 1); t < Date.UTC(2101, 0, 1); t += DAY_MS) {
      const d = new Date(t);
      const p = civilOf(t / DAY_MS);
      if (
        p.year !== d.getUTCFullYear() ||
        p.month !== d.getUTCMonth() + 1 ||
        p.day !== d.getUTCDate() ||
        p.weekday !== (d.getUTCDay() + 6) % 7
      )
        wrong.push(t);
      if (yearOf(t / DAY_MS) !== d.getUTCFullYear() || dayOfIso(isoOf(t / DAY_MS)) !== t / DAY_MS) wrong.push(t);
    }
    expect(wrong).toEqual([]);
  });

  it('gives the spec buckets: months, 4 blocks capped at Sem 4, Monday first, years', () => {
    const plan = (period: 'year' | 'month' | 'week' | 'all_time') =>
      periodPlan({ period, year: 2025, month: 1, week: 5 }, 2024, 2026);
    expect(plan('year').bucketOfDay(dayNumber(2025, 12, 31))).toBe(11);
    expect(plan('month').bucketOfDay(dayNumber(2025, 1, 29))).toBe(3);
    expect(plan('month').bucketOfDay(dayNumber(2025, 1, 8))).toBe(1);
    expect(plan('week').bucketOfDay(dayNumber(2025, 1, 6))).toBe(0); // a Monday
    expect(plan('week').bucketOfDay(dayNumber(2025, 1, 12))).toBe(6); // a Sunday
    expect(plan('all_time').bucketOfDay(dayNumber(2026, 6, 1))).toBe(2);
    expect(dayOfIso('2025-02-29')).toBeNull();
  });
});

describe('numbering kept across views and stored', () => {
  const ev = (session: string, country: string, conversion = false) => ({
    timestamp: '2025-03-04T10:00:00Z',
    userSessionId: session,
    country,
    consultation: true,
    conversion,
  });
  const a = toColumns(1, [ev('s1', 'FR'), ev('s2', 'BE', true), ev('s1', 'FR')]);
  const b = toColumns(2, [ev('s2', 'DE'), ev('s3', 'FR')]);
  const other = toColumns(3, [ev('x1', 'US'), ev('x2', 'JP', true)]);
  const req = {
    scope: 'all' as const,
    metric: 'consultation' as const,
    counting: 'unique_users' as const,
    period: 'all_time' as const,
    year: 2025,
    month: 3,
    week: 1,
  };
  const now = new Date(Date.UTC(2026, 10, 21));
  const alone = (
    ps: ProductColumns[],
    r: Omit<typeof req, 'counting'> & { counting: 'unique_users' | 'total' } = req,
  ) => {
    const d = new SessionDictionary();
    return aggregate(
      ps.map((p) => d.store(p)),
      r,
      now,
    );
  };

  it('gives the same figures as a fresh numbering, whatever was numbered before', () => {
    const shared = new SessionDictionary();
    const countries = new Numbering();
    aggregate([shared.store(other)], req, now, countries);
    const [sa, sb] = [shared.store(a), shared.store(b)];
    const before = aggregate([sa, sb], req, now, countries);
    expect(before).toEqual(alone([a, b]));
    expect(before.stats).toMatchObject({ consultations: 3, interactions: 0, arTries: 0, conversionRate: 33 });
    expect(before.geo.map((g) => g.label)).not.toContain('Japon');
    // The same records again: the country maps are reused, the figures unchanged.
    expect(aggregate([sa, sb], { ...req, counting: 'total' }, now, countries)).toEqual(
      alone([a, b], { ...req, counting: 'total' }),
    );
  });

  it('numbers a session seen by two products once, and stores each string once, in chunks that follow each other', () => {
    const d = new SessionDictionary();
    const sa = d.store(a);
    expect(d.takeChunk()).toEqual({ start: 0, strings: ['s1', 's2'] });
    const sb = d.store(b);
    expect([...sb.session]).toEqual([1, 2]);
    expect(sb.sessionLimit).toBe(3);
    expect(d.takeChunk()).toEqual({ start: 2, strings: ['s3'] });
    expect(d.takeChunk()).toBeNull();
    expect(sa.first).toBe(Date.UTC(2025, 2, 4, 10));
    // Taken back after a reload: the same numbers, new strings after them.
    const reloaded = new SessionDictionary();
    expect(
      reloaded.load([
        { start: 2, strings: ['s3'] },
        { start: 0, strings: ['s1', 's2'] },
      ]),
    ).toBe(true);
    expect([...reloaded.store(b).session]).toEqual([1, 2]);
    expect([...reloaded.store(other).session]).toEqual([3, 4]);
    expect(reloaded.takeChunk()).toEqual({ start: 3, strings: ['x1', 'x2'] });
    // A gap: unusable.
    expect(
      new SessionDictionary().load([
        { start: 0, strings: ['s1'] },
        { start: 2, strings: ['s3'] },
      ]),
    ).toBe(false);
  });
});
