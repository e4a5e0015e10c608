// The 3D and AR insight of a selection (docs/dashboard.md "3D and AR insight"): a pure function of the
// company's visits (visitColumns.ts), the events already held for the selection's products, the period's
// days in the company's zone, and the section's filters. A visit is joined to its events by (product,
// session number): its flags are the OR of those events' flags (whenever they happened), its countries
// their countries. Checked against plain SQL over the same rows (tests/api/insights-sql.test.ts).
import { periodDays } from '#domain/analytics/buckets';
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
import type { ViewRequest } from '#domain/analytics/view';
import type { VisitColumns } from '#domain/analytics/visitColumns';
import { wilson } from '#domain/analytics/wilson';
import {
  AR_PLATFORMS,
  type ArPlatform,
  ATTENTION_BUCKETS,
  AZIMUTH_SECTORS,
  DEVICE_CLASSES,
  type DeviceClass,
  ELEVATION_BANDS,
} from '#domain/visitSignals';

import { AR_TRY, CONVERSION, IFRAME, type StoredColumns } from './columns';

/** What the function needs of the engine's zone: the local day number of an instant. */
export interface DayOf {
  day(t: number): number;
}

export type InsightRequest = Pick<
  ViewRequest,
  'scope' | 'productIds' | 'period' | 'year' | 'month' | 'week' | 'from' | 'to'
>;

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

const sorted = (values: Set<string>) => [...values].sort((a, b) => a.localeCompare(b, 'fr'));

