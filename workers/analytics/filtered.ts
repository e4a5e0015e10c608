// The dashboard's figures with filters set (docs/dashboard.md "Filters"): each product's record narrowed to
// the events the filters allow, so that the same tally (aggregate.ts) counts them. The source, campaign,
// device and platform are a visit's (visitColumns.ts, one row per product and session number): an event
// matches when its session's visit does, so an event without a visit row (older than the visit signals)
// matches none of them. The country is each event's own: an old event matches a country filter alone.
import type { InsightFilters } from '#domain/analytics/insightsView';
import { AR_PLATFORMS, DEVICE_CLASSES } from '#domain/visitSignals';

import type { StoredColumns } from './columns';
import type { VisitIndex } from './visitIndex';

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
 * Per visit of the index, 1 when it matches the visit filters (source, campaign, device, platform); null when
 * none is set (every session allowed).
 */
export function visitMatches(ix: VisitIndex, f: InsightFilters): Uint8Array | null {
  if (!visitFiltered(f)) return null;
  const { visits } = ix;
  const sourceOk = visits.sources.map(
    (s) => (f.source === null || s.host === f.source) && (f.campaign === null || s.utmCampaign === f.campaign),
  );
  const noSourceOk = f.source === null && f.campaign === null;
  const device = f.device === null ? -1 : DEVICE_CLASSES.indexOf(f.device) + 1;
  const platform = f.platform === null ? -1 : AR_PLATFORMS.indexOf(f.platform) + 1;
  const matches = new Uint8Array(ix.n);
  for (let i = 0; i < ix.n; i++) {
    const s = visits.source[i];
    if (s >= 0 ? !sourceOk[s] : !noSourceOk) continue;
    if (device >= 0 && visits.device[i] !== device) continue;
    if (platform >= 0 && visits.arPlatform[i] !== platform) continue;
    matches[i] = 1;
  }
  return matches;
}

/**
 * Product `productId`'s record narrowed to the allowed events: those of a session whose visit `matches`
 * (null: any session), in `country` (null: any). New typed arrays in the same order (a record in day order
 * stays so). `first`, `last` and `sessionLimit` are kept: bounds still true of a subset, and all_time's
 * years stay those of the unfiltered view.
 */
export function filteredRecord(
  r: StoredColumns,
  productId: number,
  ix: VisitIndex,
  matches: Uint8Array | null,
  country: string | null,
): StoredColumns {
  // By name, not index: two indexes may carry the same name once normalised.
  const countryOk = Uint8Array.from(r.countries, (c) => (country === null || c === country ? 1 : 0));
  // The sessions of the product's matching visits, stamped in the index's session table (stampProduct
  // makes it at least sessionLimit long). A product without visit keeps no event.
  const p = matches === null ? -1 : ix.denseOf(productId);
  if (matches !== null && p < 0) return { ...pick(r), ...emptyColumns() };
  const stamp = p >= 0 ? ix.stampProduct(p, r.sessionLimit, (i) => matches![i] === 1) : 0;
  const stamped = ix.stamps;
  const bySession = matches !== null;
  const { session, country: countryCol, count } = r;
  const at = new Uint32Array(count);
  let n = 0;
  for (let e = 0; e < count; e++) {
    if (bySession && stamped[session[e]] !== stamp) continue;
    if (!countryOk[countryCol[e]]) continue;
    at[n++] = e;
  }
  const time = new Float64Array(n);
  const sessions = new Uint32Array(n);
  const flags = new Uint8Array(n);
  const countries = new Uint16Array(n);
  for (let j = 0; j < n; j++) {
    const e = at[j];
    time[j] = r.time[e];
    sessions[j] = session[e];
    flags[j] = r.flags[e];
    countries[j] = countryCol[e];
  }
  const { sessionLimit, countries: names, first, last } = r;
  return {
    productId: r.productId,
    sessionLimit,
    countries: names,
    first,
    last,
    count: n,
    time,
    session: sessions,
    flags,
    country: countries,
  };
}

const emptyColumns = () => ({
  count: 0,
  time: new Float64Array(0),
  session: new Uint32Array(0),
  flags: new Uint8Array(0),
  country: new Uint16Array(0),
});

const pick = ({ productId, sessionLimit, countries, first, last }: StoredColumns) => ({
  productId,
  sessionLimit,
  countries,
  first,
  last,
});
