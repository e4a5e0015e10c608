// The company's visits with their signals (product_visits, domain/visitSignals.ts) as the analytics worker
// reads them: GET /api/ProductStatistics/Entreprise/{id}/visits answers these columns, one entry per visit,
// ordered by start time. The worker joins them to the events by (product, session number).

export interface VisitSource {
  host: string;
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
}

export interface VisitColumns {
  product: number[];
  /** The company's session number (analytics_sessions), as the events carry it; -1: the visit has no event. */
  session: number[];
  /** Start of the visit, ms since 1970 (server clock). */
  start: number[];
  /** Index + 1 in DEVICE_CLASSES / SYSTEMS / AR_PLATFORMS, 0 unknown or none. */
  device: number[];
  system: number[];
  /** Index in `sources`, -1 none (a page opened directly). */
  source: number[];
  sources: VisitSource[];
  visibleMs: number[];
  activeMs: number[];
  /** -1: no interaction. */
  firstInteractionMs: number[];
  arPlatform: number[];
  arLaunches: number[];
  arPlaced: number[];
  arFailed: number[];
  arReturned: number[];
  /** Sparse attention: visit i's buckets are attentionBucket[attentionStart[i] .. attentionStart[i + 1]). */
  attentionStart: number[];
  attentionBucket: number[];
  attentionMs: number[];
}