export function computeInsights(
  visits: VisitColumns,
  records: ReadonlyMap<number, StoredColumns>,
  request: InsightRequest,
  zone: DayOf,
  filters: InsightFilters,
): InsightsView {
  const ids = request.scope === 'all' ? request.productIds : [request.scope];
  const inScope = new Set(ids);
  const { from, to } = periodDays(request);
  const n = visits.product.length;

  // The visits of the scope and period, per product.
  const byProduct = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const p = visits.product[i];
    if (!inScope.has(p)) continue;
    if (request.period !== 'all_time') {
      const d = zone.day(visits.start[i]);
      if (!(d >= from && d < to)) continue;
    }
    let list = byProduct.get(p);
    if (!list) byProduct.set(p, (list = []));
    list.push(i);
  }

  // Their flags and countries, from the events of (product, session).
  const flags = new Map<number, number>();
  const countries = new Map<number, Set<string>>();
  for (const [p, list] of byProduct) {
    const r = records.get(p);
    if (!r) continue;
    const at = new Map<number, number>();
    for (const i of list) if (visits.session[i] >= 0) at.set(visits.session[i], i);
    for (let e = 0; e < r.count; e++) {
      const i = at.get(r.session[e]);
      if (i === undefined) continue;
      flags.set(i, (flags.get(i) ?? 0) | r.flags[e]);
      let set = countries.get(i);
      if (!set) countries.set(i, (set = new Set()));
      set.add(r.countries[r.country[e]]);
    }
  }

  const platformOf = (i: number): ArPlatform | null => AR_PLATFORMS[visits.arPlatform[i] - 1] ?? null;
  const deviceOf = (i: number): DeviceClass | null => DEVICE_CLASSES[visits.device[i] - 1] ?? null;
  const hostOf = (i: number) => (visits.source[i] >= 0 ? (visits.sources[visits.source[i]]?.host ?? null) : null);
  const campaignOf = (i: number) =>
    visits.source[i] >= 0 ? (visits.sources[visits.source[i]]?.utmCampaign ?? null) : null;

  const options = {
    sources: new Set<string>(),
    campaigns: new Set<string>(),
    countries: new Set<string>(),
    devices: new Set<DeviceClass>(),
    platforms: new Set<ArPlatform>(),
  };
  const kept: number[] = [];
  for (const list of byProduct.values())
    for (const i of list) {
      const host = hostOf(i);
      const campaign = campaignOf(i);
      const device = deviceOf(i);
      const platform = platformOf(i);
      const cs = countries.get(i);
      if (host) options.sources.add(host);
      if (campaign) options.campaigns.add(campaign);
      cs?.forEach((c) => options.countries.add(c));
      if (device) options.devices.add(device);
      if (platform) options.platforms.add(platform);
      if (filters.source !== null && host !== filters.source) continue;
      if (filters.campaign !== null && campaign !== filters.campaign) continue;
      if (filters.country !== null && !cs?.has(filters.country)) continue;
      if (filters.device !== null && device !== filters.device) continue;
      if (filters.platform !== null && platform !== filters.platform) continue;
      kept.push(i);
    }

  // One pass over the kept visits.
  const perPlatform = AR_PLATFORMS.map(() => [0, 0, 0, 0]);
  const perDevice = [null, ...DEVICE_CLASSES].map(() => [0, 0, 0, 0]);
  const perProductPlatform = new Map<number, number[][]>();
  const dwell = new Array<number>(ATTENTION_BUCKETS).fill(0);
  const active: number[] = [];
  const visible: number[] = [];
  const firsts: number[] = [];
  const distribution = new Array<number>(ACTIVE_EDGES_MS.length + 2).fill(0);
  const overallAr = [0, 0, 0, 0];
  const overallIframe = [0, 0, 0, 0];
  const productCounts = new Map<number, { ar: number[]; iframe: number[] }>();
  for (const i of kept) {
    const f = flags.get(i) ?? 0;
    const quote = f & CONVERSION ? 1 : 0;
    const p = visits.product[i];
    const platform = visits.arPlatform[i];
    if (platform >= 1 && platform <= AR_PLATFORMS.length && visits.arLaunches[i] >= 1) {
      const failed = visits.arFailed[i] >= 1 ? 1 : 0;
      const succeeded =
        AR_PLATFORMS[platform - 1] === 'webxr'
          ? visits.arPlaced[i] >= 1
          : visits.arReturned[i] >= 1 && visits.arFailed[i] === 0;
      const row = [1, succeeded ? 1 : 0, failed, quote];
      const device = visits.device[i] >= 1 && visits.device[i] <= DEVICE_CLASSES.length ? visits.device[i] : 0;
      let pp = perProductPlatform.get(p);
      if (!pp) perProductPlatform.set(p, (pp = AR_PLATFORMS.map(() => [0, 0])));
      for (let k = 0; k < 4; k++) {
        perPlatform[platform - 1][k] += row[k];
        perDevice[device][k] += row[k];
      }
      pp[platform - 1][0]++;
      pp[platform - 1][1] += failed;
    }
    for (let k = visits.attentionStart[i]; k < visits.attentionStart[i + 1]; k++) {
      const b = visits.attentionBucket[k];
      if (b >= 0 && b < ATTENTION_BUCKETS) dwell[b] += visits.attentionMs[k];
    }
    const a = visits.activeMs[i];
    active.push(a);
    visible.push(visits.visibleMs[i]);
    let bin = 0;
    if (a > 0) {
      bin = ACTIVE_EDGES_MS.length + 1;
      for (let e = 0; e < ACTIVE_EDGES_MS.length; e++)
        if (a < ACTIVE_EDGES_MS[e]) {
          bin = e + 1;
          break;
        }
    }
    distribution[bin]++;
    if (visits.firstInteractionMs[i] >= 0) firsts.push(visits.firstInteractionMs[i]);
    let pc = productCounts.get(p);
    if (!pc) productCounts.set(p, (pc = { ar: [0, 0, 0, 0], iframe: [0, 0, 0, 0] }));
    const ar = f & AR_TRY ? 0 : 2;
    const iframe = f & IFRAME ? 0 : 2;
    overallAr[ar]++;
    overallAr[ar + 1] += quote;
    overallIframe[iframe]++;
    overallIframe[iframe + 1] += quote;
    pc.ar[ar]++;
    pc.ar[ar + 1] += quote;
    pc.iframe[iframe]++;
    pc.iframe[iframe + 1] += quote;
  }

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

  const failingProducts: InsightsView['failingProducts'] = [];
  for (const [product, pp] of perProductPlatform)
    pp.forEach(([launched, failed], k) => {
      if (outcome(launched, 0, failed, 0).failing)
        failingProducts.push({ product, platform: AR_PLATFORMS[k], launched, failed, failureRate: failed / launched });
    });
  failingProducts.sort((x, y) => y.failureRate - x.failureRate || x.product - y.product);

  const products: ProductLift[] = [...productCounts]
    .sort(([x], [y]) => x - y)
    .map(([product, c]) => ({ product, ar: lift(c.ar), interaction: lift(c.iframe) }));
  const topAr = products
    .filter((p) => p.ar.enough)
    .sort((x, y) => y.ar.difference! - x.ar.difference! || x.product - y.product)
    .slice(0, TOP_LIFT_PRODUCTS);

  return {
    visits: kept.length,
    options: {
      sources: sorted(options.sources),
      campaigns: sorted(options.campaigns),
      countries: sorted(options.countries),
      devices: DEVICE_CLASSES.filter((d) => options.devices.has(d)),
      platforms: AR_PLATFORMS.filter((p) => options.platforms.has(p)),
    },
    ar: AR_PLATFORMS.map((platform, k) => ({
      platform,
      ...outcome(...(perPlatform[k] as [number, number, number, number])),
    })),
    arByDevice: [null, ...DEVICE_CLASSES]
      .map((device, k) => ({ device, ...outcome(...(perDevice[k] as [number, number, number, number])) }))
      .filter((d) => d.launched > 0),
    failingProducts,
    attention: { dwell, total, top, angles, ignored },
    engagement: {
      medianActiveMs: median(active),
      medianVisibleMs: median(visible),
      distribution,
      interacted: firsts.length,
      medianFirstInteractionMs: median(firsts),
    },
    lift: { ar: lift(overallAr), interaction: lift(overallIframe), products, topAr },
  };
}
