// The engine's speed-ups must not change a figure: calendar parts without Date, and the session numbering
// kept across views.
import { describe, expect, it } from 'vitest';
import { bucketOf, utcParts, utcYear } from '../../src/domain/analytics/buckets';
import { aggregate, Numbering } from '../../workers/analytics/aggregate';
import { toColumns } from '../../workers/analytics/columns';

describe('utcParts (integer calendar arithmetic)', () => {
  it('matches Date for every day from 1969 to 2101 and around midnight', () => {
    const wrong: number[] = [];
    for (let t = Date.UTC(1969, 0, 1); t < Date.UTC(2101, 0, 1); t += 86_400_000) {
      for (const at of [t, t - 1, t + 1, t + 43_200_000]) {
        const d = new Date(at);
        const p = utcParts(at);
        if (p.year !== d.getUTCFullYear() || p.month !== d.getUTCMonth() || p.day !== d.getUTCDate() || p.weekday !== d.getUTCDay()) wrong.push(at);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('gives the spec buckets: months, 4 blocks capped at Sem 4, Monday first, years', () => {
    expect(bucketOf('year', Date.UTC(2025, 11, 31, 23, 59), 0)).toBe(11);
    expect(bucketOf('month', Date.UTC(2025, 0, 29), 0)).toBe(3);
    expect(bucketOf('month', Date.UTC(2025, 0, 8), 0)).toBe(1);
    expect(bucketOf('week', Date.UTC(2025, 0, 6), 0)).toBe(0); // a Monday
    expect(bucketOf('week', Date.UTC(2025, 0, 12), 0)).toBe(6); // a Sunday
    expect(bucketOf('all_time', Date.UTC(2026, 5, 1), 2024)).toBe(2);
    expect(utcYear(Date.UTC(2024, 1, 29, 12))).toBe(2024);
  });
});

describe('Numbering kept across views', () => {
  const ev = (session: string, country: string, conversion = false) => ({ timestamp: '2025-03-04T10:00:00Z', userSessionId: session, country, consultation: true, conversion });
  const a = toColumns(1, [ev('s1', 'FR'), ev('s2', 'BE', true), ev('s1', 'FR')]);
  const b = toColumns(2, [ev('s2', 'DE'), ev('s3', 'FR')]);
  const other = toColumns(3, [ev('x1', 'US'), ev('x2', 'JP', true)]);
  const req = { scope: 'all' as const, metric: 'consultation' as const, counting: 'unique_users' as const, period: 'all_time' as const, year: 2025, month: 3, week: 1 };
  const now = new Date(Date.UTC(2026, 10, 21));

  it('gives the same figures as a fresh numbering, whatever was numbered before', () => {
    const shared = new Numbering();
    aggregate([other], req, now, shared);
    const before = aggregate([a, b], req, now, shared);
    const fresh = aggregate([a, b], req, now);
    expect(before).toEqual(fresh);
    expect(before.stats).toEqual({ consultations: 3, interactions: 0, arTries: 0, conversionRate: 33 });
    expect(before.geo.map((g) => g.label)).not.toContain('Japon');
    // The same records again: the maps are reused, the figures unchanged.
    expect(aggregate([a, b], { ...req, counting: 'total' }, now, shared)).toEqual(aggregate([a, b], { ...req, counting: 'total' }, now));
  });
});
