// The one pass (tally) that serves every metric must give, for each metric, the figures the spec's rules
// give when computed plainly: a Set of sessions per bucket, per country and per flag, over event objects.
// And the engine's kept tallies must never serve figures of other records or another selection.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countryLabel } from '../../src/domain/analytics/countries';
import { periodRange } from '../../src/domain/analytics/buckets';
import { eventCountry } from '../../src/domain/analytics/fields';
import { conversionRate, journeyPercentages, mergeGeo } from '../../src/domain/analytics/rules';
import type { Counting, Metric, Period } from '../../src/domain/analytics/selection';
import { aggregate, figuresOf, METRIC_ORDER, Numbering, type Figures } from '../../workers/analytics/aggregate';
import { toColumns } from '../../workers/analytics/columns';
import { Tallies } from '../../workers/analytics/tallies';
import { SessionDictionary } from '../../workers/analytics/sessions';

type Ev = {
  timestamp: string | null;
  userSessionId: string;
  country: string;
  consultation: boolean;
  iframeInteraction: boolean;
  ar_Try: boolean;
  conversion: boolean;
};
const FIELD: Record<Metric, keyof Ev> = { consultation: 'consultation', engagement: 'iframeInteraction', ar_usage: 'ar_Try', conversion: 'conversion' };
const now = new Date(Date.UTC(2026, 10, 21));

/** Spec 1 section 7, written plainly with Date and Sets. */
function plain(products: Ev[][], r: { scope: 'all' | number; metric: Metric; counting: Counting; period: Period; year: number; month: number; week: number }): Figures {
  const chosen = r.scope === 'all' ? products.flat() : products[r.scope - 1];
  const { from, to } = periodRange(r);
  const timeOf = (e: Ev) => (e.timestamp === null ? NaN : Date.parse(e.timestamp));
  const inPeriod = chosen.filter((e) => (r.period === 'all_time' ? true : timeOf(e) >= from && timeOf(e) < to));
  const years = (r.scope === 'all' ? products.flat() : chosen).map(timeOf).filter((t) => !Number.isNaN(t)).map((t) => new Date(t).getUTCFullYear());
  const firstYear = Math.min(now.getUTCFullYear(), ...years);
  const lastYear = Math.max(now.getUTCFullYear(), ...years);
  const n = { year: 12, month: 4, week: 7, all_time: lastYear - firstYear + 1 }[r.period];
  const bucket = (t: number) => {
    const d = new Date(t);
    if (r.period === 'year') return d.getUTCMonth();
    if (r.period === 'month') return Math.min(Math.floor((d.getUTCDate() - 1) / 7), 3);
    if (r.period === 'week') return (d.getUTCDay() + 6) % 7;
    return d.getUTCFullYear() - firstYear;
  };
  const unique = r.counting === 'unique_users';
  const values = new Array<number>(n).fill(0);
  const seen = Array.from({ length: n }, () => new Set<string>());
  for (const e of inPeriod) {
    if (Number.isNaN(timeOf(e)) || !e[FIELD[r.metric]]) continue;
    const b = bucket(timeOf(e));
    if (!unique) values[b]++;
    else if (!seen[b].has(e.userSessionId)) {
      seen[b].add(e.userSessionId);
      values[b]++;
    }
  }
  const sessionsWith = (f: keyof Ev | null) => new Set(inPeriod.filter((e) => f === null || e[f]).map((e) => e.userSessionId)).size;
  const count = (f: keyof Ev) => inPeriod.filter((e) => e[f]).length;
  const stats = unique
    ? { consultations: sessionsWith('consultation'), interactions: sessionsWith('iframeInteraction'), arTries: sessionsWith('ar_Try'), conversionRate: conversionRate(sessionsWith('conversion'), sessionsWith(null)) }
    : { consultations: count('consultation'), interactions: count('iframeInteraction'), arTries: count('ar_Try'), conversionRate: conversionRate(count('conversion'), inPeriod.length) };
  const geoSets = new Map<string, Set<string>>();
  const geoCounts = new Map<string, number>();
  for (const e of inPeriod) {
    const c = countryLabel(eventCountry(e as unknown as Record<string, unknown>));
    if (!geoSets.has(c)) geoSets.set(c, new Set());
    geoSets.get(c)!.add(e.userSessionId);
    geoCounts.set(c, (geoCounts.get(c) ?? 0) + 1);
  }
  const geo = mergeGeo([...geoCounts].map(([label, v]) => ({ label, value: unique ? geoSets.get(label)!.size : v })));
  const steps = (['consultation', 'iframeInteraction', 'ar_Try', 'conversion'] as const).map((f) => sessionsWith(f));
  const names = ['consultation', 'interaction 3D', 'essai AR', 'conversion'];
  const journey = r.scope !== 'all' && steps.some((s) => s > 0) ? journeyPercentages(names.map((name, i) => ({ name, count: steps[i] }))) : [];
  return { stats, series: { labels: expect.any(Array) as unknown as string[], values }, geo, journey, eventCount: inPeriod.length };
}

