// The 3D and AR insight of a selection (docs/dashboard.md "3D and AR insight"): a pure function of the
// company's visits (visitColumns.ts), the events already held for the selection's products, the period's
// days in the company's zone, and the section's filters. A visit is joined to its events by (product,
// session number): its flags are the OR of those events' flags (whenever they happened), its countries
// their countries. Checked against plain SQL over the same rows (tests/api/insights-sql.test.ts).
import {
  ACTIVE_EDGES_MS,
  type ArOutcome,
  FAILING_MIN_LAUNCHES,
  FAILING_RATE,
  IGNORED_SHARE,
  type InsightFilters,
  type InsightsView,
  type Lift,
  LIFT_MIN_VISITS,
  type ProductLift,
  type QuoteGroup,
  TOP_BUCKETS,
  TOP_LIFT_PRODUCTS,
} from '#domain/analytics/insightsView';
import type { NumberColumn, VisitColumns } from '#domain/analytics/visitColumns';
import { wilson } from '#domain/analytics/wilson';
import {
  AR_PLATFORMS,
  ATTENTION_BUCKETS,
  AZIMUTH_SECTORS,
  DEVICE_CLASSES,
  ELEVATION_BANDS,
} from '#domain/visitSignals';

import { AR_TRY, CONVERSION, IFRAME, type StoredColumns } from './columns';
import { insightOptions, type InsightRequest, selectionVisits } from './insightOptions';
import { AR_FAILED, AR_SUCCEEDED, type DayOf, SEVERAL, type VisitIndex, visitIndexOf } from './visitIndex';

export type { InsightRequest } from './insightOptions';
export type { DayOf } from './visitIndex';

