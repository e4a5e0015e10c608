// What the analytics engine sends back to the screen: small figures, never raw events.
import type { GeoItem } from './fields';
import type { InsightFilters } from './insightsView';
import type { RankingColumns } from './ranking';

export type { RankingRow } from './ranking';
import type { FunnelStep, RateParts } from './rules';
import type { Counting, Metric, Period, Scope, Selection } from './selection';

/** What the worker needs to compute a view (the company's products come from the main thread). */
export interface ViewRequest {
  generation: number;
  productIds: number[];
  scope: Scope;
  metric: Metric;
  counting: Counting;
  period: Period;
  year: number;
  month: number;
  week: number;
  /** Custom range, "YYYY-MM-DD" inclusive (period custom only). */
  from?: string | null;
  to?: string | null;
  /** Also compute the previous period (cards' change, second series, ranking's change). */
  compare?: boolean;
  /** The company's reporting time zone (IANA): day, week, month and year edges. */
  timeZone?: string;
  /** Products to fetch again now, whatever their last check (the "Réessayer" of failed products). */
  retry?: number[];
  /** The company whose products these are: one call then tells which of them changed (docs/dashboard.md). */
  companyId?: number | null;
  /** Revalidate every product now, whatever its last check (the dashboard's refresh every 60 s). */
  refresh?: boolean;
  /**
   * The dashboard's filters (docs/dashboard.md "Filters"): when one is set, every figure counts only the
   * events they allow (workers/analytics/filtered.ts); absent or none set, the unfiltered path as ever.
   */
  filters?: InsightFilters | null;
}

/** "En direct" looks this far back from the worker's clock. */
export const LIVE_WINDOW_MS = 30 * 60_000;

export interface LiveFigures {
  /** Distinct sessions with at least one event in [at − LIVE_WINDOW_MS, at]. */
  sessions: number;
  /** Events in that window, and those of each step (consultation, interaction 3D, essai AR, conversion). */
  events: number;
  steps: [number, number, number, number];
  /** The worker's clock when counted (ms). */
  at: number;
}

export interface StatFigures {
  consultations: number;
  interactions: number;
  arTries: number;
  /** Integer percent. */
  conversionRate: number;
  /** The rate's exact parts (conversions out of events, or converting sessions out of sessions): a change
   * of rate is computed from them, not from two rounded rates (rules.ts rateChange). */
  conversion: RateParts;
}

export interface DashboardView {
  generation: number;
  stats: StatFigures;
  /** null for a bucket after today (nothing drawn); `partial`: the bucket holding today, -1 when none. */
  series: { labels: string[]; values: Array<number | null>; partial: number };
  /** The previous period's figures when comparing (null otherwise). */
  previous: { stats: StatFigures; values: Array<number | null>; eventCount: number } | null;
  /** One entry per product (all-products scope), as columns: see ranking.ts. */
  ranking: RankingColumns;
  geo: GeoItem[];
  /** The AR funnel: consultation → interaction 3D → essai AR → conversion, distinct sessions (empty without any consultation). */
  funnel: FunnelStep[];
  /** "En direct": the selection's activity over the last LIVE_WINDOW_MS, whatever the period. */
  live: LiveFigures;
  /** Number of events the figures come from (0: the empty messages of docs/product.md show). */
  eventCount: number;
  /** Fetch time (ms) of the oldest product data shown, null before any data. */
  cachedAt: number | null;
  /** The last revalidation failed for lack of network: cached figures are shown. */
  offline: boolean;
  /** Products whose events could not be loaded (counted as empty, docs/product.md §1.7). */
  failedProducts: number[];
  /** False while the cached figures are shown and revalidation goes on. */
  complete: boolean;
  /**
   * Complete, and taken as computed on an earlier visit: nothing changed since (the worker's stored
   * views). Its "En direct" is as of then: the page refreshes it once the events are read back.
   */
  stored?: boolean;
  /**
   * The worker's count of changes to its records when this view was composed: views of one count show the
   * same data, so the page may keep them to draw again (viewMemory.ts); another count makes them stale.
   */
  dataVersion?: number;
}

/**
 * The worker composed the view of another metric or period of the selection asked (those it prepares and
 * stores beside it, workers/analytics/nextVisit.ts): the page may keep it to draw at once (viewMemory.ts).
 */
export type PreparedView = (metric: Metric, period: Period, view: DashboardView) => unknown;

/**
 * The worker composed the view of one product for the selection on screen, ahead of its choice
 * (workers/analytics/engine.ts prepareScopes); `checkedAt`: when the worker last took the product as current.
 */
export type PreparedScope = (scope: number, view: DashboardView, checkedAt: number) => unknown;

export interface Progress {
  generation: number;
  done: number;
  total: number;
}

export const EMPTY_STATS: StatFigures = {
  consultations: 0,
  interactions: 0,
  arTries: 0,
  conversionRate: 0,
  conversion: { part: 0, whole: 0 },
};

/** The analytics worker's IndexedDB database (workers/analytics/cache.ts); deleted at logout and on a 401. */
export const CACHE_DB = 'visio3d-analytics';

/** Failure kinds that cross the worker boundary by name (Comlink keeps only name and message). */
export const UNAUTHORIZED = 'Unauthorized';
export const SUPERSEDED = 'Superseded';

/** The request of a selection's view: what the worker computes for it (the screen and the CSV export alike). */
export function viewRequestOf(
  s: Selection,
  productIds: number[],
  timeZone: string | undefined,
  generation = 0,
  filters: InsightFilters | null = null,
): ViewRequest {
  const { scope, metric, counting, period, year, month, week, from, to, compare } = s;
  const request: ViewRequest = {
    generation,
    productIds,
    scope,
    metric,
    counting,
    period,
    year,
    month,
    week,
    from,
    to,
    compare,
    timeZone,
  };
  // Only when one is set: the unfiltered request stays as it was.
  if (filters && Object.values(filters).some((v) => v !== null)) request.filters = filters;
  return request;
}