const event = fc.record({
  timestamp: fc.option(fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2026, 11, 31) }).map((t) => new Date(t).toISOString()), { nil: null, freq: 12 }),
  userSessionId: fc.constantFrom('s1', 's2', 's3', 's4', 's5', 's6'),
  country: fc.constantFrom('FR', 'France', 'BE', 'DE', 'US', ''),
  consultation: fc.boolean(),
  iframeInteraction: fc.boolean(),
  ar_Try: fc.boolean(),
  conversion: fc.boolean(),
});
const request = fc.record({
  scope: fc.constantFrom<'all' | number>('all', 1, 2),
  metric: fc.constantFrom<Metric>(...METRIC_ORDER),
  counting: fc.constantFrom<Counting>('total', 'unique_users'),
  period: fc.constantFrom<Period>('all_time', 'year', 'month', 'week'),
  year: fc.constantFrom(2024, 2025, 2026),
  month: fc.integer({ min: 1, max: 12 }),
  week: fc.integer({ min: 1, max: 4 }),
});

describe('tally: every metric from one pass', () => {
  it('gives, for each metric, the figures of the plain rules', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), fc.array(event, { maxLength: 60 }), request, fc.boolean(), (a0, b0, r, inOrder) => {
        // In time order (untimed first), as our server sends them, a period reads only its days.
        const ordered = (evs: Ev[]) => (inOrder ? [...evs].sort((x, y) => (x.timestamp ?? '').localeCompare(y.timestamp ?? '')) : evs);
        const [a, b] = [ordered(a0), ordered(b0)];
        const d = new SessionDictionary();
        const stored = [d.store(toColumns(1, a)), d.store(toColumns(2, b))];
        const records = r.scope === 'all' ? stored : [stored[r.scope - 1]];
        expect(aggregate(records, r, now)).toEqual(plain([a, b], r));
      }),
      { numRuns: 600 },
    );
  });
});

describe('Tallies: passes reused while the records stay the same', () => {
  const d = new SessionDictionary();
  const ev = (ts: string, session: string, flags: Partial<Ev>): Ev => ({ timestamp: ts, userSessionId: session, country: 'FR', consultation: false, iframeInteraction: false, ar_Try: false, conversion: false, ...flags });
  const p1 = d.store(toColumns(1, [ev('2025-02-03T10:00:00Z', 'a', { consultation: true }), ev('2025-02-04T10:00:00Z', 'b', { ar_Try: true })]));
  const p2 = d.store(toColumns(2, [ev('2025-03-03T10:00:00Z', 'a', { conversion: true, consultation: true })]));
  const base = { scope: 'all' as const, counting: 'unique_users' as const, period: 'year' as const, year: 2025, month: 2, week: 1 };

  it('serves each metric the figures of a fresh pass, from one pass', () => {
    const numbering = new Numbering();
    const tallies = new Tallies();
    const first = tallies.of([p1, p2], base, now, numbering);
    for (const metric of METRIC_ORDER) {
      const withMetric = { ...base, metric };
      expect(tallies.of([p1, p2], withMetric, now, numbering)).toBe(first);
      expect(figuresOf(first, metric)).toEqual(aggregate([p1, p2], withMetric, now));
    }
  });

  it('keeps the tally of each selection seen, the one-product scope included', () => {
    const numbering = new Numbering();
    const tallies = new Tallies();
    const all = tallies.of([p1, p2], base, now, numbering);
    const month = tallies.of([p1, p2], { ...base, period: 'month' }, now, numbering);
    const one = tallies.of([p2], { ...base, scope: 2 }, now, numbering);
    expect(month).not.toBe(all);
    expect(figuresOf(one, 'consultation')).toEqual(aggregate([p2], { ...base, scope: 2, metric: 'consultation' }, now));
    expect(tallies.of([p1, p2], base, now, numbering)).toBe(all);
    expect(tallies.of([p1, p2], { ...base, period: 'month' }, now, numbering)).toBe(month);
    expect(tallies.of([p2], { ...base, scope: 2 }, now, numbering)).toBe(one);
  });

  it('passes again for a new record, another numbering, another year, or other records under a key', () => {
    const numbering = new Numbering();
    const tallies = new Tallies();
    const first = tallies.of([p1, p2], base, now, numbering);
    const p2Again = d.store(toColumns(2, [ev('2025-03-03T10:00:00Z', 'c', { consultation: true })]));
    const changed = tallies.of([p1, p2Again], base, now, numbering);
    expect(changed).not.toBe(first);
    expect(figuresOf(changed, 'consultation').stats.consultations).toBe(2);
    // The old record is no longer known: back to it is a pass too, and gives its own figures.
    expect(figuresOf(tallies.of([p1, p2], base, now, numbering), 'consultation').stats.consultations).toBe(1);
    for (const other of [{ counting: 'total' as const }, { year: 2024 }, { month: 3 }, { week: 2 }]) {
      const again = tallies.of([p1, p2], base, now, numbering);
      expect(tallies.of([p1, p2], { ...base, ...other }, now, numbering)).not.toBe(again);
    }
    const again = tallies.of([p1, p2], base, now, numbering);
    expect(tallies.of([p1], base, now, numbering)).not.toBe(again);
    expect(tallies.of([p1, p2], base, now, new Numbering())).not.toBe(again);
    const thisYear = tallies.of([p1, p2], { ...base, period: 'all_time' }, now, numbering);
    expect(tallies.of([p1, p2], { ...base, period: 'all_time' }, new Date(Date.UTC(2027, 0, 2)), numbering)).not.toBe(thisYear);
  });
});
