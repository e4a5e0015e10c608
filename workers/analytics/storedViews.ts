// Stored views: a repeat visit draws the figures it showed last time before reading any event back.
// Reading a million events from IndexedDB costs Chromium a quarter of a second on its own (bench/notes.md),
// so the engine keeps each complete view it computes (cache.ts, 'views'), with the generation of the records
// it came from (bumped by every write of records). On a new visit:
//   - a stored view of the same request, the same day and the same generation is what the records would
//     give: shown at once, as cached figures (complete: false), exactly like figures computed from them;
//   - the company's versions call, asked with the ETag under which every stored record was current, then
//     answers 304 when no product changed since: the stored view is the complete one (`stored: true`),
//     and the records are read back in the background for the next selections;
//   - anything else (a product changed, another day, no such route, no network) takes the usual path.
// The selections prepared beside a view (its other metrics and periods, see siblingRequests) are stored
// too, once per generation of the records: after that 304 they are drawn as stored while the events are
// still being read back, instead of waiting for them (a quarter of a second for a million events).
import { METRICS, type Period } from '#domain/analytics/selection';
import type { DashboardView, ViewRequest } from '#domain/analytics/view';

import type { CompanyVersions } from './versions';

/** What a view answers, as a key: the request but its generation and modes, and the local day. */
export function storedViewKey(request: ViewRequest, today: number): string {
  const { scope, metric, counting, period, year, month, week, from, to, compare, timeZone, companyId } = request;
  return JSON.stringify([
    companyId ?? null,
    hashIds(request.productIds),
    scope,
    metric,
    counting,
    period,
    year,
    month,
    week,
    from ?? null,
    to ?? null,
    compare ?? false,
    timeZone ?? null,
    today,
  ]);
}

/** The periods prepared beside a view's own (engine.ts prepare): the ones the period list offers at once. */
export const PREPARED_PERIODS: Period[] = ['all_time', 'year', 'month', 'week'];

/** A view's period first, then the other prepared periods. */
export function preparedPeriods(request: ViewRequest): Period[] {
  return [request.period, ...PREPARED_PERIODS.filter((p) => p !== request.period)];
}

/** The selections stored beside a view: each metric of each prepared period, but the view itself. */
export function siblingRequests(request: ViewRequest): ViewRequest[] {
  return preparedPeriods(request)
    .flatMap((period) => METRICS.map((metric) => ({ ...request, period, metric })))
    .filter((r) => r.period !== request.period || r.metric !== request.metric);
}

/** An order-sensitive digest of the products asked: their number and two independent 32-bit hashes. */
function hashIds(ids: number[]): string {
  let a = 0x811c9dc5;
  let b = 0x9e3779b9;
  for (const id of ids) {
    a = Math.imul(a ^ id, 0x01000193);
    b = Math.imul(b ^ (id + 0x632be5ab), 0x85ebca6b);
    b ^= b >>> 13;
  }
  return `${ids.length}:${(a >>> 0).toString(36)}:${(b >>> 0).toString(36)}`;
}

/**
 * The versions ETag a stored view may be kept with: that of an answer under which every product of the
 * company has its current record (the view checked them all against it), else null.
 */
export function versionsClaim(
  versions: CompanyVersions | null,
  request: ViewRequest,
  ids: number[],
  etagOf: (id: number) => string | null,
): { companyId: number; etag: string } | null {
  const companyId = request.companyId ?? null;
  if (!versions || versions.etag === null || versions.tags === null || versions.companyId !== companyId) return null;
  const { tags, etag } = versions;
  if (request.scope !== 'all' || ids.length !== tags.size) return null;
  const current = ids.every((id) => {
    const held = etagOf(id);
    return held !== null && !!tags.get(id)?.includes(held);
  });
  return current ? { companyId, etag } : null;
}

/** A view to store: its ranking's arrays copied (the view's own are transferred to the page). */
export function storedCopy(view: DashboardView): DashboardView {
  const { productIds, counts, previous } = view.ranking;
  return {
    ...view,
    ranking: { productIds: productIds.slice(), counts: counts.slice(), previous: previous?.slice() ?? null },
  };
}
