// The company's visits with their signals (product_visits, domain/visitSignals.ts) as the analytics worker
// reads them: GET /api/ProductStatistics/Entreprise/{id}/visits answers these columns, one entry per visit,
// ordered by start time. The worker joins them to the events by (product, session number).

export interface VisitSource {
  host: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

/**
 * A numeric column: an array as the JSON answer parses, a typed array as the worker holds it (converted on
 * arrival, and so stored in IndexedDB: workers/analytics/visits.ts typedVisits).
 */
export type NumberColumn = ArrayLike<number>;

/** `C`: the numeric columns' type, `number[]` where they are built or parsed (the server, the tests). */
export interface VisitColumns<C extends NumberColumn = NumberColumn> {
  product: C;
  /** The company's session number (analytics_sessions), as the events carry it; -1: the visit has no event. */
  session: C;
  /** Start of the visit, ms since 1970 (server clock). */
  start: C;
  /** Index + 1 in DEVICE_CLASSES / SYSTEMS / AR_PLATFORMS, 0 unknown or none. */
  device: C;
  system: C;
  /** Index in `sources`, -1 none (a page opened directly). */
  source: C;
  sources: VisitSource[];
  visibleMs: C;
  activeMs: C;
  /** -1: no interaction. */
  firstInteractionMs: C;
  arPlatform: C;
  arLaunches: C;
  arPlaced: C;
  arFailed: C;
  arReturned: C;
  /** Sparse attention: visit i's buckets are attentionBucket[attentionStart[i] .. attentionStart[i + 1]). */
  attentionStart: C;
  attentionBucket: C;
  attentionMs: C;
}
