// An empty company visits answer (domain/analytics/visitColumns.ts), for tests that fill it row by row.
import type { VisitColumns, VisitSource } from '../../domain/analytics/visitColumns';

export const emptyVisitColumns = (sources: VisitSource[] = []): VisitColumns<number[]> => ({
  product: [],
  session: [],
  start: [],
  device: [],
  system: [],
  source: [],
  sources,
  visibleMs: [],
  activeMs: [],
  firstInteractionMs: [],
  arPlatform: [],
  arLaunches: [],
  arPlaced: [],
  arFailed: [],
  arReturned: [],
  attentionStart: [],
  attentionBucket: [],
  attentionMs: [],
});
