// One pass over the columns of the selected products -> a tally that serves every metric, then the
// figures of the dashboard for one metric (docs/product.md §1.7). Distinct sessions are counted with bit and
// byte arrays indexed by the session numbers the records carry (one SessionDictionary for all products),
// so a session that saw two products counts once; no string is touched and no Set is built per event.
import { bucketTimeline, type PeriodPlan, periodPlan, previousPlan, yearOf } from '#domain/analytics/buckets';
import { conversionRate, funnelOf, mergeGeo } from '#domain/analytics/rules';
import type { Metric } from '#domain/analytics/selection';
import type { DashboardView, StatFigures, ViewRequest } from '#domain/analytics/view';
import { DEFAULT_TIME_ZONE, Zone } from '#domain/analytics/zone';

import { AR_TRY, CONSULTATION, CONVERSION, IFRAME, type StoredColumns } from './columns';

/** The metrics in the order of their flags (CONSULTATION, IFRAME, AR_TRY, CONVERSION): Tally.series. */
export const METRIC_ORDER: Metric[] = ['consultation', 'engagement', 'ar_usage', 'conversion'];

/** The AR funnel's steps, in order (docs/dashboard.md "Entonnoir AR"). */
export const FUNNEL_STEPS = [
  { name: 'consultation', flag: CONSULTATION },
  { name: 'interaction 3D', flag: IFRAME },
  { name: 'essai AR', flag: AR_TRY },
  { name: 'conversion', flag: CONVERSION },
];

const SEEN = 16;
/** Product stamps of the ranking's session words (7 bits, see `rows`); NO_STAMP is never a product's. */
export const STAMPS = 127;
const NO_STAMP = 127;
const STAMP_SHIFT = 9;
/** A session's row (see `rows`): its word, then its buckets' flags, four to a word, then its countries. */
const BUCKETS_AT = 1;
const NO_DAY = -2147483648;
/** Beyond this many days between the first and last event, buckets are computed per event, not tabled. */
const MAX_TABLE_DAYS = 200_000;

interface EventDays {
  day: Int32Array;
  sorted: boolean;
}

/**
 * Reorders a record's events (and `day`, their days) by day, in place, stable: untimed events (NO_DAY)
 * first. Counts do not depend on the order; tallies and country maps hold no event position.
 */
function byDay(p: StoredColumns, day: Int32Array): void {
  const n = p.count;
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = day[i];
    if (d === NO_DAY) continue;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  // Slot 0 for untimed events, then one per day; `to[i]`: where event i goes.
  const starts = new Int32Array((hi >= lo ? hi - lo + 1 : 0) + 2);
  const to = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const d = day[i];
    to[i] = d === NO_DAY ? 0 : d - lo + 1;
    starts[to[i] + 1]++;
  }
  for (let k = 1; k < starts.length; k++) starts[k] += starts[k - 1];
  for (let i = 0; i < n; i++) to[i] = starts[to[i]]++;
  // One loop per array type: a single generic loop over the five would be polymorphic, ten times slower.
  const days = day.slice(0, n);
  for (let i = 0; i < n; i++) day[to[i]] = days[i];
  const time = p.time.slice(0, n);
  for (let i = 0; i < n; i++) p.time[to[i]] = time[i];
  const session = p.session.slice(0, n);
  for (let i = 0; i < n; i++) p.session[to[i]] = session[i];
  const flags = p.flags.slice(0, n);
  for (let i = 0; i < n; i++) p.flags[to[i]] = flags[i];
  const country = p.country.slice(0, n);
  for (let i = 0; i < n; i++) p.country[to[i]] = country[i];
}

