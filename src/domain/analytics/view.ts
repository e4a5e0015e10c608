// What the analytics engine sends back to the screen: small figures, never raw events.
import type { Counting, Metric, Period, Scope } from './selection';
import type { GeoItem } from './fields';
import type { JourneyPoint } from './rules';

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
}

export interface StatFigures {
  consultations: number;
  interactions: number;
  arTries: number;
  /** Integer percent. */
  conversionRate: number;
}

export interface DashboardView {
  generation: number;
  stats: StatFigures;
  series: { labels: string[]; values: number[] };
  geo: GeoItem[];
  journey: JourneyPoint[];
  /** Number of events the figures come from (0: the spec's empty messages show). */
  eventCount: number;
  /** Fetch time (ms) of the oldest product data shown, null before any data. */
  cachedAt: number | null;
  /** The last revalidation failed for lack of network: cached figures are shown. */
  offline: boolean;
  /** Products whose events could not be loaded (counted as empty, spec 1 section 7). */
  failedProducts: number[];
  /** False while the cached figures are shown and revalidation goes on. */
  complete: boolean;
}

export interface Progress {
  generation: number;
  done: number;
  total: number;
}

export const EMPTY_STATS: StatFigures = { consultations: 0, interactions: 0, arTries: 0, conversionRate: 0 };

/** Failure kinds that cross the worker boundary by name (Comlink keeps only name and message). */
export const UNAUTHORIZED = 'Unauthorized';
export const SUPERSEDED = 'Superseded';
