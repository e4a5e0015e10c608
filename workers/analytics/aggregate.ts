// One pass over the columns of the selected products -> the figures of the dashboard (spec 1 section 7).
// Distinct sessions are counted with bit arrays indexed by the session numbers the records carry (one
// SessionDictionary for all products), so a session that saw two products counts once; no string is
// touched and no Set is built per event.
import { DAY_MS, bucketLabels, bucketOf, periodRange, utcYear } from '../../src/domain/analytics/buckets';
import { conversionRate, journeyPercentages, mergeGeo } from '../../src/domain/analytics/rules';
import type { Metric } from '../../src/domain/analytics/selection';
import type { DashboardView, ViewRequest } from '../../src/domain/analytics/view';
import { AR_TRY, CONSULTATION, CONVERSION, IFRAME, type StoredColumns } from './columns';

export const METRIC_FLAG: Record<Metric, number> = {
  consultation: CONSULTATION,
  engagement: IFRAME,
  ar_usage: AR_TRY,
  conversion: CONVERSION,
};

export const JOURNEY_STEPS = [
  { name: 'consultation', flag: CONSULTATION },
  { name: 'interaction 3D', flag: IFRAME },
  { name: 'essai AR', flag: AR_TRY },
  { name: 'conversion', flag: CONVERSION },
];

const SEEN = 16;
const NO_DAY = -2147483648;
/** Beyond this many days between the first and last event, buckets are computed per event, not tabled. */
const MAX_TABLE_DAYS = 200_000;

class BitSet {
  private words: Uint32Array;
  constructor(size: number) {
    this.words = new Uint32Array((size + 31) >>> 5);
  }
  /** Sets the bit; true when it was not set before. */
  add(i: number): boolean {
    const w = i >>> 5;
    const m = 1 << (i & 31);
    if (this.words[w] & m) return false;
    this.words[w] |= m;
    return true;
  }
}

export type Figures = Omit<DashboardView, 'generation' | 'cachedAt' | 'offline' | 'failedProducts' | 'complete'>;

/**
 * The numbering of countries shared by all products (sessions are numbered when a record is made, see
 * SessionDictionary), and what is derived once per record (its country map, its events' day numbers),
 * kept across views.
 */
export class Numbering {
  private countryIds = new Map<string, number>();
  readonly countryNames: string[] = [];
  private maps = new WeakMap<StoredColumns, Uint16Array>();
  private days = new WeakMap<StoredColumns, Int32Array>();

  /** Each event's UTC day number (NO_DAY without a time), made once per record and kept. */
  daysOf(p: StoredColumns): Int32Array {
    let d = this.days.get(p);
    if (d) return d;
    d = new Int32Array(p.count);
    for (let i = 0; i < p.count; i++) {
      const t = p.time[i];
      d[i] = Number.isNaN(t) ? NO_DAY : Math.floor(t / DAY_MS);
    }
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
      m![i] = g;
    });
    this.maps.set(p, m);
    return m;
  }
}

