// The dashboard's figures with filters set (docs/dashboard.md "Filters"): each product's record narrowed to
// the events the filters allow, so that the same tally (aggregate.ts) counts them. The source, campaign,
// device and platform are a visit's (visitColumns.ts, one row per product and session number): an event
// matches when its session's visit does, so an event without a visit row (older than the visit signals)
// matches none of them. The country is each event's own: an old event matches a country filter alone.
import type { InsightFilters } from '#domain/analytics/insightsView';
import type { VisitColumns } from '#domain/analytics/visitColumns';
import { AR_PLATFORMS, DEVICE_CLASSES } from '#domain/visitSignals';

import type { StoredColumns } from './columns';

/** Whether any filter is set (none: the unfiltered path, its caches untouched). */
export function hasFilters(f: InsightFilters | null | undefined): f is InsightFilters {
  return (
    !!f && (f.source !== null || f.campaign !== null || f.country !== null || f.device !== null || f.platform !== null)
  );
}

/** A key of the filters set, for the memo of filtered records. */
export const filtersKey = (f: InsightFilters): string =>
  JSON.stringify([f.source, f.campaign, f.country, f.device, f.platform]);

const visitFiltered = (f: InsightFilters) =>
  f.source !== null || f.campaign !== null || f.device !== null || f.platform !== null;

/**
 * Per product, the session numbers whose visit matches the visit filters; null when none is set (every
 * session allowed). A product without any matching visit maps to an empty set.
 */
export function allowedSessions(visits: VisitColumns, f: InsightFilters): Map<number, Set<number>> | null {
  if (!visitFiltered(f)) return null;
  const allowed = new Map<number, Set<number>>();
  for (let i = 0; i < visits.product.length; i++) {
    if (visits.session[i] < 0) continue;
    const s = visits.source[i] >= 0 ? visits.sources[visits.source[i]] : undefined;
    if (f.source !== null && (s?.host ?? null) !== f.source) continue;
    if (f.campaign !== null && (s?.utmCampaign ?? null) !== f.campaign) continue;
    if (f.device !== null && DEVICE_CLASSES[visits.device[i] - 1] !== f.device) continue;
    if (f.platform !== null && AR_PLATFORMS[visits.arPlatform[i] - 1] !== f.platform) continue;
    let set = allowed.get(visits.product[i]);
    if (!set) allowed.set(visits.product[i], (set = new Set()));
    set.add(visits.session[i]);
  }
  return allowed;
}

/**
 * The record narrowed to the allowed events: new typed arrays in the same order (a record in day order
 * stays so). `first`, `last` and `sessionLimit` are kept: bounds still true of a subset, and all_time's
 * years stay those of the unfiltered view.
 */
export function filteredRecord(r: StoredColumns, sessions: Set<number> | null, country: string | null): StoredColumns {
  // By name, not index: two indexes may carry the same name once normalised.
  const countryOk = r.countries.map((c) => c === country);
  const keep = new Uint8Array(r.count);
  let n = 0;
  for (let e = 0; e < r.count; e++) {
    if (sessions !== null && !sessions.has(r.session[e])) continue;
    if (country !== null && !countryOk[r.country[e]]) continue;
    keep[e] = 1;
    n++;
  }
  const time = new Float64Array(n);
  const session = new Uint32Array(n);
  const flags = new Uint8Array(n);
  const countryCol = new Uint16Array(n);
  for (let e = 0, j = 0; e < r.count; e++) {
    if (!keep[e]) continue;
    time[j] = r.time[e];
    session[j] = r.session[e];
    flags[j] = r.flags[e];
    countryCol[j] = r.country[e];
    j++;
  }
  return { ...pick(r), count: n, time, session, flags, country: countryCol };
}

const pick = ({ productId, sessionLimit, countries, first, last }: StoredColumns) => ({
  productId,
  sessionLimit,
  countries,
  first,
  last,
});