/** The first index whose day is at least `d` in days that never decrease (binary search). */
function firstAtLeast(day: Int32Array, d: number): number {
  let lo = 0;
  let hi = day.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (day[mid] < d) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export type Figures = Pick<DashboardView, 'stats' | 'series' | 'geo' | 'funnel' | 'eventCount'>;

/**
 * The numbering of countries shared by all products (sessions are numbered when a record is made, see
 * SessionDictionary), and what is derived once per record (its country map, its events' day numbers),
 * kept across views.
 */
export class Numbering {
  readonly zone: Zone;
  constructor(timeZone: string = DEFAULT_TIME_ZONE) {
    this.zone = new Zone(timeZone);
  }

  private countryIds = new Map<string, number>();
  readonly countryNames: string[] = [];
  private maps = new WeakMap<StoredColumns, Uint16Array>();
  private days = new WeakMap<StoredColumns, EventDays>();

  /**
   * Each event's local day number in the reporting zone (NO_DAY without a time), made once per record and
   * kept, and whether they never decrease: our server sends each write's events in time order and live
   * events come in order, so a period then reads only its own days.
   */
  daysOf(p: StoredColumns): EventDays {
    let d = this.days.get(p);
    if (d) return d;
    const day = this.zone.days(p.time, NO_DAY);
    let sorted = true;
    for (let i = 1; i < p.count && sorted; i++) if (day[i] < day[i - 1]) sorted = false;
    // Events written out of order (late or batched writes): put in day order once, so that every period
    // reads only its own days. A counting sort by day, a few passes: no comparison per event.
    if (!sorted) byDay(p, day);
    d = { day, sorted: true };
    this.days.set(p, d);
    return d;
  }

  countriesOf(p: StoredColumns): Uint16Array {
    let m = this.maps.get(p);
    if (m) return m;
    m = new Uint16Array(p.countries.length);
    p.countries.forEach((c, i) => {
      let g = this.countryIds.get(c);
      if (g === undefined) this.countryIds.set(c, (g = this.countryNames.push(c) - 1));
      m[i] = g;
    });
    this.maps.set(p, m);
    return m;
  }
}

/** The ranking's numbers per product: events (or distinct sessions), then those of each flag. */
export const RANK_FIELDS = 5;
/**
 * The ranking's distinct sessions per product are counted in one number: six 8-bit fields of a double's
 * exact integers (sessions, then each flag, then the events added), emptied into memory when the last
 * reaches 255, so no field overflows. Five counters in the main loop slowed every selection by a sixth
 * (the loop ran out of registers); a histogram in memory made each event wait on the previous increment.
 * PACKED[added] is what an event adds, `added` being SEEN when its session is new to the product, and its
 * new flags.
 */
const FIELD = 256;
const PACKED = Float64Array.from({ length: 32 }, (_, a) => {
  let v = FIELD ** RANK_FIELDS;
  if (a & SEEN) v += 1;
  for (let j = 0; j < 4; j++) if (a & (1 << j)) v += FIELD ** (j + 1);
  return v;
});
const PACKED_FULL = (FIELD - 1) * FIELD ** RANK_FIELDS;

function unpackInto(out: Float64Array, at: number, packed: number): void {
  for (let k = 0; k < RANK_FIELDS; k++) {
    out[at + k] += packed % FIELD;
    packed = Math.floor(packed / FIELD);
  }
}

/** What one pass over the events gives: everything but the metric, so a metric change needs no pass. */
export interface Tally {
  labels: string[];
  /** The chart's series of each metric, in METRIC_ORDER. */
  series: number[][];
  /** Buckets after today (no value is drawn), and the bucket holding today (partial), -1 when none. */
  future: boolean[];
  partial: number;
  /** Per country of `countryNames`: events, or distinct sessions when counting unique users. */
  geoCounts: number[];
  countryNames: string[];
  /** Events in the period, and those of each flag (CONSULTATION, IFRAME, AR_TRY, CONVERSION). */
  events: number;
  flagged: [number, number, number, number];
  /** Distinct sessions in the period: all, then reaching each flag. */
  distinct: [number, number, number, number, number];
  /** Distinct sessions in the period reaching each funnel step and every step before it (FUNNEL_STEPS). */
  funnel: [number, number, number, number];
  /**
   * Per product (in the order of the records), RANK_FIELDS numbers: events (or distinct sessions when
   * counting unique users), then those of each flag. Only for the all-products scope (else empty).
   */
  perProduct: Float64Array;
  productIds: number[];
  unique: boolean;
}

export type TallyRequest = Omit<ViewRequest, 'generation' | 'productIds' | 'metric' | 'timeZone' | 'compare' | 'retry'>;

/** The figures of these products; `numbering` may be kept across calls (its maps are then reused). */
export function aggregate(
  products: StoredColumns[],
  request: TallyRequest & Pick<ViewRequest, 'metric'>,
  now: Date,
  numbering: Numbering = new Numbering(),
): Figures {
  return figuresOf(tally(products, request, now, numbering), request.metric);
}

/** The years all_time shows: from the first event's to the last one's, this year at least. */
function yearsOf(products: StoredColumns[], zone: Zone, today: number): [number, number] {
  let firstYear = yearOf(today);
  let lastYear = firstYear;
  for (const m of products) {
    if (m.first !== Infinity) firstYear = Math.min(firstYear, yearOf(zone.day(m.first)));
    if (m.last !== -Infinity) lastYear = Math.max(lastYear, yearOf(zone.day(m.last)));
  }
  return [firstYear, lastYear];
}

/** The one pass over the selected events (see Tally); `previous`: over the period before the selected one. */
export function tally(
  products: StoredColumns[],
  request: TallyRequest,
  now: Date,
  numbering: Numbering = new Numbering(),
  previous = false,
): Tally {
  const pass = new TallyPass(products, request, now, numbering, previous);
  pass.run();
  return pass.result();
}

const never = () => false;

/**
 * A tally made a few products at a time: `run` counts products until `stop()` says so (asked after each
 * product), so the worker's preparation of the next selections (engine.ts prepare) gives way to a
 * selection asked meanwhile within a few milliseconds, and the view asking for that same tally finishes it.
 */
export class TallyPass {
  private readonly countryMaps: Uint16Array[];
  private readonly countryNames: string[];
  private readonly today: number;
  private readonly plan: PeriodPlan;
  private readonly nSessions: number;
  private readonly unique: boolean;
  private readonly ranked: boolean;
  // Counted per combination of the four flags (16), summed per flag at the end: the flags of the events
  // are random to the CPU, and one increment beats four unpredictable branches per event.
  private readonly byFlags = new Float64Array(16);
  private readonly bins: Float64Array;
  private readonly geoCounts: Float64Array;
  // Per session, its flags over the selection (SEEN and the four flags); in unique users, copied from the
  // sessions' rows once every product is counted.
  private readonly sessionFlags: Uint8Array;
  // The ranking: per product, from the same pass. Totals are the difference of byFlags around the
  // product's loop (nothing per event); distinct sessions per product need the product's own session
  // flags (the rows' words below).
  private readonly perProduct: Float64Array;
  // Unique users: one row of 16-bit words per session, so that an event's reads and writes fall in one
  // place (they are random: cache misses are the cost). The row's first word holds the session's flags over
  // the selection (bits 0-4), and for the ranking the stamp of the last product that saw the session (bits
  // 9-15; a matching stamp means "seen here") and the flags already counted for that product (bits 5-8);
  // then, from BUCKETS_AT, the flags already counted in each bucket (4 bits each, one read serves the four
  // series); then, from `countryAt`, one bit per country: seen there already. Rows instead of four arrays
  // took the all-products pass over 1 000 x 3 000 events from 51-53 to 43-46 ms (bench/ranking.ts;
  // bench/notes.md, twenty-fourth pass). Stamps cycle through STAMPS values; the rows' product bits are
  // reset when the cycle restarts (resetStamps).
  private readonly rows: Uint16Array;
  private readonly stride: number;
  private readonly countryAt: number;
  /** Each product's [start, end) in the current stamp cycle, and the events they span (resetStamps). */
  private readonly cycleRanges = new Int32Array(STAMPS * 2);
  private cycleEvents = 0;
  // The bucket of an event is its local day's, read from a table over the days the products span
  // (-1 outside the period) instead of a calendar computation per event.
  private readonly minDay: number;
  private readonly table: Int16Array;
  private readonly tabled: boolean;
  /** The next product to count. */
  private next = 0;

  constructor(
    private readonly products: StoredColumns[],
    request: TallyRequest,
    now: Date,
    private readonly numbering: Numbering,
    previous: boolean,
  ) {
    this.countryMaps = products.map((p) => numbering.countriesOf(p));
    this.countryNames = numbering.countryNames.slice();
    const zone = numbering.zone;
    const today = (this.today = zone.day(now.getTime()));
    const [firstYear, lastYear] = request.period === 'all_time' ? yearsOf(products, zone, today) : [0, 0];
    const plan = (this.plan = previous ? previousPlan(request) : periodPlan(request, firstYear, lastYear));
    const nBuckets = plan.labels.length;
    let nSessions = 0;
    for (const p of products) if (p.sessionLimit > nSessions) nSessions = p.sessionLimit;
    this.nSessions = nSessions;
    const nCountries = this.countryNames.length;
    const unique = (this.unique = request.counting === 'unique_users');
    const ranked = (this.ranked = request.scope === 'all');
    this.bins = new Float64Array(nBuckets * 16);
    this.geoCounts = new Float64Array(nCountries);
    this.sessionFlags = new Uint8Array(nSessions);
    this.perProduct = new Float64Array(ranked ? products.length * RANK_FIELDS : 0);
    this.countryAt = BUCKETS_AT + ((nBuckets + 3) >> 2);
    this.stride = this.countryAt + Math.max(1, (nCountries + 15) >> 4);
    this.rows = new Uint16Array(unique ? nSessions * this.stride : 0);
    if (ranked) for (let r = 0; r < this.rows.length; r += this.stride) this.rows[r] = NO_STAMP << STAMP_SHIFT;

    let minDay = Infinity;
    let maxDay = -Infinity;
    for (const p of products) {
      if (p.first !== Infinity) minDay = Math.min(minDay, zone.day(p.first));
      if (p.last !== -Infinity) maxDay = Math.max(maxDay, zone.day(p.last));
    }
    this.minDay = minDay;
    this.tabled = maxDay >= minDay && maxDay - minDay < MAX_TABLE_DAYS;
    this.table = new Int16Array(this.tabled ? maxDay - minDay + 1 : 0);
    for (let d = minDay; this.tabled && d <= maxDay; d++) this.table[d - minDay] = this.bucketOfDay(d);
  }

  private bucketOfDay(d: number): number {
    const plan = this.plan;
    if (!plan.all && !(d >= plan.from && d < plan.to)) return -1;
    const b = plan.bucketOfDay(d);
    return b >= 0 && b < plan.labels.length ? b : -1;
  }

  /**
   * Before product `p` takes stamp 0 again: no row may keep the stamp of a product of the cycle that ends.
   * Either every row is swept, or, when the cycle's products read fewer events than half the sessions
   * (short periods, small products), only the rows of their events.
   */
  private resetStamps(p: number): void {
    const { rows, stride } = this;
    if (this.cycleEvents * 2 >= this.nSessions) {
      for (let r = 0; r < rows.length; r += stride) rows[r] = (rows[r] & 31) | (NO_STAMP << STAMP_SHIFT);
    } else {
      const ranges = this.cycleRanges;
      for (let q = 0; q < STAMPS; q++) {
        const session = this.products[p - STAMPS + q].session;
        for (let i = ranges[2 * q], end = ranges[2 * q + 1]; i < end; i++) {
          const r = session[i] * stride;
          rows[r] = (rows[r] & 31) | (NO_STAMP << STAMP_SHIFT);
        }
      }
    }
    this.cycleEvents = 0;
  }

  /** Counts the next products until all are counted (true) or `stop()` says so after one (false). */
  run(stop: () => boolean = never): boolean {
    const { products, countryMaps, numbering, byFlags, bins, geoCounts, sessionFlags } = this;
    const { rows, stride, countryAt, perProduct, table, tabled, minDay, unique, ranked } = this;
    const { all, from: fromDay, to: toDay } = this.plan;
    const rankUnique = ranked && unique;
    const before = new Float64Array(16);
    while (this.next < products.length) {
      const p = this.next++;
      const col = products[p];
      const cMap = countryMaps[p];
      const { day, sorted } = numbering.daysOf(col);
      const { flags, session, country } = col;
      // A period over days in order: only its own days are read (untimed events, NO_DAY, come first).
      const start = sorted && !all ? firstAtLeast(day, fromDay) : 0;
      const end = sorted && !all ? firstAtLeast(day, toDay) : col.count;
      if (ranked) before.set(byFlags);
      const at = p * RANK_FIELDS;
      let packed = 0;
      const stampOf = p % STAMPS;
      const stampBits = stampOf << STAMP_SHIFT;
      if (rankUnique) {
        if (stampOf === 0 && p > 0) this.resetStamps(p);
        this.cycleRanges[2 * stampOf] = start;
        this.cycleRanges[2 * stampOf + 1] = end;
        this.cycleEvents += end - start;
      }
      for (let i = start; i < end; i++) {
        const d = day[i];
        let b = -1;
        if (d === NO_DAY) {
          // Untimed: all_time counts it in the figures, never in the chart; a period leaves it out.
          if (!all) continue;
        } else {
          b = tabled ? table[d - minDay] : this.bucketOfDay(d);
          if (b < 0) continue;
        }
        const f = flags[i];
        const s = session[i];
        const c = cMap[country[i]];
        byFlags[f]++;
        if (!unique) {
          sessionFlags[s] |= f | SEEN;
          geoCounts[c]++;
          if (b >= 0) bins[(b << 4) | f]++;
          continue;
        }
        const r = s * stride;
        const w = rows[r];
        if (rankUnique) {
          // ((w >> STAMP_SHIFT) ^ stampOf) - 1 is negative only when the word is this product's: the mask
          // keeps its flags, and SEEN.
          const had = (((w >> 5) & 15) | SEEN) & ((((w >> STAMP_SHIFT) ^ stampOf) - 1) >> 31);
          rows[r] = stampBits | (((had | f) & 15) << 5) | (w & 31) | f | SEEN;
          // What this event adds to the product's distinct sessions, summed in one register (see PACKED).
          packed += PACKED[(f | SEEN) & ~had];
          if (packed >= PACKED_FULL) {
            unpackInto(perProduct, at, packed);
            packed = 0;
          }
        } else rows[r] = w | f | SEEN;
        const kc = r + countryAt + (c >> 4);
        const seenIn = rows[kc];
        rows[kc] = seenIn | (1 << (c & 15));
        geoCounts[c] += ((seenIn >> (c & 15)) & 1) ^ 1;
        if (b < 0) continue;
        const kb = r + BUCKETS_AT + (b >> 2);
        const shift = (b & 3) << 2;
        const seenAt = rows[kb];
        rows[kb] = seenAt | (f << shift);
        bins[(b << 4) | (f & ~(seenAt >> shift))]++;
      }
      if (ranked) {
        if (unique) unpackInto(perProduct, at, packed);
        else {
          for (let f = 0; f < 16; f++) {
            const n = byFlags[f] - before[f];
            if (n === 0) continue;
            perProduct[at] += n;
            for (let j = 0; j < 4; j++) if (f & (1 << j)) perProduct[at + 1 + j] += n;
          }
        }
      }
      if (stop()) break;
    }
    if (unique && this.next === products.length) {
      for (let s = 0; s < sessionFlags.length; s++) sessionFlags[s] = rows[s * stride] & 31;
    }
    return this.next === products.length;
  }

  /** The tally, once every product is counted. */
  result(): Tally {
    if (this.next < this.products.length) throw new Error('tally: products left to count');
    const { byFlags, bins, sessionFlags, plan, nSessions, products, ranked } = this;
    const nBuckets = plan.labels.length;
    const timeline = bucketTimeline(plan, this.today);
    const flagged: Tally['flagged'] = [0, 0, 0, 0];
    let events = 0;
    const series = [0, 1, 2, 3].map(() => new Array<number>(nBuckets).fill(0));
    for (let f = 0; f < 16; f++) {
      events += byFlags[f];
      for (let j = 0; j < 4; j++) {
        if (!(f & (1 << j))) continue;
        flagged[j] += byFlags[f];
        for (let bk = 0; bk < nBuckets; bk++) series[j][bk] += bins[(bk << 4) | f];
      }
    }

    const distinct: Tally['distinct'] = [0, 0, 0, 0, 0];
    const funnel: Tally['funnel'] = [0, 0, 0, 0];
    for (let s = 0; s < nSessions; s++) {
      const f = sessionFlags[s];
      if (!(f & SEEN)) continue;
      distinct[0]++;
      if (f & CONSULTATION) distinct[1]++;
      if (f & IFRAME) distinct[2]++;
      if (f & AR_TRY) distinct[3]++;
      if (f & CONVERSION) distinct[4]++;
      // A funnel step counts the sessions that reached it and every step before it (in any order: the
      // pass keeps each session's flags over the period, not their times).
      for (let k = 0; k < 4 && f & FUNNEL_STEPS[k].flag; k++) funnel[k]++;
    }
    return {
      labels: plan.labels,
      series,
      future: timeline.future,
      partial: timeline.partial,
      geoCounts: Array.from(this.geoCounts),
      countryNames: this.countryNames,
      events,
      flagged,
      distinct,
      funnel,
      perProduct: this.perProduct,
      productIds: ranked ? products.map((p) => p.productId) : [],
      unique: this.unique,
    };
  }
}

/** The four figures of a tally. */
export function statsOf(t: Pick<Tally, 'unique' | 'distinct' | 'flagged' | 'events'>): StatFigures {
  const { distinct, flagged, events } = t;
  return t.unique
    ? {
        consultations: distinct[1],
        interactions: distinct[2],
        arTries: distinct[3],
        conversionRate: conversionRate(distinct[4], distinct[0]),
        conversion: { part: distinct[4], whole: distinct[0] },
      }
    : {
        consultations: flagged[0],
        interactions: flagged[1],
        arTries: flagged[2],
        conversionRate: conversionRate(flagged[3], events),
        conversion: { part: flagged[3], whole: events },
      };
}

/** The chart's values of one metric: none after today. */
export function seriesValues(t: Tally, metric: Metric): Array<number | null> {
  return t.series[METRIC_ORDER.indexOf(metric)].map((v, i) => (t.future[i] ? null : v));
}

/** The dashboard's figures for one metric, from a tally. */
export function figuresOf(t: Tally, metric: Metric): Figures {
  const stats = statsOf(t);
  // The funnel of the selection (one product or all of them): empty without a consultation to start from.
  const funnel = t.funnel[0] > 0 ? funnelOf(FUNNEL_STEPS.map((st, i) => ({ name: st.name, count: t.funnel[i] }))) : [];

  const geo = mergeGeo(t.countryNames.map((label, i) => ({ label, value: t.geoCounts[i] })).filter((g) => g.value > 0));
  return {
    stats,
    series: { labels: t.labels, values: seriesValues(t, metric), partial: t.partial },
    geo,
    funnel,
    eventCount: t.events,
  };
}