/** The figures of these products; `numbering` may be kept across calls (its maps are then reused). */
export function aggregate(
  products: StoredColumns[],
  request: Omit<ViewRequest, 'generation' | 'productIds'>,
  now: Date,
  numbering: Numbering = new Numbering(),
): Figures {
  const countryMaps = products.map((p) => numbering.countriesOf(p));
  const countryNames = numbering.countryNames;

  const { from, to } = periodRange(request);
  let firstYear = now.getUTCFullYear();
  let lastYear = firstYear;
  if (request.period === 'all_time') {
    for (const m of products) {
      if (m.first !== Infinity) firstYear = Math.min(firstYear, utcYear(m.first));
      if (m.last !== -Infinity) lastYear = Math.max(lastYear, utcYear(m.last));
    }
  }
  const labels = bucketLabels(request.period, firstYear, lastYear);
  const nBuckets = labels.length;
  let nSessions = 0;
  for (const p of products) if (p.sessionLimit > nSessions) nSessions = p.sessionLimit;
  const nCountries = countryNames.length;
  const unique = request.counting === 'unique_users';
  const metricFlag = METRIC_FLAG[request.metric];

  const series = new Array<number>(nBuckets).fill(0);
  const geoCounts = new Array<number>(nCountries).fill(0);
  const sessionFlags = new Uint8Array(nSessions);
  const seenInBucket = new BitSet(unique ? nSessions * nBuckets : 0);
  const seenInCountry = new BitSet(unique ? nSessions * nCountries : 0);
  let events = 0;
  let consultations = 0;
  let iframes = 0;
  let arTries = 0;
  let conversions = 0;

  // Every bucket boundary and the period's bounds are UTC midnights: the bucket of an event is its day's,
  // read from a table over the days the products span (-1 outside the period) instead of a calendar
  // computation per event.
  const allTime = request.period === 'all_time';
  let minDay = Infinity;
  let maxDay = -Infinity;
  for (const p of products) {
    if (p.first !== Infinity) minDay = Math.min(minDay, Math.floor(p.first / DAY_MS));
    if (p.last !== -Infinity) maxDay = Math.max(maxDay, Math.floor(p.last / DAY_MS));
  }
  const bucketOfDay = (d: number): number => {
    const t = d * DAY_MS;
    if (!allTime && !(t >= from && t < to)) return -1;
    const b = bucketOf(request.period, t, firstYear);
    return b >= 0 && b < nBuckets ? b : -1;
  };
  const tabled = maxDay >= minDay && maxDay - minDay < MAX_TABLE_DAYS;
  const table = new Int16Array(tabled ? maxDay - minDay + 1 : 0);
  if (tabled) for (let d = minDay; d <= maxDay; d++) table[d - minDay] = bucketOfDay(d);

  for (let p = 0; p < products.length; p++) {
    const col = products[p];
    const cMap = countryMaps[p];
    const day = numbering.daysOf(col);
    const { flags, session, country } = col;
    for (let i = 0; i < col.count; i++) {
      const d = day[i];
      let b = -1;
      if (d === NO_DAY) {
        // Untimed: all_time counts it in the figures, never in the chart; a period leaves it out.
        if (!allTime) continue;
      } else {
        b = tabled ? table[d - minDay] : bucketOfDay(d);
        if (b < 0) continue;
      }
      const f = flags[i];
      const s = session[i];
      const c = cMap[country[i]];
      events++;
      if (f & CONSULTATION) consultations++;
      if (f & IFRAME) iframes++;
      if (f & AR_TRY) arTries++;
      if (f & CONVERSION) conversions++;
      sessionFlags[s] |= f | SEEN;
      if (unique) {
        if (seenInCountry.add(s * nCountries + c)) geoCounts[c]++;
      } else geoCounts[c]++;
      if (b >= 0 && f & metricFlag && (!unique || seenInBucket.add(s * nBuckets + b))) series[b]++;
    }
  }

  const distinct = [0, 0, 0, 0, 0];
  for (let s = 0; s < nSessions; s++) {
    const f = sessionFlags[s];
    if (!(f & SEEN)) continue;
    distinct[0]++;
    if (f & CONSULTATION) distinct[1]++;
    if (f & IFRAME) distinct[2]++;
    if (f & AR_TRY) distinct[3]++;
    if (f & CONVERSION) distinct[4]++;
  }

  const stats = unique
    ? { consultations: distinct[1], interactions: distinct[2], arTries: distinct[3], conversionRate: conversionRate(distinct[4], distinct[0]) }
    : { consultations, interactions: iframes, arTries, conversionRate: conversionRate(conversions, events) };

  // The journey is for one product only (empty for the all scope): distinct sessions reaching each step.
  const steps = [distinct[1], distinct[2], distinct[3], distinct[4]];
  const journey =
    request.scope !== 'all' && steps.some((n) => n > 0)
      ? journeyPercentages(JOURNEY_STEPS.map((st, i) => ({ name: st.name, count: steps[i] })))
      : [];

  const geo = mergeGeo(countryNames.map((label, i) => ({ label, value: geoCounts[i] })).filter((g) => g.value > 0));
  return { stats, series: { labels, values: series }, geo, journey, eventCount: events };
}
