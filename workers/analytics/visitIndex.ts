// The company's visits (visitColumns.ts) joined to the events once per data version, as typed arrays, so
// that a filter or selection switch tallies without joining again (bench/notes.md, "3D and AR insight").
// A visit is joined to its product's events by session number: its flags are the OR of those events'
// flags, its countries their countries. The join is per product and redone only for a product whose record
// changed (a fresh answer is a new object); a visits answer is a new index.
import { ACTIVE_EDGES_MS } from '#domain/analytics/insightsView';
import type { NumberColumn, VisitColumns } from '#domain/analytics/visitColumns';
import { AR_PLATFORMS, ATTENTION_BUCKETS, DEVICE_CLASSES } from '#domain/visitSignals';

import type { StoredColumns } from './columns';

/** `country` of a visit without events; one with several countries holds SEVERAL (see `several`). */
export const NO_COUNTRY = -1;
export const SEVERAL = -2;

/** The local day of each instant, as the engine's zone gives it (domain/analytics/zone.ts). */
export interface DayOf {
  days(time: Float64Array, none: number): Int32Array;
}

const NO_DAY = -0x7fffffff;

/** A visit's AR outcome bits (`ar`): launched on a known platform, succeeded, failed. */
export const AR_LAUNCHED = 1;
export const AR_SUCCEEDED = 2;
export const AR_FAILED = 4;
/** `attentionBucket` of an entry outside the buckets (skipped). */
export const NO_BUCKET = 255;

export class VisitIndex {
  readonly n: number;
  /** Per visit, its product's dense number (position in `productIds`). */
  readonly dense: Int32Array;
  readonly productIds: number[];
  private readonly productOf = new Map<number, number>();
  /** Visits of dense product p: `productVisits[productStart[p] .. productStart[p + 1])`, in index order. */
  readonly productStart: Int32Array;
  readonly productVisits: Int32Array;
  /** Per visit: the OR of its events' flags; its country number, NO_COUNTRY or SEVERAL. */
  readonly flags: Uint8Array;
  readonly country: Int32Array;
  readonly several = new Map<number, Set<number>>();
  /** Country names of the joined events, numbered in order of appearance. */
  readonly countryNames: string[] = [];
  readonly countryIds = new Map<string, number>();
  /** Visit indexes ordered by active time, visible time, and (those with one) time to first interaction. */
  readonly byActive: Uint32Array;
  readonly byVisible: Uint32Array;
  readonly byFirst: Uint32Array;
  /**
   * Per visit, what does not depend on the selection, in typed arrays for the switch's pass: device class
   * and AR platform (index + 1, 0 unknown or none), source (-1 none), AR outcome bits, the bin of its active
   * time in ACTIVE_EDGES_MS's distribution (0: none), and its attention entries.
   */
  readonly device: Uint8Array;
  readonly platform: Uint8Array;
  readonly source: Int32Array;
  readonly ar: Uint8Array;
  readonly activeBin: Uint8Array;
  readonly attentionStart: Int32Array;
  readonly attentionBucket: Uint8Array;
  readonly attentionMs: Float64Array;
  /** A byte per visit for the caller's marks, left all zero after each use. */
  readonly marks: Uint8Array;
  private readonly joined: Array<StoredColumns | undefined>;
  /** Session number -> visit of the product being stamped, valid where `stampAt[s] === stamp`. */
  private visitAt = new Int32Array(0);
  private stampAt = new Int32Array(0);
  private stamp = 0;
  private days: { zone: DayOf; day: Int32Array } | null = null;
  /** One more than the highest session number of a visit. */
  private readonly sessionLimit: number;
  /** Products joined so far: a change of any visit's flags or countries changes it. */
  joins = 0;