/** percentile_cont(0.5): the middle value, or the mean of the two middle ones. */
export function median(values: number[]): number | null {
  if (!values.length) return null;
  const s = Float64Array.from(values).sort();
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

function outcome(launched: number, succeeded: number, failed: number, quotes: number): ArOutcome {
  const failureRate = launched ? failed / launched : null;
  return {
    launched,
    succeeded,
    failed,
    quotes,
    failureRate,
    failing: launched >= FAILING_MIN_LAUNCHES && failureRate !== null && failureRate >= FAILING_RATE,
  };
}

const outcomeAt = (counts: Int32Array, k: number) =>
  outcome(counts[k * 4], counts[k * 4 + 1], counts[k * 4 + 2], counts[k * 4 + 3]);

function group(visits: number, quotes: number): QuoteGroup {
  const interval = wilson(quotes, visits);
  return {
    visits,
    quotes,
    rate: visits ? quotes / visits : null,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
  };
}

/** counts: [with visits, with quotes, without visits, without quotes]. */
function lift(c: number[]): Lift {
  const w = group(c[0], c[1]);
  const wo = group(c[2], c[3]);
  const enough = w.visits >= LIFT_MIN_VISITS && wo.visits >= LIFT_MIN_VISITS;
  return { with: w, without: wo, enough, difference: enough ? w.rate! - wo.rate! : null };
}

/** A filter's accepted values as codes of the index (visitIndex.ts): -1 where no filter is set. */
interface Codes {
  /** Per source index: whether its host and campaign pass. */
  sourceOk: Uint8Array;
  /** Whether a visit without source passes (no source nor campaign filter). */
  noSourceOk: boolean;
  device: number;
  platform: number;
  /** The country's number; -1 no filter, -3 a country no event has. */
  country: number;
}

function codesOf(ix: VisitIndex, f: InsightFilters): Codes {
  const sources = ix.visits.sources;
  const sourceOk = new Uint8Array(sources.length);
  sources.forEach((s, k) => {
    if ((f.source === null || s.host === f.source) && (f.campaign === null || s.utmCampaign === f.campaign))
      sourceOk[k] = 1;
  });
  return {
    sourceOk,
    noSourceOk: f.source === null && f.campaign === null,
    device: f.device === null ? -1 : DEVICE_CLASSES.indexOf(f.device) + 1,
    platform: f.platform === null ? -1 : AR_PLATFORMS.indexOf(f.platform) + 1,
    country: f.country === null ? -1 : (ix.countryIds.get(f.country) ?? -3),
  };
}

/**
 * The median (percentile_cont(0.5)) of `values` over the marked visits, `count` of them, read along `order`
 * (the visits sorted by that value): no copy nor sort per call. A few kept visits (`few`: all their values)
 * are sorted instead, cheaper than a walk over every visit.
 */
function markedMedian(
  values: NumberColumn,
  order: Uint32Array,
  marks: Uint8Array,
  count: number,
  few: number[] | null,
) {
  if (count === 0) return null;
  if (few) return median(few);
  const lo = (count - 1) >> 1;
  const hi = count >> 1;
  // Every visit of the order kept (no filter over all the data): no walk.
  if (count === order.length) return (values[order[lo]] + values[order[hi]]) / 2;
  let seen = 0;
  let low = 0;
  for (let k = 0; k < order.length; k++) {
    const i = order[k];
    if (!marks[i]) continue;
    if (seen === lo) low = values[i];
    if (seen === hi) return (low + values[i]) / 2;
    seen++;
  }
  return null;
}

export function computeInsights(
  visits: VisitColumns,
  records: ReadonlyMap<number, StoredColumns>,
  request: InsightRequest,
  zone: DayOf,
  filters: InsightFilters,
): InsightsView {
  const ids = request.scope === 'all' ? request.productIds : [request.scope];
  const ix = visitIndexOf(visits);
  ix.join(records, ids);
  const selection = selectionVisits(ix, request, zone);
  const { list, lo, hi, inScope, day, from, to } = selection;
  const P = ix.productIds.length;
  const codes = codesOf(ix, filters);
  const { sourceOk, noSourceOk } = codes;
  const { flags, country, several, dense, marks } = ix;
  const PLATFORMS = AR_PLATFORMS.length;

  // Tallies, flat: [launched, succeeded, failed, quotes] per platform and per device (0: unknown).
  const perPlatform = new Int32Array(PLATFORMS * 4);
  const perDevice = new Int32Array((DEVICE_CLASSES.length + 1) * 4);
  /** Per dense product and platform: [launched, failed]. */
  const perProductPlatform = new Int32Array(P * PLATFORMS * 2);
  /** Per dense product: [with AR, quotes, without AR, quotes, interacted, quotes, view only, quotes]. */
  const perProduct = new Int32Array(P * 8);
  const dwellSums = new Float64Array(ATTENTION_BUCKETS);
  const distributionCounts = new Int32Array(ACTIVE_EDGES_MS.length + 2);
  const { activeMs, firstInteractionMs } = visits;
  const { source, device, platform, ar, activeBin, attentionStart, attentionBucket, attentionMs } = ix;
  let kept = 0;
  let interacted = 0;
  // A few kept visits: their values, for a plain median (markedMedian).
  const few = { active: [] as number[], visible: [] as number[], first: [] as number[] };
  const fewLimit = ix.n / 16;

  // One pass over the selection's visits: filters and tallies.
  for (let k = lo; k < hi; k++) {
    const i = list === null ? k : list[k];
    const p = dense[i];
    if (!inScope[p]) continue;
    if (day !== null && !(day[i] >= from && day[i] < to)) continue;
    const s = source[i];
    const dv = device[i];
    const pf = platform[i];
    const c = country[i];
    if (s >= 0 ? !sourceOk[s] : !noSourceOk) continue;
    if (codes.device >= 0 && dv !== codes.device) continue;
    if (codes.platform >= 0 && pf !== codes.platform) continue;
    if (codes.country !== -1 && c !== codes.country && !(c === SEVERAL && several.get(i)!.has(codes.country))) continue;

    kept++;
    marks[i] = 1;
    const f = flags[i];
    const quote = f & CONVERSION ? 1 : 0;
    const o = ar[i];
    if (o) {
      const succeeded = o & AR_SUCCEEDED ? 1 : 0;
      const failed = o & AR_FAILED ? 1 : 0;
      const a = (pf - 1) * 4;
      perPlatform[a]++;
      perPlatform[a + 1] += succeeded;
      perPlatform[a + 2] += failed;
      perPlatform[a + 3] += quote;
      perDevice[dv * 4]++;
      perDevice[dv * 4 + 1] += succeeded;
      perDevice[dv * 4 + 2] += failed;
      perDevice[dv * 4 + 3] += quote;
      const pp = (p * PLATFORMS + pf - 1) * 2;
      perProductPlatform[pp]++;
      perProductPlatform[pp + 1] += failed;
    }
    for (let k = attentionStart[i], end = attentionStart[i + 1]; k < end; k++) {
      const b = attentionBucket[k];
      if (b < ATTENTION_BUCKETS) dwellSums[b] += attentionMs[k];
    }
    distributionCounts[activeBin[i]]++;
    const first = firstInteractionMs[i];
    if (first >= 0) interacted++;
    if (kept <= fewLimit) {
      few.active.push(activeMs[i]);
      few.visible.push(visits.visibleMs[i]);
      if (first >= 0) few.first.push(first);
    }
    const at = p * 8;
    const withAr = f & AR_TRY ? 0 : 2;
    const iframe = f & IFRAME ? 4 : 6;
    perProduct[at + withAr]++;
    perProduct[at + withAr + 1] += quote;
    perProduct[at + iframe]++;
    perProduct[at + iframe + 1] += quote;
  }

  const all = kept <= fewLimit;
  const medianActiveMs = markedMedian(activeMs, ix.byActive, marks, kept, all ? few.active : null);
  const medianVisibleMs = markedMedian(visits.visibleMs, ix.byVisible, marks, kept, all ? few.visible : null);
  const medianFirstInteractionMs = markedMedian(
    firstInteractionMs,
    ix.byFirst,
    marks,
    interacted,
    all ? few.first : null,
  );
  marks.fill(0);

  const overallAr = [0, 0, 0, 0];
  const overallIframe = [0, 0, 0, 0];
  const products: ProductLift[] = [];
  const failingProducts: InsightsView['failingProducts'] = [];
  for (let p = 0; p < P; p++) {
    const at = p * 8;
    for (let k = 0; k < 4; k++) {
      overallAr[k] += perProduct[at + k];
      overallIframe[k] += perProduct[at + 4 + k];
    }
    if (perProduct[at] + perProduct[at + 2] > 0)
      products.push({
        product: ix.productIds[p],
        ar: lift([...perProduct.subarray(at, at + 4)]),
        interaction: lift([...perProduct.subarray(at + 4, at + 8)]),
      });
    for (let k = 0; k < PLATFORMS; k++) {
      const launched = perProductPlatform[(p * PLATFORMS + k) * 2];
      const failed = perProductPlatform[(p * PLATFORMS + k) * 2 + 1];
      if (outcome(launched, 0, failed, 0).failing)
        failingProducts.push({
          product: ix.productIds[p],
          platform: AR_PLATFORMS[k],
          launched,
          failed,
          failureRate: failed / launched,
        });
    }
  }
  failingProducts.sort((x, y) => y.failureRate - x.failureRate || x.product - y.product);
  products.sort((x, y) => x.product - y.product);
  const topAr = products
    .filter((p) => p.ar.enough)
    .sort((x, y) => y.ar.difference! - x.ar.difference! || x.product - y.product)
    .slice(0, TOP_LIFT_PRODUCTS);

  const dwell = [...dwellSums];
  const distribution = [...distributionCounts];
  const total = dwell.reduce((s, v) => s + v, 0);
  const top = dwell
    .map((v, b) => [v, b])
    .filter(([v]) => v > 0)
    .sort((x, y) => y[0] - x[0] || x[1] - y[1])
    .slice(0, TOP_BUCKETS)
    .map(([, b]) => b);
  const angleCount = AZIMUTH_SECTORS * ELEVATION_BANDS;
  const angles = Array.from({ length: angleCount }, (_, a) => dwell[a] + dwell[a + angleCount]);
  const ignored = total > 0 ? angles.flatMap((v, a) => (v < total * IGNORED_SHARE ? [a] : [])) : [];

  return {
    visits: kept,
    options: insightOptions(ix, selection),
    ar: AR_PLATFORMS.map((platform, k) => ({ platform, ...outcomeAt(perPlatform, k) })),
    arByDevice: [null, ...DEVICE_CLASSES]
      .map((device, k) => ({ device, ...outcomeAt(perDevice, k) }))
      .filter((d) => d.launched > 0),
    failingProducts,
    attention: { dwell, total, top, angles, ignored },
    engagement: {
      medianActiveMs,
      medianVisibleMs,
      distribution,
      interacted,
      medianFirstInteractionMs,
    },
    lift: { ar: lift(overallAr), interaction: lift(overallIframe), products, topAr },
  };
}
