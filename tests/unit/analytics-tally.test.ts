// The one pass (tally) that serves every metric must give, for each metric, the figures the spec's rules
// give when computed plainly: a Set of sessions per bucket, per country and per flag, over event objects.
// And the engine's kept tallies must never serve figures of other records or another selection.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { countryLabel } from '#domain/analytics/countries';
import { eventCountry } from '#domain/analytics/fields';
import { conversionRate, funnelOf, mergeGeo } from '#domain/analytics/rules';
import type { Counting, Metric, Period } from '#domain/analytics/selection';

import {
  aggregate,
  type Figures,
  figuresOf,
  METRIC_ORDER,
  Numbering,
  RANK_FIELDS,
  seriesValues,
  STAMPS,
  statsOf,
  tally,
  TallyPass,
} from '../../workers/analytics/aggregate';
import { toColumns } from '../../workers/analytics/columns';
import { rankingOf } from '../../workers/analytics/ranking';
import { SessionDictionary } from '../../workers/analytics/sessions';
import { Tallies } from '../../workers/analytics/tallies';

type Ev = {
  timestamp: string | null;
  userSessionId: string;
  country: string;
  consultation: boolean;
  iframeInteraction: boolean;
  ar_Try: boolean;
  conversion: boolean;
};
const FIELD: Record<Metric, keyof Ev> = {
  consultation: 'consultation',
  engagement: 'iframeInteraction',
  ar_usage: 'ar_Try',
  conversion: 'conversion',
};
const now = new Date(Date.UTC(2026, 10, 21));

type Req = {
  scope: 'all' | number;
  metric: Metric;
  counting: Counting;
  period: Period;
  year: number;
  month: number;
  week: number;
  from?: string | null;
  to?: string | null;
};