  constructor(readonly visits: VisitColumns) {
    const n = visits.product.length;
    this.n = n;
    this.dense = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const id = visits.product[i];
      let p = this.productOf.get(id);
      if (p === undefined) this.productOf.set(id, (p = this.productOf.size));
      this.dense[i] = p;
    }
    this.productIds = [...this.productOf.keys()];
    let limit = 0;
    for (let i = 0; i < n; i++) if (visits.session[i] >= limit) limit = visits.session[i] + 1;
    this.sessionLimit = limit;
    const P = this.productIds.length;
    this.productStart = new Int32Array(P + 1);
    for (let i = 0; i < n; i++) this.productStart[this.dense[i] + 1]++;
    for (let p = 0; p < P; p++) this.productStart[p + 1] += this.productStart[p];
    this.productVisits = new Int32Array(n);
    const at = this.productStart.slice(0, P);
    for (let i = 0; i < n; i++) this.productVisits[at[this.dense[i]]++] = i;
    this.flags = new Uint8Array(n);
    this.country = new Int32Array(n).fill(NO_COUNTRY);
    this.marks = new Uint8Array(n);
    this.joined = new Array<StoredColumns | undefined>(P);
    // Plain loops: a typed array's `from` with a mapping function iterates generically (4 x slower here).
    this.device = new Uint8Array(n);
    this.platform = new Uint8Array(n);
    this.source = new Int32Array(n);
    this.ar = new Uint8Array(n);
    this.activeBin = new Uint8Array(n);
    const webxr = AR_PLATFORMS.indexOf('webxr') + 1;
    for (let i = 0; i < n; i++) {
      const d = visits.device[i];
      this.device[i] = d >= 1 && d <= DEVICE_CLASSES.length ? d : 0;
      const s = visits.source[i];
      this.source[i] = s >= 0 && s < visits.sources.length ? s : -1;
      const p = visits.arPlatform[i] >= 1 && visits.arPlatform[i] <= AR_PLATFORMS.length ? visits.arPlatform[i] : 0;
      this.platform[i] = p;
      if (p > 0 && visits.arLaunches[i] >= 1) {
        const failed = visits.arFailed[i] >= 1;
        const succeeded = p === webxr ? visits.arPlaced[i] >= 1 : visits.arReturned[i] >= 1 && !failed;
        this.ar[i] = AR_LAUNCHED | (succeeded ? AR_SUCCEEDED : 0) | (failed ? AR_FAILED : 0);
      }
      const a = visits.activeMs[i];
      if (a > 0) {
        let bin = ACTIVE_EDGES_MS.length + 1;
        for (let e = 0; e < ACTIVE_EDGES_MS.length; e++)
          if (a < ACTIVE_EDGES_MS[e]) {
            bin = e + 1;
            break;
          }
        this.activeBin[i] = bin;
      }
    }
    const entries = visits.attentionBucket.length;
    this.attentionStart = new Int32Array(n + 1);
    for (let i = 0; i <= n; i++) this.attentionStart[i] = visits.attentionStart[i];
    this.attentionBucket = new Uint8Array(entries);
    this.attentionMs = new Float64Array(entries);
    for (let k = 0; k < entries; k++) {
      const b = visits.attentionBucket[k];
      this.attentionBucket[k] = b >= 0 && b < ATTENTION_BUCKETS ? b : NO_BUCKET;
      this.attentionMs[k] = visits.attentionMs[k];
    }
    this.byActive = orderBy(visits.activeMs, n, () => true);
    this.byVisible = orderBy(visits.visibleMs, n, () => true);
    this.byFirst = orderBy(visits.firstInteractionMs, n, (i) => visits.firstInteractionMs[i] >= 0);
  }

  /** Dense number of a product, -1 when it has no visit. */
  denseOf(productId: number): number {
    return this.productOf.get(productId) ?? -1;
  }

  /** Each visit's local start day in `zone`, made once per zone. */
  startDays(zone: DayOf): Int32Array {
    if (this.days?.zone !== zone) this.days = { zone, day: zone.days(Float64Array.from(this.visits.start), NO_DAY) };
    return this.days.day;
  }

  /** Joins the visits of `ids` to their records, for those whose record is not the one joined already. */
  join(records: ReadonlyMap<number, StoredColumns>, ids: readonly number[]): void {
    for (const id of ids) {
      const p = this.productOf.get(id);
      if (p === undefined) continue;
      const r = records.get(id);
      if (this.joined[p] === r) continue;
      this.joinProduct(p, r);
      this.joined[p] = r;
    }
  }

  private joinProduct(p: number, r: StoredColumns | undefined): void {
    this.joins++;
    const { flags, country, several, productVisits } = this;
    const lo = this.productStart[p];
    const hi = this.productStart[p + 1];
    for (let k = lo; k < hi; k++) {
      const i = productVisits[k];
      flags[i] = 0;
      country[i] = NO_COUNTRY;
      several.delete(i);
    }
    if (!r || r.count === 0) return;
    const stamp = this.stampProduct(p, r.sessionLimit, () => true);
    const { visitAt, stampAt } = this;
    const names = r.countries.map((c) => {
      let k = this.countryIds.get(c);
      if (k === undefined) this.countryIds.set(c, (k = this.countryNames.push(c) - 1));
      return k;
    });
    for (let e = 0; e < r.count; e++) {
      const s = r.session[e];
      if (stampAt[s] !== stamp) continue;
      const i = visitAt[s];
      flags[i] |= r.flags[e];
      const c = names[r.country[e]];
      const held = country[i];
      if (held === c) continue;
      if (held === NO_COUNTRY) country[i] = c;
      else if (held === SEVERAL) several.get(i)!.add(c);
      else {
        country[i] = SEVERAL;
        several.set(i, new Set([held, c]));
      }
    }
  }

  /**
   * Stamps the session numbers of product p's visits that `keep` accepts (the last visit of a session
   * wins, as a Map would); returns the stamp. Valid until the next call: `sessionStamped` reads it.
   */
  stampProduct(p: number, sessionLimit: number, keep: (i: number) => boolean): number {
    const { session } = this.visits;
    const lo = this.productStart[p];
    const hi = this.productStart[p + 1];
    const limit = Math.max(sessionLimit, this.sessionLimit);
    if (limit > this.stampAt.length) {
      const size = Math.max(limit, this.stampAt.length * 2);
      this.visitAt = new Int32Array(size);
      this.stampAt = new Int32Array(size);
      this.stamp = 0;
    }
    const stamp = ++this.stamp;
    for (let k = lo; k < hi; k++) {
      const i = this.productVisits[k];
      const s = session[i];
      if (s < 0 || !keep(i)) continue;
      this.stampAt[s] = stamp;
      this.visitAt[s] = i;
    }
    return stamp;
  }

  /** The session table: `stamps[s] === stamp` where stampProduct stamped session s. */
  get stamps(): Int32Array {
    return this.stampAt;
  }
}

