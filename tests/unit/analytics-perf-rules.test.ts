// The engine's speed-ups must not change a figure: calendar parts without Date, and the session numbering
// kept across views and stored with the records.
import { describe, expect, it } from 'vitest';
import { bucketOf, utcParts, utcYear } from '../../src/domain/analytics/buckets';
import { aggregate, Numbering } from '../../workers/analytics/aggregate';
import { toColumns, type ProductColumns } from '../../workers/analytics/columns';
import { SessionDictionary } from '../../workers/analytics/sessions';

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

describe('numbering kept across views and stored', () => {
  const ev = (session: string, country: string, conversion = false) => ({ timestamp: '2025-03-04T10:00:00Z', userSessionId: session, country, consultation: true, conversion });
  const a = toColumns(1, [ev('s1', 'FR'), ev('s2', 'BE', true), ev('s1', 'FR')]);
  const b = toColumns(2, [ev('s2', 'DE'), ev('s3', 'FR')]);
  const other = toColumns(3, [ev('x1', 'US'), ev('x2', 'JP', true)]);
  const req = { scope: 'all' as const, metric: 'consultation' as const, counting: 'unique_users' as const, period: 'all_time' as const, year: 2025, month: 3, week: 1 };
  const now = new Date(Date.UTC(2026, 10, 21));
  const alone = (ps: ProductColumns[], r: Omit<typeof req, 'counting'> & { counting: 'unique_users' | 'total' } = req) => {
    const d = new SessionDictionary();
    return aggregate(ps.map((p) => d.store(p)), r, now);
  };

  it('gives the same figures as a fresh numbering, whatever was numbered before', () => {
    const shared = new SessionDictionary();
    const countries = new Numbering();
    aggregate([shared.store(other)], req, now, countries);
    const [sa, sb] = [shared.store(a), shared.store(b)];
    const before = aggregate([sa, sb], req, now, countries);
    expect(before).toEqual(alone([a, b]));
    expect(before.stats).toEqual({ consultations: 3, interactions: 0, arTries: 0, conversionRate: 33 });
    expect(before.geo.map((g) => g.label)).not.toContain('Japon');
    // The same records again: the country maps are reused, the figures unchanged.
    expect(aggregate([sa, sb], { ...req, counting: 'total' }, now, countries)).toEqual(alone([a, b], { ...req, counting: 'total' }));
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
    expect(reloaded.load([{ start: 2, strings: ['s3'] }, { start: 0, strings: ['s1', 's2'] }])).toBe(true);
    expect([...reloaded.store(b).session]).toEqual([1, 2]);
    expect([...reloaded.store(other).session]).toEqual([3, 4]);
    expect(reloaded.takeChunk()).toEqual({ start: 3, strings: ['x1', 'x2'] });
    // A gap: unusable.
    expect(new SessionDictionary().load([{ start: 0, strings: ['s1'] }, { start: 2, strings: ['s3'] }])).toBe(false);
  });
});