/** The local calendar date of an instant in a zone, from Intl (no table, no day number arithmetic). */
const formats = new Map<string, Intl.DateTimeFormat>();
function localDate(t: number, tz: string): Date {
  if (!formats.has(tz))
    formats.set(
      tz,
      new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: 'numeric', day: 'numeric' }),
    );
  const p = Object.fromEntries(
    formats
      .get(tz)!
      .formatToParts(t)
      .map((x) => [x.type, x.value]),
  );
  return new Date(Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day)));
}
const D = 86_400_000;
const dateOf = (iso: string) => new Date(`${iso}T00:00:00Z`);
const addDays = (d: Date, n: number) => new Date(d.getTime() + n * D);
const monthsBetween = (a: Date, b: Date) =>
  (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth();

/** The selected period's local dates [from, to) and bucket of a local date, written plainly with Date. */
function plainPeriod(
  r: Req,
  firstYear: number,
  lastYear: number,
  previous: boolean,
): { from: Date; to: Date; n: number; bucket: (d: Date) => number } | null {
  const weekday = (d: Date) => (d.getUTCDay() + 6) % 7;
  if (r.period === 'all_time') {
    if (previous) return null;
    return {
      from: new Date(Date.UTC(firstYear, 0, 1)),
      to: new Date(Date.UTC(lastYear + 1, 0, 1)),
      n: lastYear - firstYear + 1,
      bucket: (d) => d.getUTCFullYear() - firstYear,
    };
  }
  if (r.period === 'year') {
    const y = previous ? r.year - 1 : r.year;
    return {
      from: new Date(Date.UTC(y, 0, 1)),
      to: new Date(Date.UTC(y + 1, 0, 1)),
      n: 12,
      bucket: (d) => d.getUTCMonth(),
    };
  }
  if (r.period === 'month') {
    const m = previous ? r.month - 2 : r.month - 1;
    return {
      from: new Date(Date.UTC(r.year, m, 1)),
      to: new Date(Date.UTC(r.year, m + 1, 1)),
      n: 4,
      bucket: (d) => Math.min(Math.floor((d.getUTCDate() - 1) / 7), 3),
    };
  }
  if (r.period === 'week') {
    const last = new Date(Date.UTC(r.year, r.month, 0)).getUTCDate();
    const start = Math.min((r.week - 1) * 7 + 1, Math.floor((last - 1) / 7) * 7 + 1);
    let from = new Date(Date.UTC(r.year, r.month - 1, start));
    let to = new Date(Date.UTC(r.year, r.month - 1, Math.min(start + 7, last + 1)));
    if (previous) [from, to] = [addDays(from, -(to.getTime() - from.getTime()) / D), from];
    return { from, to, n: 7, bucket: weekday };
  }
  const cFrom = dateOf(r.from!);
  const cTo = addDays(dateOf(r.to!), 1);
  const len = (cTo.getTime() - cFrom.getTime()) / D;
  const from = previous ? addDays(cFrom, -len) : cFrom;
  const to = previous ? cFrom : cTo;
  const cut = (a: Date) =>
    len <= 31
      ? (d: Date) => (d.getTime() - a.getTime()) / D
      : len <= 186
        ? (d: Date) => Math.floor((d.getTime() - a.getTime()) / D / 7)
        : (d: Date) => monthsBetween(a, d);
  const n = len <= 31 ? len : len <= 186 ? Math.ceil(len / 7) : monthsBetween(cFrom, addDays(cTo, -1)) + 1;
  const raw = cut(from);
  return { from, to, n, bucket: (d) => Math.min(raw(d), n - 1) };
}

/** The figures written plainly with Date, Intl and Sets, in the reporting zone `tz`. */
function plain(products: Ev[][], r: Req, tz: string, previous = false): Figures & { perProduct: number[][] } {
  const chosen = r.scope === 'all' ? products.flat() : products[r.scope - 1];
  const timeOf = (e: Ev) => (e.timestamp === null ? NaN : Date.parse(e.timestamp));
  const today = localDate(now.getTime(), tz);
  const years = (r.scope === 'all' ? products.flat() : chosen)
    .map(timeOf)
    .filter((t) => !Number.isNaN(t))
    .map((t) => localDate(t, tz).getUTCFullYear());
  const firstYear = Math.min(today.getUTCFullYear(), ...years);
  const lastYear = Math.max(today.getUTCFullYear(), ...years);
  const plan = plainPeriod(r, firstYear, lastYear, previous)!;
  const keep = (e: Ev) => {
    if (Number.isNaN(timeOf(e))) return r.period === 'all_time';
    const d = localDate(timeOf(e), tz);
    return r.period === 'all_time' || (d >= plan.from && d < plan.to);
  };
  const inPeriod = chosen.filter(keep);
  const n = plan.n;
  const unique = r.counting === 'unique_users';
  const values: Array<number | null> = new Array<number>(n).fill(0);
  const seen = Array.from({ length: n }, () => new Set<string>());
  for (const e of inPeriod) {
    if (Number.isNaN(timeOf(e)) || !e[FIELD[r.metric]]) continue;
    const b = plan.bucket(localDate(timeOf(e), tz));
    if (!unique) values[b]!++;
    else if (!seen[b].has(e.userSessionId)) {
      seen[b].add(e.userSessionId);
      values[b]!++;
    }
  }
  // A bucket whose first day is after today, or without any day of the period, has no value; the one
  // holding today is partial.
  let partial = -1;
  const firstDay = new Array<number>(n).fill(Infinity);
  const lastDay = new Array<number>(n).fill(-Infinity);
  for (let d = plan.from; d < plan.to; d = addDays(d, 1)) {
    const b = plan.bucket(d);
    firstDay[b] = Math.min(firstDay[b], d.getTime());
    lastDay[b] = Math.max(lastDay[b], d.getTime());
  }
  for (let b = 0; b < n; b++) {
    if (firstDay[b] === Infinity || firstDay[b] > today.getTime()) values[b] = null;
    if (partial < 0 && firstDay[b] <= today.getTime() && today.getTime() <= lastDay[b]) partial = b;
  }
  const sessionsWith = (f: keyof Ev | null, evs = inPeriod) =>
    new Set(evs.filter((e) => f === null || e[f]).map((e) => e.userSessionId)).size;
  const count = (f: keyof Ev, evs = inPeriod) => evs.filter((e) => e[f]).length;
  const stats = unique
    ? {
        consultations: sessionsWith('consultation'),
        interactions: sessionsWith('iframeInteraction'),
        arTries: sessionsWith('ar_Try'),
        conversionRate: conversionRate(sessionsWith('conversion'), sessionsWith(null)),
        conversion: { part: sessionsWith('conversion'), whole: sessionsWith(null) },
      }
    : {
        consultations: count('consultation'),
        interactions: count('iframeInteraction'),
        arTries: count('ar_Try'),
        conversionRate: conversionRate(count('conversion'), inPeriod.length),
        conversion: { part: count('conversion'), whole: inPeriod.length },
      };
  const geoSets = new Map<string, Set<string>>();
  const geoCounts = new Map<string, number>();
  for (const e of inPeriod) {
    const c = countryLabel(eventCountry(e));
    if (!geoSets.has(c)) geoSets.set(c, new Set());
    geoSets.get(c)!.add(e.userSessionId);
    geoCounts.set(c, (geoCounts.get(c) ?? 0) + 1);
  }
  const geo = mergeGeo([...geoCounts].map(([label, v]) => ({ label, value: unique ? geoSets.get(label)!.size : v })));
  // The funnel: per session, the steps it reached in the period; step k needs steps 0..k.
  const order = ['consultation', 'iframeInteraction', 'ar_Try', 'conversion'] as const;
  const reached = new Map<string, Set<string>>();
  for (const e of inPeriod)
    for (const f of order) if (e[f]) reached.set(e.userSessionId, (reached.get(e.userSessionId) ?? new Set()).add(f));
  const steps = order.map(
    (_, k) => [...reached.values()].filter((got) => order.slice(0, k + 1).every((f) => got.has(f))).length,
  );
  const names = ['consultation', 'interaction 3D', 'essai AR', 'conversion'];
  const funnel = steps[0] > 0 ? funnelOf(names.map((name, i) => ({ name, count: steps[i] }))) : [];
  // The ranking: per product, the same counts over that product's events only.
  const flagsOf = ['consultation', 'iframeInteraction', 'ar_Try', 'conversion'] as const;
  const perProduct =
    r.scope !== 'all'
      ? []
      : products.map((evs) => {
          const own = evs.filter(keep);
          return unique
            ? [sessionsWith(null, own), ...flagsOf.map((f) => sessionsWith(f, own))]
            : [own.length, ...flagsOf.map((f) => count(f, own))];
        });
  return {
    stats,
    series: { labels: expect.any(Array), values, partial },
    geo,
    funnel,
    eventCount: inPeriod.length,
    perProduct,
  };
}

const event = fc.record({
  timestamp: fc.option(
    fc.integer({ min: Date.UTC(2024, 0, 1), max: Date.UTC(2026, 11, 31) }).map((t) => new Date(t).toISOString()),
    { nil: null, freq: 12 },
  ),
  userSessionId: fc.constantFrom('s1', 's2', 's3', 's4', 's5', 's6'),
  country: fc.constantFrom('FR', 'France', 'BE', 'DE', 'US', ''),
  consultation: fc.boolean(),
  iframeInteraction: fc.boolean(),
  ar_Try: fc.boolean(),
  conversion: fc.boolean(),
});
const request = fc
  .record({
    scope: fc.constantFrom<'all' | number>('all', 1, 2),
    metric: fc.constantFrom<Metric>(...METRIC_ORDER),
    counting: fc.constantFrom<Counting>('total', 'unique_users'),
    period: fc.constantFrom<Period>('all_time', 'year', 'month', 'week', 'custom'),
    year: fc.constantFrom(2024, 2025, 2026),
    month: fc.integer({ min: 1, max: 12 }),
    week: fc.integer({ min: 1, max: 5 }),
    // A custom range of 1 to 800 days: cut by day, by 7 days or by month.
    start: fc.integer({ min: Date.UTC(2024, 0, 1) / 86_400_000, max: Date.UTC(2026, 10, 21) / 86_400_000 }),
    length: fc.integer({ min: 1, max: 800 }),
  })
  .map(({ start, length, ...r }) => ({
    ...r,
    from: r.period === 'custom' ? new Date(start * 86_400_000).toISOString().slice(0, 10) : null,
    to: r.period === 'custom' ? new Date((start + length - 1) * 86_400_000).toISOString().slice(0, 10) : null,
  }));
const zones = fc.constantFrom('Europe/Paris', 'UTC', 'America/New_York', 'Asia/Kolkata', 'Pacific/Auckland');

describe('tally: every metric from one pass', () => {
  it('gives, for each metric, the figures of the plain rules', () => {
    fc.assert(
      fc.property(
        fc.array(event, { maxLength: 60 }),
        fc.array(event, { maxLength: 60 }),
        request,
        fc.boolean(),
        zones,
        (a0, b0, r, inOrder, tz) => {
          // In time order (untimed first), as our server sends them, a period reads only its days.
          const ordered = (evs: Ev[]) =>
            inOrder ? [...evs].sort((x, y) => (x.timestamp ?? '').localeCompare(y.timestamp ?? '')) : evs;
          const [a, b] = [ordered(a0), ordered(b0)];
          const d = new SessionDictionary();
          const stored = [d.store(toColumns(1, a)), d.store(toColumns(2, b))];
          const records = r.scope === 'all' ? stored : [stored[r.scope - 1]];
          const numbering = new Numbering(tz);
          const t = tally(records, r, now, numbering);
          const { perProduct, ...figures } = plain([a, b], r, tz);
          expect(figuresOf(t, r.metric)).toEqual(figures);
          // Made one product at a time (the worker's preparation gives way between them): the same tally.
          const pass = new TallyPass(records, r, now, numbering, false);
          let slices = 1;
          while (!pass.run(() => true)) slices++;
          expect(slices).toBe(Math.max(records.length, 1));
          expect(pass.result()).toEqual(t);
          expect(
            Array.from({ length: t.productIds.length }, (_, i) =>
              Array.from(t.perProduct.slice(i * RANK_FIELDS, (i + 1) * RANK_FIELDS)),
            ),
          ).toEqual(perProduct);
          // The previous period (comparison), cut into the same buckets.
          if (r.period !== 'all_time') {
            const before = tally(records, r, now, numbering, true);
            const { perProduct: perBefore, ...was } = plain([a, b], r, tz, true);
            expect(statsOf(before)).toEqual(was.stats);
            expect(seriesValues(before, r.metric)).toEqual(was.series.values);
            expect(before.labels).toEqual(t.labels);
            expect(Array.from(rankingOf(t, before).previous!)).toEqual(perBefore.map((p) => p[1]));
          }
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});

/** An event in France at `timestamp`, with the given flags (the others false). */
const eventAt = (timestamp: string, session: string, flags: Partial<Ev>): Ev => ({
  timestamp,
  userSessionId: session,
  country: 'FR',
  consultation: false,
  iframeInteraction: false,
  ar_Try: false,
  conversion: false,
  ...flags,
});

describe('tally: the ranking over more products than its session stamps cycle through', () => {
  it(`counts each product’s distinct sessions as the plain rules do, past ${STAMPS} products and 255 events`, () => {
    // The ranking marks a session's flags per product with a stamp that restarts every STAMPS products:
    // sessions shared by products STAMPS apart must not carry one's flags into the other. The stamps are
    // reset either by a sweep of every session or, when a cycle read few events for many sessions, by a
    // walk over that cycle's events: the `pad` sessions make the small products' cycles walked, the big
    // products' cycles swept.
    const flags = (i: number): Partial<Ev> => ({
      consultation: i % 2 === 0,
      iframeInteraction: i % 3 === 0,
      ar_Try: i % 5 === 0,
      conversion: i % 7 === 0,
    });
    const ev = (p: number, session: string, f: Partial<Ev>): Ev =>
      eventAt(new Date(Date.UTC(2025, 0, 1 + (p % 300))).toISOString(), session, f);
    const all = { consultation: true, iframeInteraction: true, ar_Try: true, conversion: true };
    // Session `own{p mod STAMPS}` is seen by products with the same stamp only (every flag in the first
    // cycle); `s{…}` sessions are shared by many products; `pad{p}` by one.
    const products: Ev[][] = Array.from({ length: 4_200 }, (_, p) => [
      ev(p, `own${p % STAMPS}`, p < STAMPS ? all : flags(p)),
      ...Array.from({ length: p % 3 }, (_, k) => ev(p, `s${(p * 7 + k) % 13}`, flags(p + k))),
      ...(p < 3_000 ? [ev(p, `pad${p}`, flags(p))] : []),
      // A few products with more events than the ranking's packed counters hold between two emptyings.
      ...Array.from({ length: p % 1000 === 5 ? 3_000 : 0 }, (_, k) => ev(p, `big${k % 700}`, flags(k))),
    ]);
    const d = new SessionDictionary();
    const records = products.map((evs, i) => d.store(toColumns(i + 1, evs)));
    for (const counting of ['unique_users', 'total'] as const) {
      const r: Req = { scope: 'all', metric: 'consultation', counting, period: 'year', year: 2025, month: 1, week: 1 };
      const t = tally(records, r, now, new Numbering('UTC'));
      const { perProduct } = plain(products, r, 'UTC');
      expect(
        Array.from({ length: products.length }, (_, i) =>
          Array.from(t.perProduct.slice(i * RANK_FIELDS, (i + 1) * RANK_FIELDS)),
        ),
      ).toEqual(perProduct);
    }
    // 4 200 products and their plain recount: seconds of work on a loaded 2-core host, not a timing check.
  }, 60_000);
});

describe('Tallies: passes reused while the records stay the same', () => {
  const d = new SessionDictionary();
  const ev = eventAt;
  const p1 = d.store(
    toColumns(1, [
      ev('2025-02-03T10:00:00Z', 'a', { consultation: true }),
      ev('2025-02-04T10:00:00Z', 'b', { ar_Try: true }),
    ]),
  );
  const p2 = d.store(toColumns(2, [ev('2025-03-03T10:00:00Z', 'a', { conversion: true, consultation: true })]));
  const base = {
    scope: 'all' as const,
    counting: 'unique_users' as const,
    period: 'year' as const,
    year: 2025,
    month: 2,
    week: 1,
  };

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

  it('finishes a pass begun and given way when its selection is asked, instead of passing again', () => {
    const numbering = new Numbering();
    const tallies = new Tallies();
    const begun = tallies.begin([p1, p2], base, now, numbering);
    if ('tally' in begun) throw new Error('a pass was expected');
    expect(begun.pass.run(() => true)).toBe(false);
    expect(() => begun.pass.result()).toThrow();
    // Asked meanwhile: the same pass, finished, then kept.
    expect(tallies.begin([p1, p2], base, now, numbering)).toBe(begun);
    const made = tallies.of([p1, p2], base, now, numbering);
    expect(figuresOf(made, 'ar_usage')).toEqual(aggregate([p1, p2], { ...base, metric: 'ar_usage' }, now));
    expect(tallies.begin([p1, p2], base, now, numbering)).toEqual({ tally: made });
    // Forgotten meanwhile (a new record): its end is not kept.
    const other = tallies.begin([p1, p2], { ...base, period: 'month' }, now, numbering);
    if ('tally' in other) throw new Error('a pass was expected');
    const p2Again = d.store(toColumns(2, [ev('2025-03-03T10:00:00Z', 'c', { consultation: true })]));
    tallies.of([p1, p2Again], base, now, numbering);
    other.pass.run();
    tallies.keep(other);
    expect(tallies.begin([p1, p2], { ...base, period: 'month' }, now, numbering)).not.toHaveProperty('tally');
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
    expect(tallies.of([p1, p2], { ...base, period: 'all_time' }, new Date(Date.UTC(2027, 0, 2)), numbering)).not.toBe(
      thisYear,
    );
  });
});