/** Indexes (of those `keep` accepts) sorted by value. */
function orderBy(values: NumberColumn, n: number, keep: (i: number) => boolean): Uint32Array {
  let kept = 0;
  let max = 0;
  let whole = true;
  for (let i = 0; i < n; i++)
    if (keep(i)) {
      kept++;
      const v = values[i];
      if (v > max) max = v;
      if (!(v >= 0 && v === Math.floor(v))) whole = false;
    }
  const order = new Uint32Array(kept);
  for (let i = 0, k = 0; i < n; i++) if (keep(i)) order[k++] = i;
  // Whole ms in 32 bits (domain/visitMeasure.ts bounds them): a radix sort, 11 bits a pass (3 passes for
  // 4 hours), several times faster than a typed sort of packed keys. Anything else: a comparator sort.
  if (!whole || max >= 2 ** 32) return order.sort((a, b) => values[a] - values[b]);
  const count = new Int32Array(RADIX + 1);
  let from = order;
  let to = new Uint32Array(kept);
  for (let shift = 0; shift < 32 && max >>> shift > 0; shift += RADIX_BITS) {
    count.fill(0);
    for (let k = 0; k < kept; k++) count[((values[from[k]] >>> shift) & (RADIX - 1)) + 1]++;
    for (let d = 1; d <= RADIX; d++) count[d] += count[d - 1];
    for (let k = 0; k < kept; k++) to[count[(values[from[k]] >>> shift) & (RADIX - 1)]++] = from[k];
    [from, to] = [to, from];
  }
  return from;
}

const RADIX_BITS = 11;
const RADIX = 1 << RADIX_BITS;

const indexes = new WeakMap<VisitColumns, VisitIndex>();

/** The index of a visits answer, made at its first use and kept as long as the answer is. */
export function visitIndexOf(visits: VisitColumns): VisitIndex {
  let ix = indexes.get(visits);
  if (!ix) indexes.set(visits, (ix = new VisitIndex(visits)));
  return ix;
}
