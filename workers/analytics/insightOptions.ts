// The visits of an insight's selection (scope and period) and the filter options met among them (the
// values of each filter before any is applied). The options do not depend on the filters: a filter switch
// reuses those of its selection (the last one is kept), which spares the pass a quarter of its work.
import { periodDays } from '#domain/analytics/buckets';
import type { InsightsView } from '#domain/analytics/insightsView';
import type { ViewRequest } from '#domain/analytics/view';
import { AR_PLATFORMS, DEVICE_CLASSES } from '#domain/visitSignals';

import { type DayOf, SEVERAL, type VisitIndex } from './visitIndex';

export type InsightRequest = Pick<
  ViewRequest,
  'scope' | 'productIds' | 'period' | 'year' | 'month' | 'week' | 'from' | 'to'
>;

/** The visits to read: `list[lo..hi)` (a product's own list) or indexes lo..hi, kept when in scope and period. */
export interface SelectionVisits {
  list: Int32Array | null;
  lo: number;
  hi: number;
  /** Per dense product, 1 when in the scope. */
  inScope: Uint8Array;
  /** Per visit, its local start day; null for all the data. */
  day: Int32Array | null;
  from: number;
  to: number;
}

export function selectionVisits(ix: VisitIndex, request: InsightRequest, zone: DayOf): SelectionVisits {
  const ids = request.scope === 'all' ? request.productIds : [request.scope];
  const inScope = new Uint8Array(ix.productIds.length);
  for (const id of ids) {
    const p = ix.denseOf(id);
    if (p >= 0) inScope[p] = 1;
  }
  const { from, to } = periodDays(request);
  const day = request.period === 'all_time' ? null : ix.startDays(zone);
  if (request.scope === 'all') return { list: null, lo: 0, hi: ix.n, inScope, day, from, to };
  const p = ix.denseOf(request.scope);
  const lo = p < 0 ? 0 : ix.productStart[p];
  const hi = p < 0 ? 0 : ix.productStart[p + 1];
  return { list: ix.productVisits, lo, hi, inScope, day, from, to };
}

type Options = InsightsView['options'];

let last: { ix: VisitIndex; joins: number; selection: SelectionVisits; options: Options } | null = null;

const same = (a: SelectionVisits, b: SelectionVisits) =>
  a.list === b.list &&
  a.lo === b.lo &&
  a.hi === b.hi &&
  a.day === b.day &&
  (a.day === null || (a.from === b.from && a.to === b.to)) &&
  a.inScope.length === b.inScope.length &&
  a.inScope.every((v, k) => v === b.inScope[k]);

const sorted = (values: Set<string>) => [...values].sort((a, b) => a.localeCompare(b, 'fr'));

/** The options met in the selection's visits (kept for the last selection while its join holds). */
export function insightOptions(ix: VisitIndex, sel: SelectionVisits): Options {
  if (last?.ix === ix && last.joins === ix.joins && same(last.selection, sel)) return last.options;
  const { list, lo, hi, inScope, day, from, to } = sel;
  const { dense, source, device, platform, country, several } = ix;
  const sourceSeen = new Uint8Array(ix.visits.sources.length);
  const deviceSeen = new Uint8Array(DEVICE_CLASSES.length + 1);
  const platformSeen = new Uint8Array(AR_PLATFORMS.length + 1);
  const countrySeen = new Uint8Array(ix.countryNames.length);
  for (let k = lo; k < hi; k++) {
    const i = list === null ? k : list[k];
    if (!inScope[dense[i]]) continue;
    if (day !== null && !(day[i] >= from && day[i] < to)) continue;
    if (source[i] >= 0) sourceSeen[source[i]] = 1;
    deviceSeen[device[i]] = 1;
    platformSeen[platform[i]] = 1;
    const c = country[i];
    if (c >= 0) countrySeen[c] = 1;
    else if (c === SEVERAL) for (const x of several.get(i)!) countrySeen[x] = 1;
  }
  const sources = new Set<string>();
  const campaigns = new Set<string>();
  const countries = new Set<string>();
  sourceSeen.forEach((seen, k) => {
    if (!seen) return;
    sources.add(ix.visits.sources[k].host);
    const campaign = ix.visits.sources[k].utmCampaign;
    if (campaign) campaigns.add(campaign);
  });
  countrySeen.forEach((seen, k) => seen && countries.add(ix.countryNames[k]));
  const options: Options = {
    sources: sorted(sources),
    campaigns: sorted(campaigns),
    countries: sorted(countries),
    devices: DEVICE_CLASSES.filter((_, k) => deviceSeen[k + 1]),
    platforms: AR_PLATFORMS.filter((_, k) => platformSeen[k + 1]),
  };
  last = { ix, joins: ix.joins, selection: sel, options };
  return options;
}
